/**
 * The CoreDNS program in a kubeadm cluster: kubeadm's ConfigMap and mount
 * (cmd/kubeadm/app/phases/addons/dns/manifests.go), start-up lines as
 * CoreDNS 1.11.3 prints them, answers of the kubernetes plugin
 * (plugin/kubernetes; kubernetes/dns docs/specification.md), and a Corefile
 * that does not load crash-looping the pods with CoreDNS's message.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from '../kubelet/harness.js';
import type { Cluster } from '../../../src/cluster/cluster.js';
import type { DnsType, NetRequest } from '../../../src/cluster/network/requests.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';

type Obj = Record<string, any>;

const cluster = smallCluster({ 'shop/web:1': { listens: [8080], readyAfterMs: 1000 } });
const sys = cluster.systemClient();
const create = (resource: string, obj: Obj) => {
  const r = sys.create(resource, 'default', obj as KubeObject);
  if (!r.ok) throw new Error(r.status.message);
  return r.value;
};
for (const [name, node] of [['web-a', 'node-1'], ['web-b', 'node-2']] as const) {
  create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'web' } }, spec: { nodeName: node, containers: [{ name: 'web', image: 'shop/web:1', ports: [{ containerPort: 8080 }] }] } });
}
create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }] } });
create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web-hl' }, spec: { clusterIP: 'None', selector: { app: 'web' }, ports: [{ name: 'http', port: 8080, protocol: 'TCP' }] } });
createPod(cluster, 'client', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
cluster.advance(30_000);

/** The CoreDNS pods' sandboxes on cp-1. */
function corednsSandboxes(c: Cluster) {
  return [...c.nodes.get('cp-1')!.runtime.sandboxes.values()].filter((s) => s.podName.startsWith('coredns-'));
}
function corednsContainers(c: Cluster) {
  return [...c.nodes.values()].flatMap((n) => [...n.runtime.containers.values()]).filter((x) => x.name === 'coredns');
}
const client = () => {
  const sandbox = [...cluster.nodes.get('node-2')!.runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
  return { kind: 'pod' as const, node: 'node-2', sandboxId: sandbox.id };
};
const ask = (name: string, type: DnsType = 'A') => {
  const server = corednsSandboxes(cluster).find((s) => s.state === 'SANDBOX_READY')!.ip;
  const r = cluster.network.request(client(), server, 53, { kind: 'dns', name, type });
  if (!r.ok || r.response?.kind !== 'dns') throw new Error(`no answer: ${JSON.stringify(r.ok ? r.response : r)}`);
  return r.response;
};
const podIP = (name: string) => getPod(cluster, name).status.podIP as string;

describe('kubeadm installs CoreDNS with its Corefile', () => {
  it('creates the coredns ConfigMap and mounts it at /etc/coredns as kubeadm does', () => {
    const cm = sys.get('configmaps', 'kube-system', 'coredns');
    expect(cm.ok && (cm.value as Obj).data.Corefile).toContain('kubernetes cluster.local in-addr.arpa ip6.arpa {\n       pods insecure');
    const d = sys.get('deployments', 'kube-system', 'coredns');
    const spec = (d.ok && (d.value as Obj).spec.template.spec) as Obj;
    expect(spec.volumes).toEqual([{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }]);
    expect(spec.containers[0].volumeMounts).toEqual([{ name: 'config-volume', mountPath: '/etc/coredns', readOnly: true }]);
  });

  it('logs its start-up lines with the hash of the Corefile it loaded', () => {
    const lines = corednsContainers(cluster)[0].logs.lines().map((l) => l.line);
    expect(lines.slice(0, 4)).toEqual(['.:53', expect.stringMatching(/^\[INFO\] plugin\/reload: Running configuration SHA512 = [0-9a-f]{128}$/), 'CoreDNS-1.11.3', 'linux/amd64, go1.21.11, a6338e9']);
  });
});

describe('answers of the kubernetes plugin', () => {
  const svcIP = () => ((sys.get('services', 'default', 'web') as { value: Obj }).value.spec.clusterIP as string);

  it('answers a Service name with its ClusterIP, and AAAA with no data but the zone SOA', () => {
    expect(ask('web.default.svc.cluster.local')).toEqual({ kind: 'dns', rcode: 'NOERROR', answers: [{ name: 'web.default.svc.cluster.local.', type: 'A', ttl: 30, data: svcIP() }], authoritative: true });
    const aaaa = ask('web.default.svc.cluster.local', 'AAAA');
    expect(aaaa).toMatchObject({ rcode: 'NOERROR', answers: [], authoritative: true });
    expect(aaaa.authority?.[0]).toMatchObject({ name: 'cluster.local.', type: 'SOA', data: expect.stringMatching(/^ns\.dns\.cluster\.local\. hostmaster\.cluster\.local\. \d+ 7200 1800 86400 30$/) });
  });

  it("answers a headless Service with its ready endpoints' addresses only", () => {
    const ips = (r: { answers: readonly { data: string }[] }) => r.answers.map((a) => a.data).sort();
    expect(ips(ask('web-hl.default.svc.cluster.local'))).toEqual([podIP('web-a'), podIP('web-b')].sort());
    // A Service without selector whose EndpointSlice holds a ready and a not-ready address (object.EndpointSliceToEndpoints).
    create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db' }, spec: { clusterIP: 'None', ports: [{ name: 'pg', port: 5432 }] } });
    create('endpointslices', {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'db-1', labels: { 'kubernetes.io/service-name': 'db' } },
      addressType: 'IPv4',
      endpoints: [
        { addresses: ['10.244.1.50'], conditions: { ready: true }, hostname: 'db-0' },
        { addresses: ['10.244.2.50'], conditions: { ready: false }, hostname: 'db-1' },
      ],
      ports: [{ name: 'pg', port: 5432, protocol: 'TCP' }],
    });
    cluster.advance(100);
    expect(ips(ask('db.default.svc.cluster.local'))).toEqual(['10.244.1.50']);
    expect(ask('db-0.db.default.svc.cluster.local').answers).toEqual([{ name: 'db-0.db.default.svc.cluster.local.', type: 'A', ttl: 30, data: '10.244.1.50' }]);
    expect(ask('db-1.db.default.svc.cluster.local').rcode).toBe('NXDOMAIN');
    expect(ask('_pg._tcp.db.default.svc.cluster.local', 'SRV').answers.map((a) => a.data)).toEqual(['0 100 5432 db-0.db.default.svc.cluster.local.']);
  });

  it('answers SRV for a named port, pod names with pods insecure, and PTR for a ClusterIP', () => {
    const srv = ask('_http._tcp.web.default.svc.cluster.local', 'SRV');
    expect(srv.answers).toEqual([{ name: '_http._tcp.web.default.svc.cluster.local.', type: 'SRV', ttl: 30, data: '0 100 80 web.default.svc.cluster.local.' }]);
    expect(srv.additional).toEqual([{ name: 'web.default.svc.cluster.local.', type: 'A', ttl: 30, data: svcIP() }]);
    expect(ask('10-244-1-7.default.pod.cluster.local').answers).toEqual([{ name: '10-244-1-7.default.pod.cluster.local.', type: 'A', ttl: 30, data: '10.244.1.7' }]);
    expect(ask('dns-version.cluster.local', 'TXT').answers).toEqual([{ name: 'dns-version.cluster.local.', type: 'TXT', ttl: 30, data: '1.1.0' }]);
    const reversed = svcIP().split('.').reverse().join('.');
    expect(ask(`${reversed}.in-addr.arpa`, 'PTR').answers[0]).toMatchObject({ type: 'PTR', data: 'web.default.svc.cluster.local.' });
  });

  it('says NXDOMAIN with the SOA for a name that does not exist, and forwards names outside the zone', () => {
    const nx = ask('nope.default.svc.cluster.local');
    expect(nx).toMatchObject({ rcode: 'NXDOMAIN', answers: [], authoritative: true });
    expect(nx.authority?.[0].type).toBe('SOA');
    expect(ask('web.nope.svc.cluster.local').rcode).toBe('NXDOMAIN');
    // The node's upstream (the data center's resolver, no internet) knows no public name: a relayed, non-authoritative NXDOMAIN.
    expect(ask('example.com')).toMatchObject({ rcode: 'NXDOMAIN', authoritative: false, recursionAvailable: true });
  });

  it('follows Service changes through its watch, not a resync', () => {
    create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'late' }, spec: { selector: { app: 'late' }, ports: [{ port: 80 }] } });
    expect(ask('late.default.svc.cluster.local').rcode).toBe('NXDOMAIN');
    cluster.advance(100);
    expect(ask('late.default.svc.cluster.local').rcode).toBe('NOERROR');
    expect(sys.delete('services', 'default', 'late').ok).toBe(true);
    cluster.advance(100);
    expect(ask('late.default.svc.cluster.local').rcode).toBe('NXDOMAIN');
  });

  it('serves /health on 8080 and /ready on 8181', () => {
    const s = corednsSandboxes(cluster)[0];
    const get = (port: number, path: string): NetRequest => ({ kind: 'http', method: 'GET', path, host: `${s.ip}:${port}`, headers: [] });
    const health = cluster.network.request(client(), s.ip, 8080, get(8080, '/health'));
    expect(health.ok && health.response).toMatchObject({ status: 200, body: 'OK' });
    const ready = cluster.network.request(client(), s.ip, 8181, get(8181, '/ready'));
    expect(ready.ok && ready.response).toMatchObject({ status: 200, body: 'OK' });
  });
});

describe('the reload plugin', () => {
  it('picks up a ConfigMap change a minute or two later, and keeps the running configuration when the new one does not load', () => {
    const lines = () => corednsContainers(cluster).find((x) => x.state === 'CONTAINER_RUNNING')!.logs.lines().map((l) => l.line);
    const edit = (change: (corefile: string) => string) => {
      const cur = sys.get('configmaps', 'kube-system', 'coredns') as { value: Obj };
      expect(sys.update('configmaps', 'kube-system', { ...cur.value, data: { Corefile: change(cur.value.data.Corefile) } } as unknown as KubeObject).ok).toBe(true);
    };
    const before = lines().length;
    edit((c) => c.replace('ttl 30', 'ttl 10'));
    cluster.advance(30_000);
    expect(ask('web.default.svc.cluster.local').answers[0].ttl).toBe(30);
    cluster.advance(90_000);
    expect(lines().slice(before)).toEqual(['[INFO] Reloading', expect.stringMatching(/^\[INFO\] plugin\/reload: Running configuration SHA512 = [0-9a-f]{128}$/), '[INFO] Reloading complete']);
    expect(ask('web.default.svc.cluster.local').answers[0].ttl).toBe(10);
    const reloaded = lines().length;
    edit((c) => c.replace('    kubernetes cluster.local', '    kubernetess cluster.local'));
    cluster.advance(120_000);
    const err = "starting with listener file descriptors: /etc/coredns/Corefile:7 - Error during parsing: Unknown directive 'kubernetess'";
    expect(lines().slice(reloaded)).toEqual(['[INFO] Reloading', `[ERROR] Restart failed: ${err}`, `[ERROR] plugin/reload: Corefile changed but reload failed: ${err}`]);
    expect(ask('web.default.svc.cluster.local').answers[0].ttl).toBe(10);
    edit((c) => c.replace('kubernetess', 'kubernetes').replace('ttl 10', 'ttl 30'));
    cluster.advance(120_000);
    expect(ask('web.default.svc.cluster.local').answers[0].ttl).toBe(30);
  });
});

describe('without its RBAC', () => {
  it("logs the reflector's failed lists, is not ready, and recovers when the binding is back", () => {
    const c = smallCluster();
    const s = c.systemClient();
    const binding = (s.get('clusterrolebindings', undefined, 'system:coredns') as { value: Obj }).value;
    expect(s.delete('clusterrolebindings', undefined, 'system:coredns').ok).toBe(true);
    const pods = s.list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-dns' });
    for (const p of (pods.ok && pods.value.items) || []) s.delete('pods', 'kube-system', String(p.metadata.name), { gracePeriodSeconds: 0 });
    c.advance(20_000);
    const running = corednsContainers(c).filter((x) => x.state === 'CONTAINER_RUNNING' && x.startedAt! > c.now() - 20_000);
    expect(running.length).toBeGreaterThan(0);
    const lines = running[0].logs.lines().map((l) => l.line);
    expect(lines).toContain('[INFO] plugin/kubernetes: pkg/mod/k8s.io/client-go@v0.29.3/tools/cache/reflector.go:229: failed to list *v1.Service: services is forbidden: User "system:serviceaccount:kube-system:coredns" cannot list resource "services" in API group "" at the cluster scope');
    expect(lines).toContain('[ERROR] plugin/kubernetes: pkg/mod/k8s.io/client-go@v0.29.3/tools/cache/reflector.go:229: Failed to watch *v1.EndpointSlice: failed to list *v1.EndpointSlice: endpointslices.discovery.k8s.io is forbidden: User "system:serviceaccount:kube-system:coredns" cannot list resource "endpointslices" in API group "discovery.k8s.io" at the cluster scope');
    expect(lines).toContain('[WARNING] plugin/kubernetes: starting server with unsynced Kubernetes API');
    const sandbox = [...c.nodes.values()].flatMap((n) => [...n.runtime.sandboxes.values()]).find((x) => x.id === running[0].sandboxId)!;
    const from = { kind: 'host' as const, node: 'cp-1' };
    const ready = () => c.network.request(from, sandbox.ip, 8181, { kind: 'http', method: 'GET', path: '/ready', host: sandbox.ip, headers: [] });
    expect(ready().ok && ready()).toMatchObject({ response: { status: 503, body: 'kubernetes' } });
    const { resourceVersion: _rv, uid: _uid, creationTimestamp: _ts, ...meta } = binding.metadata;
    expect(s.create('clusterrolebindings', undefined, { ...binding, metadata: meta } as KubeObject).ok).toBe(true);
    c.advance(60_000);
    expect(ready()).toMatchObject({ response: { status: 200, body: 'OK' } });
    const answer = c.network.request(from, sandbox.ip, 53, { kind: 'dns', name: 'kubernetes.default.svc.cluster.local', type: 'A' });
    expect(answer.ok && answer.response).toMatchObject({ rcode: 'NOERROR', answers: [{ data: '10.96.0.1' }] });
  });
});

describe('the loop plugin', () => {
  it('kills CoreDNS when its upstream is a loopback address of its own pod (a local stub in the node file)', () => {
    const c = smallCluster();
    const s = c.systemClient();
    // As when the node file the kubelet hands to dnsPolicy Default pods names a local stub (dnsmasq, systemd-resolved).
    for (const n of c.nodes.values()) n.host.fs.write('/run/systemd/resolve/resolv.conf', 'nameserver 127.0.0.53\n');
    const pods = s.list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-dns' });
    for (const p of (pods.ok && pods.value.items) || []) s.delete('pods', 'kube-system', String(p.metadata.name), { gracePeriodSeconds: 0 });
    c.advance(60_000);
    const crashed = corednsContainers(c).filter((x) => x.state === 'CONTAINER_EXITED');
    expect(crashed.length).toBeGreaterThan(0);
    expect(crashed[0].exitCode).toBe(1);
    const lines = crashed[0].logs.lines().map((l) => l.line);
    expect(lines.slice(0, 1)).toEqual(['.:53']);
    expect(lines.at(-1)).toMatch(/^\[FATAL\] plugin\/loop: Loop \(127\.0\.0\.1:\d+ -> :53\) detected for zone "\.", see https:\/\/coredns\.io\/plugins\/loop#troubleshooting\. Query: "HINFO \d+\.\d+\."$/);
  });
});

describe('a Corefile that does not load', () => {
  it("crash-loops the pods with CoreDNS's message, and they run again once the ConfigMap is fixed", () => {
    const c = smallCluster();
    const s = c.systemClient();
    const cm = s.get('configmaps', 'kube-system', 'coredns');
    const good = (cm.ok && (cm.value as Obj).data.Corefile) as string;
    const edit = (corefile: string) => {
      const cur = s.get('configmaps', 'kube-system', 'coredns');
      expect(s.update('configmaps', 'kube-system', { ...(cur.ok && cur.value), data: { Corefile: corefile } } as KubeObject).ok).toBe(true);
    };
    edit(good.replace('    kubernetes cluster.local', '    kubernetess cluster.local'));
    // A running CoreDNS keeps its configuration; new pods read the broken one.
    const pods = s.list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-dns' });
    for (const p of (pods.ok && pods.value.items) || []) s.delete('pods', 'kube-system', String(p.metadata.name), { gracePeriodSeconds: 0 });
    c.advance(120_000);
    const statuses = () => {
      const list = s.list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-dns' });
      return ((list.ok && list.value.items) || []).map((p) => (p.status as Obj).containerStatuses?.[0]).filter(Boolean);
    };
    expect(statuses().length).toBe(2);
    for (const st of statuses()) {
      expect(st.restartCount).toBeGreaterThan(1);
      expect(st.lastState.terminated).toMatchObject({ exitCode: 1, reason: 'Error' });
    }
    const crashed = corednsContainers(c).filter((x) => x.state === 'CONTAINER_EXITED');
    expect(crashed.length).toBeGreaterThan(0);
    expect(crashed[0].exitCode).toBe(1);
    expect(crashed[0].logs.lines().map((l) => l.line)).toEqual(["/etc/coredns/Corefile:7 - Error during parsing: Unknown directive 'kubernetess'"]);
    edit(good);
    c.advance(6 * 60_000);
    for (const st of statuses()) expect(st.state.running).toBeDefined();
    const running = corednsContainers(c).filter((x) => x.state === 'CONTAINER_RUNNING' && x.logs.lines()[0]?.line === '.:53' && x.startedAt! > c.now() - 6 * 60_000);
    expect(running).toHaveLength(2);
  });
});
