/**
 * kube-flannel as the DaemonSet users apply after `kubeadm init`: one pod per
 * node whose init containers install the CNI plugin and configuration through
 * hostPath volumes, and whose flanneld writes /run/flannel/subnet.env from the
 * node's podCIDR, without which the flannel CNI plugin gives no pod a network.
 */
import { describe, it, expect } from 'vitest';
import { createCluster } from '../../../src/cluster/cluster.js';
import { NOW, createPod, eventLines, getPod, smallCluster, worldNode } from '../kubelet/harness.js';
import type { Cluster } from '../../../src/cluster/cluster.js';

type Obj = Record<string, any>;

const flannelPods = (c: Cluster): Obj[] => {
  const r = c.systemClient().list('pods', 'kube-flannel');
  return r.ok ? (r.value.items as Obj[]) : [];
};
const flannelPodOn = (c: Cluster, node: string) => flannelPods(c).find((p) => p.spec.nodeName === node && !p.metadata.deletionTimestamp)!;
const flannelLog = (c: Cluster, node: string) =>
  [...c.nodes.get(node)!.runtime.containers.values()]
    .filter((x) => x.name === 'kube-flannel')
    .sort((a, b) => b.createdAt - a.createdAt)[0]
    .logs.lines().map((l) => l.line.replace(/^([IWE])\d{4} \d\d:\d\d:\d\d\.\d{6}/, '$1'));

describe('kube-flannel DaemonSet', () => {
  const cluster = smallCluster();

  it('runs one ready flannel pod per node, after both install init containers completed', () => {
    const pods = flannelPods(cluster);
    expect(pods.map((p) => p.spec.nodeName).sort()).toEqual(['cp-1', 'node-1', 'node-2']);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^kube-flannel-ds-[a-z0-9]{5}$/);
      expect(p.status.phase).toBe('Running');
      expect(p.status.initContainerStatuses.map((s: Obj) => [s.name, s.state.terminated?.reason, s.state.terminated?.exitCode])).toEqual([
        ['install-cni-plugin', 'Completed', 0],
        ['install-cni', 'Completed', 0],
      ]);
      expect(p.status.containerStatuses[0]).toMatchObject({ name: 'kube-flannel', ready: true, restartCount: 0, image: 'ghcr.io/flannel-io/flannel:v0.26.7' });
    }
  });

  it("writes the node's subnet lease to /run/flannel/subnet.env and annotates the node", () => {
    const node = getNode(cluster, 'node-1');
    expect(cluster.nodes.get('node-1')!.host.fs.read('/run/flannel/subnet.env')).toBe(`FLANNEL_NETWORK=10.244.0.0/16\nFLANNEL_SUBNET=${node.spec.podCIDR.replace('.0/24', '.1/24')}\nFLANNEL_MTU=1450\nFLANNEL_IPMASQ=true\n`);
    const a = node.metadata.annotations;
    expect(a['flannel.alpha.coreos.com/backend-type']).toBe('vxlan');
    expect(a['flannel.alpha.coreos.com/kube-subnet-manager']).toBe('true');
    expect(a['flannel.alpha.coreos.com/public-ip']).toBe('10.0.0.11');
    expect(a['flannel.alpha.coreos.com/backend-data']).toMatch(/^\{"VNI":1,"VtepMAC":"[0-9a-f]{2}(:[0-9a-f]{2}){5}"\}$/);
    expect(flannelLog(cluster, 'node-1').slice(-8)).toEqual([
      'I       1 iptables.go:125] Setting up masking rules',
      'I       1 iptables.go:226] Changing default FORWARD chain policy to ACCEPT',
      'I       1 main.go:412] Wrote subnet file to /run/flannel/subnet.env',
      'I       1 main.go:416] Running backend.',
      'I       1 vxlan_network.go:65] watching for new subnet leases',
      'I       1 iptables.go:372] bootstrap done',
      'I       1 iptables.go:372] bootstrap done',
      'I       1 main.go:437] Waiting for all goroutines to exit',
    ]);
  });

  it('without subnet.env the flannel CNI plugin fails every sandbox; a new flannel pod writes it again', () => {
    const fs = cluster.nodes.get('node-1')!.host.fs;
    fs.remove('/run/flannel/subnet.env');
    createPod(cluster, 'web', { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27' }] });
    cluster.advance(5_000);
    expect(getPod(cluster, 'web').status.containerStatuses[0].state.waiting.reason).toBe('ContainerCreating');
    const failure = eventLines(cluster, 'web').find((l) => l.startsWith('FailedCreatePodSandBox'))!;
    expect(failure).toMatch(/^FailedCreatePodSandBox: Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "[0-9a-f]{64}": plugin type="flannel" failed \(add\): loadFlannelSubnetEnv failed: open \/run\/flannel\/subnet\.env: no such file or directory$/);
    cluster.systemClient().delete('pods', 'kube-flannel', flannelPodOn(cluster, 'node-1').metadata.name);
    cluster.advance(60_000);
    expect(fs.read('/run/flannel/subnet.env')).toContain('FLANNEL_SUBNET=');
    expect(getPod(cluster, 'web').status.phase).toBe('Running');
    // The restarted flanneld keeps the VTEP MAC its node's annotation holds.
    expect(flannelLog(cluster, 'node-1')).toContain(`I       1 vxlan.go:155] Interface flannel.1 mac address set to: ${JSON.parse(getNode(cluster, 'node-1').metadata.annotations['flannel.alpha.coreos.com/backend-data']).VtepMAC}`);
  });

  it("gives pods addresses of the subnet in subnet.env, as the plugin hands it to host-local, not of the node's podCIDR", () => {
    const c = smallCluster();
    const fs = c.nodes.get('node-2')!.host.fs;
    const podCIDR: string = getNode(c, 'node-2').spec.podCIDR;
    // A subnet file out of step with the node (flanneld of another cluster left it): pods take its addresses.
    fs.write('/run/flannel/subnet.env', fs.read('/run/flannel/subnet.env')!.replace(/FLANNEL_SUBNET=\S+/, 'FLANNEL_SUBNET=10.244.77.1/24'));
    createPod(c, 'stale', { nodeName: 'node-2', containers: [{ name: 'web', image: 'nginx:1.27' }] });
    c.advance(10_000);
    expect(getPod(c, 'stale').status.podIP).toMatch(/^10\.244\.77\.\d+$/);
    expect(podCIDR.startsWith('10.244.77.')).toBe(false);
  });

  it('a new flannel pod re-installs a removed network configuration and plugin binary', () => {
    const node = cluster.nodes.get('node-2')!;
    node.host.fs.remove('/etc/cni/net.d/10-flannel.conflist');
    node.host.fs.remove('/opt/cni/bin/flannel');
    cluster.advance(10_000);
    expect(node.runtime.cniLoadError()).toBe('no network config found in /etc/cni/net.d: cni plugin not initialized');
    cluster.systemClient().delete('pods', 'kube-flannel', flannelPodOn(cluster, 'node-2').metadata.name);
    cluster.advance(60_000);
    expect(node.runtime.cniLoadError()).toBeUndefined();
    expect(node.host.fs.read('/etc/cni/net.d/10-flannel.conflist')).toBe((cluster.systemClient().get('configmaps', 'kube-flannel', 'kube-flannel-cfg') as { value: Obj }).value.data['cni-conf.json']);
    expect(node.host.fs.stat('/opt/cni/bin/flannel')).toMatchObject({ mode: 0o755, sizeBytes: 2_842_912 });
    expect(flannelPodOn(cluster, 'node-2').status.phase).toBe('Running');
  });
});

describe('flanneld on a node without a pod CIDR', () => {
  // A /23 pod subnet holds two node /24s: the third node gets none (CIDRNotAvailable).
  const cluster = createCluster({ version: 'v1.32.4', now: NOW, createdAgoMs: 86_400_000, podSubnet: '10.244.0.0/23', nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2')], images: {} }, { seed: 3 });
  const bare = ['node-1', 'node-2'].find((n) => !getNode(cluster, n).spec.podCIDR)!;

  it("exits with flannel's error and crash-loops", () => {
    expect(bare).toBeDefined();
    const pod = flannelPodOn(cluster, bare);
    expect(pod.status.containerStatuses[0].state.waiting?.reason).toBe('CrashLoopBackOff');
    expect(pod.status.containerStatuses[0].restartCount).toBeGreaterThan(5);
    expect(flannelLog(cluster, bare).slice(-3)).toEqual([
      `I       1 kube.go:636] List of node(${bare}) annotations: map[string]string{"kubeadm.alpha.kubernetes.io/cri-socket":"unix:///var/run/containerd/containerd.sock", "node.alpha.kubernetes.io/ttl":"0", "volumes.kubernetes.io/controller-managed-attach-detach":"true"}`,
      `E       1 main.go:359] Error registering network: failed to acquire lease: node "${bare}" pod cidr not assigned`,
      'I       1 main.go:448] Stopping shutdownHandler...',
    ]);
    expect(cluster.nodes.get(bare)!.host.fs.read('/run/flannel/subnet.env')).toBeUndefined();
  });

  it("gives the node's pods the CNI plugin's error, not a silent wait", () => {
    createPod(cluster, 'web', { nodeName: bare, containers: [{ name: 'web', image: 'nginx:1.27' }] });
    cluster.advance(5_000);
    expect(eventLines(cluster, 'web').find((l) => l.startsWith('FailedCreatePodSandBox'))).toMatch(/plugin type="flannel" failed \(add\): loadFlannelSubnetEnv failed: open \/run\/flannel\/subnet\.env: no such file or directory$/);
  });
});

function getNode(cluster: Cluster, name: string): Obj {
  const r = cluster.systemClient().get('nodes', undefined, name);
  if (!r.ok) throw new Error(r.status.message);
  return r.value as Obj;
}
