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
import { describePod } from '../../../src/commands/kubectl/describers/pod.js';
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

  it('describe shows them under Init Containers: terminated Completed with exit code 0, ready', () => {
    const text = describePod(getPod(cluster, 'web') as never, [], cluster.now());
    const start = text.indexOf('Init Containers:\n');
    const section = text.slice(start, text.indexOf('\nContainers:\n', start));
    expect(section).toMatch(/^Init Containers:\n  setup:\n/);
    expect(section).toMatch(/ {4}State: {10}Terminated\n {6}Reason: {7}Completed\n {6}Exit Code: {4}0\n/);
    expect(section).toMatch(/ {4}Ready: {10}True\n/);
    expect(section).toContain('  migrate:\n');
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

describe('a sidecar (an init container with restartPolicy Always)', () => {
  const cluster = smallCluster({ 'shop/proxy:1': { listens: [15000], readyAfterMs: 3000 }, 'shop/web:1': { listens: [8080] } });
  createPod(cluster, 'meshed', {
    nodeName: 'node-1',
    initContainers: [
      { name: 'proxy', image: 'shop/proxy:1', restartPolicy: 'Always', startupProbe: { tcpSocket: { port: 15000 }, periodSeconds: 1 } },
      { name: 'setup', image: 'busybox:1.36', command: ['sh', '-c', 'echo ready'] },
    ],
    containers: [{ name: 'web', image: 'shop/web:1' }],
  });
  const seen = watchStatus(cluster, 'meshed', 30);

  it('the next init container waits until the sidecar has started; the sidecar keeps running beside the app', () => {
    expect(seen).toEqual(['Init:0/2', 'Init:1/2', 'PodInitializing', 'Running']);
    expect(seen.at(-1)).toBe('Running');
    const pod = getPod(cluster, 'meshed');
    const [proxy, setup] = pod.status.initContainerStatuses;
    expect([proxy.state.running !== undefined, proxy.started, proxy.ready]).toEqual([true, true, true]);
    expect(Date.parse(setup.state.terminated.startedAt)).toBeGreaterThanOrEqual(Date.parse(proxy.state.running.startedAt) + 3000);
    expect(podStatusCells(pod as never, cluster.now()).ready).toBe('2/2');
    expect(pod.status.phase).toBe('Running');
  });

  it('restarts when it exits, whatever the pod\'s restartPolicy, and the pod stays initialized', () => {
    const runtime = cluster.nodes.get('node-1')!.runtime;
    const proxy = [...runtime.containers.values()].find((c) => c.name === 'proxy' && c.state === 'CONTAINER_RUNNING')!;
    runtime.processExited(proxy, 1);
    cluster.advance(5_000);
    const pod = getPod(cluster, 'meshed');
    expect(pod.status.initContainerStatuses[0].restartCount).toBe(1);
    expect(pod.status.conditions.find((c: Obj) => c.type === 'Initialized').status).toBe('True');
    expect(pod.status.containerStatuses[0].state.running).toBeDefined();
    expect(pod.status.phase).toBe('Running');
  });
});
