/**
 * Copies of a Lease's parts for its renewals (the leader electors' every
 * 2 s, the kubelets' node leases every 10 s), made by object literals when
 * the part has the keys, in the order, the API server and the renewers give
 * it; anything else is spread. The same as the spreads they stand for (keys,
 * order, values), but made by code that knows its keys: a spread at a call
 * site that has met many hidden classes (V8's CloneObjectIC gone megamorphic,
 * as the renewal paths' sites are after a warm-up) copies key by key through
 * the runtime, some thousands of instructions per renewal. The general
 * key-by-key copy (`spreadWith`, shallow-copy.ts) measured no better here:
 * its keyed stores go megamorphic too.
 */
import type { KubeObject } from './apiserver/types.js';

type Obj = Record<string, unknown>;

/** Does `o` have exactly `keys`, in that order? */
function keysAre(o: object, keys: readonly string[]): boolean {
  const own = Object.keys(o);
  if (own.length !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) if (own[i] !== keys[i]) return false;
  return true;
}

const TOP = ['apiVersion', 'kind', 'metadata', 'spec'];
const METADATA = ['name', 'namespace', 'uid', 'creationTimestamp', 'resourceVersion'];
const OWNED_METADATA = ['name', 'namespace', 'ownerReferences', 'uid', 'creationTimestamp', 'resourceVersion'];
const ELECTION_SPEC = ['holderIdentity', 'leaseDurationSeconds', 'acquireTime', 'renewTime', 'leaseTransitions'];
const NODE_SPEC = ['holderIdentity', 'leaseDurationSeconds', 'renewTime'];

/** `{ ...lease, metadata, spec }`. */
export function leaseWith(lease: KubeObject, metadata: KubeObject['metadata'], spec: unknown): KubeObject {
  if (keysAre(lease, TOP)) return { apiVersion: lease.apiVersion, kind: lease.kind, metadata, spec };
  return { ...lease, metadata, spec };
}

/** `{ ...metadata }`. */
export function leaseMetadata(m: KubeObject['metadata']): KubeObject['metadata'] {
  const o = m as Obj;
  if (keysAre(o, METADATA)) return { name: o.name, namespace: o.namespace, uid: o.uid, creationTimestamp: o.creationTimestamp, resourceVersion: o.resourceVersion } as KubeObject['metadata'];
  if (keysAre(o, OWNED_METADATA)) return { name: o.name, namespace: o.namespace, ownerReferences: o.ownerReferences, uid: o.uid, creationTimestamp: o.creationTimestamp, resourceVersion: o.resourceVersion } as KubeObject['metadata'];
  return { ...m };
}

/** `{ ...spec }`, and with `renewTime` and `holderIdentity` when given (a node lease's renewal sets both, in that order). */
export function leaseSpec(spec: Obj, renewTime?: string, holderIdentity?: string): Obj {
  const renew = renewTime !== undefined;
  if (keysAre(spec, ELECTION_SPEC)) {
    return { holderIdentity: renew ? holderIdentity : spec.holderIdentity, leaseDurationSeconds: spec.leaseDurationSeconds, acquireTime: spec.acquireTime, renewTime: renew ? renewTime : spec.renewTime, leaseTransitions: spec.leaseTransitions };
  }
  if (keysAre(spec, NODE_SPEC)) return { holderIdentity: renew ? holderIdentity : spec.holderIdentity, leaseDurationSeconds: spec.leaseDurationSeconds, renewTime: renew ? renewTime : spec.renewTime };
  return renew ? { ...spec, renewTime, holderIdentity } : { ...spec };
}
