import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from '../kubelet/harness.js';
import { netfilterOf } from '../../../src/cluster/network/netfilter.js';

const cluster = smallCluster({ 'shop/api:1': { listens: [8080], readyAfterMs: 3000, http: { '/': { status: 200, body: 'hello\n' }, '/broken': { status: 500, body: 'boom' } } } });
createPod(cluster, 'api', { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1' }] });
createPod(cluster, 'client', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
cluster.advance(1_000);
const apiIP = (): string => getPod(cluster, 'api').status.podIP;
const client = () => {
  const runtime = cluster.nodes.get('node-2')!.runtime;
  const sandbox = [...runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
  return { kind: 'pod' as const, node: 'node-2', sandboxId: sandbox.id };
};

describe('dial over the one network', () => {
  it('refuses while the process has not bound its port yet, then connects across nodes', () => {
    expect(cluster.network.dial(client(), apiIP(), 8080)).toEqual({ ok: false, failure: 'refused' });
    cluster.advance(5_000);
    const r = cluster.network.dial(client(), apiIP(), 8080);
    expect(r.ok && r.peer.kind === 'container' && r.peer.container.name).toBe('api');
  });

  it('answers HTTP from the image behaviour, path by path', () => {
    const get = (path: string) => cluster.network.request(client(), apiIP(), 8080, { kind: 'http', method: 'GET', path, host: apiIP(), headers: [] });
    const ok = get('/');
    expect(ok.ok && ok.response).toMatchObject({ status: 200, reason: 'OK', body: 'hello\n' });
    const err = get('/broken');
    expect(err.ok && err.response).toMatchObject({ status: 500, reason: 'Internal Server Error' });
    const missing = get('/nope');
    expect(missing.ok && missing.response).toMatchObject({ status: 404, body: '404 page not found\n' });
  });

  it('a port nobody listens on is refused; an address nobody holds, or an untranslated ClusterIP, times out', () => {
    expect(cluster.network.dial(client(), apiIP(), 9090)).toEqual({ ok: false, failure: 'refused' });
    expect(cluster.network.dial(client(), '10.244.9.9', 80)).toEqual({ ok: false, failure: 'timeout' });
    expect(cluster.network.isServiceIP('10.96.0.1')).toBe(true);
    expect(cluster.network.dial(client(), '10.96.200.1', 80)).toEqual({ ok: false, failure: 'timeout' });
    expect(cluster.network.ping(client(), '10.96.200.1')).toBe(false);
    expect(cluster.network.ping(client(), apiIP())).toBe(true);
  });

  it('the workstation reaches node addresses but has no route into the pod network', () => {
    expect(cluster.network.dial({ kind: 'workstation' }, apiIP(), 8080)).toEqual({ ok: false, failure: 'timeout' });
    const kubelet = cluster.network.dial({ kind: 'workstation' }, '10.0.0.11', 10250);
    expect(kubelet.ok && kubelet.peer.kind).toBe('host-daemon');
    expect(cluster.network.dial({ kind: 'workstation' }, '10.0.0.11', 12345)).toEqual({ ok: false, failure: 'refused' });
  });

  it("a node's filter rules judge traffic it forwards to its pods", () => {
    const nf = netfilterOf(cluster.nodes.get('node-1')!.host);
    nf.filterTable.insert('FORWARD', 0, { protocol: 'tcp', dport: 8080, target: 'REJECT' });
    expect(cluster.network.dial(client(), apiIP(), 8080)).toEqual({ ok: false, failure: 'refused' });
    nf.filterTable.remove('FORWARD', 0);
    nf.filterTable.insert('FORWARD', 0, { protocol: 'tcp', dport: 8080, target: 'DROP' });
    expect(cluster.network.dial(client(), apiIP(), 8080)).toEqual({ ok: false, failure: 'timeout' });
    nf.filterTable.remove('FORWARD', 0);
    expect(cluster.network.dial(client(), apiIP(), 8080).ok).toBe(true);
  });
});
