/**
 * Sub-millisecond times: a Lease's renewTime (metav1.MicroTime) and
 * `journalctl -o short-precise` carry the microseconds below the millisecond
 * that the writing process's klog lines carry (journal.ts subMillisecondMicros),
 * not `.xxx000`.
 */
import { describe, expect, it } from 'vitest';
import { sessionOn, testCluster } from '../../commands/crictl/node-session.js';
import { subMillisecondMicros } from '../../../src/cluster/host/journal.js';

describe('microsecond times', async () => {
  const cluster = testCluster();
  const sh = await sessionOn(cluster, 'node-1');

  it("a node Lease's renewTime has the kubelet's microseconds below its millisecond", () => {
    const lease = cluster.adminClient().get('leases', 'kube-node-lease', 'node-1');
    expect(lease.ok).toBe(true);
    const renewTime = String((lease.ok && (lease.value.spec as { renewTime?: string }).renewTime) || '');
    const m = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.(\d{3})(\d{3})Z$/.exec(renewTime);
    expect(m, renewTime).not.toBeNull();
    const ms = Date.parse(renewTime);
    const pid = cluster.nodes.get('node-1')!.host.unit('kubelet')!.mainPid;
    expect(Number(m![2])).toBe(subMillisecondMicros(ms, pid));
  });

  it('renewTimes across nodes are not all whole milliseconds', () => {
    const leases = cluster.adminClient().list('leases', 'kube-node-lease');
    const times = leases.ok ? leases.value.items.map((l) => String((l.spec as { renewTime?: string }).renewTime)) : [];
    expect(times.length).toBe(2);
    expect(times.some((t) => !t.endsWith('000Z'))).toBe(true);
  });

  it('journalctl -o short-precise prints the microseconds of the klog line inside the entry', async () => {
    const out = (await sh.exec('journalctl -u kubelet -o short-precise --no-pager | grep "\\] " | tail -5')).stdout.trimEnd().split('\n');
    expect(out.length).toBe(5);
    for (const line of out) {
      const m = /^\w{3} \d\d (\d\d:\d\d:\d\d\.\d{6}) node-1 kubelet\[\d+\]: [IWEF]\d{4} (\d\d:\d\d:\d\d\.\d{6}) /.exec(line);
      expect(m, line).not.toBeNull();
      expect(m![1]).toBe(m![2]);
    }
  });
});
