import { describe, it, expect } from 'vitest';
import { CONTROL_PLANE_TAINT, makeNode, makePod } from './fixtures.js';
import { startHarness } from './harness.js';

function scheduledCondition(pod: Record<string, any>) {
  return (pod.status?.conditions ?? []).find((c: Record<string, any>) => c.type === 'PodScheduled');
}

describe('Scheduler component', () => {
  it('binds a pod and records Scheduled from default-scheduler', () => {
    const h = startHarness();
    h.addNode(makeNode('node-1'));
    h.createPod(makePod('web', { cpu: '100m' }));
    h.advance(100);
    expect(h.pod('web').spec.nodeName).toBe('node-1');
    const ev = h.events().filter((e) => e.reason === 'Scheduled');
    expect(ev.map((e) => [e.type, e.message, e.reportingComponent, e.reportingInstance, e.action])).toEqual([
      ['Normal', 'Successfully assigned default/web to node-1', 'default-scheduler', 'default-scheduler-cp-1', 'Binding'],
    ]);
  });

  it('leaves pods of another scheduler Pending and untouched', () => {
    const h = startHarness();
    h.addNode(makeNode('node-1'));
    h.createPod(makePod('custom', { spec: { schedulerName: 'my-scheduler' } }));
    h.advance(60_000);
    const pod = h.pod('custom');
    expect(pod.spec.nodeName).toBeUndefined();
    expect(scheduledCondition(pod)).toBeUndefined();
    expect(h.events()).toEqual([]);
  });

  it('reports FailedScheduling, sets PodScheduled=False, and binds once a node is uncordoned', () => {
    const h = startHarness();
    h.addNode(makeNode('cp-1', { taints: [CONTROL_PLANE_TAINT] }));
    h.addNode(makeNode('node-1', { unschedulable: true }));
    h.createPod(makePod('web', { cpu: '100m' }));
    h.advance(1_000);
    const msg = '0/2 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) were unschedulable. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.';
    const failed = h.events().filter((e) => e.reason === 'FailedScheduling');
    expect(failed.map((e) => [e.type, e.message, e.action])).toEqual([['Warning', msg, 'Scheduling']]);
    expect(scheduledCondition(h.pod('web'))).toMatchObject({ status: 'False', reason: 'Unschedulable', message: msg });
    expect(h.scheduler.queuedAs('default', 'web')).toBe('unschedulable');

    h.updateNode('node-1', (n) => {
      n.spec.unschedulable = false;
    });
    h.advance(2_000);
    expect(h.pod('web').spec.nodeName).toBe('node-1');
  });

  it('retries a permanently unschedulable pod every 5 minutes and counts the repeats in a series (tools/events)', () => {
    const h = startHarness();
    h.addNode(makeNode('node-1', { cpu: '1' }));
    h.createPod(makePod('big', { cpu: '2' }));
    h.advance(1_000);
    h.advance(5 * 60_000 + 31_000);
    const failed = () => h.events().filter((e) => e.reason === 'FailedScheduling');
    // The first event regards the pod before the scheduler set its PodScheduled condition: the
    // retry regards another resourceVersion, so it is not isomorphic and makes an event of its own.
    expect(failed().map((e) => e.series)).toEqual([undefined, undefined]);
    h.advance(6.5 * 60_000);
    // The next retry (11:00) is isomorphic with the second: a series of 2, patched at once.
    expect(failed().map((e) => e.series?.count)).toEqual([undefined, 2]);
    h.advance(13 * 60_000);
    // Later retries (16:30, 22:00) count in memory only, until the half-hourly refresh writes them.
    expect(failed().map((e) => e.series?.count)).toEqual([undefined, 2]);
    h.advance(6 * 60_000);
    expect(failed().map((e) => e.series)).toEqual([undefined, { count: 5, lastObservedTime: '2026-11-10T12:27:30.000000Z' }]);
    expect(new Set(failed().map((e) => e.message)).size).toBe(1);
  });

  it('requeues when an assigned pod is deleted and frees the room', () => {
    const h = startHarness();
    h.addNode(makeNode('node-1', { cpu: '1' }));
    h.createPod(makePod('hog', { cpu: '900m' }));
    h.advance(100);
    h.createPod(makePod('next', { cpu: '500m' }));
    h.advance(100);
    expect(h.pod('next').spec.nodeName).toBeUndefined();
    const del = h.api.delete('pods', 'default', 'hog', { gracePeriodSeconds: 0 });
    expect(del.ok).toBe(true);
    h.advance(2_000);
    expect(h.pod('next').spec.nodeName).toBe('node-1');
  });

  it('backs off with no nodes and reports SchedulerError', () => {
    const h = startHarness();
    h.createPod(makePod('lonely'));
    h.advance(100);
    expect(scheduledCondition(h.pod('lonely'))).toMatchObject({ status: 'False', reason: 'SchedulerError', message: 'no nodes available to schedule pods' });
    expect(h.scheduler.queuedAs('default', 'lonely')).toBe('backoff');
    h.addNode(makeNode('node-1'));
    h.advance(5_000);
    expect(h.pod('lonely').spec.nodeName).toBe('node-1');
  });
});

describe('Scheduler cache and search on a large cluster', () => {
  it('counts a pod it just bound before the watch reports it (assumed), so a burst does not overfill a node', () => {
    const h = startHarness();
    h.addNode(makeNode('node-1', { cpu: '1' }));
    h.addNode(makeNode('node-2', { cpu: '1' }));
    for (const name of ['a', 'b', 'c']) h.createPod(makePod(name, { cpu: '600m' }));
    h.advance(100);
    const placed = ['a', 'b', 'c'].map((n) => h.pod(n).spec.nodeName);
    expect(placed.filter(Boolean).sort()).toEqual(['node-1', 'node-2']);
    expect(h.scheduler.queuedAs('default', placed[0] ? (placed[1] ? 'c' : 'b') : 'a')).toBe('unschedulable');
  });

  it('on 300 nodes each pod searches the next 144 nodes after where the last search stopped', () => {
    const h = startHarness();
    const names = Array.from({ length: 300 }, (_, i) => `node-${String(i).padStart(3, '0')}`);
    for (const name of names) h.addNode(makeNode(name));
    h.advance(10);
    const where = (pod: string) => names.indexOf(h.pod(pod).spec.nodeName);
    h.createPod(makePod('first', { cpu: '100m' }));
    h.advance(10);
    h.createPod(makePod('second', { cpu: '100m' }));
    h.advance(10);
    h.createPod(makePod('third', { cpu: '100m' }));
    h.advance(10);
    expect(where('first')).toBeGreaterThanOrEqual(0);
    expect(where('first')).toBeLessThan(144);
    expect(where('second')).toBeGreaterThanOrEqual(144);
    expect(where('second')).toBeLessThan(288);
    expect(where('third') >= 288 || where('third') < 132).toBe(true);
  });
});

describe('Scheduler preemption', () => {
  it('evicts a lower-priority pod, nominates the node, then binds the preemptor', () => {
    const h = startHarness();
    h.addNode(makeNode('node-1', { cpu: '1' }));
    h.createPod(makePod('batch', { cpu: '800m' }));
    h.advance(100);
    h.createPod(makePod('urgent', { cpu: '500m', priority: 1000 }));
    h.advance(100);
    expect(h.pod('urgent').status.nominatedNodeName).toBe('node-1');
    const preempted = h.events().find((e) => e.reason === 'Preempted');
    expect(preempted?.message).toBe(`Preempted by pod ${h.pod('urgent').metadata.uid} on node node-1`);
    expect(h.events().find((e) => e.reason === 'FailedScheduling')?.message).toBe('0/1 nodes are available: 1 Insufficient cpu.');
    // The victim is Terminating (no kubelet here); until it is gone the room stays taken.
    expect(h.pod('batch').metadata.deletionTimestamp).toBeDefined();
    expect(h.pod('batch').status.conditions.find((c: Record<string, any>) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'PreemptionByScheduler',
      message: 'default-scheduler: preempting to accommodate a higher priority pod',
    });
    h.advance(10_000);
    expect(h.pod('urgent').spec.nodeName).toBeUndefined();
    expect(h.api.delete('pods', 'default', 'batch', { gracePeriodSeconds: 0 }).ok).toBe(true);
    h.advance(2_000);
    expect(h.pod('urgent').spec.nodeName).toBe('node-1');
  });
});
