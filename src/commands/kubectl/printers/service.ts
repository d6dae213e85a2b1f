/** `kubectl get services`: printService of kubernetes/kubernetes pkg/printers/internalversion/printers.go. */
import type { LoadBalancerStatus, Service, ServicePort } from 'kubernetes-types/core/v1.js';
import type { TableDefinition } from '../output/table.js';
import { translateTimestampSince } from '../output/duration.js';
import { formatLabels } from '../output/labels.js';

/** `loadBalancerStatusStringer`: ingress IPs/hostnames, cut to 13 chars + `...` beyond 16 unless wide. */
export function loadBalancerStatusString(s: LoadBalancerStatus | undefined, wide: boolean): string {
  const ingress = (s?.ingress ?? []).flatMap((i) => (i.ip ? [i.ip] : i.hostname ? [i.hostname] : []));
  let r = ingress.join(',');
  if (!wide && r.length > 16) r = r.slice(0, 13) + '...';
  return r;
}

/** EXTERNAL-IP cell (`getServiceExternalIP`). */
export function serviceExternalIP(svc: Service, wide: boolean): string {
  const externalIPs = svc.spec?.externalIPs ?? [];
  switch (svc.spec?.type ?? 'ClusterIP') {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lbIps = loadBalancerStatusString(svc.status?.loadBalancer, wide);
      if (externalIPs.length > 0) {
        const results = lbIps ? lbIps.split(',') : [];
        return [...results, ...externalIPs].join(',');
      }
      return lbIps || '<pending>';
    }
    case 'ExternalName':
      return svc.spec?.externalName ?? '';
    default:
      return '<unknown>';
  }
}

/** PORT(S) cell (`makePortString`): `80/TCP`, `80:30080/TCP`, comma-joined. */
export function makePortString(ports: readonly ServicePort[] | undefined): string {
  return (ports ?? [])
    .map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? 'TCP'}` : `${p.port}/${p.protocol ?? 'TCP'}`))
    .join(',');
}

/** Services: NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE, wide SELECTOR. */
export const servicePrinter: TableDefinition<Service> = {
  columns: [
    { name: 'Name', priority: 0 },
    { name: 'Type', priority: 0 },
    { name: 'Cluster-IP', priority: 0 },
    { name: 'External-IP', priority: 0 },
    { name: 'Port(s)', priority: 0 },
    { name: 'Age', priority: 0 },
    { name: 'Selector', priority: 1 },
  ],
  row(svc, { now, wide }) {
    const clusterIPs = svc.spec?.clusterIPs ?? (svc.spec?.clusterIP ? [svc.spec.clusterIP] : []);
    return [
      svc.metadata?.name ?? '',
      svc.spec?.type ?? 'ClusterIP',
      clusterIPs[0] ?? '<none>',
      serviceExternalIP(svc, wide === true),
      makePortString(svc.spec?.ports) || '<none>',
      translateTimestampSince(svc.metadata?.creationTimestamp, now),
      formatLabels(svc.spec?.selector),
    ];
  },
};
