import { describe, it, expect, vi, beforeEach } from 'vitest';

// Counts the API server's own calls of jsonEqual (its recursive calls stay inside json.ts).
const calls = vi.hoisted(() => [] as unknown[][]);
vi.mock('../../../src/cluster/json.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../../src/cluster/json.js')>();
  return { ...orig, jsonEqual: (a: unknown, b: unknown) => (calls.push([a, b]), orig.jsonEqual(a, b)) };
});

const { harness, ok } = await import('./harness.js');
type Obj = Record<string, any>;

/** A node Lease as the kubelet creates it (node-lease.ts). */
const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'node-1', namespace: 'kube-node-lease', labels: { a: 'b' } }, spec: { holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: '2026-11-10T12:00:00.000000Z' } };
/** Calls that compared whole objects (anything with metadata). */
const wholeObjectChecks = () => calls.filter(([a, b]) => (a as Obj | undefined)?.metadata !== undefined || (b as Obj | undefined)?.metadata !== undefined).length;

describe("the update path's no-op check (etcd3 GuaranteedUpdate writes nothing for the same bytes)", () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('tells a lease renewal apart by its spec alone, without comparing the whole objects', () => {
    const h = harness();
    ok(h.sys.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-node-lease' } }));
    const created = ok(h.sys.create('leases', 'kube-node-lease', structuredClone(lease)));
    calls.length = 0;
    const renewed = ok(h.sys.update('leases', 'kube-node-lease', { ...created, spec: { ...(created.spec as Obj), renewTime: '2026-11-10T12:00:10.000000Z' } }));
    expect(Number(renewed.metadata.resourceVersion)).toBe(Number(created.metadata.resourceVersion) + 1);
    expect((renewed.spec as Obj).renewTime).toBe('2026-11-10T12:00:10.000000Z');
    expect(wholeObjectChecks()).toBe(0);
  });

  it('still writes a change outside spec and status, and still writes nothing for the same object', () => {
    const h = harness();
    ok(h.sys.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-node-lease' } }));
    const created = ok(h.sys.create('leases', 'kube-node-lease', structuredClone(lease)));
    const same = ok(h.sys.update('leases', 'kube-node-lease', structuredClone(created)));
    expect(same.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    const relabelled = ok(h.sys.update('leases', 'kube-node-lease', { ...structuredClone(created), metadata: { ...created.metadata, labels: { a: 'c' } } }));
    expect(Number(relabelled.metadata.resourceVersion)).toBe(Number(created.metadata.resourceVersion) + 1);
    expect(relabelled.metadata.labels).toEqual({ a: 'c' });
  });
});
