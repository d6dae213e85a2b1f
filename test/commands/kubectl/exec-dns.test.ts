/**
 * DNS from inside pods through kubectl (issue 8): `kubectl exec <pod> -- cat
 * /etc/resolv.conf` reads the sandbox's resolv.conf the kubelet formed
 * (pkg/kubelet/network/dns/dns.go), and `nslookup` runs in the pod's network
 * namespace against the nameserver it names (busybox 1.36 nslookup.c output).
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod } from '../../cluster/kubelet/harness.js';
import { runKubectl } from '../../../src/commands/kubectl/kubectl.js';
import type { CommandContext } from '../../../src/commands/types.js';
import { words } from './harness.js';

const cluster = smallCluster();
createPod(cluster, 'tools', { nodeName: 'node-2', containers: [{ name: 'tools', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
cluster.advance(10_000);
const ctx = { cluster: { now: () => cluster.now(), adminClient: () => cluster.adminClient(), nodeNames: () => cluster.nodeNames(), advance: (ms: number) => cluster.advance(ms), node: (n: string) => cluster.nodes.get(n) }, host: 'workstation', stdin: '', env: {} } as unknown as CommandContext;
const kubectl = (line: string) => runKubectl(words(line).slice(1), ctx);

describe('DNS inside a pod', () => {
  it("an init container's nslookup loop reads the pod's resolv.conf (dnsPolicy None naming a CoreDNS pod) and ends once it answers", () => {
    const dns = [...cluster.nodes.get('cp-1')!.runtime.sandboxes.values()].find((s) => s.podName.startsWith('coredns-'))!.ip;
    createPod(cluster, 'waits', {
      nodeName: 'node-1',
      dnsPolicy: 'None',
      dnsConfig: { nameservers: [dns], searches: ['default.svc.cluster.local'] },
      initContainers: [{ name: 'wait', image: 'busybox:1.36', command: ['sh', '-c', 'until nslookup kubernetes.default.svc.cluster.local; do echo waiting; sleep 2; done'] }],
      containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }],
    });
    cluster.advance(10_000);
    const log = cluster.systemClient().podLogs('default', 'waits', { container: 'wait' });
    expect(log.ok && log.value).toBe(`Server:\t\t${dns}\nAddress:\t${dns}:53\n\nName:\tkubernetes.default.svc.cluster.local\nAddress: 10.96.0.1\n\n\n`);
  });


  it("kubectl exec cat /etc/resolv.conf shows the kubelet's ClusterFirst configuration", async () => {
    const r = await kubectl('kubectl exec tools -- cat /etc/resolv.conf');
    expect(r.stdout).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });

  it('nslookup against a CoreDNS pod answers the kubernetes Service with its ClusterIP', async () => {
    const dns = [...cluster.nodes.get('cp-1')!.runtime.sandboxes.values()].find((s) => s.podName.startsWith('coredns-'))!.ip;
    const r = await kubectl(`kubectl exec tools -- nslookup kubernetes.default.svc.cluster.local ${dns}`);
    expect(r.stdout).toBe(`Server:\t\t${dns}\nAddress:\t${dns}:53\n\nName:\tkubernetes.default.svc.cluster.local\nAddress: 10.96.0.1\n\n\n`);
    expect(r.exitCode).toBe(0);
  });
});
