/**
 * What the Endpoints and EndpointSlice controllers share: which pods back a
 * Service and on which ports (pkg/controller/util/endpoint and
 * pkg/api/v1/pod FindPort).
 */
import type { KubeObject } from '../apiserver/types.js';
import { matchesMapSelector } from '../apiserver/selectors.js';
import type { Index } from './indexes.js';
import { objectKey, type Obj } from './util.js';

/** Services the endpoint controllers manage: a selector, and not ExternalName. */
export function managedService(svc: KubeObject): boolean {
  const spec = (svc.spec as Obj | undefined) ?? {};
  return spec.type !== 'ExternalName' && !!spec.selector && Object.keys(spec.selector).length > 0;
}

/** ShouldPodBeInEndpoints: has an IP, not finished, and (unless included) not terminating. */
export function shouldPodBeInEndpoints(pod: KubeObject, includeTerminating: boolean): boolean {
  const status = (pod.status as Obj | undefined) ?? {};
  if (!status.podIP) return false;
  if (!includeTerminating && pod.metadata.deletionTimestamp) return false;
  const restart = (pod.spec as Obj | undefined)?.restartPolicy;
  if (restart === 'Never') return status.phase !== 'Failed' && status.phase !== 'Succeeded';
  if (restart === 'OnFailure') return status.phase !== 'Succeeded';
  return true;
}

/** FindPort: a service port's targetPort resolved against a pod's container ports. */
export function findPort(pod: KubeObject, servicePort: Obj): number | undefined {
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'number') return target;
  if (typeof target === 'string' && /^\d+$/.test(target)) return Number(target);
  for (const c of ((pod.spec as Obj | undefined)?.containers ?? []) as Obj[]) {
    for (const p of (c.ports ?? []) as Obj[]) if (p.name === target && (p.protocol ?? 'TCP') === (servicePort.protocol ?? 'TCP')) return p.containerPort;
  }
  return undefined;
}

/** Pods in the service's namespace matching its selector, looked up by one selector label in a byNamespaceLabel index. */
export function podsForService(svc: KubeObject, podsByLabel: Index): KubeObject[] {
  const selector = (svc.spec as Obj).selector as Record<string, string>;
  const [k, v] = Object.entries(selector)[0];
  return podsByLabel.get(`${svc.metadata.namespace ?? ''}|${k}=${v}`).filter((p) => p.metadata.namespace === svc.metadata.namespace && matchesMapSelector(selector, p.metadata.labels));
}

/** Keys of services in the pod's namespace whose selector matches the pod's labels (now or before). */
export function servicesForPod(pod: KubeObject, old: KubeObject | undefined, servicesByNamespace: Index): string[] {
  const out: string[] = [];
  for (const svc of servicesByNamespace.get(pod.metadata.namespace ?? '')) {
    if (svc.metadata.namespace !== pod.metadata.namespace || !managedService(svc)) continue;
    const selector = (svc.spec as Obj).selector as Record<string, string>;
    if (matchesMapSelector(selector, pod.metadata.labels) || (old && matchesMapSelector(selector, old.metadata.labels))) out.push(objectKey(svc));
  }
  return out;
}
