import { describe, it, expect } from 'vitest';
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
