import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { leaseMetadata, leaseSpec, leaseWith } from '../../src/cluster/lease-copy.js';
import type { KubeObject } from '../../src/cluster/apiserver/types.js';

/** Same keys in the same order, each holding the very same value. */
function expectSame(copy: object, spread: object): void {
  expect(Object.keys(copy)).toEqual(Object.keys(spread));
  for (const key of Object.keys(spread)) expect(Object.is((copy as any)[key], (spread as any)[key])).toBe(true);
  expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
}

/** Objects over `keys` in any subset and order (the shapes a renewal meets, and every other), values of any JSON. */
function objectsOver(keys: readonly string[]) {
  // Half of them with exactly `keys` (or, for metadata, without its owner references), in order: the literals' paths.
  const exact = fc.constantFrom([...keys], keys.filter((k) => k !== 'ownerReferences'), keys.filter((k) => k !== 'acquireTime' && k !== 'leaseTransitions'));
  return fc.tuple(fc.oneof(exact, fc.shuffledSubarray([...keys, 'labels', '__proto__'])), fc.array(fc.jsonValue(), { minLength: keys.length + 2, maxLength: keys.length + 2 })).map(([picked, values]) => {
    const o: Record<string, unknown> = {};
    picked.forEach((k, i) => Object.defineProperty(o, k, { value: values[i], enumerable: true, writable: true, configurable: true }));
    return o;
  });
}

const TOP = ['apiVersion', 'kind', 'metadata', 'spec'];
const META = ['name', 'namespace', 'ownerReferences', 'uid', 'creationTimestamp', 'resourceVersion'];
const SPEC = ['holderIdentity', 'leaseDurationSeconds', 'acquireTime', 'renewTime', 'leaseTransitions'];

describe('lease copies', () => {
  it('leaseWith is { ...lease, metadata, spec }', () => {
    fc.assert(
      fc.property(objectsOver(TOP), fc.jsonValue(), (lease, spec) => {
        const meta = { name: 'x' } as KubeObject['metadata'];
        expectSame(leaseWith(lease as unknown as KubeObject, meta, spec), { ...lease, metadata: meta, spec });
      }),
    );
  });

  it('leaseMetadata is { ...metadata }', () => {
    fc.assert(fc.property(objectsOver(META), (meta) => expectSame(leaseMetadata(meta as KubeObject['metadata']), { ...meta })));
  });

  it('leaseSpec is { ...spec } and { ...spec, renewTime, holderIdentity }', () => {
    fc.assert(
      fc.property(objectsOver(SPEC), fc.string(), fc.string(), (spec, renewTime, holder) => {
        expectSame(leaseSpec(spec), { ...spec });
        expectSame(leaseSpec(spec, renewTime, holder), { ...spec, renewTime, holderIdentity: holder });
      }),
    );
  });

  it('copies the shapes renewals have by their literals: new objects, the input left alone', () => {
    const spec = Object.freeze({ holderIdentity: 'cp-1_a', leaseDurationSeconds: 15, acquireTime: 't0', renewTime: 't1', leaseTransitions: 0 });
    const renewed = leaseSpec(spec, 't2', 'cp-1_a');
    expect(renewed).toEqual({ ...spec, renewTime: 't2' });
    expect(renewed).not.toBe(spec);
    const node = Object.freeze({ holderIdentity: 'node-1', leaseDurationSeconds: 40, renewTime: 't1' });
    expect(Object.keys(leaseSpec(node, 't2', 'node-1'))).toEqual(['holderIdentity', 'leaseDurationSeconds', 'renewTime']);
    const meta = Object.freeze({ name: 'kube-scheduler', namespace: 'kube-system', uid: 'u', creationTimestamp: 'c', resourceVersion: '7' });
    const copy = leaseMetadata(meta);
    expect(copy).toEqual(meta);
    copy.resourceVersion = '8';
    expect(meta.resourceVersion).toBe('7');
  });
});
