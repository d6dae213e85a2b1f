import { describe, it, expect } from 'vitest';
import { smallCluster } from './harness.js';
import { GenericPleg, goDurationNs } from '../../../src/cluster/kubelet/pleg.js';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { ImageCatalog } from '../../../src/cluster/workloads/catalog.js';
import { ContainerRuntime } from '../../../src/cluster/runtime/runtime.js';

type Obj = Record<string, any>;

const node = (cluster: ReturnType<typeof smallCluster>, name: string): Obj => (cluster.systemClient().get('nodes', undefined, name) as { ok: true; value: Obj }).value;
const ready = (cluster: ReturnType<typeof smallCluster>, name: string): Obj => node(cluster, name).status.conditions.find((c: Obj) => c.type === 'Ready');
const kubeletLines = (cluster: ReturnType<typeof smallCluster>, name: string, since = 0) =>
  cluster.nodes.get(name)!.host.journal.all().filter((e) => e.identifier === 'kubelet' && e.time >= since).map((e) => e.message);

describe('goDurationNs', () => {
  it('prints Go Durations with nanosecond digits', () => {
    expect(goDurationNs(180_000)).toBe('3m0s');
    expect(goDurationNs(192_345, 678_901)).toBe('3m12.345678901s');
    expect(goDurationNs(3_661_000)).toBe('1h1m1s');
    expect(goDurationNs(1_500)).toBe('1.5s');
    expect(goDurationNs(1_000, 50)).toBe('1.00000005s');
  });
});

describe('GenericPleg model', () => {
  const setup = () => {
    const queue = new EventQueue(1_000_000);
    const runtime = new ContainerRuntime(queue, new Random(1), new ImageCatalog());
    return { runtime, pleg: new GenericPleg(runtime, 1_000_000) };
  };

  it('with an instant runtime the last relist is the last whole second', () => {
    const { pleg } = setup();
    pleg.advance(1_000_000 + 3_600_000 + 456);
    expect(pleg.lastRelist()).toBe(1_000_000 + 3_600_000);
    expect(pleg.healthError(1_000_000 + 3_600_000 + 456)).toBeUndefined();
  });

  it('relists that take 2 x latency leave the last stamp past the threshold', () => {
    const { runtime, pleg } = setup();
    runtime.latencyMs = 100_000;
    pleg.advance(1_000_000 + 199_999);
    expect(pleg.lastRelist()).toBeUndefined();
    expect(pleg.healthError(1_000_000 + 199_999)).toBe('pleg has yet to be successful');
    pleg.advance(1_000_000 + 200_000);
    expect(pleg.lastRelist()).toBe(1_000_000);
    expect(pleg.healthError(1_000_000 + 200_000)).toMatch(/^pleg was last seen active 3m20(\.\d+)?s ago; threshold is 3m0s$/);
  });

  it('calls past the 2m request timeout fail: the stamp never moves', () => {
    const { runtime, pleg } = setup();
    pleg.advance(1_010_000);
    runtime.latencyMs = 5 * 60_000;
    const failures = pleg.advance(1_010_000 + 121_000);
    expect(failures.map((f) => f.error)).toEqual(['rpc error: code = DeadlineExceeded desc = context deadline exceeded']);
    expect(pleg.lastRelist()).toBe(1_010_000);
  });
});

describe('runtime-slow on node-1 (PLEG)', () => {
  const cluster = smallCluster();
  const rt = cluster.nodes.get('node-1')!.runtime;
  const began = cluster.now();
  rt.latencyMs = 105_000;

  it('keeps the node Ready until relists are older than 3m, then posts Ready=False with the PLEG message', () => {
    cluster.runUntil(began + 150_000);
    expect(ready(cluster, 'node-1').status).toBe('True');
    cluster.runUntil(began + 240_000);
    const r = ready(cluster, 'node-1');
    expect([r.status, r.reason]).toEqual(['False', 'KubeletNotReady']);
    expect(r.message).toMatch(/^PLEG is not healthy: pleg was last seen active \dm\d+(\.\d+)?s ago; threshold is 3m0s$/);
  });

  it('logs "Skipping pod synchronization" with back-off, and the node lifecycle controller taints the node', () => {
    cluster.advance(60_000);
    const skips = cluster.nodes.get('node-1')!.host.journal.all().filter((e) => e.message.includes('"Skipping pod synchronization"'));
    expect(skips.length).toBeGreaterThan(8);
    expect(skips[0].message).toMatch(/^E\d{4} [\d:.]+ +\d+ kubelet\.go:2404\] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m0\.\d+s ago; threshold is 3m0s"$/);
    const gaps = skips.slice(1, 8).map((e, i) => e.time - skips[i].time);
    expect(gaps).toEqual([100, 200, 400, 800, 1600, 3200, 5000]);
    expect(node(cluster, 'node-1').spec.taints.map((t: Obj) => `${t.key}:${t.effect}`)).toEqual(['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
  });

  it('restarting containerd clears the hung task: Ready again, taints removed, no more skip lines', () => {
    cluster.nodes.get('node-1')!.host.unit('containerd')!.restart();
    const at = cluster.now();
    cluster.advance(30_000);
    expect(ready(cluster, 'node-1').status).toBe('True');
    expect(rt.latencyMs).toBe(0);
    expect(node(cluster, 'node-1').spec.taints).toBeUndefined();
    cluster.advance(60_000);
    expect(kubeletLines(cluster, 'node-1', at + 10_000).filter((l) => l.includes('Skipping'))).toEqual([]);
  });

  it('other nodes stay Ready', () => {
    expect(ready(cluster, 'node-2').status).toBe('True');
  });
});
