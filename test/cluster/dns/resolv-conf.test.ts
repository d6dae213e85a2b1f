/**
 * Pods' /etc/resolv.conf: the kubelet's DNS configurer
 * (pkg/kubelet/network/dns/dns.go GetPodDNS, getPodDNSType, appendDNSConfig)
 * and containerd's text (CRI plugin parseDNSOptions: search, nameserver,
 * options lines); nodes' systemd-resolved files.
 */
import { describe, it, expect } from 'vitest';
import { podDnsConfig, resolvConfText, resolvConfOf, NODE_UPLINK_RESOLV_CONF, type DnsConfigurer } from '../../../src/cluster/dns/resolv-conf.js';
import { smallCluster, createPod, eventLines } from '../kubelet/harness.js';

type Obj = Record<string, any>;

const kubelet: DnsConfigurer = { clusterDNS: ['10.96.0.10'], clusterDomain: 'cluster.local', hostResolvConf: NODE_UPLINK_RESOLV_CONF };
const pod = (spec: Obj, namespace = 'shop'): Obj => ({ metadata: { name: 'p', namespace }, spec });
const text = (spec: Obj) => resolvConfText(podDnsConfig(pod(spec), kubelet)!, undefined);

describe('the resolv.conf the kubelet gives a pod', () => {
  it('ClusterFirst (the default): the cluster DNS, the namespace search list and ndots:5', () => {
    expect(text({})).toBe('search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
    expect(text({ dnsPolicy: 'ClusterFirst' })).toBe(text({}));
  });

  it("Default, and ClusterFirst on the host network, take the node's resolvConf file", () => {
    expect(text({ dnsPolicy: 'Default' })).toBe('nameserver 10.0.0.1\n');
    expect(text({ dnsPolicy: 'ClusterFirst', hostNetwork: true })).toBe('nameserver 10.0.0.1\n');
    expect(text({ dnsPolicy: 'ClusterFirstWithHostNet', hostNetwork: true })).toBe('search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
  });

  it('None takes dnsConfig alone; dnsConfig adds to the others and overrides options by name', () => {
    expect(text({ dnsPolicy: 'None', dnsConfig: { nameservers: ['1.2.3.4'], searches: ['corp.example'], options: [{ name: 'ndots', value: '2' }] } })).toBe('search corp.example\nnameserver 1.2.3.4\noptions ndots:2\n');
    expect(text({ dnsConfig: { options: [{ name: 'ndots', value: '1' }, { name: 'edns0' }] } })).toBe('search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:1 edns0\n');
  });

  it('without clusterDNS a ClusterFirst pod falls back to the node file', () => {
    expect(resolvConfText(podDnsConfig(pod({}), { ...kubelet, clusterDNS: [] })!, undefined)).toBe('nameserver 10.0.0.1\n');
  });
});

describe('in a cluster', () => {
  const cluster = smallCluster();
  createPod(cluster, 'client', { nodeName: 'node-1', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
  cluster.advance(5_000);

  it("every pod's sandbox carries the kubelet's resolv.conf, from its clusterDNS and clusterDomain", () => {
    const sandbox = [...cluster.nodes.get('node-1')!.runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
    expect(resolvConfOf(cluster.network, { kind: 'pod', node: 'node-1', sandboxId: sandbox.id })).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
    // CoreDNS runs with dnsPolicy Default: the uplink file kubeadm points the kubelet's resolvConf at.
    const coredns = [...cluster.nodes.get('cp-1')!.runtime.sandboxes.values()].find((s) => s.podName.startsWith('coredns-'))!;
    expect(coredns.resolvConf).toBe('nameserver 10.0.0.1\n');
  });

  it('a kubelet without clusterDNS gives ClusterFirst pods the node file and says MissingClusterDNS', () => {
    const node = cluster.nodes.get('node-2')!;
    const config = node.host.fs.read('/var/lib/kubelet/config.yaml')!;
    node.host.fs.write('/var/lib/kubelet/config.yaml', config.replace(/clusterDNS:\n(\s*- .*\n)+/, ''));
    node.host.unit('kubelet')!.restart();
    cluster.advance(5_000);
    const pod = createPod(cluster, 'orphan', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
    cluster.advance(5_000);
    const sandbox = [...node.runtime.sandboxes.values()].find((s) => s.podName === 'orphan')!;
    expect(sandbox.resolvConf).toBe('nameserver 10.0.0.1\n');
    expect(eventLines(cluster, 'orphan')).toContain(`MissingClusterDNS: pod: "orphan_default(${pod.metadata.uid})". kubelet does not have ClusterDNS IP configured and cannot create Pod using "ClusterFirst" policy. Falling back to "Default" policy.`);
  });

  it("a node's /etc/resolv.conf is systemd-resolved's stub", () => {
    const etc = resolvConfOf(cluster.network, { kind: 'host', node: 'node-2' })!;
    expect(etc.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['nameserver 127.0.0.53', 'options edns0 trust-ad', 'search .']);
    expect(cluster.nodes.get('node-2')!.host.fs.read('/run/systemd/resolve/resolv.conf')).toBe(NODE_UPLINK_RESOLV_CONF);
  });
});
