import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, containerStatus, getPod, eventsOf, eventLines, stepSeconds } from './harness.js';

type Obj = Record<string, any>;

describe('kubelet: a process that exits with code 1 after 2s', () => {
  const cluster = smallCluster({ 'shop/crash:1.0': { exits: { code: 1, afterMs: 2000 }, logs: ['starting', 'config file missing'] } });
  createPod(cluster, 'crash', { containers: [{ name: 'app', image: 'shop/crash:1.0' }] });
  const restarts: number[] = [];
  const messages = new Set<string>();
  let count = 0;
  let firstStart = 0;
  stepSeconds(cluster, 700, (s) => {
    const st = containerStatus(cluster, 'crash');
    if (!firstStart && st?.state?.running) firstStart = s;
    if (st && st.restartCount !== count) {
      count = st.restartCount;
      restarts.push(s);
    }
    if (st?.state?.waiting?.reason === 'CrashLoopBackOff') messages.add(st.state.waiting.message);
  });
  const pod = getPod(cluster, 'crash');
  const podRef = `crash_default(${pod.metadata.uid})`;

  it('restarts at once the first time, then after 10s, 20s, 40s ... 5m from each exit', () => {
    // Each run lasts 2s, so restart n comes 2s + back-off after restart n-1.
    const gaps = restarts.slice(1).map((t, i) => t - restarts[i]);
    expect(restarts[0] - firstStart).toBe(2);
    expect(gaps).toEqual([12, 22, 42, 82, 162, 302]);
    expect(pod.status.containerStatuses[0].restartCount).toBe(7);
  });

  it('shows CrashLoopBackOff with the doubling back-off in the waiting message', () => {
    expect([...messages]).toEqual(['10s', '20s', '40s', '1m20s', '2m40s', '5m0s'].map((d) => `back-off ${d} restarting failed container=app pod=${podRef}`));
  });

  it('keeps the latest exit as lastState: terminated, Error, exit code 1', () => {
    const s = pod.status.containerStatuses[0];
    expect(s.state.waiting.reason).toBe('CrashLoopBackOff');
    expect(s.ready).toBe(false);
    const last = s.lastState.terminated;
    expect(last).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect(Date.parse(last.finishedAt) - Date.parse(last.startedAt)).toBe(2000);
    expect(last.containerID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(pod.status.phase).toBe('Running');
    expect(pod.status.conditions.find((c: Obj) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });
  });

  it('records BackOff warnings and repeated Created/Started', () => {
    const events = eventsOf(cluster, 'crash');
    const backOff = events.find((e) => e.reason === 'BackOff')!;
    expect([backOff.type, backOff.message]).toEqual(['Warning', `Back-off restarting failed container app in pod ${podRef}`]);
    expect(events.find((e) => e.reason === 'Started')!.count).toBe(8);
    expect(events.find((e) => e.message === 'Container image "shop/crash:1.0" already present on machine')!.count).toBe(7);
  });

  it('serves the last run\'s logs now and with --previous', () => {
    const client = cluster.systemClient();
    expect(client.podLogs('default', 'crash')).toEqual({ ok: true, value: 'starting\nconfig file missing\n' });
    expect(client.podLogs('default', 'crash', { previous: true })).toEqual({ ok: true, value: 'starting\nconfig file missing\n' });
    expect(client.podLogs('default', 'crash', { tailLines: 1 })).toEqual({ ok: true, value: 'config file missing\n' });
  });
});

describe('kubelet: restartPolicy', () => {
  it('Never leaves a failed container terminated and the pod Failed; OnFailure leaves a success Succeeded', () => {
    const cluster = smallCluster({ 'shop/job:1': { exits: { code: 3, afterMs: 1000 } }, 'shop/ok:1': { exits: { code: 0, afterMs: 1000 } } });
    createPod(cluster, 'never', { restartPolicy: 'Never', containers: [{ name: 'app', image: 'shop/job:1' }] });
    createPod(cluster, 'onfail', { restartPolicy: 'OnFailure', containers: [{ name: 'app', image: 'shop/ok:1' }] });
    cluster.advance(30_000);
    const never = getPod(cluster, 'never');
    expect(never.status.phase).toBe('Failed');
    expect(never.status.containerStatuses[0]).toMatchObject({ restartCount: 0, state: { terminated: { exitCode: 3, reason: 'Error' } } });
    const ok = getPod(cluster, 'onfail');
    expect(ok.status.phase).toBe('Succeeded');
    expect(ok.status.containerStatuses[0].state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
  });
});

describe('kubelet: an exec-form command naming a binary the image lacks', () => {
  const cluster = smallCluster();
  createPod(cluster, 'nobin', { containers: [{ name: 'app', image: 'nginx:1.27', command: ['/app/server'] }] });
  const ERROR = 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: "/app/server": stat /app/server: no such file or directory: unknown';
  const reasons: string[] = [];
  stepSeconds(cluster, 60, () => {
    const r = containerStatus(cluster, 'nobin')?.state?.waiting?.reason;
    if (r && reasons[reasons.length - 1] !== r) reasons.push(r);
  });

  it('fails to start (StartError, exit 128), then RunContainerError and CrashLoopBackOff', () => {
    expect(reasons.filter((r) => r !== 'ContainerCreating').slice(0, 2)).toEqual(['RunContainerError', 'CrashLoopBackOff']);
    expect(reasons[reasons.length - 1]).toBe('CrashLoopBackOff');
    const s = containerStatus(cluster, 'nobin');
    expect(s.lastState.terminated).toMatchObject({ exitCode: 128, reason: 'StartError', message: ERROR });
    expect(s.lastState.terminated.startedAt).toBe('1970-01-01T00:00:00Z');
    expect(s.restartCount).toBeGreaterThanOrEqual(2);
  });

  it('records `Error: failed to create containerd task: ...`', () => {
    expect(eventLines(cluster, 'nobin')).toContain(`Failed: Error: ${ERROR}`);
  });

  it('a shell-form command missing from $PATH reads "executable file not found"', () => {
    createPod(cluster, 'nopath', { containers: [{ name: 'app', image: 'busybox:1.36', command: ['myserver', '--port=80'] }] });
    cluster.advance(5_000);
    expect(eventLines(cluster, 'nopath').some((l) => l.includes('exec: "myserver": executable file not found in $PATH: unknown'))).toBe(true);
  });
});

describe('kubelet: stopped and started again', () => {
  const cluster = smallCluster({ 'shop/crash:1.0': { exits: { code: 1, afterMs: 30_000 } } });
  createPod(cluster, 'crash', { nodeName: 'node-1', containers: [{ name: 'app', image: 'shop/crash:1.0' }] });
  createPod(cluster, 'doomed', { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx:1.27' }] });
  cluster.advance(20_000);
  const host = cluster.nodes.get('node-1')!.host;
  const runtime = cluster.nodes.get('node-1')!.runtime;

  it('notices nothing while down: the exited container is neither restarted nor reported', () => {
    host.unit('kubelet')!.stop();
    cluster.systemClient().delete('pods', 'default', 'doomed', { gracePeriodSeconds: 0 });
    cluster.advance(60_000);
    const s = containerStatus(cluster, 'crash');
    expect([s.restartCount, Object.keys(s.state)]).toEqual([0, ['running']]);
    expect([...runtime.containers.values()].find((c) => c.name === 'app' && c.image.includes('shop/crash'))!.state).toBe('CONTAINER_EXITED');
  });

  it('after a restart, relists the runtime, restarts the exited container and tears down deleted pods', () => {
    host.unit('kubelet')!.start();
    cluster.advance(5_000);
    const s = containerStatus(cluster, 'crash');
    expect(s.restartCount).toBe(1);
    expect(s.lastState.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    expect([...runtime.sandboxes.values()].map((sb) => sb.podName)).not.toContain('doomed');
    cluster.advance(120_000);
    expect(containerStatus(cluster, 'crash').restartCount).toBeGreaterThanOrEqual(3);
  });

  it('a container that is not running is not "started"', () => {
    const seen = new Set<string>();
    stepSeconds(cluster, 120, () => {
      const s = containerStatus(cluster, 'crash');
      seen.add(`${Object.keys(s.state)[0]} started=${s.started}`);
    });
    expect([...seen].sort()).toEqual(['running started=true', 'waiting started=false']);
  });
});
