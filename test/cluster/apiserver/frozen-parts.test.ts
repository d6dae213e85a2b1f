import { describe, it, expect } from 'vitest';
import { FrozenPart, isFrozenStrings } from '../../../src/cluster/apiserver/frozen-parts.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import { harness, ok } from './harness.js';

type Obj = Record<string, any>;

/** The reference: the own values of `keys` in `body` that are frozen objects of strings, or undefined if none. */
function frozenStringParts(body: object, keys: readonly string[]): Record<string, unknown> | undefined {
  let base: Record<string, unknown> | undefined;
  for (const key of keys) {
    if (!Object.hasOwn(body, key)) continue;
    const value = (body as Record<string, unknown>)[key];
    if (isFrozenStrings(value)) (base ??= {})[key] = value;
  }
  return base;
}

const event = (name: string, involvedObject: Obj, source: Obj): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Event', metadata: { name }, involvedObject, source, reason: 'Pulled', message: 'm', type: 'Normal' }) as unknown as KubeObject;

describe('frozen request parts', () => {
  it('only a frozen plain object of strings counts as its own copy', () => {
    expect(isFrozenStrings(Object.freeze({ a: 'x', b: 'y' }))).toBe(true);
    expect(isFrozenStrings(Object.freeze({}))).toBe(true);
    expect(isFrozenStrings({ a: 'x' })).toBe(false);
    expect(isFrozenStrings(Object.freeze({ a: 'x', n: 1 }))).toBe(false);
    expect(isFrozenStrings(Object.freeze({ a: 'x', u: undefined }))).toBe(false);
    expect(isFrozenStrings(Object.freeze({ a: Object.freeze({ b: 'x' }) }))).toBe(false);
    expect(isFrozenStrings(Object.freeze(['x']))).toBe(false);
    expect(isFrozenStrings(Object.freeze(Object.assign(Object.create({ inherited: 1 }), { a: 'x' })))).toBe(false);
    const frozenRef = Object.freeze({ a: 'x' });
    const body = { involvedObject: frozenRef, source: { component: 'k' } };
    expect(new FrozenPart('involvedObject').of(body)).toBe(frozenRef);
    expect(new FrozenPart('source').of(body)).toBeUndefined();
    expect(new FrozenPart('involvedObject').of({ source: frozenRef })).toBeUndefined();
  });

  it('FrozenPart answers as frozenStringParts does for its key, whatever it remembered', () => {
    const keys = ['involvedObject', 'source'];
    const parts = keys.map((key) => new FrozenPart(key));
    const viaParts = (body: Obj) => {
      let base: Obj | undefined;
      for (const part of parts) {
        const value = part.of(body);
        if (value !== undefined) (base ??= {})[part.key] = value;
      }
      return base;
    };
    const ref = Object.freeze({ kind: 'Pod', name: 'web' });
    const source = Object.freeze({ component: 'kubelet', host: 'node-1' });
    const later: Obj = { kind: 'Pod', name: 'db' };
    const bodies: Obj[] = [
      { involvedObject: undefined, source: undefined },
      { involvedObject: ref, source },
      { involvedObject: ref, source },
      { involvedObject: later, source },
      { involvedObject: ref },
      { source: ref, involvedObject: source },
      { involvedObject: undefined, source: undefined },
      { involvedObject: null, source },
      Object.create({ involvedObject: ref }),
    ];
    for (const body of bodies) expect(viaParts(body)).toStrictEqual(frozenStringParts(body, keys));
    // A value seen mutable is not remembered: frozen later with a number in it, it is still no part to keep.
    later.n = 1;
    Object.freeze(later);
    expect(parts[0].of({ involvedObject: later })).toBeUndefined();
    // Frozen later with strings only, it is one (a remembered "no" would say otherwise).
    const fine: Obj = { kind: 'Pod', name: 'api' };
    expect(parts[0].of({ involvedObject: fine })).toBeUndefined();
    Object.freeze(fine);
    expect(parts[0].of({ involvedObject: fine })).toBe(fine);
  });

  it('an event create stores a frozen involvedObject and source as they are, and copies mutable ones', () => {
    const h = harness();
    const ref = Object.freeze({ apiVersion: 'v1', kind: 'Pod', name: 'web', namespace: 'default', uid: 'u-1', resourceVersion: '5' });
    const source = Object.freeze({ component: 'kubelet', host: 'node-1' });
    const shared = ok(h.sys.create('events', 'default', event('e1', ref, source))) as Obj;
    expect(shared.involvedObject).toBe(ref);
    expect(shared.source).toBe(source);
    const mutableRef: Obj = { ...ref };
    const mutableSource = { ...source };
    const copied = ok(h.sys.create('events', 'default', event('e2', mutableRef, mutableSource))) as Obj;
    expect(copied.involvedObject).not.toBe(mutableRef);
    expect(copied.source).not.toBe(mutableSource);
    mutableRef.name = 'changed';
    expect(copied.involvedObject).toEqual(ref);
    // The stored events read the same whichever way their parts came.
    const strip = (e: Obj) => JSON.stringify({ ...e, metadata: { ...e.metadata, name: '', uid: '', resourceVersion: '' } });
    expect(strip(shared)).toBe(strip(copied));
  });

  it('a pod create copies even a frozen part (only events share)', () => {
    const h = harness();
    const labels = Object.freeze({ app: 'web' });
    const created = ok(h.sys.create('pods', 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels }, spec: { containers: [{ name: 'a', image: 'nginx' }] } } as unknown as KubeObject)) as Obj;
    expect(created.metadata.labels).toEqual(labels);
    expect(created.metadata.labels).not.toBe(labels);
  });
});
