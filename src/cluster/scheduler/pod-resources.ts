/**
 * A pod's effective resource requests, after
 * `k8s.io/component-helpers/resource/helpers.go` PodRequests: sum of the
 * containers, the max rule for init containers (restartable "sidecar" init
 * containers add up and stay), plus spec.overhead.
 */
import type { Container, Pod } from 'kubernetes-types/core/v1.js';
import { tryParseQuantityExact, parseCpuMilli, parseBytes } from '../quantity.js';
import type { HostPort, Resources } from './types.js';
import { sharedResources } from './shared-facts.js';

/** Default CPU request counted for scoring when a container sets none (`schedutil.DefaultMilliCPURequest`). */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
/** Default memory request counted for scoring when a container sets none (`schedutil.DefaultMemoryRequest`, 200Mi). */
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

type ResourceList = Map<string, number>;

/** An empty Resources value. */
export function emptyResources(): Resources {
  return { milliCpu: 0, memory: 0, ephemeralStorage: 0, scalar: {} };
}

// Parsed quantities by text: pods made from one template repeat the same few values.
const cpuAmounts = new Map<string | number, number>();
const byteAmounts = new Map<string | number, number>();
const MAX_REMEMBERED_AMOUNTS = 4096;

function amount(name: string, value: string | number): number {
  const cache = name === 'cpu' ? cpuAmounts : byteAmounts;
  let v = cache.get(value);
  if (v === undefined) {
    v = tryParseQuantityExact(value) === undefined ? 0 : name === 'cpu' ? parseCpuMilli(value) : parseBytes(value);
    if (cache.size >= MAX_REMEMBERED_AMOUNTS) cache.clear();
    cache.set(value, v);
  }
  return v;
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
 * What the scheduler derives from a pod's spec (requests, host ports, images),
 * memoized. Stored objects are never mutated (every write makes a new object),
 * and these depend only on the containers, init containers and overhead: a
 * status write shares the spec, and binding (or assuming) copies the spec but
 * shares its containers, so every version of a pod reuses the same facts.
 */
export interface SpecFacts {
  readonly initContainers: unknown;
  readonly overhead: unknown;
  requests?: Resources;
  nonZeroRequests?: Resources;
  /** Filled by node-info's podHostPorts. */
  hostPorts?: readonly HostPort[];
  /** Filled by ImageLocality: normalized images of the init and app containers. */
  images?: readonly string[];
}

/**
 * Facts by the containers array (the spec, or the pod, when it has none). Every version of a pod shares it,
 * so one entry serves them all: keyed by the spec as well, each new version (created, assumed, bound) cost
 * two more WeakMap writes (specFacts was 225 ms of its own at 300 nodes, more than schedulePod).
 */
const factsByContainers = new WeakMap<object, SpecFacts>();

/** The memoized facts of a pod's spec (see SpecFacts). */
export function specFacts(pod: Pod): SpecFacts {
  const spec = pod.spec;
  const key: object = spec?.containers ?? specKey(pod);
  let facts = factsByContainers.get(key);
  // Versions that share the containers but not the init containers or overhead (never seen in practice) get their own.
  if (facts && facts.initContainers === spec?.initContainers && facts.overhead === spec?.overhead) return facts;
  // Every field in the literal, so the ones filled later stay in the object (no separate property array).
  facts = { initContainers: spec?.initContainers, overhead: spec?.overhead, requests: undefined, nonZeroRequests: undefined, hostPorts: undefined, images: undefined };
  factsByContainers.set(key, facts);
  return facts;
}

/** What per-pod memos are keyed by when a pod has no containers: the spec object (shared by the versions a status write makes). */
export function specKey(pod: Pod): object {
  return pod.spec ?? pod;
}

/**
 * The pod's requests by resource name (cpu in millicores, others as integers).
 * With `nonMissing`, containers lacking a cpu/memory request count the scheduler defaults.
 */
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

/** Adds `value` of resource `name` to `r` (pods and unknown core names dropped, as toResources does). */
function addAmount(r: Resources, name: string, value: number): void {
  if (name === 'cpu') r.milliCpu += value;
  else if (name === 'memory') r.memory += value;
  else if (name === 'ephemeral-storage') r.ephemeralStorage += value;
  else if (isScalarResourceName(name)) r.scalar[name] = (r.scalar[name] ?? 0) + value;
}

/**
 * toResources(computeRequestList(pod, nonMissing)) for a pod with app
 * containers only (no init containers, no overhead: nearly every pod), summed
 * straight into the result without a list per container.
 */
function appContainerRequests(containers: readonly Container[], nonMissing: boolean): Resources {
  const r = emptyResources();
  for (const c of containers) {
    const requests = c.resources?.requests as Record<string, string | number> | undefined;
    const limits = c.resources?.limits as Record<string, string | number> | undefined;
    let cpu = false;
    let memory = false;
    // Own keys of parsed JSON objects (names like `__proto__` would only land in r.scalar as data, never isScalar).
    if (requests) {
      for (const name of Object.keys(requests)) {
        addAmount(r, name, amount(name, requests[name] as string | number));
        if (name === 'cpu') cpu = true;
        else if (name === 'memory') memory = true;
      }
    }
    if (limits) {
      for (const name of Object.keys(limits)) {
        if (requests && Object.hasOwn(requests, name)) continue;
        addAmount(r, name, amount(name, limits[name] as string | number));
        if (name === 'cpu') cpu = true;
        else if (name === 'memory') memory = true;
      }
    }
    if (nonMissing) {
      if (!cpu) r.milliCpu += DEFAULT_MILLI_CPU_REQUEST;
      if (!memory) r.memory += DEFAULT_MEMORY_REQUEST;
    }
  }
  return r;
}

function requestsOf(pod: Pod, nonMissing: boolean): Resources {
  const spec = pod.spec;
  if (spec && spec.initContainers === undefined && spec.overhead === undefined) return appContainerRequests(spec.containers ?? [], nonMissing);
  return toResources(computeRequestList(pod, nonMissing));
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

/** The pod's effective requests (PreFilter state of NodeResourcesFit); shared per pod spec, do not change it. */
export function podRequests(pod: Pod, facts: SpecFacts = specFacts(pod)): Resources {
  return (facts.requests ??= sharedResources(requestsOf(pod, false)));
}

/** The pod's requests with scoring defaults for missing cpu/memory (GetNonzeroRequests); shared, do not change it. */
export function podNonZeroRequests(pod: Pod, facts: SpecFacts = specFacts(pod)): Resources {
  return (facts.nonZeroRequests ??= sharedResources(requestsOf(pod, true)));
}

/** spec.priority, 0 when unset (corev1helpers.PodPriority). */
export function podPriority(pod: Pod): number {
  return pod.spec?.priority ?? 0;
}
