/**
 * Init containers run one after another before the app containers
 * (kuberuntime_manager.go computeInitContainerActions). The STATUS column
 * is kubectl's printPod (pkg/printers/internalversion/printers.go):
 * `Init:0/2`, `Init:1/2`, `Init:Error`, `Init:CrashLoopBackOff`,
 * `PodInitializing`. The Initialized condition is status/generate.go's
 * GeneratePodInitializedCondition; the phase is kubelet_pods.go getPhase.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod, eventsOf } from './harness.js';
import { podStatusCells } from '../../../src/commands/kubectl/printers/pod.js';
import type { Cluster } from '../../../src/cluster/cluster.js';

type Obj = Record<string, any>;

const statusCell = (cluster: Cluster, name: string): string => podStatusCells(getPod(cluster, name) as never, cluster.now()).status;

/** The distinct STATUS cells seen every 100 ms, in order. */
function watchStatus(cluster: Cluster, name: string, seconds: number): string[] {
  const seen: string[] = [];
  for (let s = 0; s < seconds * 10; s++) {
    cluster.advance(100);
    const cell = statusCell(cluster, name);
    if (seen.at(-1) !== cell) seen.push(cell);
  }
  return seen;
}

describe('init containers run in order before the app containers', () => {
  const cluster = smallCluster({ 'shop/web:1': { listens: [8080], sizeBytes: 400_000_000 } });
  createPod(cluster, 'web', {
    nodeName: 'node-1',
    initContainers: [
      { name: 'setup', image: 'busybox:1.36', command: ['sh', '-c', 'echo preparing config; sleep 4'] },
      { name: 'migrate', image: 'busybox:1.36', command: ['sh', '-c', 'echo migrating; sleep 6'] },
    ],
    containers: [{ name: 'web', image: 'shop/web:1' }],
  });
  const seen = watchStatus(cluster, 'web', 40);

  it('STATUS goes Init:0/2, Init:1/2, PodInitializing (app image pulling), Running', () => {
    expect(seen).toEqual(['Init:0/2', 'Init:1/2', 'PodInitializing', 'Running']);
  });

  it('completed init containers report terminated Completed, ready, not started; the pod is Initialized', () => {
    const pod = getPod(cluster, 'web');
    expect(pod.status.phase).toBe('Running');
    expect(pod.status.initContainerStatuses.map((s: Obj) => [s.name, s.state.terminated?.reason, s.state.terminated?.exitCode, s.ready, s.started])).toEqual([
      ['setup', 'Completed', 0, true, false],
      ['migrate', 'Completed', 0, true, false],
    ]);
    expect(pod.status.conditions.find((c: Obj) => c.type === 'Initialized').status).toBe('True');
    const setupDone = Date.parse(pod.status.initContainerStatuses[0].state.terminated.finishedAt);
    const migrateStart = Date.parse(pod.status.initContainerStatuses[1].state.terminated.startedAt);
    expect(migrateStart).toBeGreaterThanOrEqual(setupDone);
  });

  it('events name the init container by its fieldPath, and its log is readable with -c', () => {
    const created = eventsOf(cluster, 'web').filter((e) => e.reason === 'Started').map((e) => [e.message, e.involvedObject.fieldPath]);
    expect(created).toEqual([
      ['Started container setup', 'spec.initContainers{setup}'],
      ['Started container migrate', 'spec.initContainers{migrate}'],
      ['Started container web', 'spec.containers{web}'],
    ]);
    expect(cluster.systemClient().podLogs('default', 'web', { container: 'setup' })).toEqual({ ok: true, value: 'preparing config\n' });
  });
});

describe('a failing init container', () => {
  const cluster = smallCluster();
  const spec = (restartPolicy: string) => ({
    nodeName: 'node-1',
    restartPolicy,
    initContainers: [{ name: 'check', image: 'busybox:1.36', command: ['sh', '-c', 'echo no database; exit 1'] }],
    containers: [{ name: 'app', image: 'nginx:1.27' }],
  });
  createPod(cluster, 'retry', spec('Always'));
  createPod(cluster, 'once', spec('Never'));
  const seen = watchStatus(cluster, 'retry', 60);

  it('restarts with back-off (Init:CrashLoopBackOff between runs); the app container never starts', () => {
    // The first restart is immediate (no back-off yet), the next ones wait 10s, 20s, ... (the app containers' rule).
    expect(seen.slice(0, 4)).toEqual(['Init:0/1', 'Init:CrashLoopBackOff', 'Init:0/1', 'Init:CrashLoopBackOff']);
    const pod = getPod(cluster, 'retry');
    expect(pod.status.phase).toBe('Pending');
    const init = pod.status.initContainerStatuses[0];
    expect(init.restartCount).toBeGreaterThanOrEqual(2);
    expect(init.lastState.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(pod.status.containerStatuses[0].state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(pod.status.conditions.find((c: Obj) => c.type === 'Initialized')).toMatchObject({ status: 'False', reason: 'ContainersNotInitialized', message: 'containers with incomplete status: [check]' });
    expect(eventsOf(cluster, 'retry').find((e) => e.reason === 'BackOff')!.involvedObject.fieldPath).toBe('spec.initContainers{check}');
  });

  it('under restartPolicy Never the pod fails at once: phase Failed, STATUS Init:Error', () => {
    const pod = getPod(cluster, 'once');
    expect(pod.status.phase).toBe('Failed');
    expect(statusCell(cluster, 'once')).toBe('Init:Error');
    expect(pod.status.initContainerStatuses[0].restartCount).toBe(0);
  });
});
