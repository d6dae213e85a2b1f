import { z } from 'zod';
import { describe, it, expect } from 'vitest';
import { smallCluster } from '../cluster/kubelet/harness.js';
import { faultPrimitives } from '../../src/faults/registry.js';
import { runtimeSlow } from '../../src/faults/runtime-slow.js';
import { runtimeDown } from '../../src/faults/runtime-down.js';
import { cniBroken } from '../../src/faults/cni-broken.js';
import { diskPressure } from '../../src/faults/disk-pressure.js';
import { loadCniNetwork } from '../../src/cluster/runtime/cni.js';

describe('fault registry', () => {
  it('registers the runtime-side node faults with strict parameter schemas', () => {
    const all = faultPrimitives();
    for (const name of ['runtime-slow', 'runtime-down', 'cni-broken', 'disk-pressure']) expect(all[name]?.name).toBe(name);
    expect(runtimeSlow.params(z).safeParse({ type: 'runtime-slow', node: 'node-1' }).data).toEqual({ type: 'runtime-slow', node: 'node-1', latency: '1m45s' });
    expect(runtimeDown.params(z).safeParse({ type: 'runtime-down', node: 'node-1', since: '20m', extra: 1 }).success).toBe(false);
    expect(cniBroken.params(z).safeParse({ type: 'cni-broken', node: 'node-1', mode: 'nope' }).success).toBe(false);
    expect(diskPressure.params(z).safeParse({ type: 'disk-pressure', node: 'node-1' }).data).toEqual({ type: 'disk-pressure', node: 'node-1', path: '/var/log/app/debug.log', size: '42Gi' });
    expect(diskPressure.params(z).safeParse({ type: 'disk-pressure', node: 'node-1', path: 'relative/file' }).success).toBe(false);
  });
});

describe('fault effects bend inputs only', () => {
  const cluster = smallCluster();
  const n1 = cluster.nodes.get('node-1')!;
  const n2 = cluster.nodes.get('node-2')!;

  it('runtime-slow sets containerd\'s answer time', () => {
    runtimeSlow.apply(cluster, { type: 'runtime-slow', node: 'node-1', latency: '1m45s' });
    expect(n1.runtime.latencyMs).toBe(105_000);
    n1.host.unit('containerd')!.restart();
    expect(n1.runtime.latencyMs).toBe(0);
  });

  it('runtime-down stops containerd.service', () => {
    runtimeDown.apply(cluster, { type: 'runtime-down', node: 'node-2' });
    expect([n2.host.unit('containerd')!.active, n2.runtime.up]).toEqual(['inactive', false]);
    n2.host.unit('containerd')!.start();
  });

  it('disk-pressure writes one big file', () => {
    const before = n1.host.fs.usage('/');
    diskPressure.apply(cluster, { type: 'disk-pressure', node: 'node-1', path: '/var/log/big.log', size: '10Gi' });
    expect(n1.host.fs.stat('/var/log/big.log')?.sizeBytes).toBe(10 * 1024 ** 3);
    expect(n1.host.fs.usage('/') - before).toBe(10 * 1024 ** 3);
    n1.host.fs.remove('/var/log/big.log');
  });

  it('cni-broken modes change the files containerd reads', () => {
    const fs = n1.host.fs;
    const original = fs.read('/etc/cni/net.d/10-flannel.conflist')!;
    cniBroken.apply(cluster, { type: 'cni-broken', node: 'node-1', mode: 'invalid-json' });
    expect(loadCniNetwork(fs)).toMatchObject({ ok: false });
    fs.write('/etc/cni/net.d/10-flannel.conflist', original);
    cniBroken.apply(cluster, { type: 'cni-broken', node: 'node-1', mode: 'missing-plugin' });
    expect(fs.exists('/opt/cni/bin/flannel')).toBeUndefined();
    expect(fs.exists('/opt/cni/bin/portmap')).toBe('file');
    cniBroken.apply(cluster, { type: 'cni-broken', node: 'node-1', mode: 'leftover-config' });
    expect(fs.list('/etc/cni/net.d')!.map((e) => e.name)).toEqual(['05-cilium.conflist', '10-flannel.conflist']);
    cniBroken.apply(cluster, { type: 'cni-broken', node: 'node-1', mode: 'missing-config' });
    expect(fs.list('/etc/cni/net.d')).toEqual([]);
  });
});
