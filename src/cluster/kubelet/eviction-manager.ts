/**
 * The kubelet's eviction manager for disk (pkg/kubelet/eviction/
 * eviction_manager.go, helpers.go): every 10 s it observes the node
 * filesystem, compares it with the hard thresholds kubeadm leaves at their
 * defaults (nodefs.available<10%, imagefs.available<15%; on a single-disk
 * node both measure the root filesystem), reports DiskPressure, reclaims
 * node-level resources (exited containers, unused images) and then evicts
 * one pod per round, ranked by whether it exceeds its requests, priority
 * and usage. The condition stays on for evictionPressureTransitionPeriod.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { ContainerRuntime } from '../runtime/runtime.js';
import { klogKV } from '../host/journal.js';

type Obj = Record<string, any>;

const KI = 1024;
const MI = 1024 * KI;

/** The housekeeping interval of the eviction manager (evictionMonitoringPeriod). */
export const EVICTION_MONITORING_PERIOD_MS = 10_000;
/**
 * evictionPressureTransitionPeriod: kubeadm writes `0s`, which the
 * KubeletConfiguration v1beta1 defaulting turns into 5m.
 */
export const PRESSURE_TRANSITION_PERIOD_MS = 5 * 60_000;
/** What the operating system occupies on the root filesystem (same figure `df` uses). */
export const OS_DISK_BYTES = 4_400 * MI;
/** A container's writable layer. */
const CONTAINER_LAYER_BYTES = 64 * KI;
/** scheduling.SystemCriticalPriority: pods at or above it are never evicted. */
const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;

/** The disk signals kubeadm's default hard thresholds watch. */
const DISK_THRESHOLDS = [
  { signal: 'imagefs.available', percent: 0.15 },
  { signal: 'nodefs.available', percent: 0.1 },
] as const;

/** The highest threshold: disk available at or above it meets none. */
const MOST_PERCENT = Math.max(...DISK_THRESHOLDS.map((t) => t.percent));
const NONE_MET: readonly (typeof DISK_THRESHOLDS)[number][] = Object.freeze([]);

/** The machine facts the eviction manager reads. */
export interface EvictionMachine {
  /** Bytes of files under a path of the host filesystem. */
  usage(path: string): number;
  /** Size of the root filesystem. */
  diskBytes(): number;
}

/** Root filesystem figures (what statfs gives cAdvisor, and what `df` shows). */
export interface FsStats {
  capacity: number;
  used: number;
  available: number;
}

/** The root filesystem of a node: OS, files, images and container layers and logs. */
export function nodeFsStats(machine: EvictionMachine, runtime: ContainerRuntime): FsStats {
  const capacity = machine.diskBytes();
  let used = OS_DISK_BYTES + machine.usage('/');
  // Image sizes are whole bytes (the scenario schema's int): their total, kept by the store, adds up to the same.
  used += runtime.images.totalBytes();
  used += runtime.containers.size * CONTAINER_LAYER_BYTES;
  used = Math.min(used, capacity);
  // statfs counts 4 KiB blocks.
  const available = Math.floor((capacity - used) / 4096) * 4096;
  return { capacity, used: capacity - available, available };
}

/** What the eviction manager needs from its kubelet. */
export interface EvictionHost {
  readonly runtime: ContainerRuntime;
  readonly machine: EvictionMachine;
  readonly nodeName: string;
  now(): number;
  log(severity: 'I' | 'W' | 'E', source: string, message: string): void;
  /** The node's pods that are not terminated, as the kubelet knows them. */
  activePods(): KubeObject[];
  /** Kills a pod and reports it Failed/Evicted with `message`; false when it is not this kubelet's to kill. */
  evictPod(pod: KubeObject, message: string): boolean;
  /** Records an event on the Node. */
  nodeEvent(type: 'Normal' | 'Warning', reason: string, message: string): void;
}

/** The disk half of the kubelet's eviction manager. */
export class EvictionManager {
  /** When a threshold was last seen met (for the transition period). */
  private lastMet?: number;
  private pressure = false;

  constructor(private readonly host: EvictionHost) {}

  /** Is DiskPressure on (thresholds met now, or within the transition period)? */
  diskPressure(): boolean {
    return this.pressure;
  }

  /** Warm-up skipped idle time. */
  shift(delta: number): void {
    if (this.lastMet !== undefined) this.lastMet += delta;
  }

  /** synchronize(): one round of observation, reclaim and at most one eviction. */
  synchronize(): void {
    const now = this.host.now();
    let met = this.thresholdsMet();
    if (met.length) this.lastMet = now;
    const pressure = this.lastMet !== undefined && now - this.lastMet < PRESSURE_TRANSITION_PERIOD_MS;
    if (pressure !== this.pressure) {
      this.pressure = pressure;
      // kubelet recordNodeStatusEvent, on the condition's transition.
      this.host.nodeEvent('Normal', pressure ? 'NodeHasDiskPressure' : 'NodeHasNoDiskPressure', `Node ${this.host.nodeName} status is now: ${pressure ? 'NodeHasDiskPressure' : 'NodeHasNoDiskPressure'}`);
    }
    if (!met.length) return;
    const resource = 'ephemeral-storage';
    this.host.log('I', 'eviction_manager.go:381', klogKV('Eviction manager: attempting to reclaim', { resourceName: resource }));
    this.host.nodeEvent('Warning', 'EvictionThresholdMet', `Attempting to reclaim ${resource}`);
    this.reclaimNodeLevel();
    met = this.thresholdsMet();
    if (!met.length) {
      this.host.log('I', 'eviction_manager.go:388', klogKV('Eviction manager: able to reduce resource pressure without evicting pods.', { resourceName: resource }));
      return;
    }
    this.host.log('I', 'eviction_manager.go:392', klogKV('Eviction manager: must evict pod(s) to reclaim', { resourceName: resource }));
    const ranked = this.rank(this.host.activePods());
    this.host.log('I', 'eviction_manager.go:410', `${klogKV('Eviction manager: pods ranked for eviction')} pods=${JSON.stringify(ranked.map((p) => `${p.metadata.namespace}/${p.metadata.name}`))}`);
    const stats = nodeFsStats(this.host.machine, this.host.runtime);
    const threshold = met[0];
    for (const pod of ranked) {
      const ref = `${pod.metadata.namespace}/${pod.metadata.name}`;
      if (isCritical(pod)) {
        this.host.log('E', 'eviction_manager.go:598', klogKV('Eviction manager: cannot evict a critical pod', { pod: ref }));
        continue;
      }
      const message = evictionMessage(pod, binaryQuantity(Math.floor(stats.capacity * threshold.percent)), binaryQuantity(stats.available), (uid) => this.podUsage(uid));
      if (!this.host.evictPod(pod, message)) continue;
      this.host.log('I', 'eviction_manager.go:629', klogKV('Eviction manager: pod is evicted successfully', { pod: ref }));
      return;
    }
    this.host.log('I', 'eviction_manager.go:419', klogKV('Eviction manager: unable to evict any pods from the node'));
  }

  private thresholdsMet(): readonly (typeof DISK_THRESHOLDS)[number][] {
    const stats = nodeFsStats(this.host.machine, this.host.runtime);
    // The common answer on every 10 s round, without a new array: nothing met.
    if (stats.available >= stats.capacity * MOST_PERCENT) return NONE_MET;
    return DISK_THRESHOLDS.filter((t) => stats.available < stats.capacity * t.percent);
  }

  /** Container and image garbage collection (container_gc.go, image_gc_manager.go). */
  private reclaimNodeLevel(): void {
    const runtime = this.host.runtime;
    this.host.log('I', 'container_gc.go:86', klogKV('Attempting to delete unused containers'));
    this.host.log('I', 'image_gc_manager.go:459', klogKV('Attempting to delete unused images'));
    const inUse = new Set([...runtime.containers.values()].map((c) => c.imageId));
    for (const img of [...runtime.images.values()]) {
      if (inUse.has(img.id)) continue;
      this.host.log('I', 'image_gc_manager.go:514', klogKV('Removing image to free bytes', { imageID: img.id, size: img.sizeBytes, runtimeHandler: '' }));
      runtime.images.delete(img.id);
    }
  }

  /** rankDiskPressureFunc: pods exceeding their requests first, then lower priority, then larger usage. */
  private rank(pods: KubeObject[]): KubeObject[] {
    const usage = (p: KubeObject) => this.podUsage(p.metadata.uid!).reduce((a, c) => a + c.bytes, 0);
    const request = (p: KubeObject) => ((p.spec as Obj).containers as Obj[]).reduce((a, c) => a + bytesOf(c.resources?.requests?.['ephemeral-storage']), 0);
    const exceeds = (p: KubeObject) => (usage(p) > request(p) ? 0 : 1);
    const priority = (p: KubeObject) => ((p.spec as Obj).priority as number | undefined) ?? 0;
    return [...pods].sort((a, b) => exceeds(a) - exceeds(b) || priority(a) - priority(b) || usage(b) - usage(a));
  }

  /** Each container's writable layer plus its log file (what cAdvisor reports as rootfs + logs). */
  private podUsage(uid: string): { name: string; bytes: number }[] {
    const out: { name: string; bytes: number }[] = [];
    for (const c of this.host.runtime.containers.values()) {
      if (c.podUid !== uid || c.state !== 'CONTAINER_RUNNING') continue;
      const logBytes = c.logs.lines().reduce((a, l) => a + Buffer.byteLength(l.line) + 45, 0);
      out.push({ name: c.name, bytes: CONTAINER_LAYER_BYTES + Math.ceil(logBytes / 4096) * 4096 });
    }
    return out;
  }
}

/**
 * helpers.go evictionMessage: nodeLowMessageFmt, thresholdMetMessageFmt,
 * then containerMessageFmt for each container using more than it requested
 * (each fragment ends with ". ", so the message has a trailing space).
 */
export function evictionMessage(pod: KubeObject, threshold: string, available: string, usage: (uid: string) => { name: string; bytes: number }[]): string {
  let message = `The node was low on resource: ephemeral-storage. Threshold quantity: ${threshold}, available: ${available}. `;
  const used = usage(pod.metadata.uid!);
  for (const c of (pod.spec as Obj).containers as Obj[]) {
    const u = used.find((x) => x.name === c.name);
    const requested = c.resources?.requests?.['ephemeral-storage'];
    if (!u || u.bytes <= bytesOf(requested)) continue;
    message += `Container ${c.name} was using ${binaryQuantity(u.bytes)}, request is ${requested ?? '0'}, has larger consumption of ephemeral-storage. `;
  }
  return message;
}

/** kubelettypes.IsCriticalPod: static and mirror pods, and system-critical priorities. */
function isCritical(pod: KubeObject): boolean {
  const source = pod.metadata.annotations?.['kubernetes.io/config.source'];
  if (source && source !== 'api') return true;
  if (pod.metadata.annotations?.['kubernetes.io/config.mirror']) return true;
  return (((pod.spec as Obj).priority as number | undefined) ?? 0) >= SYSTEM_CRITICAL_PRIORITY;
}

/** A resource.Quantity in BinarySI as Go prints it: the largest power of 1024 that divides it exactly. */
export function binaryQuantity(bytes: number): string {
  if (bytes === 0) return '0';
  const suffixes = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
  let value = bytes;
  let i = 0;
  while (i < suffixes.length - 1 && value % 1024 === 0) {
    value /= 1024;
    i++;
  }
  return `${value}${suffixes[i]}`;
}

function bytesOf(q: string | undefined): number {
  if (!q) return 0;
  const m = /^(\d+(?:\.\d+)?)([KMGTPE]i?|[kmgtpe])?$/.exec(String(q));
  if (!m) return 0;
  const bin: Record<string, number> = { Ki: KI, Mi: MI, Gi: 1024 * MI, Ti: 1024 ** 4, Pi: 1024 ** 5, Ei: 1024 ** 6 };
  const dec: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };
  return Number(m[1]) * (bin[m[2] ?? ''] ?? dec[m[2] ?? ''] ?? 1);
}
