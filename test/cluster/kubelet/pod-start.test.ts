/**
 * What the kubelet remembers from one pod start to the next is held to what
 * each pod's own start must show: the node's own image, DNS and files.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from './harness.js';

type Obj = Record<string, any>;

describe('pod start: status imageID', () => {
  it('each node\'s pods show the id of that node\'s own copy of the image, however the pods start in turn', () => {
    const cluster = smallCluster();
    // node-1, node-2, node-1, node-2: each start follows one on the other node (another id for the same text).
    const names = ['a1', 'b1', 'a2', 'b2'];
    for (const [i, name] of names.entries()) createPod(cluster, name, { nodeName: i % 2 ? 'node-2' : 'node-1', containers: [{ name: 'web', image: i < 2 ? 'nginx:1.27' : 'docker.io/library/nginx:1.27' }] });
    cluster.advance(30_000);
    const idOn = (node: string) => cluster.nodes.get(node)!.runtime.findImage('nginx:1.27')!.id;
    expect(idOn('node-1')).not.toBe(idOn('node-2'));
    for (const [i, name] of names.entries()) {
      const s = (getPod(cluster, name).status.containerStatuses as Obj[])[0];
      expect(s.imageID).toBe(`docker.io/library/nginx@${idOn(i % 2 ? 'node-2' : 'node-1')}`);
    }
  });
});

describe("pod start: the sandbox's resolv.conf", () => {
  const cluster = smallCluster();
  const node = cluster.nodes.get('node-1')!;
  cluster.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
  const resolvConf = (name: string) => [...node.runtime.sandboxes.values()].find((s) => s.podName === name)!.resolvConf;
  const start = (name: string, spec: Obj = {}, namespace = 'default') => {
    const r = cluster.systemClient().create('pods', namespace, { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }], ...spec } } as never);
    if (!r.ok) throw new Error(r.status.message);
    cluster.advance(3_000);
    return resolvConf(name);
  };
  const clusterText = (ns: string, domain = 'cluster.local') => `search ${ns}.svc.${domain} svc.${domain} ${domain}\nnameserver 10.96.0.10\noptions ndots:5\n`;

  it("is its namespace's, its policy's and its own dnsConfig's, pod after pod", () => {
    expect(start('a')).toBe(clusterText('default'));
    expect(start('b', {}, 'shop')).toBe(clusterText('shop'));
    expect(start('c', { dnsPolicy: 'Default' })).toBe('nameserver 10.0.0.1\n');
    expect(start('d', { dnsConfig: { options: [{ name: 'ndots', value: '2' }] } })).toBe(clusterText('default').replace('ndots:5', 'ndots:2'));
    expect(start('e')).toBe(clusterText('default'));
    expect(start('f', {}, 'shop')).toBe(clusterText('shop'));
  });

  it("follows the node's resolvConf file when it is rewritten", () => {
    node.host.fs.write('/run/systemd/resolve/resolv.conf', 'nameserver 10.0.0.53\nsearch corp.example\n');
    expect(start('g', { dnsPolicy: 'Default' })).toBe('search corp.example\nnameserver 10.0.0.53\n');
    expect(start('h')).toBe('search default.svc.cluster.local svc.cluster.local cluster.local corp.example\nnameserver 10.96.0.10\noptions ndots:5\n');
  });

  it("follows the kubelet's configuration after a restart", () => {
    const config = node.host.fs.read('/var/lib/kubelet/config.yaml')!;
    expect(config).toContain('clusterDomain: cluster.local');
    node.host.fs.write('/var/lib/kubelet/config.yaml', config.replace('clusterDomain: cluster.local', 'clusterDomain: corp.local'));
    node.host.unit('kubelet')!.restart();
    cluster.advance(5_000);
    expect(start('i')).toBe('search default.svc.corp.local svc.corp.local corp.local corp.example\nnameserver 10.96.0.10\noptions ndots:5\n');
  });
});

describe("pod start: the image's start-up lines in each container's log file", () => {
  it('count for every container that writes them (their size is measured once per image)', () => {
    const cluster = smallCluster({ 'shop/echo:1': { logs: ['hello', 'größer'] } });
    for (const name of ['e1', 'e2']) createPod(cluster, name, { nodeName: 'node-1', containers: [{ name: 'app', image: 'shop/echo:1' }] });
    cluster.advance(30_000);
    const fs = cluster.nodes.get('node-1')!.host.fs;
    for (const name of ['e1', 'e2']) {
      const path = `/var/log/pods/default_${name}_${getPod(cluster, name).metadata.uid}/app/0.log`;
      expect(fs.read(path)!.split('\n').filter(Boolean).map((l) => l.replace(/^\S+ /, ''))).toEqual(['stdout F hello', 'stdout F größer']);
      expect(fs.usage(path)).toBe(Buffer.byteLength(fs.read(path)!));
    }
  });
});
