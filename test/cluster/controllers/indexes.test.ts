import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import type { Informer, InformerHandler } from '../../../src/cluster/client/informer.js';
import { byControllerUid, byNamespace, byNamespaceLabel, byNodeName, Index, orphansByNamespace, type IndexFunc } from '../../../src/cluster/controllers/indexes.js';

/** An informer stand-in: the test drives its handlers. */
function fakeInformer(): { informer: Informer; emit: InformerHandler } {
  const handlers: InformerHandler[] = [];
  const informer = { on: (h: InformerHandler) => (handlers.push(h), informer) } as unknown as Informer;
  return { informer, emit: (type, obj, old) => handlers.forEach((h) => h(type, obj, old)) };
}

/** The index's definition: every update drops the old version's entries and files the new one (no fast path). */
class ReferenceIndex {
  readonly buckets = new Map<string, Map<string, KubeObject>>();
  constructor(private readonly keys: (o: KubeObject) => string[]) {}
  apply(type: string, obj: KubeObject, old: KubeObject | undefined): void {
    if (old) for (const k of this.keys(old)) this.buckets.get(k)?.delete(old.metadata.uid!);
    if (type === 'DELETED') return;
    for (const k of this.keys(obj)) {
      let b = this.buckets.get(k);
      if (!b) this.buckets.set(k, (b = new Map()));
      b.set(obj.metadata.uid!, obj);
    }
  }
  get(key: string): KubeObject[] {
    return [...(this.buckets.get(key)?.values() ?? [])];
  }
}

const FUNCS: [string, IndexFunc][] = [
  ['byControllerUid', byControllerUid],
  ['byNamespace', byNamespace],
  ['orphansByNamespace', orphansByNamespace],
  ['byNodeName', byNodeName],
  ['byNamespaceLabel', byNamespaceLabel],
];

const LABELS = [undefined, { app: 'web' }, { app: 'web', tier: 'front' }, { app: 'db' }];
const OWNERS = [undefined, [{ uid: 'rs-1', controller: true }], [{ uid: 'rs-2', controller: true }], [{ uid: 'x', controller: false }]];

/** One step: which of 4 pods, what happens, and which parts of the new version are shared with the old or swapped. */
const step = fc.record({
  pod: fc.integer({ min: 0, max: 3 }),
  op: fc.constantFrom('write', 'write', 'write', 'delete'),
  labels: fc.integer({ min: -1, max: LABELS.length - 1 }),
  owners: fc.integer({ min: -1, max: OWNERS.length - 1 }),
  node: fc.constantFrom(undefined, '', 'n1', 'n2', 'keep'),
  uid: fc.constantFrom('same', 'same', 'same', 'new'),
});

describe('Index', () => {
  it('an update whose keys are unchanged leaves every bucket as dropping and re-filing the entry does (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.integer({ min: 0, max: 10 }), (steps, lateStart) => {
        for (const [, keys] of FUNCS) {
          const { informer, emit } = fakeInformer();
          const reference = new ReferenceIndex(keys);
          let index: Index | undefined;
          const cache = new Map<number, KubeObject>();
          let uids = 0;
          steps.forEach((s, i) => {
            // An index made on a running informer misses the earlier ADDED events, as the factory allows.
            if (i === lateStart) index = new Index(informer, keys);
            const old = cache.get(s.pod);
            if (s.op === 'delete') {
              if (!old) return;
              cache.delete(s.pod);
              reference.apply('DELETED', old, old);
              emit('DELETED', old, old);
              return;
            }
            // -1 keeps the old version's object (shared, as the store shares unchanged subtrees); else a fresh copy.
            const labels = s.labels < 0 && old ? old.metadata.labels : structuredClone(LABELS[Math.max(0, s.labels)]);
            const owners = s.owners < 0 && old ? old.metadata.ownerReferences : structuredClone(OWNERS[Math.max(0, s.owners)]);
            const nodeName = s.node === 'keep' ? (old?.spec as { nodeName?: string } | undefined)?.nodeName : s.node;
            const uid = old && s.uid === 'same' ? old.metadata.uid! : `uid-${uids++}`;
            const obj = { metadata: { name: `p${s.pod}`, namespace: s.pod % 2 ? 'a' : 'b', uid, labels, ownerReferences: owners }, spec: { nodeName } } as unknown as KubeObject;
            cache.set(s.pod, obj);
            reference.apply(old ? 'MODIFIED' : 'ADDED', obj, old);
            emit(old ? 'MODIFIED' : 'ADDED', obj, old);
          });
          if (!index) index = new Index(informer, keys);
          if (steps.length <= lateStart) continue;
          for (const key of reference.buckets.keys()) {
            const want = reference.get(key);
            // Entries filed before the index existed are in the reference only.
            const known = lateStart === 0 ? want : want.filter((o) => index!.get(key).includes(o));
            expect(index.get(key)).toEqual(known);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lists the keys of an update that keeps them once, not for the old and the new version', () => {
    const { informer, emit } = fakeInformer();
    let calls = 0;
    const keys: IndexFunc = Object.assign((o: KubeObject) => (calls++, byNamespaceLabel(o)), { sameKeys: byNamespaceLabel.sameKeys });
    new Index(informer, keys);
    const pod = { metadata: { name: 'p', namespace: 'a', uid: 'u', labels: { app: 'web' } } } as unknown as KubeObject;
    emit('ADDED', pod, undefined);
    calls = 0;
    emit('MODIFIED', { ...pod, status: { phase: 'Running' } } as KubeObject, pod);
    expect(calls).toBe(1);
    emit('MODIFIED', { ...pod, metadata: { ...pod.metadata, labels: { app: 'web' } } } as KubeObject, pod);
    expect(calls).toBe(3);
  });
});
