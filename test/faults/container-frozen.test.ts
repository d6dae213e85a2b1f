import { z } from 'zod';
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from '../cluster/kubelet/harness.js';
import { faultPrimitives } from '../../src/faults/registry.js';
import { containerFrozen } from '../../src/faults/container-frozen.js';
import { netfilterOf } from '../../src/cluster/network/netfilter.js';
import { nodeProcesses } from '../../src/commands/host/lib/processes.js';
import type { KubeObject } from '../../src/cluster/apiserver/types.js';

const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { clusterIP: '10.96.50.50', selector: { app: 'web' }, ports: [{ port: 80 }] } } as unknown as KubeObject;
// Without endpoints kube-proxy's rule for it is a REJECT in the filter table; with them, a jump in nat.
const knowsWeb = (c: ReturnType<typeof smallCluster>, node: string) => {
  const nf = netfilterOf(c.nodes.get(node)!.host);
  return [nf.filterTable, nf.natTable].some((t) => Object.values(t.chains).flat().some((r) => r.destination === '10.96.50.50/32'));
};

describe('container-frozen', () => {
  it('is registered with a strict schema', () => {
    const params = faultPrimitives()['container-frozen'].params(z);
    expect(params.safeParse({ type: 'container-frozen', node: 'node-2', namespace: 'kube-system', container: 'kube-proxy', since: '2h' }).success).toBe(true);
    expect(params.safeParse({ type: 'container-frozen', node: 'node-2', container: 'kube-proxy' }).success).toBe(false);
  });

  it('stops kube-proxy in place: its container still runs, its rules stay as they were; a new container syncs again', () => {
    const c = smallCluster();
    c.advance(60_000);
    containerFrozen.apply(c, { type: 'container-frozen', node: 'node-2', namespace: 'kube-system', container: 'kube-proxy' });
    const runtime = c.nodes.get('node-2')!.runtime;
    const frozen = [...runtime.containers.values()].find((x) => x.name === 'kube-proxy')!;
    expect([frozen.state, frozen.frozenAt]).toEqual(['CONTAINER_RUNNING', c.now()]);
    c.systemClient().create('services', 'default', service);
    c.advance(10_000);
    expect([knowsWeb(c, 'node-1'), knowsWeb(c, 'node-2')]).toEqual([true, false]);
    // ps: stopped (T), and no CPU time since it was stopped.
    const row = () => nodeProcesses(c.nodes.get('node-2')!, c.now(), 'ps aux').find((p) => p.command.includes('kube-proxy'))!;
    const cpu = row().cpuSeconds;
    c.advance(600_000);
    expect([row().stat, row().cpuSeconds]).toEqual(['Ts', cpu]);
    // Deleting its pod: the kubelet kills the container, the DaemonSet's new pod runs a fresh kube-proxy, which lists everything.
    const pods = c.systemClient().list('pods', 'kube-system');
    const old = (pods.ok ? pods.value.items : []).find((p) => (p.metadata.name ?? '').startsWith('kube-proxy-') && (p.spec as { nodeName?: string }).nodeName === 'node-2')!;
    c.systemClient().delete('pods', 'kube-system', old.metadata.name!);
    c.advance(120_000);
    expect([...runtime.containers.values()].filter((x) => x.name === 'kube-proxy' && x.state === 'CONTAINER_RUNNING').map((x) => x.frozenAt)).toEqual([undefined]);
    expect(knowsWeb(c, 'node-2')).toBe(true);
  });

  it('an application stopped in place accepts connections and never answers: requests time out', () => {
    const c = smallCluster();
    createPod(c, 'web', { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27' }] });
    c.advance(60_000);
    const ip = getPod(c, 'web').status.podIP as string;
    const get = () => c.network.request({ kind: 'host', node: 'node-2' }, ip, 80, { kind: 'http', method: 'GET', path: '/', host: ip, headers: [] });
    expect(get().ok).toBe(true);
    containerFrozen.apply(c, { type: 'container-frozen', node: 'node-1', namespace: 'default', container: 'web' });
    expect(get()).toEqual({ ok: false, failure: 'timeout' });
  });
});
