import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, containerStatus, getPod, eventsOf, podReady } from './harness.js';

type Obj = Record<string, any>;

describe('kubelet: probes against what the process serves', () => {
  const cluster = smallCluster({ 'shop/slow:1': { listens: [8080], readyAfterMs: 20_000 } });
  createPod(cluster, 'unready', { containers: [{ name: 'web', image: 'nginx:1.27', readinessProbe: { httpGet: { path: '/ready', port: 8080 } } }] });
  createPod(cluster, 'dying', { containers: [{ name: 'web', image: 'nginx:1.27', livenessProbe: { httpGet: { path: '/healthz', port: 8080 } } }] });
  createPod(cluster, 'slow', { containers: [{ name: 'app', image: 'shop/slow:1', ports: [{ name: 'http', containerPort: 8080 }], readinessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 5 } }] });
  cluster.advance(15_000);
  const slowEarly = getPod(cluster, 'slow');
  cluster.advance(45_000);

  it('a readiness probe on a port nobody listens on: Running but not Ready, with Unhealthy events', () => {
    const pod = getPod(cluster, 'unready');
    expect(pod.status.phase).toBe('Running');
    expect(podReady(pod)).toBe('False');
    expect(pod.status.containerStatuses[0]).toMatchObject({ ready: false, started: true, restartCount: 0 });
    const ip = pod.status.podIP;
    const unhealthy = eventsOf(cluster, 'unready').find((e) => e.reason === 'Unhealthy')!;
    expect([unhealthy.type, unhealthy.message]).toEqual(['Warning', `Readiness probe failed: Get "http://${ip}:8080/ready": dial tcp ${ip}:8080: connect: connection refused`]);
    expect(unhealthy.count).toBeGreaterThanOrEqual(5);
  });

  it('a failing liveness probe kills and restarts the container', () => {
    const pod = getPod(cluster, 'dying');
    const ip = pod.status.podIP;
    const events = eventsOf(cluster, 'dying');
    expect(events.find((e) => e.reason === 'Unhealthy')!.message).toBe(`Liveness probe failed: Get "http://${ip}:8080/healthz": dial tcp ${ip}:8080: connect: connection refused`);
    expect(events.find((e) => e.reason === 'Killing')!.message).toBe('Container web failed liveness probe, will be restarted');
    const s = pod.status.containerStatuses[0];
    expect(s.restartCount).toBeGreaterThanOrEqual(1);
    expect(s.lastState.terminated).toMatchObject({ exitCode: 137, reason: 'Error' });
    // No readiness probe: the restarted container counts as ready while it runs.
    expect(s.ready).toBe(!!s.state.running);
  });

  it('a named-port tcp readiness probe passes once the app serves', () => {
    expect(podReady(slowEarly)).toBe('False');
    const pod = getPod(cluster, 'slow');
    expect(podReady(pod)).toBe('True');
    expect(eventsOf(cluster, 'slow').find((e) => e.reason === 'Unhealthy')!.message).toBe(`Readiness probe failed: dial tcp ${pod.status.podIP}:8080: connect: connection refused`);
    const ready = pod.status.conditions.find((c: Obj) => c.type === 'Ready');
    expect(Date.parse(ready.lastTransitionTime)).toBeGreaterThan(Date.parse(pod.status.startTime));
  });
});

describe('pod logs through the API server', () => {
  const cluster = smallCluster({ 'shop/api:2': { listens: [8080], logs: ['listening on :8080'] } });
  const client = cluster.systemClient();
  createPod(cluster, 'api', { containers: [{ name: 'api', image: 'shop/api:2' }, { name: 'sidecar', image: 'busybox:1.36', command: ['sh', '-c', 'echo tick; sleep infinity'] }] });
  createPod(cluster, 'unscheduled', { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'app', image: 'nginx:1.27' }] });
  createPod(cluster, 'new', { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx:1.27' }] });
  cluster.advance(100);
  const creating = client.podLogs('default', 'new');
  cluster.advance(30_000);

  it('returns the current container\'s output, with --tail and --timestamps', () => {
    expect(client.podLogs('default', 'api', { container: 'api' })).toEqual({ ok: true, value: 'listening on :8080\n' });
    expect(client.podLogs('default', 'api', { container: 'sidecar' })).toEqual({ ok: true, value: 'tick\n' });
    const started = Date.parse(containerStatus(cluster, 'api', 'api').state.running.startedAt);
    const stamped = client.podLogs('default', 'api', { container: 'api', timestamps: true });
    expect(stamped.ok && stamped.value).toMatch(/^2026-11-10T12:00:\d\d\.\d{9}Z listening on :8080\n$/);
    expect(stamped.ok && Math.floor(Date.parse(stamped.value.split(' ')[0]) / 1000)).toBe(started / 1000);
    expect(client.podLogs('default', 'api', { container: 'api', tailLines: 0 })).toEqual({ ok: true, value: '' });
  });

  it('answers kubectl\'s errors for missing containers, previous runs and waiting containers', () => {
    const message = (r: ReturnType<typeof client.podLogs>) => (r.ok ? r.value : `${r.status.code} ${r.status.message}`);
    expect(message(client.podLogs('default', 'api'))).toBe('400 a container name must be specified for pod api, choose one of: [api sidecar]');
    expect(message(client.podLogs('default', 'api', { container: 'db' }))).toBe('400 container db is not valid for pod api');
    expect(message(client.podLogs('default', 'api', { container: 'api', previous: true }))).toBe('400 previous terminated container "api" in pod "api" not found');
    expect(message(client.podLogs('default', 'ghost'))).toBe('404 pods "ghost" not found');
    expect(message(creating)).toBe('400 container "app" in pod "new" is waiting to start: ContainerCreating');
    // LogLocation: a pod with no node has no location, and the stream is empty.
    expect(client.podLogs('default', 'unscheduled')).toEqual({ ok: true, value: '' });
  });

  it('resolves the container of an exec as of logs (strategy.go streamLocation)', () => {
    const message = (r: ReturnType<typeof client.podExec>) => (r.ok ? 'ok' : `${r.status.code} ${r.status.message}`);
    expect(message(client.podExec('default', 'api', { command: ['true'] }))).toBe('400 a container name must be specified for pod api, choose one of: [api sidecar]');
    expect(message(client.podExec('default', 'api', { container: 'db', command: ['true'] }))).toBe('400 container db is not valid for pod api');
    expect(message(client.podExec('default', 'ghost', { command: ['true'] }))).toBe('404 pods "ghost" not found');
    expect(message(client.podExec('default', 'unscheduled', { command: ['true'] }))).toBe('400 pod unscheduled does not have a host assigned');
  });

  it('fails like the API server proxy when the node\'s kubelet is down', () => {
    const node = getPod(cluster, 'api').spec.nodeName as string;
    const ip = cluster.nodes.get(node)!.spec.ip;
    cluster.nodes.get(node)!.kubelet.stop();
    const r = client.podLogs('default', 'api', { container: 'api' });
    expect(!r.ok && [r.status.code, r.status.message]).toEqual([500, `Get "https://${ip}:10250/containerLogs/default/api/api": dial tcp ${ip}:10250: connect: connection refused`]);
  });
});

describe('kubelet: readiness failureThreshold', () => {
  it('a Ready container turns unready only after three failures in a row', () => {
    const cluster = smallCluster();
    createPod(cluster, 'web', { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27', readinessProbe: { httpGet: { port: 80 }, periodSeconds: 5 } }] });
    cluster.advance(20_000);
    expect(containerStatus(cluster, 'web').ready).toBe(true);
    // The app stops listening (as a hung process would).
    const c = [...cluster.nodes.get('node-1')!.runtime.containers.values()].find((x) => x.name === 'web')!;
    c.behaviour = { ...c.behaviour, listens: [] };
    const readiness: boolean[] = [];
    for (let i = 0; i < 20; i++) {
      cluster.advance(1_000);
      readiness.push(containerStatus(cluster, 'web').ready);
    }
    const firstUnready = readiness.indexOf(false);
    expect(firstUnready).toBeGreaterThanOrEqual(10);
    expect(readiness.slice(firstUnready).every((r) => !r)).toBe(true);
    expect(eventsOf(cluster, 'web').find((e) => e.reason === 'Unhealthy')!.count).toBeGreaterThanOrEqual(3);
  });
});
