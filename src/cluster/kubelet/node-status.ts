/**
 * The Node object a kubelet registers and the status it posts
 * (pkg/kubelet/kubelet_node_status.go, pkg/kubelet/nodestatus/setters.go).
 */
import { CONTAINERD_VERSION } from '../runtime/containerd-log.js';
import { parseBytes, parseCpuMilli } from '../quantity.js';
import { isoSeconds } from '../clock/time-text.js';
import { jsonEqual } from '../json.js';

type Obj = Record<string, any>;

/** A node as the scenario declares it: its role, hardware, labels and taints. */
export interface DeclaredNode {
  name: string;
  role: 'control-plane' | 'worker';
  cpu: string;
  memory: string;
  pods: number;
  ephemeralStorage: string;
  labels: Record<string, string>;
  taints: { key: string; value?: string; effect: string }[];
  unschedulable: boolean;
}

/** A node's hardware and identity: as declared, with what the cluster gives it. */
export interface NodeSpec extends DeclaredNode {
  ip: string;
  kubeletVersion: string;
  /** Seeded identity strings (machine-id, boot-id, system UUID). */
  machineId: string;
  bootId: string;
  systemUuid: string;
}

/** The running kernel of every node (Ubuntu 22.04's GA kernel): node status, `dmesg`. */
export const KERNEL_VERSION = '5.15.0-126-generic';

/** Memory held back by the default hard eviction threshold (memory.available<100Mi). */
const EVICTION_HARD_MEMORY = 100 * 1024 * 1024;

/** The Node object the kubelet creates when it registers. */
export function nodeObject(spec: NodeSpec): Obj {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': spec.name,
    'kubernetes.io/os': 'linux',
    ...(spec.role === 'control-plane' ? { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' } : {}),
    ...spec.labels,
  };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: spec.name,
      labels,
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///var/run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: {
      ...(spec.taints.length ? { taints: spec.taints.map((t) => ({ effect: t.effect, key: t.key, ...(t.value ? { value: t.value } : {}) })) } : {}),
      ...(spec.unschedulable ? { unschedulable: true } : {}),
    },
  };
}

/** Inputs of a node status. */
export interface NodeStatusInput {
  spec: NodeSpec;
  now: number;
  /** Ready=False message parts (runtime down, PLEG, network); empty = Ready. */
  notReadyReasons: string[];
  images: { names: string[]; sizeBytes: number }[];
  previous: Obj | undefined;
  /** The eviction manager reports disk pressure. */
  diskPressure?: boolean;
  /** Whether this post is a heartbeat (updates lastHeartbeatTime). */
}

/** The status the kubelet posts. */
export function nodeStatus(input: NodeStatusInput): Obj {
  const { spec, now, previous } = input;
  const memBytes = parseBytes(spec.memory);
  const storageBytes = parseBytes(spec.ephemeralStorage);
  const capacity = {
    cpu: String(parseCpuMilli(spec.cpu) / 1000),
    'ephemeral-storage': `${Math.floor(storageBytes / 1024)}Ki`,
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: `${Math.floor(memBytes / 1024)}Ki`,
    pods: String(spec.pods),
  };
  const allocatable = {
    ...capacity,
    'ephemeral-storage': String(Math.floor(storageBytes * 0.9)),
    memory: `${Math.floor((memBytes - EVICTION_HARD_MEMORY) / 1024)}Ki`,
  };
  const prev: Obj[] = previous?.conditions ?? [];
  const condition = (type: string, ok: boolean, reason: string, message: string): Obj => {
    const status = ok ? 'True' : 'False';
    const old = prev.find((c) => c.type === type);
    return { lastHeartbeatTime: isoSeconds(now), lastTransitionTime: old && old.status === status ? old.lastTransitionTime : isoSeconds(now), message, reason, status, type };
  };
  const ready = input.notReadyReasons.length === 0;
  const notReadyMessage = input.notReadyReasons.length === 1 ? input.notReadyReasons[0] : `[${input.notReadyReasons.join(', ')}]`;
  return {
    addresses: [
      { address: spec.ip, type: 'InternalIP' },
      { address: spec.name, type: 'Hostname' },
    ],
    allocatable,
    capacity,
    conditions: [
      condition('MemoryPressure', false, 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
      input.diskPressure ? condition('DiskPressure', true, 'KubeletHasDiskPressure', 'kubelet has disk pressure') : condition('DiskPressure', false, 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
      condition('PIDPressure', false, 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
      ready ? condition('Ready', true, 'KubeletReady', 'kubelet is posting ready status') : condition('Ready', false, 'KubeletNotReady', notReadyMessage),
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    images: input.images,
    nodeInfo: {
      architecture: 'amd64',
      bootID: spec.bootId,
      containerRuntimeVersion: `containerd://${CONTAINERD_VERSION.slice(1)}`,
      kernelVersion: KERNEL_VERSION,
      kubeProxyVersion: spec.kubeletVersion,
      kubeletVersion: spec.kubeletVersion,
      machineID: spec.machineId,
      operatingSystem: 'linux',
      osImage: 'Ubuntu 22.04.5 LTS',
      systemUUID: spec.systemUuid,
    },
  };
}

/** Do two node statuses differ in more than their heartbeat times (kubelet_node_status.go nodeStatusHasChanged)? */
export function sameButHeartbeats(a: Obj | undefined, b: Obj | undefined): boolean {
  if (!a || !b) return a === b;
  if (!sameExcept(a, b, 'conditions')) return false;
  const ca: Obj[] = a.conditions ?? [];
  const cb: Obj[] = b.conditions ?? [];
  if (ca.length !== cb.length) return false;
  for (let i = 0; i < ca.length; i++) if (!sameExcept(ca[i], cb[i], 'lastHeartbeatTime')) return false;
  return true;
}

/** jsonEqual of two objects, one key aside (compared in place: the status loop runs every 10 s on every node). */
function sameExcept(a: Obj, b: Obj, skip: string): boolean {
  let count = 0;
  for (const key in a) {
    if (key === skip || a[key] === undefined) continue;
    count++;
    if (!jsonEqual(a[key], b[key])) return false;
  }
  for (const key in b) if (key !== skip && b[key] !== undefined) count--;
  return count === 0;
}
