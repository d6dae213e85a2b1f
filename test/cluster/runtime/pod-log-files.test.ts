import { describe, it, expect } from 'vitest';
import { createPod, getPod, smallCluster } from '../kubelet/harness.js';

describe('container log files on the node', () => {
  it('writes each container attempt to /var/log/pods/<ns>_<pod>_<uid>/<container>/<attempt>.log in CRI format, and removes the pod dir with the pod', () => {
    const cluster = smallCluster({ 'shop/echo:1': { logs: ['hello', 'world'] } });
    createPod(cluster, 'echo', { nodeName: 'node-1', containers: [{ name: 'app', image: 'shop/echo:1' }] });
    cluster.advance(30_000);
    const pod = getPod(cluster, 'echo');
    const fs = cluster.nodes.get('node-1')!.host.fs;
    const dir = `/var/log/pods/default_echo_${pod.metadata.uid}`;
    const text = fs.read(`${dir}/app/0.log`)!;
    expect(text.split('\n').filter(Boolean).map((l) => l.replace(/^\S+ /, ''))).toEqual(['stdout F hello', 'stdout F world']);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z stdout F hello\n/);
    cluster.systemClient().delete('pods', 'default', 'echo');
    cluster.advance(40_000);
    expect(fs.exists(dir)).toBeUndefined();
  });
});

describe('disk usage of container logs', () => {
  it('counts a log file by its CRI-formatted size without rendering it', () => {
    const cluster = smallCluster({ 'shop/echo:1': { logs: ['hello', 'world'] } });
    createPod(cluster, 'echo', { nodeName: 'node-1', containers: [{ name: 'app', image: 'shop/echo:1' }] });
    cluster.advance(30_000);
    const pod = getPod(cluster, 'echo');
    const fs = cluster.nodes.get('node-1')!.host.fs;
    const path = `/var/log/pods/default_echo_${pod.metadata.uid}/app/0.log`;
    expect(fs.usage(path)).toBe(Buffer.byteLength(fs.read(path)!));
    // The size is a running sum: lines written later (multi-byte ones too) are counted, whole-disk usage follows.
    const before = fs.usage('/');
    const runtime = cluster.nodes.get('node-1')!.runtime;
    const container = [...runtime.containers.values()].find((c) => c.name === 'app')!;
    runtime.appendLog(container, cluster.now(), ['größer']);
    expect(fs.usage(path)).toBe(Buffer.byteLength(fs.read(path)!));
    expect(fs.usage('/') - before).toBe(41 + Buffer.byteLength('größer'));
  });
});
