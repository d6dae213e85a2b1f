import { describe, it, expect } from 'vitest';
import type { ContainerPort } from 'kubernetes-types/core/v1.js';
import { describePod, podQOS } from '../../../../src/commands/kubectl/describers/pod.js';
import { SAMPLES } from './reference-samples.js';
import { NOW, crashEvents, crashPod, initPod, pendingEvents, pendingPod, terminatingPod } from './pod-fixtures.js';

describe('describe pod (reference §2.1)', () => {
  it('CrashLoopBackOff pod with liveness failures and sorted events', () => {
    expect(describePod(crashPod, crashEvents, NOW)).toBe(SAMPLES['kubectl describe pod web-7d4b9c8f6-fghij']);
  });
  it('Pending pod with a FailedScheduling series', () => {
    expect(describePod(pendingPod, pendingEvents, NOW)).toBe(SAMPLES['kubectl describe pod db-0']);
  });
  it('init container still running', () => {
    expect(describePod(initPod, [], NOW)).toBe(SAMPLES['kubectl describe pod init-demo']);
  });
  it('terminating pod', () => {
    expect(describePod(terminatingPod, [], NOW)).toBe(SAMPLES['kubectl describe pod old-web-6c9f7d5b4-zz9pq']);
  });
});

describe('podQOS', () => {
  const pod = (resources: object[]) => ({ spec: { containers: resources.map((r, i) => ({ name: `c${i}`, resources: r })) } });
  it('classifies', () => {
    expect(podQOS(pod([{}]))).toBe('BestEffort');
    expect(podQOS(pod([{ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }]))).toBe('Guaranteed');
    expect(podQOS(pod([{ requests: { cpu: '1000m', memory: '1Gi' }, limits: { cpu: '1', memory: '1024Mi' } }]))).toBe('Guaranteed');
    expect(podQOS(pod([{ requests: { cpu: '100m' } }]))).toBe('Burstable');
    expect(podQOS(pod([{ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } }, {}]))).toBe('Burstable');
  });
});

describe('container ports', () => {
  // kubectl v0.32.0 pkg/describe/describe.go describeContainerBasicInfo: describeContainerPorts and
  // describeContainerHostPorts build `%d/%s` per port and strings.Join(ports, ", "); a comma in the
  // result switches the label from `Port:`/`Host Port:` to `Ports:`/`Host Ports:`.
  const lines = (ports: ContainerPort[]): string[] =>
    describePod({ metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'app:1', ports }] } }, [], NOW)
      .split('\n')
      .filter((l) => /^\s+(Host )?Ports?:/.test(l))
      // alignment is the tabwriter's business (tested elsewhere); here only label and value matter
      .map((l) => l.trim().replace(/:\s+/, ': '));
  it('joins several ports with ", "', () => {
    expect(lines([{ containerPort: 80, protocol: 'TCP' }, { containerPort: 53, protocol: 'UDP', hostPort: 5353 }])).toEqual([
      'Ports: 80/TCP, 53/UDP',
      'Host Ports: 0/TCP, 5353/UDP',
    ]);
  });
  it('keeps the singular label for one port and <none> for none', () => {
    expect(lines([{ containerPort: 8080, protocol: 'TCP' }])).toEqual(['Port: 8080/TCP', 'Host Port: 0/TCP']);
    expect(lines([])).toEqual(['Port: <none>', 'Host Port: <none>']);
  });
});
