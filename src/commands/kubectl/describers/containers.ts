/**
 * Container, volume and probe blocks of describe output (describe.go describeContainers,
 * describeVolumes, DescribeProbe, DescribePodTemplate), shared by pods and pod templates.
 */
import type { Container, ContainerState, ContainerStatus, EnvVar, Pod, PodTemplateSpec, Probe, ResourceRequirements, Volume } from 'kubernetes-types/core/v1.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './prefix-writer.js';
import { formatRFC1123Z, printBool, printLabelsMultiline, printAnnotationsMultiline, printTolerationsMultiline } from './format.js';
import { byteCompare } from '../output/labels.js';
import { joinHostPort } from '../printers/endpoints.js';
import { quantityString } from './quantity.js';

/** Resolves a fieldRef env var against the pod (describe.go EnvValueRetriever); undefined = no pod. */
export type EnvResolver = ((e: EnvVar) => string) | undefined;

/** EnvValueRetriever(pod): the value a downward-API fieldRef would take. */
export function envValueRetriever(pod: Pod): EnvResolver {
  return (e) => {
    const path = e.valueFrom?.fieldRef?.fieldPath ?? '';
    const m = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
    if (m) return (m[1] === 'labels' ? pod.metadata?.labels : pod.metadata?.annotations)?.[m[2]] ?? '';
    switch (path) {
      case 'metadata.name':
        return pod.metadata?.name ?? '';
      case 'metadata.namespace':
        return pod.metadata?.namespace ?? '';
      case 'metadata.uid':
        return pod.metadata?.uid ?? '';
      case 'spec.nodeName':
        return pod.spec?.nodeName ?? '';
      case 'spec.serviceAccountName':
        return pod.spec?.serviceAccountName ?? '';
      case 'status.hostIP':
        return pod.status?.hostIP ?? '';
      case 'status.hostIPs':
        return (pod.status?.hostIPs ?? []).map((i) => i.ip).join(',');
      case 'status.podIP':
        return pod.status?.podIP ?? '';
      case 'status.podIPs':
        return (pod.status?.podIPs ?? []).map((i) => i.ip).join(',');
      default:
        return '';
    }
  };
}

const intOrString = (v: number | string | undefined): string => (v === undefined ? '' : String(v));

/** DescribeProbe: `http-get http://:8080/healthz delay=10s timeout=1s period=10s #success=1 #failure=3`. */
export function describeProbe(probe: Probe): string {
  const attrs = `delay=${probe.initialDelaySeconds ?? 0}s timeout=${probe.timeoutSeconds ?? 1}s period=${probe.periodSeconds ?? 10}s #success=${probe.successThreshold ?? 1} #failure=${probe.failureThreshold ?? 3}`;
  if (probe.exec) return `exec [${(probe.exec.command ?? []).join(' ')}] ${attrs}`;
  if (probe.httpGet) {
    const h = probe.httpGet;
    const port = intOrString(h.port);
    const host = port.length > 0 ? joinHostPort(h.host ?? '', port) : (h.host ?? '');
    let path = h.path ?? '';
    if (path !== '' && !path.startsWith('/')) path = '/' + path;
    return `http-get ${(h.scheme ?? 'HTTP').toLowerCase()}://${host}${path} ${attrs}`;
  }
  if (probe.tcpSocket) return `tcp-socket ${probe.tcpSocket.host ?? ''}:${intOrString(probe.tcpSocket.port)} ${attrs}`;
  if (probe.grpc) return `grpc <pod>:${probe.grpc.port} ${probe.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

function describeStatus(stateName: string, state: ContainerState | undefined, w: PrefixWriter): void {
  if (state?.running) {
    w.write(LEVEL_2, `${stateName}:\tRunning\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(state.running.startedAt)}\n`);
  } else if (state?.waiting) {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
    if (state.waiting.reason) w.write(LEVEL_3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state?.terminated) {
    const t = state.terminated;
    w.write(LEVEL_2, `${stateName}:\tTerminated\n`);
    if (t.reason) w.write(LEVEL_3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(LEVEL_3, `Message:\t${t.message}\n`);
    w.write(LEVEL_3, `Exit Code:\t${t.exitCode}\n`);
    if ((t.signal ?? 0) > 0) w.write(LEVEL_3, `Signal:\t${t.signal}\n`);
    w.write(LEVEL_3, `Started:\t${formatRFC1123Z(t.startedAt)}\n`);
    w.write(LEVEL_3, `Finished:\t${formatRFC1123Z(t.finishedAt)}\n`);
  } else {
    w.write(LEVEL_2, `${stateName}:\tWaiting\n`);
  }
}

/** describeResources: Limits then Requests, resource names sorted. */
export function describeResources(resources: ResourceRequirements | undefined, w: PrefixWriter, level: number): void {
  if (!resources) return;
  const limits = resources.limits ?? {};
  const requests = resources.requests ?? {};
  if (Object.keys(limits).length > 0) w.write(level, 'Limits:\n');
  for (const n of Object.keys(limits).sort(byteCompare)) w.write(level + 1, `${n}:\t${quantityString(limits[n])}\n`);
  if (Object.keys(requests).length > 0) w.write(level, 'Requests:\n');
  for (const n of Object.keys(requests).sort(byteCompare)) w.write(level + 1, `${n}:\t${quantityString(requests[n])}\n`);
}

function describeEnvVars(c: Container, resolver: EnvResolver, w: PrefixWriter): void {
  const env = c.env ?? [];
  w.write(LEVEL_2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
  for (const e of env) {
    if (!e.valueFrom) {
      (e.value ?? '').split('\n').forEach((s, i) => w.write(LEVEL_3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`));
      continue;
    }
    const vf = e.valueFrom;
    if (vf.fieldRef) {
      w.write(LEVEL_3, `${e.name}:\t${resolver ? resolver(e) : ''} (${vf.fieldRef.apiVersion ?? 'v1'}:${vf.fieldRef.fieldPath})\n`);
    } else if (vf.resourceFieldRef) {
      const r = vf.resourceFieldRef.resource;
      const [kind, name] = r.split('.');
      const src = kind === 'limits' ? c.resources?.limits : c.resources?.requests;
      let value = String(src?.[name] ?? '0');
      if (value === '0' && (r === 'limits.cpu' || r === 'limits.memory')) value = 'node allocatable';
      w.write(LEVEL_3, `${e.name}:\t${value} (${r})\n`);
    } else if (vf.secretKeyRef) {
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${vf.secretKeyRef.key}' in secret '${vf.secretKeyRef.name ?? ''}'>\tOptional: ${vf.secretKeyRef.optional === true}\n`);
    } else if (vf.configMapKeyRef) {
      w.write(LEVEL_3, `${e.name}:\t<set to the key '${vf.configMapKeyRef.key}' of config map '${vf.configMapKeyRef.name ?? ''}'>\tOptional: ${vf.configMapKeyRef.optional === true}\n`);
    }
  }
}

function describeEnvFrom(c: Container, w: PrefixWriter): void {
  w.write(LEVEL_2, 'Environment Variables from:\n');
  for (const e of c.envFrom ?? []) {
    const from = e.configMapRef ? 'ConfigMap' : e.secretRef ? 'Secret' : '';
    const ref = e.configMapRef ?? e.secretRef;
    const optional = ref?.optional === true;
    if (!e.prefix) w.write(LEVEL_3, `${ref?.name ?? ''}\t${from}\tOptional: ${optional}\n`);
    else w.write(LEVEL_3, `${ref?.name ?? ''}\t${from} with prefix '${e.prefix}'\tOptional: ${optional}\n`);
  }
}

function describeMounts(c: Container, w: PrefixWriter): void {
  const mounts = [...(c.volumeMounts ?? [])].sort((a, b) => byteCompare(a.mountPath, b.mountPath));
  w.write(LEVEL_2, `Mounts:${mounts.length === 0 ? '\t<none>' : ''}\n`);
  for (const m of mounts) {
    const flags = [m.readOnly ? 'ro' : 'rw'];
    if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
    w.write(LEVEL_3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
  }
}

/** describeContainers: the `Containers:` (or `Init Containers:`) block. `space` is '  ' inside a template. */
export function describeContainers(
  label: string,
  containers: readonly Container[],
  statuses: readonly ContainerStatus[] | undefined,
  resolver: EnvResolver,
  w: PrefixWriter,
  space: string,
): void {
  const byName = new Map((statuses ?? []).map((s) => [s.name, s]));
  w.write(LEVEL_0, containers.length === 0 ? `${space}${label}: <none>\n` : `${space}${label}:\n`);
  const nameIndent = space.length > 0 ? ' ' : '';
  for (const c of containers) {
    const status = byName.get(c.name);
    w.write(LEVEL_1, `${nameIndent}${c.name}:\n`);
    if (status) w.write(LEVEL_2, `Container ID:\t${status.containerID ?? ''}\n`);
    w.write(LEVEL_2, `Image:\t${c.image ?? ''}\n`);
    if (status) w.write(LEVEL_2, `Image ID:\t${status.imageID ?? ''}\n`);
    // describeContainerPorts / describeContainerHostPorts join with ", "; a comma marks several ports.
    const ports = (c.ports ?? []).map((p) => `${p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ');
    if (ports.includes(',')) w.write(LEVEL_2, `Ports:\t${ports}\n`);
    else w.write(LEVEL_2, `Port:\t${ports || '<none>'}\n`);
    const hostPorts = (c.ports ?? []).map((p) => `${p.hostPort ?? 0}/${p.protocol ?? 'TCP'}`).join(', ');
    if (hostPorts.includes(',')) w.write(LEVEL_2, `Host Ports:\t${hostPorts}\n`);
    else w.write(LEVEL_2, `Host Port:\t${hostPorts || '<none>'}\n`);
    if ((c.command ?? []).length > 0) {
      w.write(LEVEL_2, 'Command:\n');
      for (const s of c.command!) for (const line of s.split('\n')) w.write(LEVEL_3, `${line}\n`);
    }
    if ((c.args ?? []).length > 0) {
      w.write(LEVEL_2, 'Args:\n');
      for (const s of c.args!) for (const line of s.split('\n')) w.write(LEVEL_3, `${line}\n`);
    }
    if (status) {
      describeStatus('State', status.state, w);
      if (status.lastState?.terminated) describeStatus('Last State', status.lastState, w);
      w.write(LEVEL_2, `Ready:\t${printBool(status.ready)}\n`);
      w.write(LEVEL_2, `Restart Count:\t${status.restartCount ?? 0}\n`);
    }
    describeResources(c.resources, w, LEVEL_2);
    if (c.livenessProbe) w.write(LEVEL_2, `Liveness:\t${describeProbe(c.livenessProbe)}\n`);
    if (c.readinessProbe) w.write(LEVEL_2, `Readiness:\t${describeProbe(c.readinessProbe)}\n`);
    if (c.startupProbe) w.write(LEVEL_2, `Startup:\t${describeProbe(c.startupProbe)}\n`);
    if ((c.envFrom ?? []).length > 0) describeEnvFrom(c, w);
    describeEnvVars(c, resolver, w);
    describeMounts(c, w);
  }
}

const goPtr = (v: unknown): string => (v === undefined || v === null ? '<nil>' : String(v));

/** describeVolumes: one block per volume, by source type. */
export function describeVolumes(volumes: readonly Volume[] | undefined, w: PrefixWriter, space: string): void {
  const list = volumes ?? [];
  if (list.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  const nameIndent = space.length > 0 ? ' ' : '';
  for (const v of list) {
    w.write(LEVEL_1, `${nameIndent}${v.name}:\n`);
    if (v.hostPath) {
      w.write(LEVEL_2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${v.hostPath.path}\n    HostPathType:\t${v.hostPath.type || '<none>'}\n`);
    } else if (v.emptyDir) {
      w.write(LEVEL_2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${v.emptyDir.medium ?? ''}\n    SizeLimit:\t${v.emptyDir.sizeLimit ?? '<unset>'}\n`);
    } else if (v.secret) {
      w.write(LEVEL_2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${v.secret.secretName ?? ''}\n    Optional:\t${v.secret.optional === true}\n`);
    } else if (v.configMap) {
      w.write(LEVEL_2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${v.configMap.name ?? ''}\n    Optional:\t${v.configMap.optional === true}\n`);
    } else if (v.persistentVolumeClaim) {
      w.write(LEVEL_2, `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${v.persistentVolumeClaim.claimName}\n    ReadOnly:\t${v.persistentVolumeClaim.readOnly === true}\n`);
    } else if (v.projected) {
      w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const s of v.projected.sources ?? []) {
        if (s.secret) w.write(LEVEL_2, `SecretName:\t${s.secret.name ?? ''}\n    SecretOptionalName:\t${goPtr(s.secret.optional)}\n`);
        else if (s.downwardAPI) w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
        else if (s.configMap) w.write(LEVEL_2, `ConfigMapName:\t${s.configMap.name ?? ''}\n    ConfigMapOptional:\t${goPtr(s.configMap.optional)}\n`);
        else if (s.serviceAccountToken) w.write(LEVEL_2, `TokenExpirationSeconds:\t${s.serviceAccountToken.expirationSeconds ?? 3600}\n`);
      }
    } else if (v.downwardAPI) {
      w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
      for (const item of v.downwardAPI.items ?? []) {
        if (item.fieldRef) w.write(LEVEL_3, `${item.fieldRef.fieldPath} -> ${item.path}\n`);
        else if (item.resourceFieldRef) w.write(LEVEL_3, `${item.resourceFieldRef.resource} -> ${item.path}\n`);
      }
    } else {
      w.write(LEVEL_1, '<unknown>\n');
    }
  }
}

/** DescribePodTemplate: the `Pod Template:` block of deployments, replicasets, ... */
export function describePodTemplate(template: PodTemplateSpec | undefined, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  printLabelsMultiline(w, '  Labels', template.metadata?.labels);
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) printAnnotationsMultiline(w, '  Annotations', template.metadata?.annotations);
  const spec = template.spec;
  if (spec?.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if ((spec?.initContainers ?? []).length > 0) describeContainers('Init Containers', spec!.initContainers!, undefined, undefined, w, '  ');
  describeContainers('Containers', spec?.containers ?? [], undefined, undefined, w, '  ');
  describeVolumes(spec?.volumes, w, '  ');
  if (spec?.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec?.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec?.tolerations);
}
