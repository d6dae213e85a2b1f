/**
 * calico's own pods, as calico v3.29.3's calico.yaml (manifest install)
 * creates them in kube-system: the calico-node DaemonSet, whose install-cni
 * init container writes the conflist and plugin binaries through hostPath
 * volumes, and the calico-kube-controllers Deployment. Only in a `cni:
 * calico` world.
 */
import { describe, it, expect } from 'vitest';
import { createCluster } from '../../../src/cluster/cluster.js';
import { NOW, smallCluster, worldNode } from '../kubelet/harness.js';
import type { Cluster } from '../../../src/cluster/cluster.js';

type Obj = Record<string, any>;

const calicoCluster = () => createCluster({ version: 'v1.32.4', now: NOW, createdAgoMs: 30 * 86_400_000, nodes: [worldNode('cp-1', 'control-plane'), worldNode('node-1'), worldNode('node-2')], images: {}, cni: 'calico' }, { seed: 1 });
const systemPods = (c: Cluster): Obj[] => {
  const r = c.systemClient().list('pods', 'kube-system');
  return r.ok ? (r.value.items as Obj[]).filter((p) => !p.metadata.deletionTimestamp) : [];
};
const calicoNodePods = (c: Cluster) => systemPods(c).filter((p) => p.metadata.labels?.['k8s-app'] === 'calico-node');
const containerLog = (c: Cluster, node: string, name: string) =>
  [...c.nodes.get(node)!.runtime.containers.values()]
    .filter((x) => x.name === name)
    .sort((a, b) => b.createdAt - a.createdAt)[0]
    .logs.lines().map((l) => l.line.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} /, ''));

describe('calico-node DaemonSet and calico-kube-controllers', () => {
  const cluster = calicoCluster();

  it('runs one ready calico-node pod per node after its three init containers completed', () => {
    const pods = calicoNodePods(cluster);
    expect(pods.map((p) => p.spec.nodeName).sort()).toEqual(['cp-1', 'node-1', 'node-2']);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^calico-node-[a-z0-9]{5}$/);
      expect(p.spec).toMatchObject({ hostNetwork: true, priorityClassName: 'system-node-critical', serviceAccountName: 'calico-node' });
      expect(p.status.phase).toBe('Running');
      expect(p.status.initContainerStatuses.map((s: Obj) => [s.name, s.state.terminated?.reason, s.state.terminated?.exitCode])).toEqual([
        ['upgrade-ipam', 'Completed', 0],
        ['install-cni', 'Completed', 0],
        ['mount-bpffs', 'Completed', 0],
      ]);
      expect(p.status.containerStatuses[0]).toMatchObject({ name: 'calico-node', ready: true, restartCount: 0, image: 'docker.io/calico/node:v3.29.3' });
    }
    // node/pkg/lifecycle/startup/startup.go and lifecycle/utils/utils.go at v3.29.3.
    expect(containerLog(cluster, 'node-1', 'calico-node')).toEqual([
      '[INFO][9] startup/startup.go 439: Early log level set to info',
      '[INFO][9] startup/utils.go 126: Using NODENAME environment for node name node-1',
      '[INFO][9] startup/utils.go 138: Determined node name: node-1',
      '[INFO][9] startup/startup.go 95: Starting node node-1 with version v3.29.3',
      '[INFO][9] startup/startup.go 444: Checking datastore connection',
      '[INFO][9] startup/startup.go 468: Datastore connection verified',
      '[INFO][9] startup/startup.go 105: Datastore is ready',
      '[INFO][9] startup/startup.go 215: Using node name: node-1',
    ]);
    // cni-plugin/pkg/install/install.go at v3.29.3: the binaries, then the filled template, echoed.
    const install = containerLog(cluster, 'node-1', 'install-cni');
    expect(install.slice(0, 2)).toEqual(['[INFO][1] cni-installer/<nil> <nil>: Running as a Kubernetes pod', '[INFO][1] cni-installer/<nil> <nil>: Installed /host/opt/cni/bin/bandwidth']);
    expect(install).toContain('[INFO][1] cni-installer/<nil> <nil>: Installed /host/opt/cni/bin/calico-ipam');
    expect(install).toContain('[INFO][1] cni-installer/<nil> <nil>: CNI plugin version: v3.29.3');
    expect(install).toContain('      "nodename": "node-1",');
    expect(install.at(-1)).toBe('[INFO][1] cni-installer/<nil> <nil>: Done configuring CNI.  Sleep= false');
  });

  it('runs calico-kube-controllers as one ready pod', () => {
    const pods = systemPods(cluster).filter((p) => p.metadata.labels?.['k8s-app'] === 'calico-kube-controllers');
    expect(pods).toHaveLength(1);
    expect(pods[0].metadata.name).toMatch(/^calico-kube-controllers-[a-z0-9]+-[a-z0-9]{5}$/);
    expect(pods[0].status.containerStatuses[0]).toMatchObject({ ready: true, image: 'docker.io/calico/kube-controllers:v3.29.3' });
  });

  it('has the ServiceAccounts and the calico-config ConfigMap', () => {
    for (const sa of ['calico-node', 'calico-kube-controllers', 'calico-cni-plugin']) expect(cluster.systemClient().get('serviceaccounts', 'kube-system', sa).ok).toBe(true);
    const cm = cluster.systemClient().get('configmaps', 'kube-system', 'calico-config');
    expect(cm.ok && (cm.value as Obj).data.cni_network_config).toContain('"nodename": "__KUBERNETES_NODE_NAME__",\n      "mtu": __CNI_MTU__,');
  });

  it('a new calico-node pod re-installs a removed conflist and plugin binary, with the node name filled in', () => {
    const node = cluster.nodes.get('node-2')!;
    const seeded = node.host.fs.read('/etc/cni/net.d/10-calico.conflist');
    node.host.fs.remove('/etc/cni/net.d/10-calico.conflist');
    node.host.fs.remove('/opt/cni/bin/calico');
    cluster.advance(10_000);
    expect(node.runtime.cniLoadError()).toBe('no network config found in /etc/cni/net.d: cni plugin not initialized');
    const pod = calicoNodePods(cluster).find((p) => p.spec.nodeName === 'node-2')!;
    cluster.systemClient().delete('pods', 'kube-system', pod.metadata.name);
    cluster.advance(60_000);
    expect(node.runtime.cniLoadError()).toBeUndefined();
    const conf = node.host.fs.read('/etc/cni/net.d/10-calico.conflist')!;
    expect(conf).toBe(seeded);
    expect(conf).toContain('"ipam": {\n          "type": "host-local",\n          "subnet": "usePodCidr"\n      },');
    expect(JSON.parse(conf).plugins[0]).toMatchObject({ type: 'calico', nodename: 'node-2', mtu: 0, kubernetes: { kubeconfig: '/etc/cni/net.d/calico-kubeconfig' } });
    expect(node.host.fs.stat('/opt/cni/bin/calico')).toMatchObject({ mode: 0o755 });
    const fresh = calicoNodePods(cluster).find((p) => p.spec.nodeName === 'node-2')!;
    expect(fresh.metadata.name).not.toBe(pod.metadata.name);
    expect(fresh.status.phase).toBe('Running');
  });
});

describe('a flannel cluster', () => {
  it('has none of calico', () => {
    const cluster = smallCluster();
    const names = systemPods(cluster).map((p) => p.metadata.name);
    expect(names.filter((n) => n.startsWith('calico'))).toEqual([]);
    expect(cluster.systemClient().get('configmaps', 'kube-system', 'calico-config').ok).toBe(false);
    expect(cluster.systemClient().get('daemonsets', 'kube-system', 'calico-node').ok).toBe(false);
    expect(cluster.nodes.get('node-1')!.host.fs.read('/etc/cni/net.d/10-calico.conflist')).toBeUndefined();
  });
});
