/**
 * `kubectl describe node`: describeNode and describeNodeResource of
 * kubernetes/kubectl pkg/describe/describe.go.
 */
import type { Node, Pod } from 'kubernetes-types/core/v1.js';
import type { Lease } from 'kubernetes-types/coordination/v1.js';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './prefix-writer.js';
import { formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline, printTaintsMultiline } from './format.js';
import { describeEvents, type AnyEvent } from './events.js';
import { QuantitySum, quantityString, sumOf } from './quantity.js';
import { findNodeRoles } from '../printers/node.js';
import { translateTimestampSince } from '../output/duration.js';
import { byteCompare } from '../output/labels.js';

type ResourceSums = Map<string, QuantitySum>;

function addList(into: ResourceSums, list: Record<string, string | number> | undefined): void {
  for (const [n, q] of Object.entries(list ?? {})) {
    const s = into.get(n) ?? new QuantitySum();
    s.add(q);
    into.set(n, s);
  }
}

function maxList(into: ResourceSums, list: ResourceSums): void {
  for (const [n, q] of list) into.set(n, (into.get(n) ?? new QuantitySum()).maxWith(q));
}

/**
 * resourcehelper.PodRequestsAndLimits: containers (and sidecars) summed, raised to any regular
 * init container's own value, plus pod overhead.
 */
export function podRequestsAndLimits(pod: Pod): { requests: ResourceSums; limits: ResourceSums } {
  const requests: ResourceSums = new Map();
  const limits: ResourceSums = new Map();
  for (const c of pod.spec?.containers ?? []) {
    addList(requests, c.resources?.requests);
    addList(limits, c.resources?.limits);
  }
  const sidecarReq: ResourceSums = new Map();
  const sidecarLim: ResourceSums = new Map();
  for (const c of pod.spec?.initContainers ?? []) {
    if (c.restartPolicy === 'Always') {
      addList(requests, c.resources?.requests);
      addList(limits, c.resources?.limits);
      addList(sidecarReq, c.resources?.requests);
      addList(sidecarLim, c.resources?.limits);
      continue;
    }
    const r: ResourceSums = new Map();
    const l: ResourceSums = new Map();
    addList(r, c.resources?.requests);
    addList(l, c.resources?.limits);
    for (const [n, q] of sidecarReq) r.set(n, new QuantitySum().plus(q).plus(r.get(n) ?? new QuantitySum()));
    for (const [n, q] of sidecarLim) l.set(n, new QuantitySum().plus(q).plus(l.get(n) ?? new QuantitySum()));
    maxList(requests, r);
    maxList(limits, l);
  }
  addList(requests, pod.spec?.overhead);
  addList(limits, pod.spec?.overhead);
  return { requests, limits };
}

const pct = (part: number, whole: number): number => (whole === 0 ? 0 : Math.trunc((part / whole) * 100));
const zero = (): QuantitySum => new QuantitySum();

function describeNodeResource(pods: readonly Pod[], node: Node, w: PrefixWriter, now: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const allocatable = Object.keys(node.status?.allocatable ?? {}).length > 0 ? node.status!.allocatable! : (node.status?.capacity ?? {});
  const allocCpu = sumOf([allocatable.cpu]).milli();
  const allocMem = sumOf([allocatable.memory]).value();
  const totalReq: ResourceSums = new Map();
  const totalLim: ResourceSums = new Map();
  for (const pod of pods) {
    const { requests, limits } = podRequestsAndLimits(pod);
    const cpuReq = requests.get('cpu') ?? zero();
    const cpuLim = limits.get('cpu') ?? zero();
    const memReq = requests.get('memory') ?? zero();
    const memLim = limits.get('memory') ?? zero();
    w.write(
      LEVEL_1,
      `${pod.metadata?.namespace ?? ''}\t${pod.metadata?.name ?? ''}\t\t${cpuReq} (${pct(cpuReq.milli(), allocCpu)}%)\t${cpuLim} (${pct(cpuLim.milli(), allocCpu)}%)\t${memReq} (${pct(memReq.value(), allocMem)}%)\t${memLim} (${pct(memLim.value(), allocMem)}%)\t${translateTimestampSince(pod.metadata?.creationTimestamp, now)}\n`,
    );
    for (const [n, q] of requests) totalReq.set(n, (totalReq.get(n) ?? new QuantitySum()).plus(q));
    for (const [n, q] of limits) totalLim.set(n, (totalLim.get(n) ?? new QuantitySum()).plus(q));
  }
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const row = (name: string, useMilli: boolean): void => {
    const req = totalReq.get(name) ?? zero();
    const lim = totalLim.get(name) ?? zero();
    const alloc = sumOf([allocatable[name]]);
    const whole = useMilli ? alloc.milli() : alloc.value();
    const v = (q: QuantitySum): number => (useMilli ? q.milli() : q.value());
    w.write(LEVEL_1, `${name}\t${req} (${pct(v(req), whole)}%)\t${lim} (${pct(v(lim), whole)}%)\n`);
  };
  row('cpu', true);
  row('memory', false);
  row('ephemeral-storage', false);
  const names = Object.keys(allocatable).sort(byteCompare);
  for (const n of names.filter((x) => x.startsWith('hugepages-'))) row(n, false);
  const standard = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods', 'storage']);
  for (const n of names.filter((x) => !x.startsWith('hugepages-') && !standard.has(x))) {
    w.write(LEVEL_1, `${n}\t${totalReq.get(n) ?? zero()}\t${totalLim.get(n) ?? zero()}\n`);
  }
}

/**
 * The describe text of a node. `pods` are the pods bound to it (terminated ones are skipped);
 * `lease` is its kube-node-lease Lease, or undefined when it could not be read (then
 * `leaseError` is printed, by default the NotFound message).
 */
export function describeNode(
  node: Node,
  pods: readonly Pod[],
  events: readonly AnyEvent[] | undefined,
  now: number,
  lease?: Lease,
  leaseError?: string,
): string {
  return tabbedString((w) => {
    const name = node.metadata?.name ?? '';
    const st = node.status ?? {};
    w.write(LEVEL_0, `Name:\t${name}\n`);
    const roles = findNodeRoles(node);
    w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
    printLabelsMultiline(w, 'Labels', node.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', node.metadata?.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(node.metadata?.creationTimestamp)}\n`);
    printTaintsMultiline(w, 'Taints', node.spec?.taints);
    w.write(LEVEL_0, `Unschedulable:\t${node.spec?.unschedulable === true}\n`);
    if (lease) {
      w.write(LEVEL_0, 'Lease:\n');
      w.write(LEVEL_1, `HolderIdentity:\t${lease.spec?.holderIdentity ?? '<unset>'}\n`);
      w.write(LEVEL_1, `AcquireTime:\t${lease.spec?.acquireTime ? formatRFC1123Z(lease.spec.acquireTime) : '<unset>'}\n`);
      w.write(LEVEL_1, `RenewTime:\t${lease.spec?.renewTime ? formatRFC1123Z(lease.spec.renewTime) : '<unset>'}\n`);
    } else {
      w.write(LEVEL_0, `Lease:\tFailed to get lease: ${leaseError ?? `leases.coordination.k8s.io "${name}" not found`}\n`);
    }
    if ((st.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
      for (const c of st.conditions!) {
        w.write(LEVEL_1, `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
      }
    }
    w.write(LEVEL_0, 'Addresses:\n');
    for (const a of st.addresses ?? []) w.write(LEVEL_1, `${a.type}:\t${a.address}\n`);
    const printResourceList = (list: Record<string, string | number>): void => {
      for (const r of Object.keys(list).sort(byteCompare)) w.write(LEVEL_0, `  ${r}:\t${quantityString(list[r])}\n`);
    };
    if (Object.keys(st.capacity ?? {}).length > 0) {
      w.write(LEVEL_0, 'Capacity:\n');
      printResourceList(st.capacity!);
    }
    if (Object.keys(st.allocatable ?? {}).length > 0) {
      w.write(LEVEL_0, 'Allocatable:\n');
      printResourceList(st.allocatable!);
    }
    const info = st.nodeInfo;
    w.write(LEVEL_0, 'System Info:\n');
    w.write(LEVEL_0, `  Machine ID:\t${info?.machineID ?? ''}\n`);
    w.write(LEVEL_0, `  System UUID:\t${info?.systemUUID ?? ''}\n`);
    w.write(LEVEL_0, `  Boot ID:\t${info?.bootID ?? ''}\n`);
    w.write(LEVEL_0, `  Kernel Version:\t${info?.kernelVersion ?? ''}\n`);
    w.write(LEVEL_0, `  OS Image:\t${info?.osImage ?? ''}\n`);
    w.write(LEVEL_0, `  Operating System:\t${info?.operatingSystem ?? ''}\n`);
    w.write(LEVEL_0, `  Architecture:\t${info?.architecture ?? ''}\n`);
    w.write(LEVEL_0, `  Container Runtime Version:\t${info?.containerRuntimeVersion ?? ''}\n`);
    w.write(LEVEL_0, `  Kubelet Version:\t${info?.kubeletVersion ?? ''}\n`);
    w.write(LEVEL_0, `  Kube-Proxy Version:\t${info?.kubeProxyVersion ?? ''}\n`);
    if (node.spec?.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${node.spec.podCIDR}\n`);
    if ((node.spec?.podCIDRs ?? []).length > 0) w.write(LEVEL_0, `PodCIDRs:\t${node.spec!.podCIDRs!.join(',')}\n`);
    if (node.spec?.providerID) w.write(LEVEL_0, `ProviderID:\t${node.spec.providerID}\n`);
    // The describer lists pods with a field selector excluding Succeeded and Failed.
    const running = pods.filter((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
    describeNodeResource(running, node, w, now);
    describeEvents(events, w, now);
  });
}
