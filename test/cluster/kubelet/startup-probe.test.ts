/**
 * startupProbe gates the other probes (pkg/kubelet/prober/worker.go doProbe:
 * "Disable other probes until container has started"); its failure kills the
 * container as kuberuntime_manager.go computePodActions words it
 * ("Container %s failed startup probe, will be restarted"); until it passes
 * the container status says started: false and ready: false
 * (prober_manager.go UpdatePodStatus).
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod, eventsOf, containerStatus } from './harness.js';

type Obj = Record<string, any>;

const probes = (failureThreshold: number): Obj => ({
  startupProbe: { httpGet: { path: '/', port: 8080 }, periodSeconds: 10, failureThreshold },
  livenessProbe: { httpGet: { path: '/', port: 8080 }, periodSeconds: 5, failureThreshold: 1 },
  readinessProbe: { httpGet: { path: '/', port: 8080 }, periodSeconds: 5 },
});

describe('startupProbe', () => {
  const cluster = smallCluster({ 'shop/slow:1': { listens: [8080], readyAfterMs: 45_000 } });
  createPod(cluster, 'patient', { nodeName: 'node-1', containers: [{ name: 'app', image: 'shop/slow:1', ...probes(10) }] });
  createPod(cluster, 'impatient', { nodeName: 'node-1', containers: [{ name: 'app', image: 'shop/slow:1', ...probes(3) }] });
  cluster.advance(25_000);
  const patientEarly = containerStatus(cluster, 'patient');
  cluster.advance(40_000);

  it('holds liveness and readiness back while the app starts: started and ready stay false, no liveness kill', () => {
    expect(patientEarly).toMatchObject({ started: false, ready: false, restartCount: 0 });
    expect(patientEarly.state.running).toBeDefined();
    const reasons = eventsOf(cluster, 'patient').filter((e) => e.reason === 'Unhealthy').map((e) => e.message.split(':')[0]);
    expect(new Set(reasons)).toEqual(new Set(['Startup probe failed']));
  });

  it('once it passes, the container is started and readiness decides Ready', () => {
    expect(containerStatus(cluster, 'patient')).toMatchObject({ started: true, ready: true, restartCount: 0 });
  });

  it('failureThreshold failures kill and restart the container with the upstream event', () => {
    const ip = getPod(cluster, 'impatient').status.podIP;
    const events = eventsOf(cluster, 'impatient');
    const failed = events.find((e) => e.reason === 'Unhealthy')!;
    expect(failed.message).toBe(`Startup probe failed: Get "http://${ip}:8080/": dial tcp ${ip}:8080: connect: connection refused`);
    expect(failed.count).toBeGreaterThanOrEqual(3);
    expect(events.find((e) => e.reason === 'Killing')!.message).toBe('Container app failed startup probe, will be restarted');
    expect(events.some((e) => e.message.startsWith('Liveness'))).toBe(false);
    const s = containerStatus(cluster, 'impatient');
    expect(s.restartCount).toBeGreaterThanOrEqual(1);
    expect(s.started).toBe(false);
  });
});
