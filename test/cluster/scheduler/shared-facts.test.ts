import { describe, expect, it } from 'vitest';
import type { Pod } from 'kubernetes-types/core/v1.js';
import { podNonZeroRequests, podRequests } from '../../../src/cluster/scheduler/pod-resources.js';
import { podHostPorts } from '../../../src/cluster/scheduler/node-info.js';
import { cycleStateOf } from '../../../src/cluster/scheduler/cycle-state.js';
import { NO_HOST_PORTS, sharedImages, sharedResources } from '../../../src/cluster/scheduler/shared-facts.js';

/** A pod of its own (its own containers array, as every created pod has) asking for `cpu` and `memory`. */
function pod(name: string, cpu: string, memory: string, ports: number[] = []): Pod {
  return {
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'nginx:1.27', resources: { requests: { cpu, memory } }, ports: ports.map((hostPort) => ({ containerPort: 80, hostPort })) }] },
  };
}

describe('scheduler facts shared between pods', () => {
  it('two pods of one template hold the same requests; other requests get their own', () => {
    const a = pod('a', '10m', '16Mi');
    const b = pod('b', '10m', '16Mi');
    const c = pod('c', '20m', '16Mi');
    expect(podRequests(b)).toBe(podRequests(a));
    expect(podNonZeroRequests(b)).toBe(podNonZeroRequests(a));
    expect(podRequests(c)).not.toBe(podRequests(a));
    expect(podRequests(c)).toEqual({ milliCpu: 20, memory: 16 * 2 ** 20, ephemeralStorage: 0, scalar: {} });
  });

  it('requests with extended resources are never shared', () => {
    const r = { milliCpu: 1, memory: 0, ephemeralStorage: 0, scalar: { 'example.com/gpu': 1 } };
    const s = { milliCpu: 1, memory: 0, ephemeralStorage: 0, scalar: { 'example.com/gpu': 2 } };
    expect(sharedResources(r)).toBe(r);
    expect(sharedResources(s)).toBe(s);
  });

  it('image lists are shared by content, in order', () => {
    expect(cycleStateOf(pod('a', '10m', '16Mi')).images).toBe(cycleStateOf(pod('b', '30m', '1Gi')).images);
    const first = sharedImages(['docker.io/library/nginx:1.27', 'docker.io/library/busybox:1.36']);
    expect(sharedImages(['docker.io/library/nginx:1.27', 'docker.io/library/busybox:1.36'])).toBe(first);
    expect(sharedImages(['docker.io/library/busybox:1.36', 'docker.io/library/nginx:1.27'])).not.toBe(first);
    expect(sharedImages(['docker.io/library/nginx:1.27\ndocker.io/library/busybox:1.36'])).not.toBe(first);
  });

  it('a pod without host ports has the shared empty list; one with host ports its own', () => {
    expect(podHostPorts(pod('a', '10m', '16Mi'))).toBe(NO_HOST_PORTS);
    expect(podHostPorts(pod('b', '10m', '16Mi', [8080]))).toEqual([{ protocol: 'TCP', hostIP: '0.0.0.0', port: 8080 }]);
  });
});
