import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { smallCluster, createPod, getPod, podReady } from './harness.js';
import { sharedFields } from '../../../src/cluster/kubelet/same-inputs.js';
import { copyJson, jsonEqual } from '../../../src/cluster/json.js';

type Obj = Record<string, any>;

/** The kubelet's pod worker for a stored pod (private fields read for what they hold, not how). */
function workerOf(cluster: ReturnType<typeof smallCluster>, pod: Obj): Obj {
  const kubelet = cluster.nodes.get(pod.spec.nodeName)!.kubelet as unknown as { workers: Map<string, Obj> };
  return kubelet.workers.get(pod.metadata.uid)!;
}

describe('kubelet: the last status posted is kept as the stored status', () => {
  it('holds the stored status\'s own values (one copy per pod), equal to what it built', () => {
    const cluster = smallCluster();
    createPod(cluster, 'web', { containers: [{ name: 'web', image: 'nginx:1.27', readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 1 } }] });
    cluster.advance(60_000);
    const pod = getPod(cluster, 'web');
    expect(podReady(pod)).toBe('True');
    const last: Obj = workerOf(cluster, pod).lastStatus;
    for (const key of ['conditions', 'containerStatuses', 'podIPs', 'hostIPs']) expect(last[key]).toBe(pod.status[key]);
    expect(jsonEqual({ ...pod.status, ...last }, pod.status)).toBe(true);
    // Probe ticks keep posting it: nothing changes, nothing is written.
    const rv = pod.metadata.resourceVersion;
    cluster.advance(10_000);
    expect(getPod(cluster, 'web').metadata.resourceVersion).toBe(rv);
  });
});

describe('sharedFields', () => {
  it('is JSON-equal to what was posted and takes every posted field from the stored copy', () => {
    const value = fc.oneof(fc.constant(undefined), fc.jsonValue());
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('phase', 'podIP', 'conditions', 'startTime', 'qosClass'), value), fc.dictionary(fc.constantFrom('nominatedNodeName', 'reason'), fc.jsonValue()), (posted, others) => {
        const stored = copyJson({ ...others, ...posted }) as Obj;
        const kept = sharedFields(posted, stored);
        expect(Object.keys(kept)).toEqual(Object.keys(posted));
        expect(jsonEqual(kept, posted)).toBe(true);
        // The very stored value (===, not Object.is: the stored JSON copy holds 0 for a posted -0, which JSON cannot carry).
        for (const key of Object.keys(posted)) if (posted[key] !== undefined) expect(kept[key] === stored[key]).toBe(true);
      }),
    );
  });

  it('returns what was posted when it already holds the stored values', () => {
    const conditions = [{ type: 'Ready', status: 'True' }];
    const posted = { phase: 'Running', conditions };
    expect(sharedFields(posted, { phase: 'Running', conditions, podIP: '10.244.1.5' })).toBe(posted);
  });
});

describe('kubelet: a status already found stored is not compared again, until the pod holds another', () => {
  it('posts its status again at the next tick after another writer changed a field it posts (a pod, and a mirror pod)', () => {
    const cluster = smallCluster();
    createPod(cluster, 'web', { containers: [{ name: 'web', image: 'nginx:1.27', readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 1 } }] });
    cluster.advance(60_000);
    // The web pod's probe ticks every second; the static pods' liveness probes every 10 s.
    for (const [namespace, name, wait] of [['default', 'web', 1_500], ['kube-system', 'kube-scheduler-cp-1', 10_500]] as const) {
      const pod = getPod(cluster, name, namespace);
      expect(podReady(pod)).toBe('True');
      // Quiet ticks first: the worker has answered the stored status for its last status.
      cluster.advance(wait);
      const stored = getPod(cluster, name, namespace);
      expect(stored.metadata.resourceVersion).toBe(pod.metadata.resourceVersion);
      const conditions = (stored.status.conditions as Obj[]).map((c) => (c.type === 'Ready' ? { ...c, status: 'False' } : c));
      const written = cluster.systemClient().updateStatus('pods', namespace, { ...stored, status: { ...stored.status, conditions } } as never);
      expect(written.ok).toBe(true);
      expect(podReady(getPod(cluster, name, namespace))).toBe('False');
      cluster.advance(wait);
      // Nothing the kubelet builds from changed; the stored status did, and the kubelet's own is written back.
      expect(podReady(getPod(cluster, name, namespace))).toBe('True');
    }
  });
});
