import { EventQueue } from '../../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../../src/cluster/clock/random.js';
import { Store } from '../../../../src/cluster/store/store.js';
import { ApiServer } from '../../../../src/cluster/apiserver/server.js';
import type { ApiClient, KubeObject } from '../../../../src/cluster/apiserver/types.js';

/** A bare API server with a `default` namespace and an admin client. */
export function apiWithNamespace(): ApiClient {
  const queue = new EventQueue(Date.parse('2026-11-30T09:00:00Z'));
  const api = new ApiServer({ store: new Store(queue), queue, random: new Random(1), version: { gitVersion: 'v1.32.4', major: '1', minor: '32' } });
  const client = api.client({ type: 'loopback', user: 'admin', groups: ['system:masters'] });
  client.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } });
  return client;
}

/** A one-container pod with the given resources. */
export function pod(name: string, resources: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'nginx:1.27', resources }] } };
}
