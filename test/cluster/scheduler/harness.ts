/**
 * A minimal control plane for scheduler component tests: event queue, store,
 * API server, and the scheduler, with RBAC seeded straight into the store.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { Store } from '../../../src/cluster/store/store.js';
import { ApiServer } from '../../../src/cluster/apiserver/server.js';
import type { ApiClient, KubeObject } from '../../../src/cluster/apiserver/types.js';
import { componentContext } from '../../../src/cluster/component.js';
import { Scheduler } from '../../../src/cluster/scheduler/scheduler.js';

/** 2026-11-10T12:00:00Z */
export const T0 = Date.parse('2026-11-10T12:00:00Z');

/** The harness. */
export interface Harness {
  queue: EventQueue;
  api: ApiClient;
  scheduler: Scheduler;
  advance(ms: number): void;
  addNode(node: Node): void;
  updateNode(name: string, change: (node: Record<string, any>) => void): void;
  createPod(pod: Pod): void;
  pod(name: string, namespace?: string): Record<string, any>;
  events(namespace?: string): Record<string, any>[];
}

/** Builds the harness and starts the scheduler (it leads after its first Lease write). */
export function startHarness(seed = 7): Harness {
  const queue = new EventQueue(T0);
  const random = new Random(seed);
  const store = new Store(queue);
  const server = new ApiServer({ store, queue, random, version: { gitVersion: 'v1.32.4', major: '1', minor: '32' } });
  store.put('clusterroles', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'cluster-admin' }, rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }, { nonResourceURLs: ['*'], verbs: ['*'] }] } as KubeObject, 'ADDED');
  store.put('clusterrolebindings', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'cluster-admin' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' }, subjects: [{ kind: 'Group', name: 'system:masters' }] } as KubeObject, 'ADDED');
  const api = server.client({ type: 'loopback', user: 'system:apiserver', groups: ['system:masters'] });
  for (const ns of ['default', 'kube-system']) api.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const ctx = componentContext(queue, random, (c) => server.client(c), []);
  const scheduler = new Scheduler(ctx, { hostName: 'cp-1' });
  scheduler.start();
  queue.drain();
  const get = (res: string, ns: string | undefined, name: string) => {
    const r = api.get(res, ns, name);
    if (!r.ok) throw new Error(r.status.message);
    return r.value as Record<string, any>;
  };
  return {
    queue,
    api,
    scheduler,
    advance: (ms) => queue.runUntil(queue.now() + ms),
    addNode(node) {
      const created = api.create('nodes', undefined, node as unknown as KubeObject);
      if (!created.ok) throw new Error(created.status.message);
      const withStatus = { ...created.value, status: node.status } as KubeObject;
      const r = api.updateStatus('nodes', undefined, withStatus);
      if (!r.ok) throw new Error(r.status.message);
    },
    updateNode(name, change) {
      const node = structuredClone(get('nodes', undefined, name));
      change(node);
      const r = api.update('nodes', undefined, node as KubeObject);
      if (!r.ok) throw new Error(r.status.message);
    },
    createPod(pod) {
      const { status: _status, ...rest } = pod;
      const r = api.create('pods', pod.metadata?.namespace ?? 'default', rest as unknown as KubeObject);
      if (!r.ok) throw new Error(r.status.message);
    },
    pod: (name, namespace = 'default') => get('pods', namespace, name),
    events(namespace = 'default') {
      const r = api.list('events', namespace);
      if (!r.ok) throw new Error(r.status.message);
      return r.value.items as Record<string, any>[];
    },
  };
}
