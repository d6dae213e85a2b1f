/**
 * kube-proxy as a program on every node: it reads kubeadm's ConfigMap, watches
 * Services and EndpointSlices with its ServiceAccount, and its rules carry a dial
 * from a pod to a ClusterIP (pkg/proxy/iptables/proxier.go), reject a Service
 * without endpoints, and go stale when its container is gone.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, getPod } from '../kubelet/harness.js';
import { netfilterOf } from '../../../src/cluster/network/netfilter.js';
import { serviceChainName } from '../../../src/cluster/proxy/chain-names.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import type { Cluster } from '../../../src/cluster/cluster.js';

type Obj = Record<string, any>;

const cluster = smallCluster({ 'shop/api:1': { listens: [8080], http: { '/': { status: 200, body: 'hello\n' } } } });
const sys = cluster.systemClient();
const create = (resource: string, obj: Obj) => {
  const r = sys.create(resource, 'default', obj as KubeObject);
  if (!r.ok) throw new Error(r.status.message);
  return r.value as Obj;
};
const pod = (name: string, node: string, labels: Record<string, string>, image: string, command?: string[]) =>
  create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { nodeName: node, containers: [{ name: 'c', image, ...(command ? { command } : {}) }] } });
const service = (name: string, spec: Obj) => create('services', { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }], ...spec } });

pod('api-1', 'node-1', { app: 'api' }, 'shop/api:1');
pod('client', 'node-2', { app: 'client' }, 'busybox:1.36', ['sleep', 'infinity']);
const api = service('api', { selector: { app: 'api' }, type: 'NodePort' });
const empty = service('empty', { selector: { app: 'nobody' } });
cluster.advance(10_000);

const source = (c: Cluster, podName: string, node: string) => {
  const sandbox = [...c.nodes.get(node)!.runtime.sandboxes.values()].find((s) => s.podName === podName && s.state === 'SANDBOX_READY')!;
  return { kind: 'pod' as const, node, sandboxId: sandbox.id };
};
const kubeProxyContainer = (node: string) => [...cluster.nodes.get(node)!.runtime.containers.values()].find((c) => c.name === 'kube-proxy' && c.state === 'CONTAINER_RUNNING');

describe('kube-proxy programs every node from the API', () => {
  it('runs on each node with upstream start-up lines, configured from the kube-proxy ConfigMap', () => {
    for (const node of ['cp-1', 'node-1', 'node-2']) expect(kubeProxyContainer(node)).toBeDefined();
    const log = kubeProxyContainer('node-1')!.logs.lines().map((l) => l.line);
    expect(log[0]).toMatch(/^I\d{4} \d\d:\d\d:\d\d\.\d{6}       1 server_linux\.go:66\] "Using iptables proxy"$/);
    expect(log.some((l) => l.endsWith('"Successfully retrieved node IP(s)" IPs=["10.0.0.11"]'))).toBe(true);
    expect(log.some((l) => l.endsWith('server_linux.go:170] "Using iptables Proxier"'))).toBe(true);
    expect(log.some((l) => l.endsWith('config.go:199] "Starting service config controller"'))).toBe(true);
    expect(log.at(-1)).toMatch(/shared_informer\.go:320\] Caches are synced for endpoint slice config$/);
    const cm = sys.get('configmaps', 'kube-system', 'kube-proxy');
    expect(cm.ok && (cm.value as Obj).data['config.conf']).toContain('clusterCIDR: 10.244.0.0/16\n');
    // The masquerade rule uses the clusterCIDR read from config.conf.
    const svc = netfilterOf(cluster.nodes.get('node-2')!.host).natTable.chains['KUBE-SVC-NPX46M4PTMTKRN6Y'];
    expect(svc[0]).toMatchObject({ source: '10.244.0.0/16', sourceInvert: true, target: 'KUBE-MARK-MASQ' });
  });

  it('a dial from a pod to the ClusterIP is DNATed to a ready endpoint', () => {
    const r = cluster.network.dial(source(cluster, 'client', 'node-2'), api.spec.clusterIP, 80);
    expect(r.ok && r.peer.kind === 'container' && r.peer.sandbox.podName).toBe('api-1');
    expect(r.ok && r.ip).toBe(getPod(cluster, 'api-1').status.podIP);
    expect(r.ok && r.port).toBe(8080);
  });

  it('the NodePort answers from the workstation on any node', () => {
    const nodePort = api.spec.ports[0].nodePort as number;
    const r = cluster.network.dial({ kind: 'workstation' }, '10.0.0.12', nodePort);
    expect(r.ok && r.peer.kind === 'container' && r.peer.sandbox.podName).toBe('api-1');
  });

  it('a Service without endpoints is refused by the REJECT rule, from pods and nodes alike', () => {
    expect(cluster.network.dial(source(cluster, 'client', 'node-2'), empty.spec.clusterIP, 80)).toEqual({ ok: false, failure: 'refused' });
    expect(cluster.network.dial({ kind: 'host', node: 'node-1' }, empty.spec.clusterIP, 80)).toEqual({ ok: false, failure: 'refused' });
  });

  it('a new endpoint shows up on change; on a node whose kube-proxy container stopped the rules stay stale', () => {
    pod('web-1', 'node-1', { app: 'web' }, 'shop/api:1');
    cluster.advance(3_000);
    const runtime = cluster.nodes.get('node-2')!.runtime;
    runtime.stopContainer(kubeProxyContainer('node-2')!.id);
    const web = service('web', { selector: { app: 'web' } });
    pod('api-2', 'node-1', { app: 'api' }, 'shop/api:1');
    cluster.advance(2_000);
    // The api Service's new endpoint: two KUBE-SEP jumps on node-1, still one on node-2.
    const apiChain = serviceChainName('default/api:http', 'tcp');
    const endpointsOf = (node: string) => netfilterOf(cluster.nodes.get(node)!.host).natTable.chains[apiChain].filter((r) => r.target.startsWith('KUBE-SEP-')).length;
    expect(endpointsOf('node-1')).toBe(2);
    expect(endpointsOf('node-2')).toBe(1);
    const rulesOf = (node: string) => netfilterOf(cluster.nodes.get(node)!.host).natTable.chains['KUBE-SERVICES'].map((r) => r.destination);
    expect(rulesOf('node-1')).toContain(`${web.spec.clusterIP}/32`);
    expect(rulesOf('node-2')).not.toContain(`${web.spec.clusterIP}/32`);
    // node-2 still has the rules of the last sync: the api Service keeps working there, the new one is untranslated.
    expect(cluster.network.dial(source(cluster, 'client', 'node-2'), api.spec.clusterIP, 80).ok).toBe(true);
    expect(cluster.network.dial(source(cluster, 'client', 'node-2'), web.spec.clusterIP, 80)).toEqual({ ok: false, failure: 'timeout' });
    expect(cluster.network.dial({ kind: 'host', node: 'node-1' }, web.spec.clusterIP, 80).ok).toBe(true);
  });
});

describe('kube-proxy announces itself on its node', () => {
  it('records an events.k8s.io "Starting" event about the Node (action StartKubeProxy, empty note)', () => {
    // Events live an hour (--event-ttl): restart node-1's kube-proxy to see a fresh one.
    const c = smallCluster();
    const pods = c.systemClient().list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-proxy', fieldSelector: 'spec.nodeName=node-1' });
    for (const p of pods.ok ? pods.value.items : []) c.systemClient().delete('pods', 'kube-system', p.metadata.name!);
    c.advance(40_000);
    const events = c.systemClient().list('events', 'default', { fieldSelector: 'involvedObject.name=node-1' });
    const started = (events.ok ? (events.value.items as Obj[]) : []).filter((e) => e.reportingComponent === 'kube-proxy');
    expect(started.length).toBeGreaterThan(0);
    expect(started[0]).toMatchObject({ reason: 'Starting', message: '', type: 'Normal', action: 'StartKubeProxy', reportingInstance: 'kube-proxy-node-1', involvedObject: { kind: 'Node', name: 'node-1', uid: 'node-1' } });
  });
});

describe('kube-proxy without its RBAC binding', () => {
  it('logs the reflector errors client-go logs and programs nothing until it may list', () => {
    const c = smallCluster();
    const sys2 = c.systemClient();
    sys2.delete('clusterrolebindings', undefined, 'kubeadm:node-proxier');
    const pods = sys2.list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-proxy', fieldSelector: 'spec.nodeName=node-1' });
    for (const p of pods.ok ? pods.value.items : []) sys2.delete('pods', 'kube-system', p.metadata.name!);
    c.advance(40_000);
    const container = [...c.nodes.get('node-1')!.runtime.containers.values()].filter((x) => x.name === 'kube-proxy').at(-1)!;
    const lines = container.logs.lines().map((l) => l.line);
    expect(lines).toContainEqual(expect.stringMatching(/^W\d{4} [\d:.]+ +1 reflector\.go:569\] k8s\.io\/client-go\/informers\/factory\.go:160: failed to list \*v1\.Service: services is forbidden: User "system:serviceaccount:kube-system:kube-proxy" cannot list resource "services" in API group "" at the cluster scope$/));
    expect(lines).toContainEqual(expect.stringMatching(/reflector\.go:166\] "Unhandled Error" err="k8s\.io\/client-go\/informers\/factory\.go:160: Failed to watch \*v1\.Service: failed to list \*v1\.Service: services is forbidden: /));
    expect(lines.some((l) => l.includes('Caches are synced'))).toBe(false);
    // Restoring the binding lets the next retry list, sync and program the node.
    sys2.create('clusterrolebindings', undefined, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'kubeadm:node-proxier' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:node-proxier' }, subjects: [{ kind: 'ServiceAccount', name: 'kube-proxy', namespace: 'kube-system' }] } as KubeObject);
    c.advance(40_000);
    expect(container.logs.lines().at(-1)!.line).toMatch(/Caches are synced for endpoint slice config$/);
  });
});

describe('kube-proxy and its configuration file', () => {
  it('exits when the ConfigMap behind config.conf changes, and the restarted container reads the new file', () => {
    const c = smallCluster();
    const sys2 = c.systemClient();
    const cm = sys2.get('configmaps', 'kube-system', 'kube-proxy');
    if (!cm.ok) throw new Error(cm.status.message);
    const data = (cm.value as Obj).data;
    sys2.update('configmaps', 'kube-system', { ...cm.value, data: { ...data, 'config.conf': data['config.conf'].replace('clusterCIDR: 10.244.0.0/16', 'clusterCIDR: 10.250.0.0/16') } } as KubeObject);
    c.advance(30_000);
    const first = [...c.nodes.get('node-1')!.runtime.containers.values()].find((x) => x.name === 'kube-proxy')!;
    expect(first.state).toBe('CONTAINER_RUNNING');
    c.advance(60_000);
    expect(first.state).toBe('CONTAINER_EXITED');
    expect(first.exitCode).toBe(1);
    expect(first.logs.lines().at(-2)!.line).toMatch(/server\.go:558\] "Error running ProxyServer" err="content of the proxy server's configuration file was updated"$/);
    c.advance(30_000);
    const masq = netfilterOf(c.nodes.get('node-1')!.host).natTable.chains['KUBE-SVC-NPX46M4PTMTKRN6Y'][0];
    expect(masq).toMatchObject({ source: '10.250.0.0/16', sourceInvert: true });
  });
});

describe('kube-proxy on a node cut off from the API server', () => {
  it('keeps its rules stale while it cannot reach the server in kubeconfig.conf, and catches up once it can', () => {
    const c = smallCluster();
    const table = netfilterOf(c.nodes.get('node-2')!.host).filterTable;
    table.append('INPUT', { source: '10.0.0.10/32', target: 'DROP' });
    const svc = c.systemClient().create('services', 'default', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'late' }, spec: { ports: [{ port: 80, protocol: 'TCP' }], selector: { app: 'late' } } } as KubeObject);
    const ip = svc.ok ? `${(svc.value.spec as Obj).clusterIP}/32` : '';
    c.advance(5_000);
    const rejects = (node: string) => netfilterOf(c.nodes.get(node)!.host).filterTable.chains['KUBE-SERVICES'].map((r) => r.destination);
    expect(rejects('node-1')).toContain(ip);
    expect(rejects('node-2')).not.toContain(ip);
    table.remove('INPUT', table.chains.INPUT.length - 1);
    c.advance(30_000);
    expect(rejects('node-2')).toContain(ip);
  });

  it("a kube-proxy starting while cut off logs the reflector's failed lists with the URL it dialed", () => {
    const c = smallCluster();
    const node = c.nodes.get('node-2')!;
    const running = [...node.runtime.containers.values()].find((x) => x.name === 'kube-proxy' && x.state === 'CONTAINER_RUNNING')!;
    node.runtime.processExited(running, 2);
    // The kubelet restarts it; cut the node off as the new process starts, before its informers list.
    const latest = () => [...node.runtime.containers.values()].filter((x) => x.name === 'kube-proxy').at(-1)!;
    for (let i = 0; i < 600 && latest() === running; i++) c.advance(50);
    const restarted = latest();
    expect(restarted).not.toBe(running);
    netfilterOf(node.host).filterTable.append('INPUT', { source: '10.0.0.10/32', target: 'DROP' });
    c.advance(5_000);
    expect(restarted.logs.lines().map((l) => l.line)).toContainEqual(
      expect.stringMatching(
        /reflector\.go:569\] k8s\.io\/client-go\/informers\/factory\.go:160: failed to list \*v1\.Service: Get "https:\/\/10\.0\.0\.10:6443\/api\/v1\/services\?labelSelector=%21service\.kubernetes\.io%2Fheadless%2C%21service\.kubernetes\.io%2Fservice-proxy-name&limit=500&resourceVersion=0": dial tcp 10\.0\.0\.10:6443: i\/o timeout$/,
      ),
    );
    expect(restarted.logs.lines().some((l) => l.line.includes('Caches are synced'))).toBe(false);
  });
});
