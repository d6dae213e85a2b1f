import { describe, it, expect } from 'vitest';
import { printTable } from '../../../../src/commands/kubectl/output/table.js';
import { podPrinter, podStatusCells } from '../../../../src/commands/kubectl/printers/pod.js';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { NOW, ago, dur, referencePods } from './fixtures.js';

const defaultPods = () => referencePods().filter((p) => p.metadata?.namespace === 'default');

describe('get pods (reference §1.1)', () => {
  it('prints the default table', () => {
    expect(printTable(podPrinter, defaultPods(), { now: NOW })).toBe(
      `NAME                      READY   STATUS              RESTARTS        AGE
web-7d4b9c8f6-abcde       1/1     Running             0               2d3h
web-7d4b9c8f6-fghij       0/1     CrashLoopBackOff    5 (46s ago)     25m
api-5f6d8b7c9-xk2lp       0/1     ImagePullBackOff    0               4m13s
api-5f6d8b7c9-q9wzt       0/1     ErrImagePull        0               21s
db-0                      0/1     Pending             0               7m1s
init-demo                 0/1     Init:0/1            0               31s
backup-28930140-7xk9d     0/1     Completed           0               3h25m
old-web-6c9f7d5b4-zz9pq   1/1     Terminating         0               9d
cache-6b8d9f7c5-mn4rs     0/1     ContainerCreating   0               13s
batch-oom                 0/1     OOMKilled           2 (2m11s ago)   90m
`,
    );
  });

  it('prints -o wide', () => {
    expect(printTable(podPrinter, defaultPods(), { now: NOW, wide: true })).toBe(
      `NAME                      READY   STATUS              RESTARTS        AGE     IP            NODE     NOMINATED NODE   READINESS GATES
web-7d4b9c8f6-abcde       1/1     Running             0               2d3h    10.244.1.15   node-1   <none>           <none>
web-7d4b9c8f6-fghij       0/1     CrashLoopBackOff    5 (46s ago)     25m     10.244.1.16   node-1   <none>           <none>
api-5f6d8b7c9-xk2lp       0/1     ImagePullBackOff    0               4m13s   10.244.1.17   node-1   <none>           <none>
api-5f6d8b7c9-q9wzt       0/1     ErrImagePull        0               21s     10.244.1.18   node-1   <none>           <none>
db-0                      0/1     Pending             0               7m1s    <none>        <none>   <none>           <none>
init-demo                 0/1     Init:0/1            0               31s     10.244.1.19   node-1   <none>           <none>
backup-28930140-7xk9d     0/1     Completed           0               3h25m   10.244.1.20   node-1   <none>           <none>
old-web-6c9f7d5b4-zz9pq   1/1     Terminating         0               9d      10.244.1.21   node-1   <none>           <none>
cache-6b8d9f7c5-mn4rs     0/1     ContainerCreating   0               13s     <none>        node-1   <none>           <none>
batch-oom                 0/1     OOMKilled           2 (2m11s ago)   90m     10.244.1.22   node-1   <none>           <none>
`,
    );
  });

  it('prints -A with a NAMESPACE column', () => {
    expect(printTable(podPrinter, referencePods(), { now: NOW, withNamespace: true })).toBe(
      `NAMESPACE     NAME                       READY   STATUS              RESTARTS        AGE
default       web-7d4b9c8f6-abcde        1/1     Running             0               2d3h
default       web-7d4b9c8f6-fghij        0/1     CrashLoopBackOff    5 (46s ago)     25m
default       api-5f6d8b7c9-xk2lp        0/1     ImagePullBackOff    0               4m13s
default       api-5f6d8b7c9-q9wzt        0/1     ErrImagePull        0               21s
default       db-0                       0/1     Pending             0               7m1s
default       init-demo                  0/1     Init:0/1            0               31s
default       backup-28930140-7xk9d      0/1     Completed           0               3h25m
default       old-web-6c9f7d5b4-zz9pq    1/1     Terminating         0               9d
default       cache-6b8d9f7c5-mn4rs      0/1     ContainerCreating   0               13s
default       batch-oom                  0/1     OOMKilled           2 (2m11s ago)   90m
kube-system   coredns-668d6bf9bc-2lmkq   1/1     Running             0               45d
kube-system   kube-proxy-7vx2k           1/1     Running             0               45d
`,
    );
  });

  it('recomputes widths without the header for --no-headers', () => {
    expect(printTable(podPrinter, defaultPods(), { now: NOW, noHeaders: true })).toBe(
      `web-7d4b9c8f6-abcde       1/1   Running             0               2d3h
web-7d4b9c8f6-fghij       0/1   CrashLoopBackOff    5 (46s ago)     25m
api-5f6d8b7c9-xk2lp       0/1   ImagePullBackOff    0               4m13s
api-5f6d8b7c9-q9wzt       0/1   ErrImagePull        0               21s
db-0                      0/1   Pending             0               7m1s
init-demo                 0/1   Init:0/1            0               31s
backup-28930140-7xk9d     0/1   Completed           0               3h25m
old-web-6c9f7d5b4-zz9pq   1/1   Terminating         0               9d
cache-6b8d9f7c5-mn4rs     0/1   ContainerCreating   0               13s
batch-oom                 0/1   OOMKilled           2 (2m11s ago)   90m
`,
    );
  });

  it('adds kind prefix and LABELS', () => {
    const p = defaultPods()[0];
    p.metadata!.labels = { 'pod-template-hash': '7d4b9c8f6', app: 'web' };
    expect(printTable(podPrinter, [p], { now: NOW, withKind: true, showLabels: true })).toBe(
      `NAME                      READY   STATUS    RESTARTS   AGE    LABELS
pod/web-7d4b9c8f6-abcde   1/1     Running   0          2d3h   app=web,pod-template-hash=7d4b9c8f6
`,
    );
  });
});

const base = (status: Pod['status'], spec?: Partial<NonNullable<Pod['spec']>>, meta?: Pod['metadata']): Pod => ({
  metadata: { name: 'p', creationTimestamp: ago(dur.m), ...meta },
  spec: { containers: [{ name: 'a' }], ...spec },
  status,
});

describe('printPod status logic', () => {
  it('reports init container failures and exit codes', () => {
    const spec = { initContainers: [{ name: 'i1' }, { name: 'i2' }] };
    const done = { name: 'i1', ready: false, restartCount: 0, image: '', imageID: '', state: { terminated: { exitCode: 0 } } };
    const mk = (state: object, restartCount = 0) =>
      podStatusCells(base({ phase: 'Pending', initContainerStatuses: [done, { name: 'i2', ready: false, restartCount, image: '', imageID: '', state }] }, spec), NOW);
    expect(mk({ terminated: { exitCode: 1, reason: 'Error' } }).status).toBe('Init:Error');
    expect(mk({ terminated: { exitCode: 2 } }).status).toBe('Init:ExitCode:2');
    expect(mk({ terminated: { exitCode: 2, signal: 9 } }).status).toBe('Init:Signal:9');
    expect(mk({ waiting: { reason: 'CrashLoopBackOff' } }, 3).status).toBe('Init:CrashLoopBackOff');
    expect(mk({ waiting: { reason: 'CrashLoopBackOff' } }, 3).restarts).toBe('3');
    expect(mk({ waiting: { reason: 'PodInitializing' } }).status).toBe('Init:1/2');
  });

  it('counts sidecars in READY and uses the first container state', () => {
    const spec = { initContainers: [{ name: 'side', restartPolicy: 'Always' }], containers: [{ name: 'a' }, { name: 'b' }] };
    const st = (name: string, ready: boolean, state: object) => ({ name, ready, restartCount: 0, image: '', imageID: '', state });
    const cells = podStatusCells(
      base(
        {
          phase: 'Running',
          conditions: [{ type: 'Initialized', status: 'True' }],
          initContainerStatuses: [{ ...st('side', true, { running: {} }), started: true }],
          containerStatuses: [st('a', false, { terminated: { exitCode: 0, reason: 'Completed' } }), st('b', true, { running: {} })],
        },
        spec,
      ),
      NOW,
    );
    expect(cells).toEqual({ ready: '2/3', status: 'NotReady', restarts: '0' });
  });

  it('shows Unknown for NodeLost pods being deleted and keeps Evicted', () => {
    expect(podStatusCells(base({ phase: 'Running', reason: 'NodeLost' }, {}, { deletionTimestamp: ago(0) }), NOW).status).toBe('Unknown');
    expect(podStatusCells(base({ phase: 'Failed', reason: 'Evicted' }), NOW).status).toBe('Evicted');
    expect(podStatusCells(base({ phase: 'Failed' }, {}, { deletionTimestamp: ago(0) }), NOW).status).toBe('Failed');
    expect(podStatusCells(base({ phase: 'Running', containerStatuses: [{ name: 'a', ready: false, restartCount: 0, image: '', imageID: '', state: { terminated: { exitCode: 143, signal: 15 } } }] }), NOW).status).toBe('Signal:15');
  });

  it('shows SchedulingGated and counts readiness gates', () => {
    const p = base({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }, { type: 'g1', status: 'True' }] }, { readinessGates: [{ conditionType: 'g1' }, { conditionType: 'g2' }] });
    const row = podPrinter.row(p, { now: NOW });
    expect(row[2]).toBe('SchedulingGated');
    expect(row[8]).toBe('1/2');
  });
});
