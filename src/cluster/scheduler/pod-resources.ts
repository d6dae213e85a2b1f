/**
 * A pod's effective resource requests, after
 * `k8s.io/component-helpers/resource/helpers.go` PodRequests: sum of the
 * containers, the max rule for init containers (restartable "sidecar" init
 * containers add up and stay), plus spec.overhead.
 */
import type { Container, Pod } from 'kubernetes-types/core/v1.js';
import { tryParseQuantityExact, parseCpuMilli, parseBytes } from '../quantity.js';
import type { Resources } from './types.js';

/** Default CPU request counted for scoring when a container sets none (`schedutil.DefaultMilliCPURequest`). */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
/** Default memory request counted for scoring when a container sets none (`schedutil.DefaultMemoryRequest`, 200Mi). */
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

type ResourceList = Map<string, number>;

/** An empty Resources value. */
export function emptyResources(): Resources {
  return { milliCpu: 0, memory: 0, ephemeralStorage: 0, scalar: {} };
}

function amount(name: string, value: string | number): number {
  if (tryParseQuantityExact(value) === undefined) return 0;
  return name === 'cpu' ? parseCpuMilli(value) : parseBytes(value);
}

function containerRequests(c: Container, nonMissing: boolean): ResourceList {
  const list: ResourceList = new Map();
  const requests = (c.resources?.requests ?? {}) as Record<string, string | number>;
  const limits = (c.resources?.limits ?? {}) as Record<string, string | number>;
  for (const [name, value] of Object.entries(requests)) list.set(name, amount(name, value));
  // API defaulting copies limits into missing requests; do it here too so a
  // store that skipped defaulting still schedules like a real cluster.
  for (const [name, value] of Object.entries(limits)) {
    if (!list.has(name)) list.set(name, amount(name, value));
  }
  if (nonMissing) {
    if (!list.has('cpu')) list.set('cpu', DEFAULT_MILLI_CPU_REQUEST);
    if (!list.has('memory')) list.set('memory', DEFAULT_MEMORY_REQUEST);
  }
  return list;
}

function add(into: ResourceList, from: ResourceList): void {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
}

function max(into: ResourceList, from: ResourceList): void {
  for (const [k, v] of from) into.set(k, Math.max(into.get(k) ?? 0, v));
}

/**
 * The pod's requests by resource name (cpu in millicores, others as integers).
 * With `nonMissing`, containers lacking a cpu/memory request count the scheduler defaults.
 */
export function podRequestList(pod: Pod, nonMissing = false): ReadonlyMap<string, number> {
  // Stored objects are never mutated (every write makes a new object), so results can be memoized per
  // object; they depend on the spec only, which a status write leaves as it was.
  const cache = nonMissing ? nonMissingCache : requestCache;
  const key = specKey(pod);
  let cached = cache.get(key);
  if (!cached) {
    cached = computeRequestList(pod, nonMissing);
    cache.set(key, cached);
  }
  return cached;
}

const requestCache = new WeakMap<object, ReadonlyMap<string, number>>();
const nonMissingCache = new WeakMap<object, ReadonlyMap<string, number>>();

/** What per-pod memos are keyed by: the spec object (shared by the versions a status write makes). */
export function specKey(pod: Pod): object {
  return pod.spec ?? pod;
}

function computeRequestList(pod: Pod, nonMissing: boolean): ReadonlyMap<string, number> {
  const reqs: ResourceList = new Map();
  for (const c of pod.spec?.containers ?? []) add(reqs, containerRequests(c, nonMissing));
  const sidecars: ResourceList = new Map();
  const initMax: ResourceList = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    const own = containerRequests(c, nonMissing);
    if (c.restartPolicy === 'Always') {
      add(reqs, own);
      add(sidecars, own);
      max(initMax, sidecars);
    } else {
      const effective: ResourceList = new Map(own);
      add(effective, sidecars);
      max(initMax, effective);
    }
  }
  max(reqs, initMax);
  const overhead = (pod.spec?.overhead ?? {}) as Record<string, string | number>;
  for (const [name, value] of Object.entries(overhead)) reqs.set(name, (reqs.get(name) ?? 0) + amount(name, value));
  return reqs;
}

/** Converts a resource list to the scheduler's Resources (pods and unknown core names dropped). */
export function toResources(list: ReadonlyMap<string, number>): Resources {
  const r = emptyResources();
  for (const [name, value] of list) {
    if (name === 'cpu') r.milliCpu = value;
    else if (name === 'memory') r.memory = value;
    else if (name === 'ephemeral-storage') r.ephemeralStorage = value;
    else if (isScalarResourceName(name)) r.scalar[name] = value;
  }
  return r;
}

/** True for extended (`vendor.com/x`), hugepages and attachable-volume resources, as schedutil.IsScalarResourceName. */
export function isScalarResourceName(name: string): boolean {
  if (name.startsWith('hugepages-') || name.startsWith('attachable-volumes-')) return true;
  // Extended resources are fully qualified names outside the kubernetes.io/ namespace.
  return name.includes('/') && !name.startsWith('kubernetes.io/') && !name.startsWith('requests.');
}

const resourcesCache = new WeakMap<object, Resources>();
const nonZeroResourcesCache = new WeakMap<object, Resources>();

/** The pod's effective requests (PreFilter state of NodeResourcesFit); shared per pod object, do not change it. */
export function podRequests(pod: Pod): Resources {
  let r = resourcesCache.get(specKey(pod));
  if (!r) resourcesCache.set(specKey(pod), (r = toResources(podRequestList(pod))));
  return r;
}

/** The pod's requests with scoring defaults for missing cpu/memory (GetNonzeroRequests); shared, do not change it. */
export function podNonZeroRequests(pod: Pod): Resources {
  let r = nonZeroResourcesCache.get(specKey(pod));
  if (!r) nonZeroResourcesCache.set(specKey(pod), (r = toResources(podRequestList(pod, true))));
  return r;
}

/** spec.priority, 0 when unset (corev1helpers.PodPriority). */
export function podPriority(pod: Pod): number {
  return pod.spec?.priority ?? 0;
}
