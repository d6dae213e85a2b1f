/**
 * The reference catalog's example cluster (k8s-output-formats.md §1), as objects whose
 * timestamps are relative to NOW. Shared by the printer tests.
 */
import type { ContainerStatus, Pod } from 'kubernetes-types/core/v1.js';

/** The clock of the reference samples: Mon, 30 Nov 2026 04:23:47 +0000. */
export const NOW = Date.UTC(2026, 10, 30, 4, 23, 47);

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

/** An RFC 3339 timestamp `ms` before NOW. */
export const ago = (ms: number): string => new Date(NOW - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Duration helpers in ms. */
export const dur = { s: S, m: M, h: H, d: D };

const cs = (name: string, over: Partial<ContainerStatus>): ContainerStatus => ({
  name,
  image: 'nginx:1.27',
  imageID: '',
  ready: false,
  restartCount: 0,
  ...over,
});

const pod = (name: string, age: number, over: { ns?: string; ip?: string; node?: string; phase?: string; statuses?: ContainerStatus[]; init?: ContainerStatus[]; deleting?: boolean }): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name,
    namespace: over.ns ?? 'default',
    creationTimestamp: ago(age),
    ...(over.deleting ? { deletionTimestamp: ago(-30 * S) } : {}),
  },
  spec: {
    containers: [{ name: 'c' }],
    ...(over.init ? { initContainers: [{ name: 'wait-for-db' }] } : {}),
    ...(over.node ? { nodeName: over.node } : {}),
  },
  status: {
    phase: over.phase ?? 'Running',
    ...(over.ip ? { podIP: over.ip, podIPs: [{ ip: over.ip }] } : {}),
    ...(over.statuses ? { containerStatuses: over.statuses } : {}),
    ...(over.init ? { initContainerStatuses: over.init } : {}),
  },
});

const running = { running: { startedAt: ago(D) } };

/** The pods of §1.1, in print order, default namespace first then kube-system. */
export function referencePods(): Pod[] {
  return [
    pod('web-7d4b9c8f6-abcde', 2 * D + 3 * H, { ip: '10.244.1.15', node: 'node-1', statuses: [cs('nginx', { ready: true, state: running })] }),
    pod('web-7d4b9c8f6-fghij', 25 * M, {
      ip: '10.244.1.16',
      node: 'node-1',
      statuses: [
        cs('nginx', {
          restartCount: 5,
          state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 2m40s' } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: ago(52 * S), finishedAt: ago(46 * S) } },
        }),
      ],
    }),
    pod('api-5f6d8b7c9-xk2lp', 4 * M + 13 * S, { ip: '10.244.1.17', node: 'node-1', statuses: [cs('api', { state: { waiting: { reason: 'ImagePullBackOff' } } })] }),
    pod('api-5f6d8b7c9-q9wzt', 21 * S, { ip: '10.244.1.18', node: 'node-1', statuses: [cs('api', { state: { waiting: { reason: 'ErrImagePull' } } })] }),
    pod('db-0', 7 * M + 1 * S, { phase: 'Pending' }),
    pod('init-demo', 31 * S, {
      ip: '10.244.1.19',
      node: 'node-1',
      phase: 'Pending',
      init: [cs('wait-for-db', { state: running })],
      statuses: [cs('app', { state: { waiting: { reason: 'PodInitializing' } } })],
    }),
    pod('backup-28930140-7xk9d', 3 * H + 25 * M, {
      ip: '10.244.1.20',
      node: 'node-1',
      phase: 'Succeeded',
      statuses: [cs('backup', { state: { terminated: { exitCode: 0, reason: 'Completed', finishedAt: ago(3 * H) } } })],
    }),
    pod('old-web-6c9f7d5b4-zz9pq', 9 * D, { ip: '10.244.1.21', node: 'node-1', deleting: true, statuses: [cs('nginx', { ready: true, state: running })] }),
    pod('cache-6b8d9f7c5-mn4rs', 13 * S, { node: 'node-1', phase: 'Pending', statuses: [cs('redis', { state: { waiting: { reason: 'ContainerCreating' } } })] }),
    pod('batch-oom', 90 * M, {
      ip: '10.244.1.22',
      node: 'node-1',
      statuses: [
        cs('worker', {
          restartCount: 2,
          state: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: ago(13 * S) } },
          lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: ago(2 * M + 11 * S) } },
        }),
      ],
    }),
    pod('coredns-668d6bf9bc-2lmkq', 45 * D, { ns: 'kube-system', ip: '10.244.0.2', node: 'cp-1', statuses: [cs('coredns', { ready: true, state: running })] }),
    pod('kube-proxy-7vx2k', 45 * D, { ns: 'kube-system', ip: '10.0.0.11', node: 'node-1', statuses: [cs('kube-proxy', { ready: true, state: running })] }),
  ];
}
