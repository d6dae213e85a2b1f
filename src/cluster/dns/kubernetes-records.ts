/**
 * How CoreDNS's kubernetes plugin (plugin/kubernetes, v1.11.3) answers a
 * question inside its zones, following the Kubernetes DNS specification
 * (kubernetes/dns docs/specification.md): `<svc>.<ns>.svc.<zone>` A/AAAA (the
 * ClusterIP; a headless Service's ready endpoint addresses), SRV
 * `_<port>._<proto>.<svc>.<ns>.svc.<zone>`, `<hostname>.<svc>.<ns>.svc.<zone>`,
 * `<a-b-c-d>.<ns>.pod.<zone>` with `pods insecure`, PTR for Service and
 * endpoint addresses, and NXDOMAIN/NODATA with the zone's SOA
 * (plugin/backend_lookup.go SOA) otherwise. Reads only what the plugin's
 * informers cache.
 */
import type { KubeObject } from '../apiserver/types.js';
import type { DnsQuery, DnsRecord, DnsResponse, DnsType } from '../network/requests.js';
import type { KubernetesPlugin } from './corefile.js';

type Obj = Record<string, any>;

/** What the plugin's caches hold. */
export interface KubernetesView {
  service(namespace: string, name: string): KubeObject | undefined;
  services(): Iterable<KubeObject>;
  /** The EndpointSlices labelled for a Service. */
  endpointSlices(namespace: string, service: string): Iterable<KubeObject>;
  namespaceExists(name: string): boolean;
  /** When the caches last changed (s since the epoch): the SOA serial. */
  modified(): number;
}

/** The outcome for a question in the plugin's zones; `fallthrough` passes it to the next plugin. */
export type KubernetesAnswer = { kind: 'answer'; response: DnsResponse } | { kind: 'fallthrough' };

/** Answers `q` (whose name, lower-cased and fully qualified, lies in `zone`). */
export function kubernetesAnswer(q: DnsQuery, zone: string, plugin: KubernetesPlugin, view: KubernetesView): KubernetesAnswer {
  const name = fqdn(q.name);
  const lower = name.toLowerCase();
  const ttl = plugin.ttl;
  const soa = (): DnsRecord => ({ name: zone, type: 'SOA' as DnsType, ttl: Math.min(300, ttl), data: `ns.dns.${zone} hostmaster.${zone} ${view.modified()} 7200 1800 86400 ${ttl}` });
  const nx = (): KubernetesAnswer => {
    if (plugin.fallthrough && (plugin.fallthrough.length === 0 || plugin.fallthrough.some((z) => lower.endsWith(z)))) return { kind: 'fallthrough' };
    return { kind: 'answer', response: { kind: 'dns', rcode: 'NXDOMAIN', answers: [], authority: [soa()], authoritative: true } };
  };
  const nodata = (): KubernetesAnswer => ({ kind: 'answer', response: { kind: 'dns', rcode: 'NOERROR', answers: [], authority: [soa()], authoritative: true } });
  const records = (answers: DnsRecord[], additional?: DnsRecord[]): KubernetesAnswer =>
    answers.length === 0 ? nodata() : { kind: 'answer', response: { kind: 'dns', rcode: 'NOERROR', answers, ...(additional?.length ? { additional } : {}), authoritative: true } };
  /** backend_lookup.go SRV: each target's address goes into the additional section. */
  const srvAnswer = (srv: { record: DnsRecord; ip: string }[]): KubernetesAnswer =>
    records(
      srv.map((x) => x.record),
      uniqueBy(srv.map((x) => ({ name: x.record.data.split(' ')[3], type: 'A' as const, ttl, data: x.ip }))),
    );

  if (zone.endsWith('in-addr.arpa.') || zone.endsWith('ip6.arpa.')) {
    if (q.type !== 'PTR') return nx();
    const target = reverseTarget(lower, zoneOf(plugin), view);
    return target ? records([{ name, type: 'PTR', ttl, data: target }]) : nx();
  }
  const rest = lower === zone ? '' : lower.slice(0, -zone.length - 1);
  if (rest === '') return nodata();
  // The schema version record of the DNS specification (plugin/kubernetes: `dns-version.<zone>` TXT "1.1.0").
  if (rest === 'dns-version') return q.type === 'TXT' ? records([{ name, type: 'TXT', ttl, data: '1.1.0' }]) : nodata();
  const labels = rest.split('.');
  const kind = labels[labels.length - 1];
  if (kind === 'pod') {
    if (labels.length === 1) return nodata();
    if (labels.length !== 3 || plugin.pods === 'disabled') return nx();
    const [dashed, ns] = labels;
    if (!view.namespaceExists(ns)) return nx();
    const ip = dashed.replace(/-/g, '.');
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return nx();
    return q.type === 'A' ? records([{ name, type: 'A', ttl, data: ip }]) : nodata();
  }
  if (kind !== 'svc') return nx();
  if (labels.length === 1) return nodata();
  if (labels.length === 2) return view.namespaceExists(labels[0]) ? nodata() : nx();
  const ns = labels[labels.length - 2];
  const svcName = labels[labels.length - 3];
  const svc = view.service(ns, svcName);
  if (!svc) return nx();
  const spec = (svc.spec ?? {}) as Obj;
  const svcFqdn = `${svcName}.${ns}.svc.${zone}`;
  const endpoints = readyEndpoints(view, ns, svcName);
  const headless = spec.clusterIP === 'None';
  if (labels.length === 3) {
    if (spec.type === 'ExternalName') return q.type === 'A' || q.type === 'AAAA' || q.type === 'CNAME' ? records([{ name, type: 'CNAME', ttl, data: fqdn(String(spec.externalName ?? '')) }]) : nodata();
    if (q.type === 'A') {
      if (headless) return endpoints.length === 0 ? nx() : records(endpoints.map((e) => ({ name, type: 'A' as const, ttl, data: e.ip })));
      return records(spec.clusterIP ? [{ name, type: 'A', ttl, data: spec.clusterIP }] : []);
    }
    if (q.type === 'SRV') return srvAnswer(srvRecords(name, svcFqdn, spec, headless ? endpoints : [], headless, ttl, undefined));
    if (headless && endpoints.length === 0) return nx();
    return nodata();
  }
  if (labels.length === 4) {
    // <hostname>.<svc>.<ns>.svc: an endpoint of a headless Service by its hostname or dashed address.
    const host = labels[0];
    const e = endpoints.find((x) => x.hostname === host || x.ip.replace(/\./g, '-') === host);
    if (!e) return nx();
    return q.type === 'A' ? records([{ name, type: 'A', ttl, data: e.ip }]) : nodata();
  }
  if (labels.length === 5 && labels[0].startsWith('_') && labels[1].startsWith('_')) {
    const port = labels[0].slice(1);
    const proto = labels[1].slice(1).toUpperCase();
    const srv = srvRecords(name, svcFqdn, spec, headless ? endpoints : [], headless, ttl, { port, proto });
    if (srv.length === 0) return nx();
    return q.type === 'SRV' ? srvAnswer(srv) : nodata();
  }
  return nx();
}

/** A ready address of a Service's EndpointSlices. */
interface Endpoint {
  ip: string;
  hostname?: string;
  ports: { name: string; port: number; protocol: string }[];
}

function readyEndpoints(view: KubernetesView, ns: string, svc: string): Endpoint[] {
  const out: Endpoint[] = [];
  const seen = new Set<string>();
  for (const slice of view.endpointSlices(ns, svc)) {
    const ports = ((slice.ports as Obj[]) ?? []).map((p) => ({ name: String(p.name ?? ''), port: Number(p.port), protocol: String(p.protocol ?? 'TCP') }));
    for (const e of (slice.endpoints as Obj[]) ?? []) {
      // The plugin publishes an address unless its ready condition is false (object.EndpointSliceToEndpoints).
      if (e.conditions?.ready === false) continue;
      for (const ip of (e.addresses as string[]) ?? []) {
        if (seen.has(ip)) continue;
        seen.add(ip);
        out.push({ ip, hostname: e.hostname, ports });
      }
    }
  }
  return out;
}

/** SRV records (with their targets' addresses): one per Service port (ClusterIP) or per endpoint and port (headless), weights shared as upstream does. */
function srvRecords(name: string, svcFqdn: string, spec: Obj, endpoints: Endpoint[], headless: boolean, ttl: number, only?: { port: string; proto: string }): { record: DnsRecord; ip: string }[] {
  const matches = (p: { name?: string; port: number; protocol?: string }) => !only || ((p.name ?? '') === only.port && (p.protocol ?? 'TCP') === only.proto);
  const targets: { port: number; target: string; ip: string }[] = [];
  if (headless) {
    for (const e of endpoints) {
      for (const p of e.ports) if (matches(p)) targets.push({ port: p.port, target: `${e.hostname ?? e.ip.replace(/\./g, '-')}.${svcFqdn}`, ip: e.ip });
    }
  } else {
    for (const p of (spec.ports as Obj[]) ?? []) if (matches({ name: p.name, port: Number(p.port), protocol: p.protocol })) targets.push({ port: Number(p.port), target: svcFqdn, ip: String(spec.clusterIP) });
  }
  const weight = targets.length ? Math.floor(100 / targets.length) : 0;
  return targets.map((t) => ({ record: { name, type: 'SRV' as const, ttl, data: `0 ${weight} ${t.port} ${t.target}` }, ip: t.ip }));
}

function uniqueBy(records: DnsRecord[]): DnsRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => !seen.has(`${r.name} ${r.data}`) && seen.add(`${r.name} ${r.data}`));
}

/** PTR: a Service ClusterIP → its name; an endpoint address → `<hostname or dashed ip>.<svc>.<ns>.svc.<zone>`. */
function reverseTarget(name: string, zone: string | undefined, view: KubernetesView): string | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\.in-addr\.arpa\.$/.exec(name);
  if (!m || !zone) return undefined;
  const ip = `${m[4]}.${m[3]}.${m[2]}.${m[1]}`;
  for (const svc of view.services()) {
    const spec = (svc.spec ?? {}) as Obj;
    const ns = String(svc.metadata.namespace);
    const svcName = String(svc.metadata.name);
    if (spec.clusterIP === ip) return `${svcName}.${ns}.svc.${zone}`;
    for (const e of readyEndpoints(view, ns, svcName)) if (e.ip === ip) return `${e.hostname ?? ip.replace(/\./g, '-')}.${svcName}.${ns}.svc.${zone}`;
  }
  return undefined;
}

/** The plugin's primary (first non-reverse) zone. */
function zoneOf(plugin: KubernetesPlugin): string | undefined {
  return plugin.zones.find((z) => !z.endsWith('in-addr.arpa.') && !z.endsWith('ip6.arpa.'));
}

/** `name` with its trailing dot. */
export function fqdn(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}
