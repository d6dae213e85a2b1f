/**
 * `kubectl describe service` (kubectl 1.31+, reading EndpointSlices): describeService and
 * formatEndpointSlices of kubernetes/kubectl pkg/describe/describe.go.
 */
import type { Service, ServicePort } from 'kubernetes-types/core/v1.js';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1.js';
import { LEVEL_0, tabbedString } from './prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { describeEvents, type AnyEvent } from './events.js';
import { formatLabels } from '../output/labels.js';
import { joinHostPort } from '../printers/endpoints.js';

/**
 * The Endpoints value for one service port: the first 3 ready `ip:port` of slices whose port
 * has the same name, then ` + N more...`; '' when none is ready, `<none>` without slices.
 */
export function formatEndpointSlices(slices: readonly EndpointSlice[], port: ServicePort): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let count = 0;
  for (const slice of slices) {
    const ports = slice.ports ?? [];
    const matching = ports.length === 0 ? [undefined] : ports.filter((p) => (p.name ?? '') === (port.name ?? ''));
    for (const p of matching) {
      for (const e of slice.endpoints ?? []) {
        if (e.conditions?.ready === false) continue;
        const addr = e.addresses[0];
        if (addr === undefined) continue;
        count++;
        if (list.length < max) list.push(p?.port != null ? joinHostPort(addr, p.port) : addr);
      }
    }
  }
  const ret = list.join(',');
  return count > max ? `${ret} + ${count - max} more...` : ret;
}

/** The describe text of a service, its EndpointSlices (label kubernetes.io/service-name) and events. */
export function describeService(svc: Service, endpointSlices: readonly EndpointSlice[], events: readonly AnyEvent[] | undefined, now: number): string {
  return tabbedString((w) => {
    const spec = svc.spec ?? {};
    w.write(LEVEL_0, `Name:\t${svc.metadata?.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${svc.metadata?.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', svc.metadata?.labels);
    printAnnotationsMultiline(w, 'Annotations', svc.metadata?.annotations);
    w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
    w.write(LEVEL_0, `Type:\t${spec.type ?? 'ClusterIP'}\n`);
    if (spec.ipFamilyPolicy) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
    w.write(LEVEL_0, `IP Families:\t${(spec.ipFamilies ?? []).length > 0 ? spec.ipFamilies!.join(',') : '<none>'}\n`);
    w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
    w.write(LEVEL_0, `IPs:\t${(spec.clusterIPs ?? []).length > 0 ? spec.clusterIPs!.join(',') : '<none>'}\n`);
    if ((spec.externalIPs ?? []).length > 0) w.write(LEVEL_0, `External IPs:\t${spec.externalIPs!.join(',')}\n`);
    if (spec.loadBalancerIP) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
    if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
    const ingress = svc.status?.loadBalancer?.ingress ?? [];
    if (ingress.length > 0) w.write(LEVEL_0, `LoadBalancer Ingress:\t${ingress.map((i) => i.ip || i.hostname || '').join(', ')}\n`);
    for (const sp of spec.ports ?? []) {
      const name = sp.name || '<unset>';
      const proto = sp.protocol ?? 'TCP';
      w.write(LEVEL_0, `Port:\t${name}\t${sp.port}/${proto}\n`);
      w.write(LEVEL_0, `TargetPort:\t${sp.targetPort ?? sp.port}/${proto}\n`);
      if (sp.nodePort) w.write(LEVEL_0, `NodePort:\t${name}\t${sp.nodePort}/${proto}\n`);
      w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(endpointSlices, sp)}\n`);
    }
    w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? 'None'}\n`);
    if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
    if (spec.internalTrafficPolicy) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
    if (spec.healthCheckNodePort) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
    if ((spec.loadBalancerSourceRanges ?? []).length > 0) w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${spec.loadBalancerSourceRanges!.join(',')}\n`);
    describeEvents(events, w, now);
  });
}
