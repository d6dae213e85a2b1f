/**
 * `kubectl describe pod`: describePod of kubernetes/kubectl pkg/describe/describe.go.
 */
import type { Container, Pod } from 'kubernetes-types/core/v1.js';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './prefix-writer.js';
import { controllerOf, formatRFC1123Z, printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './format.js';
import { describeContainers, describeVolumes, envValueRetriever } from './containers.js';
import { describeEvents, type AnyEvent } from './events.js';
import { translateTimestampSince } from '../output/duration.js';
import { sumOf } from './quantity.js';

const SUPPORTED_QOS = ['cpu', 'memory'];

/** qos.GetPodQOS: Guaranteed, Burstable or BestEffort from container requests and limits. */
export function podQOS(pod: Pod): string {
  const all: Container[] = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  const requests = new Map<string, string[]>();
  const limits = new Map<string, string[]>();
  let guaranteed = true;
  const nonZero = (q: string | number): boolean => sumOf([q]).toString() !== '0';
  for (const c of all) {
    for (const [n, q] of Object.entries(c.resources?.requests ?? {})) {
      if (SUPPORTED_QOS.includes(n) && nonZero(q)) requests.set(n, [...(requests.get(n) ?? []), String(q)]);
    }
    const found = new Set<string>();
    for (const [n, q] of Object.entries(c.resources?.limits ?? {})) {
      if (SUPPORTED_QOS.includes(n) && nonZero(q)) {
        limits.set(n, [...(limits.get(n) ?? []), String(q)]);
        found.add(n);
      }
    }
    if (!SUPPORTED_QOS.every((n) => found.has(n))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [n, qs] of requests) {
      if (sumOf(limits.get(n) ?? []).milli() !== sumOf(qs).milli()) guaranteed = false;
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

function describePodIPs(pod: Pod, w: PrefixWriter): void {
  const ips = pod.status?.podIPs ?? [];
  if (ips.length === 0) {
    w.write(LEVEL_0, 'IPs:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'IPs:\n');
  for (const ip of ips) w.write(LEVEL_0, `  IP:\t${ip.ip}\n`);
}

/** The describe text of a pod, its events (any order) and the current time. */
export function describePod(pod: Pod, events: readonly AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    const meta = pod.metadata ?? {};
    const spec = pod.spec ?? { containers: [] };
    const status = pod.status ?? {};
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
    if (spec.priority != null) w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
    if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
    if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
    if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
    w.write(LEVEL_0, spec.nodeName ? `Node:\t${spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n');
    if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
    printLabelsMultiline(w, 'Labels', meta.labels);
    printAnnotationsMultiline(w, 'Annotations', meta.annotations);
    if (meta.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
      w.write(LEVEL_0, `Status:\tTerminating (lasts ${translateTimestampSince(meta.deletionTimestamp, now)})\n`);
      w.write(LEVEL_0, `Termination Grace Period:\t${meta.deletionGracePeriodSeconds ?? 0}s\n`);
    } else {
      w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
    }
    if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
    if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
    const seccomp = spec.securityContext?.seccompProfile;
    if (seccomp) {
      w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type}\n`);
      if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
    }
    w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
    describePodIPs(pod, w);
    const controlledBy = controllerOf(meta);
    if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
    if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
    const resolver = envValueRetriever(pod);
    if ((spec.initContainers ?? []).length > 0) describeContainers('Init Containers', spec.initContainers!, status.initContainerStatuses, resolver, w, '');
    describeContainers('Containers', spec.containers ?? [], status.containerStatuses, resolver, w, '');
    // An ephemeral container is described as a Container (its EphemeralContainerCommon).
    if ((spec.ephemeralContainers ?? []).length > 0) describeContainers('Ephemeral Containers', spec.ephemeralContainers!, status.ephemeralContainerStatuses, resolver, w, '');
    if ((spec.readinessGates ?? []).length > 0) {
      w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
      for (const g of spec.readinessGates!) {
        const c = (status.conditions ?? []).find((x) => x.type === g.conditionType);
        w.write(LEVEL_1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`);
      }
    }
    if ((status.conditions ?? []).length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
      for (const c of status.conditions!) w.write(LEVEL_1, `${c.type} \t${c.status} \n`);
    }
    describeVolumes(spec.volumes, w, '');
    w.write(LEVEL_0, `QoS Class:\t${status.qosClass || podQOS(pod)}\n`);
    printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
    printTolerationsMultiline(w, 'Tolerations', spec.tolerations);
    for (const [i, t] of (spec.topologySpreadConstraints ?? []).entries()) {
      if (i === 0) w.write(LEVEL_0, 'Topology Spread Constraints:\t');
      else w.write(LEVEL_0, '\t');
      w.write(LEVEL_0, `${t.topologyKey}:${t.whenUnsatisfiable} when max skew ${t.maxSkew} is exceeded for selector ${t.labelSelector ? Object.entries(t.labelSelector.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`).join(',') : '<none>'}\n`);
    }
    describeEvents(events, w, now);
  });
}
