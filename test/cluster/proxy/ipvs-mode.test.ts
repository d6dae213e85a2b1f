/**
 * kube-proxy with `mode: ipvs` in its ConfigMap: it fills the node's IPVS table
 * (`ipvsadm -Ln`, reference §8.11) when the kernel can load ip_vs, and exits like
 * upstream (cmd/kube-proxy/app/server_linux.go: "can't use the IPVS proxier")
 * when it cannot, so its pod crash-loops; `lsmod` shows which.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster } from '../kubelet/harness.js';
import { kernelModulesOf } from '../../../src/cluster/host/kernel-modules.js';
import { runIpvsadm } from '../../../src/commands/host-ipvs/ipvsadm.js';
import { runLsmod } from '../../../src/commands/host-ipvs/lsmod.js';
import type { KubeObject } from '../../../src/cluster/apiserver/types.js';
import type { CommandContext } from '../../../src/commands/types.js';

type Obj = Record<string, any>;

const cluster = smallCluster({ 'shop/api:1': { listens: [8080] } });
const sys = cluster.systemClient();
const ctx = (host: string) => ({ cluster: { node: (n: string) => cluster.nodes.get(n) }, host }) as unknown as CommandContext;
const kubeProxy = (node: string) => [...cluster.nodes.get(node)!.runtime.containers.values()].filter((c) => c.name === 'kube-proxy').at(-1)!;

// node-2's kernel has no IPVS; switch the ConfigMap to ipvs and restart kube-proxy's pods.
kernelModulesOf(cluster.nodes.get('node-2')!.host).available.delete('ip_vs');
const cm = sys.get('configmaps', 'kube-system', 'kube-proxy');
if (!cm.ok) throw new Error(cm.status.message);
const data = (cm.value as Obj).data;
sys.update('configmaps', 'kube-system', { ...cm.value, data: { ...data, 'config.conf': data['config.conf'].replace('mode: ""', 'mode: "ipvs"') } } as KubeObject);
const pods = sys.list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-proxy' });
for (const p of pods.ok ? pods.value.items : []) sys.delete('pods', 'kube-system', p.metadata.name!);
cluster.advance(60_000);

describe('kube-proxy in IPVS mode', () => {
  it('fills the IPVS table: ipvsadm -Ln as in reference §8.11, and lsmod shows ip_vs loaded', () => {
    const r = runIpvsadm(['-Ln'], ctx('node-1'));
    expect(r.exitCode).toBe(0);
    expect(r.stdout.startsWith('IP Virtual Server version 1.2.1 (size=4096)\nProt LocalAddress:Port Scheduler Flags\n  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn\nTCP  10.96.0.1:443 rr\n  -> 10.0.0.10:6443               Masq    1      0          0         \n')).toBe(true);
    expect(r.stdout).toContain('UDP  10.96.0.10:53 rr\n');
    expect(kubeProxy('node-1').logs.lines().some((l) => l.line.endsWith('"Using ipvs Proxier"'))).toBe(true);
    const lsmod = runLsmod([], ctx('node-1')).stdout.split('\n');
    expect(lsmod[0]).toBe('Module                  Size  Used by');
    expect(lsmod).toContain('ip_vs_rr               16384  0');
    expect(lsmod.find((l) => l.startsWith('ip_vs '))).toBe('ip_vs                 196608  1 ip_vs_rr');
  });

  it('a Service created after the switch is reached through IPVS, round robin', () => {
    const mk = (name: string, node: string) => sys.create('pods', 'default', { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'rr' } }, spec: { nodeName: node, containers: [{ name: 'c', image: 'shop/api:1' }] } } as KubeObject);
    mk('rr-1', 'node-1');
    mk('rr-2', 'node-1');
    const svc = sys.create('services', 'default', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'rr' }, spec: { selector: { app: 'rr' }, ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }] } } as KubeObject);
    cluster.advance(5_000);
    const ip = svc.ok ? (svc.value.spec as Obj).clusterIP : '';
    const peers = [1, 2, 3, 4].map(() => {
      const d = cluster.network.dial({ kind: 'host', node: 'node-1' }, ip, 80);
      return d.ok && d.peer.kind === 'container' ? d.peer.sandbox.podName : d;
    });
    expect(new Set(peers)).toEqual(new Set(['rr-1', 'rr-2']));
    expect(peers[0]).toBe(peers[2]);
  });

  it('without ip_vs in the kernel kube-proxy exits with upstream error and its pod crash-loops', () => {
    const c = kubeProxy('node-2');
    expect(c.state).toBe('CONTAINER_EXITED');
    expect(c.exitCode).toBe(1);
    const lines = c.logs.lines().map((l) => l.line);
    expect(lines.at(-2)).toMatch(/^E\d{4} [\d:.]+ +1 server\.go:558\] "Error running ProxyServer" err="can't use the IPVS proxier: Ipvs not supported by the kernel"$/);
    expect(lines.at(-1)).toMatch(/run\.go:72\] "command failed" err="can't use the IPVS proxier: Ipvs not supported by the kernel"$/);
    expect(runLsmod([], ctx('node-2')).stdout).not.toContain('ip_vs');
    expect(runIpvsadm(['-Ln'], ctx('node-2'))).toEqual({ stdout: '', stderr: "Can't initialize ipvs: Protocol not available\nAre you sure that IP Virtual Server is built in the kernel or as module?\n", exitCode: 2 });
    const pod = sys.list('pods', 'kube-system', { fieldSelector: 'spec.nodeName=node-2', labelSelector: 'k8s-app=kube-proxy' });
    const status = pod.ok ? ((pod.value.items[0] as Obj).status.containerStatuses[0] as Obj) : {};
    expect(status.restartCount).toBeGreaterThan(0);
  });
});
