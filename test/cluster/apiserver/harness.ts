/** A bare API server over a fresh store, for pipeline tests without the rest of the cluster. */
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { Store } from '../../../src/cluster/store/store.js';
import { ApiServer } from '../../../src/cluster/apiserver/server.js';
import type { ApiClient, ApiResult, KubeObject, Status } from '../../../src/cluster/apiserver/types.js';

/** 2026-11-10T12:00:00Z */
export const T0 = Date.parse('2026-11-10T12:00:00Z');

/** Everything a pipeline test needs. */
export interface Harness {
  queue: EventQueue;
  store: Store;
  api: ApiServer;
  /** system:masters loopback client. */
  sys: ApiClient;
  /** A client for a plain user with no bindings. */
  user(name: string, groups?: string[]): ApiClient;
}

/** Builds an API server with the `default` namespace. */
export function harness(seed = 7): Harness {
  const queue = new EventQueue(T0);
  const random = new Random(seed);
  const store = new Store(queue, 100);
  const api = new ApiServer({ store, queue, random, version: { gitVersion: 'v1.32.4', major: '1', minor: '32' } });
  const sys = api.client({ type: 'loopback', user: 'system:apiserver', groups: ['system:masters'] });
  for (const ns of ['default', 'kube-system']) sys.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const user = (name: string, groups: string[] = []) => api.client({ type: 'x509', commonName: name, organizations: groups, notBefore: T0 - 86_400_000, notAfter: T0 + 86_400_000 });
  return { queue, store, api, sys, user };
}

/** A minimal pod manifest. */
export function pod(name: string, extra: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] }, ...extra };
}

/** Unwraps an ApiResult, failing loudly with the Status message. */
export function ok<T>(r: { ok: true; value: T } | { ok: false; status: { message: string } }): T {
  if (!r.ok) throw new Error(`expected success, got: ${r.status.message}`);
  return r.value;
}

/** The Status of a failed result. */
export function err(r: ApiResult<unknown>): Status {
  if (r.ok) throw new Error('expected a failure');
  return r.status;
}
