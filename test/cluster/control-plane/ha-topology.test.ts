/**
 * The HA control plane kubeadm builds with a controlPlaneEndpoint and stacked
 * etcd: three control-plane nodes behind a load balancer, one etcd cluster,
 * leader election across the three schedulers and controller managers.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { createCluster, type Cluster } from '../../../src/cluster/cluster.js';
import { worldNode } from '../kubelet/harness.js';
import { sessionOn } from '../../commands/crictl/node-session.js';
import { nodePartitioned } from '../../../src/faults/node-partitioned.js';
import type { ContainerLog } from '../../../src/cluster/runtime/container-log.js';

type Obj = Record<string, any>;

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-30T09:00:00Z');
const LB = { ip: '10.0.0.5', port: 6443 };
const CPS = ['cp-1', 'cp-2', 'cp-3'];
const MANIFESTS = '/etc/kubernetes/manifests';
const ETCDCTL = 'sudo etcdctl --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key';

function haCluster(): Cluster {
  return createCluster(
    { version: 'v1.32.4', now: T0, createdAgoMs: 3 * DAY, nodes: [...CPS.map((n) => worldNode(n, 'control-plane')), worldNode('node-1')], images: {}, controlPlaneEndpoint: LB },
    { seed: 7 },
  );
}

const fs = (c: Cluster, node: string) => c.nodes.get(node)!.host.fs;
const server = (c: Cluster, node: string, file: string) => /server: (\S+)/.exec(fs(c, node).read(file) ?? '')?.[1];
const lease = (c: Cluster, name: string): Obj => (c.systemClient().get('leases', 'kube-system', name) as { ok: true; value: Obj }).value.spec;
/** The running containers of `name` on each control-plane node, by node. */
const running = (c: Cluster, name: string) => CPS.flatMap((node) => [...c.nodes.get(node)!.runtime.containers.values()].filter((x) => x.name === name && x.state === 'CONTAINER_RUNNING').map((container) => ({ node, container })));
const logText = (x: { container: { logs: ContainerLog } }) => x.container.logs.lines().map((l) => l.line).join('\n');
const etcdCommand = (c: Cluster, node: string): string[] => {
  const text = fs(c, node).read(`${MANIFESTS}/etcd.yaml`)!;
  return [...text.matchAll(/- '?(--[^'\n]+)'?$/gm)].map((m) => m[1]!);
};

describe('an HA control plane (controlPlaneEndpoint, stacked etcd)', () => {
  let c: Cluster;
  beforeAll(() => {
    c = haCluster();
  });

  it('runs the four static pods on every control-plane node and lists each API server in the kubernetes Endpoints', () => {
    const pods = (c.systemClient().list('pods', 'kube-system') as { ok: true; value: { items: Obj[] } }).value.items;
    for (const node of CPS) for (const component of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
      const pod = pods.find((p) => p.metadata.name === `${component}-${node}`);
      expect(pod?.status?.phase, `${component}-${node}`).toBe('Running');
    }
    const ep = (c.systemClient().get('endpoints', 'default', 'kubernetes') as { ok: true; value: Obj }).value;
    expect(ep.subsets).toEqual([{ addresses: [{ ip: '10.0.0.10' }, { ip: '10.0.0.11' }, { ip: '10.0.0.12' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }]);
  });

  it('points admin.conf and every kubelet.conf at the load balancer, scheduler.conf and controller-manager.conf at the local API server', () => {
    for (const [i, node] of CPS.entries()) {
      expect(server(c, node, '/etc/kubernetes/admin.conf')).toBe('https://10.0.0.5:6443');
      expect(server(c, node, '/etc/kubernetes/kubelet.conf')).toBe('https://10.0.0.5:6443');
      // kubeadm phases/kubeconfig getKubeConfigSpecsBase: the LocalAPIEndpoint for these two.
      expect(server(c, node, '/etc/kubernetes/scheduler.conf')).toBe(`https://10.0.0.1${i}:6443`);
      expect(server(c, node, '/etc/kubernetes/controller-manager.conf')).toBe(`https://10.0.0.1${i}:6443`);
    }
    expect(server(c, 'node-1', '/etc/kubernetes/kubelet.conf')).toBe('https://10.0.0.5:6443');
    const kubeProxy = (c.systemClient().get('configmaps', 'kube-system', 'kube-proxy') as { ok: true; value: Obj }).value;
    expect(kubeProxy.data['kubeconfig.conf']).toContain('server: https://10.0.0.5:6443');
    // The joined nodes share the init node's cluster CA (kubeadm join --control-plane copies it).
    expect(fs(c, 'cp-2').read('/etc/kubernetes/pki/ca.crt')).toBe(fs(c, 'cp-1').read('/etc/kubernetes/pki/ca.crt'));
    expect(fs(c, 'cp-3').read('/etc/kubernetes/pki/etcd/ca.key')).toBe(fs(c, 'cp-1').read('/etc/kubernetes/pki/etcd/ca.key'));
  });

  it("adds the endpoint's address to each API server's serving certificate, and a renewal keeps the SANs", async () => {
    const sh = await sessionOn(c, 'cp-2');
    const text = await sh.exec('sudo openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -text');
    expect(text.stdout).toMatch(/DNS:cp-2, IP Address:10\.96\.0\.1, IP Address:10\.0\.0\.11, IP Address:10\.0\.0\.5\n/);
    const renew = await sh.exec('sudo kubeadm certs renew apiserver');
    expect(renew.exitCode).toBe(0);
    expect((await sh.exec('sudo openssl x509 -in /etc/kubernetes/pki/apiserver.crt -noout -text')).stdout).toContain('IP Address:10.0.0.11, IP Address:10.0.0.5\n');
    await sh.exec('sudo kubeadm certs renew admin.conf');
    expect(server(c, 'cp-2', '/etc/kubernetes/admin.conf')).toBe('https://10.0.0.5:6443');
  });

  it('writes --initial-cluster as kubeadm does: the init member alone, each joined member with those before it and existing state', () => {
    expect(etcdCommand(c, 'cp-1')).toContain('--initial-cluster=cp-1=https://10.0.0.10:2380');
    expect(etcdCommand(c, 'cp-1').some((f) => f.startsWith('--initial-cluster-state'))).toBe(false);
    const peers = { 'cp-1': 'cp-1=https://10.0.0.10:2380', 'cp-2': 'cp-2=https://10.0.0.11:2380', 'cp-3': 'cp-3=https://10.0.0.12:2380' };
    const cluster2 = etcdCommand(c, 'cp-2').find((f) => f.startsWith('--initial-cluster='))!.slice('--initial-cluster='.length).split(',');
    const cluster3 = etcdCommand(c, 'cp-3').find((f) => f.startsWith('--initial-cluster='))!.slice('--initial-cluster='.length).split(',');
    expect([...cluster2].sort()).toEqual([peers['cp-1'], peers['cp-2']]);
    expect([...cluster3].sort()).toEqual([peers['cp-1'], peers['cp-2'], peers['cp-3']]);
    for (const node of ['cp-2', 'cp-3']) expect(etcdCommand(c, node)).toContain('--initial-cluster-state=existing');
    // ArgumentsToCommand sorts the flags: the state right after the list.
    const cmd = etcdCommand(c, 'cp-3');
    expect(cmd[cmd.findIndex((f) => f.startsWith('--initial-cluster=')) + 1]).toBe('--initial-cluster-state=existing');
  });

  it('etcdctl member list shows the three members; endpoint status --cluster shows exactly one leader', async () => {
    const sh = await sessionOn(c, 'cp-2');
    const list = await sh.exec(`${ETCDCTL} member list`);
    expect(list.exitCode).toBe(0);
    const rows = list.stdout.trim().split('\n');
    expect(rows).toHaveLength(3);
    for (const [i, node] of CPS.entries()) expect(rows.some((r) => new RegExp(`^[0-9a-f]{16}, started, ${node}, https://10\\.0\\.0\\.1${i}:2380, https://10\\.0\\.0\\.1${i}:2379, false$`).test(r))).toBe(true);
    // member list sorts by member id.
    const ids = rows.map((r) => r.split(',')[0]!);
    expect([...ids].sort()).toEqual(ids);
    const status = await sh.exec(`${ETCDCTL} endpoint status --cluster -w table`);
    expect(status.exitCode).toBe(0);
    const body = status.stdout.split('\n').filter((l) => l.startsWith('| https://'));
    expect(body).toHaveLength(3);
    expect(body.filter((l) => l.split('|')[5]!.trim() === 'true')).toHaveLength(1);
    // The leader is the init node's member while it serves.
    expect(body.find((l) => l.split('|')[5]!.trim() === 'true')).toContain('https://10.0.0.10:2379');
  });

  it('exactly one scheduler and one controller manager lead; the others wait on the lease', () => {
    for (const [component, leaseName] of [['kube-scheduler', 'kube-scheduler'], ['kube-controller-manager', 'kube-controller-manager']] as const) {
      const procs = running(c, component);
      expect(procs).toHaveLength(3);
      const leaders = procs.filter((p) => logText(p).includes(`successfully acquired lease kube-system/${leaseName}`));
      expect(leaders.map((p) => p.node)).toHaveLength(1);
      for (const p of procs) expect(logText(p)).toContain(`attempting to acquire leader lease kube-system/${leaseName}...`);
      expect(lease(c, leaseName).holderIdentity).toMatch(new RegExp(`^${leaders[0]!.node}_[0-9a-f-]{36}$`));
    }
  });
});

describe('failover in an HA control plane', () => {
  it('when the leading controller manager stops, another takes the lease after its 15 s duration', async () => {
    const c = haCluster();
    const before = lease(c, 'kube-controller-manager');
    const leaderNode = String(before.holderIdentity).split('_')[0]!;
    fs(c, leaderNode).remove(`${MANIFESTS}/kube-controller-manager.yaml`);
    // The kubelet's file source notices within its 20 s check; stop at the first tick without the container.
    let stoppedAt = 0;
    for (let t = 0; t < 25_000 && !stoppedAt; t += 500) {
      c.advance(500);
      if (!running(c, 'kube-controller-manager').some((p) => p.node === leaderNode)) stoppedAt = c.now();
    }
    expect(stoppedAt).toBeGreaterThan(0);
    c.advance(11_000);
    // Within the lease duration no standby may take it: the holder is unchanged.
    expect(lease(c, 'kube-controller-manager').holderIdentity).toBe(before.holderIdentity);
    c.advance(10_000);
    const after = lease(c, 'kube-controller-manager');
    expect(after.holderIdentity).not.toBe(before.holderIdentity);
    expect(after.leaseTransitions).toBe((before.leaseTransitions ?? 0) + 1);
    const newLeader = running(c, 'kube-controller-manager').find((p) => after.holderIdentity.startsWith(`${p.node}_`))!;
    expect(newLeader.node).not.toBe(leaderNode);
    expect(logText(newLeader)).toMatch(/leaderelection\.go:\d+\] successfully acquired lease kube-system\/kube-controller-manager$/m);
    // And the new leader works: a Deployment gets its ReplicaSet.
    c.apply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } } });
    c.advance(5_000);
    const rs = (c.systemClient().list('replicasets', 'default') as { ok: true; value: { items: Obj[] } }).value.items;
    expect(rs.map((r) => r.metadata.ownerReferences?.[0]?.name)).toContain('web');
  });

  it('with one API server down the load balancer sends kubectl and the kubelets to the others', async () => {
    const c = haCluster();
    fs(c, 'cp-1').remove(`${MANIFESTS}/kube-apiserver.yaml`);
    c.advance(60_000);
    expect(running(c, 'kube-apiserver').map((p) => p.node)).toEqual(['cp-2', 'cp-3']);
    expect(c.dialApiServer(undefined)).toBeUndefined();
    expect(c.network.dial({ kind: 'workstation' }, '10.0.0.10', 6443)).toEqual({ ok: false, failure: 'refused' });
    // The stopped API server took itself out of the kubernetes endpoints (lease reconciler RemoveEndpoints).
    const endpoints = () => (c.systemClient().get('endpoints', 'default', 'kubernetes') as { ok: true; value: Obj }).value.subsets[0].addresses.map((a: Obj) => a.ip);
    const slice = () => (c.systemClient().get('endpointslices', 'default', 'kubernetes') as { ok: true; value: Obj }).value.endpoints.map((e: Obj) => e.addresses[0]);
    expect(endpoints()).toEqual(['10.0.0.11', '10.0.0.12']);
    expect(slice()).toEqual(['10.0.0.11', '10.0.0.12']);
    const sh = await sessionOn(c);
    const nodes = await sh.exec('kubectl get nodes');
    expect(nodes.exitCode).toBe(0);
    expect(nodes.stdout.split('\n').filter((l) => / Ready /.test(l))).toHaveLength(4);
    // Back: it lists itself again.
    const manifest = fs(c, 'cp-2').read(`${MANIFESTS}/kube-apiserver.yaml`)!.replaceAll('10.0.0.11', '10.0.0.10');
    fs(c, 'cp-1').write(`${MANIFESTS}/kube-apiserver.yaml`, manifest);
    c.advance(25_000);
    expect(endpoints()).toEqual(['10.0.0.10', '10.0.0.11', '10.0.0.12']);
    expect(slice()).toEqual(['10.0.0.10', '10.0.0.11', '10.0.0.12']);
    fs(c, 'cp-1').remove(`${MANIFESTS}/kube-apiserver.yaml`);
    // Every API server down: the balancer has nobody to send the connection to.
    for (const node of ['cp-2', 'cp-3']) fs(c, node).remove(`${MANIFESTS}/kube-apiserver.yaml`);
    c.advance(25_000);
    expect(c.dialApiServer(undefined)).toBe('refused');
  });

  it('a node partitioned from an HA control plane is cut off from every API server behind the load balancer', () => {
    const c = haCluster();
    nodePartitioned.apply(c, { type: 'node-partitioned', node: 'node-1' });
    expect(c.network.dial({ kind: 'host', node: 'node-1' }, LB.ip, LB.port)).toEqual({ ok: false, failure: 'timeout' });
    expect(c.network.dial({ kind: 'host', node: 'cp-1' }, LB.ip, LB.port).ok).toBe(true);
  });

  it('etcd keeps committing with one member of three down and times writes out without quorum', async () => {
    const c = haCluster();
    const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { k: 'v' } });
    fs(c, 'cp-1').remove(`${MANIFESTS}/etcd.yaml`);
    c.advance(25_000);
    expect(running(c, 'etcd').map((p) => p.node)).toEqual(['cp-2', 'cp-3']);
    expect(c.apply(cm('one-down'))).not.toBeTypeOf('string');
    const sh = await sessionOn(c, 'cp-2');
    const status = await sh.exec(`${ETCDCTL} endpoint status --cluster -w table`);
    const leaders = status.stdout.split('\n').filter((l) => l.startsWith('| https://') && l.split('|')[5]!.trim() === 'true');
    expect(leaders).toHaveLength(1);
    expect(leaders[0]).not.toContain('10.0.0.10');
    fs(c, 'cp-3').remove(`${MANIFESTS}/etcd.yaml`);
    c.advance(25_000);
    // api/v3rpc/rpctypes ErrTimeout: a proposal no quorum commits.
    expect(c.apply(cm('two-down'))).toMatch(/etcdserver: request timed out/);
    const health = await sh.exec(`${ETCDCTL} endpoint health`);
    expect(health.exitCode).toBe(1);
    expect(health.stderr).toContain('127.0.0.1:2379 is unhealthy: failed to commit proposal: context deadline exceeded');
  });
});
