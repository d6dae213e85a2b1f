/**
 * What kube-proxy's change trackers make of Services and EndpointSlices
 * (pkg/proxy/serviceport.go, endpointslicecache.go, topology.go): one entry
 * per Service port with a ClusterIP, named `<ns>/<svc>:<port>`
 * (ServicePortName.String()), and its endpoints (`ip:port`, sorted) with the
 * slice conditions. CategorizeEndpoints picks the ready ones, or, when none
 * is ready, the serving-and-terminating ones (ProxyTerminatingEndpoints).
 */
import type { KubeObject } from '../apiserver/types.js';

type Obj = Record<string, any>;

/** One Service port as the proxier programs it. */
export interface ServicePort {
  /** `<namespace>/<name>` + `:<port name>` when the port is named. */
  readonly name: string;
  /** `tcp`, `udp` or `sctp` (lower case, as in chain hashes and `-p`). */
  readonly protocol: 'tcp' | 'udp' | 'sctp';
  /** spec.clusterIP. */
  readonly clusterIP: string;
  /** spec.ports[].port. */
  readonly port: number;
  /** spec.ports[].nodePort (0: none). */
  readonly nodePort: number;
  /** The Service port's `namespace/name` key and port name, to find its endpoints. */
  readonly service: string;
  /** spec.ports[].name ('' when unnamed). */
  readonly portName: string;
  /** spec.internalTrafficPolicy is Local. */
  readonly internalLocal: boolean;
  /** spec.externalTrafficPolicy is Local. */
  readonly externalLocal: boolean;
}

/** One endpoint of a Service port. */
export interface Endpoint {
  /** `ip:port` (BaseEndpointInfo.String()). */
  readonly endpoint: string;
  /** The endpoint's address. */
  readonly ip: string;
  /** conditions.ready (unset reads as true). */
  readonly ready: boolean;
  /** conditions.serving (unset: as ready). */
  readonly serving: boolean;
  /** conditions.terminating. */
  readonly terminating: boolean;
  /** endpoints[].nodeName. */
  readonly nodeName?: string;
}

/** The Service ports of a Service (none for headless or ClusterIP-less Services: kube-proxy skips them). */
export function servicePorts(svc: KubeObject): ServicePort[] {
  const spec = (svc.spec ?? {}) as Obj;
  const ip = spec.clusterIP;
  if (!ip || ip === 'None' || spec.type === 'ExternalName') return [];
  const key = `${svc.metadata.namespace}/${svc.metadata.name}`;
  return ((spec.ports ?? []) as Obj[]).map((p) => {
    const portName = p.name ?? '';
    return {
      name: portName ? `${key}:${portName}` : key,
      protocol: String(p.protocol ?? 'TCP').toLowerCase() as ServicePort['protocol'],
      clusterIP: ip,
      port: Number(p.port),
      nodePort: Number(p.nodePort ?? 0),
      service: key,
      portName,
      internalLocal: spec.internalTrafficPolicy === 'Local',
      externalLocal: spec.externalTrafficPolicy === 'Local',
    };
  });
}

/**
 * Endpoints per `<ns>/<svc>` key and port name + protocol, from the
 * EndpointSlices of all Services; each list sorted by `ip:port`.
 */
export function endpointsByServicePort(slices: readonly KubeObject[]): Map<string, Endpoint[]> {
  const out = new Map<string, Endpoint[]>();
  for (const slice of slices) {
    const s = slice as Obj;
    const service = s.metadata?.labels?.['kubernetes.io/service-name'];
    if (!service || s.addressType !== 'IPv4') continue;
    const key = `${s.metadata.namespace}/${service}`;
    for (const port of (s.ports ?? []) as Obj[]) {
      const id = portKey(key, port.name ?? '', String(port.protocol ?? 'TCP').toLowerCase());
      const list = out.get(id) ?? [];
      for (const ep of (s.endpoints ?? []) as Obj[]) {
        const ip = ep.addresses?.[0];
        if (!ip || port.port === undefined) continue;
        const c = ep.conditions ?? {};
        // Unset conditions read as ready/serving (discovery/v1 semantics), terminating as false.
        const ready = c.ready !== false;
        list.push({ endpoint: `${ip}:${port.port}`, ip, ready, serving: c.serving ?? ready, terminating: c.terminating === true, nodeName: ep.nodeName });
      }
      out.set(id, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0));
  return out;
}

/** The key {@link endpointsByServicePort} files a Service port's endpoints under. */
export function portKey(service: string, portName: string, protocol: string): string {
  return `${service}\u0000${portName}\u0000${protocol}`;
}

/** CategorizeEndpoints for Cluster traffic policy: the ready endpoints, else the serving terminating ones. */
export function usableEndpoints(all: readonly Endpoint[]): Endpoint[] {
  const ready = all.filter((e) => e.ready);
  return ready.length > 0 ? ready : all.filter((e) => e.serving && e.terminating);
}

/** Does traffic reach the Service port from outside (a NodePort)? */
export function externallyAccessible(svc: ServicePort): boolean {
  return svc.nodePort !== 0;
}

/** ServicePort.UsesClusterEndpoints: some traffic follows the Cluster policy. */
export function usesClusterEndpoints(svc: ServicePort): boolean {
  return !svc.internalLocal || (externallyAccessible(svc) && !svc.externalLocal);
}

/** ServicePort.UsesLocalEndpoints: some traffic follows the Local policy. */
export function usesLocalEndpoints(svc: ServicePort): boolean {
  return svc.internalLocal || (externallyAccessible(svc) && svc.externalLocal);
}

/**
 * pkg/proxy/topology.go CategorizeEndpoints (without topology hints): the
 * endpoints for the Cluster policy, those for the Local policy (this node's
 * ready ones, else its serving terminating ones), every endpoint either uses,
 * and whether the Service has a usable endpoint anywhere.
 */
export function categorizeEndpoints(all: readonly Endpoint[], svc: ServicePort, nodeName: string): { clusterEndpoints: Endpoint[]; localEndpoints: Endpoint[]; reachable: Endpoint[]; hasEndpoints: boolean } {
  const clusterEndpoints = usesClusterEndpoints(svc) ? usableEndpoints(all) : [];
  let hasEndpoints = clusterEndpoints.length > 0;
  if (!usesLocalEndpoints(svc)) return { clusterEndpoints, localEndpoints: [], reachable: clusterEndpoints, hasEndpoints };
  if (all.some((e) => e.ready || (e.serving && e.terminating))) hasEndpoints = true;
  const mine = all.filter((e) => e.nodeName === nodeName);
  const localEndpoints = mine.some((e) => e.ready) ? mine.filter((e) => e.ready) : mine.filter((e) => e.serving && e.terminating);
  if (!usesClusterEndpoints(svc)) return { clusterEndpoints, localEndpoints, reachable: localEndpoints, hasEndpoints };
  const reachable = [...clusterEndpoints, ...localEndpoints.filter((e) => !clusterEndpoints.includes(e))];
  return { clusterEndpoints, localEndpoints, reachable, hasEndpoints };
}
