/**
 * Shipped scenarios seen as a learner sees them: events aggregated as client-go's
 * EventCorrelator does, and a pod's status following its containers as the kubelet's
 * PLEG and status manager make it.
 */
import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { startFixture } from '../helpers/scenario-run.js';

type Obj = Record<string, any>;

const shipped = (path: string) => startFixture(join(shippedScenariosDir(), path));

describe('a pod whose sandbox fails every 10 s for 15 minutes (pod-containercreating-cni)', () => {
  it('describes a bounded number of event rows: nine failures, then one combined event that counts the rest', async () => {
    const run = shipped('nodes/pod-containercreating-cni.yaml');
    const pods = (run.cluster.systemClient().list('pods', 'default') as { ok: true; value: { items: Obj[] } }).value.items;
    const stuck = pods.find((p) => p.spec.nodeName === 'node-2')!;
    const out = (await run.exec(`kubectl describe pod ${stuck.metadata.name}`)).output;
    const rows = out.slice(out.indexOf('Events:')).split('\n').filter((l) => l.includes('FailedCreatePodSandBox'));
    expect(rows).toHaveLength(10);
    const combined = rows.filter((l) => l.includes('kubelet            (combined from similar events): Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "'));
    expect(combined).toHaveLength(1);
    // Age `<last> (xN over <first>)`: the combined event counted every failure after the ninth.
    const count = Number(/\(x(\d+) over 1\dm\)/.exec(combined[0]!)?.[1]);
    expect(count).toBeGreaterThan(50);
    const events = (run.cluster.systemClient().list('events', 'default', { fieldSelector: `involvedObject.name=${stuck.metadata.name}` }) as { ok: true; value: { items: Obj[] } }).value.items;
    const agg = events.find((e) => e.message.startsWith('(combined'))!;
    expect([agg.reportingComponent, agg.reportingInstance, agg.source]).toEqual(['', '', { component: 'kubelet', host: 'node-2' }]);
  });
});

describe('a container that dies as it starts (dns-corefile-broken: CoreDNS exits on its Corefile)', () => {
  it('shows the new restart count and CrashLoopBackOff in the same second the runtime shows the exited container', () => {
    const run = shipped('services/dns-corefile-broken.yaml');
    const cluster = run.cluster;
    // The first CoreDNS pod, on whichever node the (seeded) scheduling put it.
    const pod0 = () => (cluster.systemClient().list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-dns' }) as { ok: true; value: { items: Obj[] } }).value.items[0]!;
    const node = cluster.nodes.get(pod0().spec.nodeName)!;
    const uid = pod0().metadata.uid;
    const attempts = () => [...node.runtime.containers.values()].filter((c) => c.name === 'coredns' && c.podUid === uid).map((c) => c.attempt);
    const status = () => pod0().status.containerStatuses[0];
    let checked = 0;
    // The back-off is at its 5-minute cap: one restart within the next 5 minutes, each checked a second at a time.
    for (let s = 0; s < 330; s++) {
      cluster.advance(1000);
      const latest = Math.max(...attempts());
      const st = status();
      expect(st.restartCount).toBe(latest);
      if (latest > 10) {
        expect(st.state.waiting?.reason).toBe('CrashLoopBackOff');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
