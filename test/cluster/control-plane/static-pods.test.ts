import { describe, it, expect } from 'vitest';
import yaml from 'js-yaml';
import type { Cluster } from '../../../src/cluster/cluster.js';
import { DAY, sessionOn, testCluster } from '../../commands/crictl/node-session.js';

type Obj = Record<string, any>;

const MANIFESTS = '/etc/kubernetes/manifests';
const fsOf = (c: Cluster) => c.nodes.get('cp-1')!.host.fs;
const list = (c: Cluster, resource: string, ns?: string): Obj[] => (c.systemClient().list(resource, ns) as { ok: true; value: { items: Obj[] } }).value.items;
const containers = (c: Cluster, name: string) => [...c.nodes.get('cp-1')!.runtime.containers.values()].filter((x) => x.name === name);
const running = (c: Cluster, name: string) => containers(c, name).filter((x) => x.state === 'CONTAINER_RUNNING');
const pod = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } });

/** Rewrites one container argument list of a manifest on cp-1. */
function editCommand(c: Cluster, file: string, edit: (command: string[]) => string[]): void {
  const fs = fsOf(c);
  const doc = yaml.load(fs.read(`${MANIFESTS}/${file}`)!) as Obj;
  doc.spec.containers[0].command = edit(doc.spec.containers[0].command);
  fs.write(`${MANIFESTS}/${file}`, yaml.dump(doc, { lineWidth: -1 }));
}

describe('the kubelet file source and the control-plane programs', () => {
  it('removing kube-scheduler.yaml stops the scheduler; putting it back starts it again', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const fs = fsOf(c);
    const manifest = fs.read(`${MANIFESTS}/kube-scheduler.yaml`)!;
    expect(running(c, 'kube-scheduler')).toHaveLength(1);
    fs.remove(`${MANIFESTS}/kube-scheduler.yaml`);
    c.advance(21_000);
    expect(running(c, 'kube-scheduler')).toHaveLength(0);
    expect(list(c, 'pods', 'kube-system').map((p) => p.metadata.name)).not.toContain('kube-scheduler-cp-1');
    const renewed = list(c, 'leases', 'kube-system').find((l) => l.metadata.name === 'kube-scheduler')!.spec.renewTime;
    c.apply(pod('waiting'));
    c.advance(60_000);
    const waiting = list(c, 'pods', 'default').find((p) => p.metadata.name === 'waiting')!;
    expect(waiting.spec.nodeName).toBeUndefined();
    expect(list(c, 'events', 'default').filter((e) => e.involvedObject?.name === 'waiting' || e.regarding?.name === 'waiting')).toEqual([]);
    // A stopped scheduler renews nothing.
    expect(list(c, 'leases', 'kube-system').find((l) => l.metadata.name === 'kube-scheduler')!.spec.renewTime).toBe(renewed);
    fs.write(`${MANIFESTS}/kube-scheduler.yaml`, manifest);
    c.advance(40_000);
    expect(running(c, 'kube-scheduler')).toHaveLength(1);
    expect(list(c, 'pods', 'kube-system').map((p) => p.metadata.name)).toContain('kube-scheduler-cp-1');
    expect(list(c, 'pods', 'default').find((p) => p.metadata.name === 'waiting')!.spec.nodeName).toBe('node-1');
    const lease = list(c, 'leases', 'kube-system').find((l) => l.metadata.name === 'kube-scheduler')!;
    expect(lease.spec.renewTime).not.toBe(renewed);
    expect(lease.spec.leaseTransitions).toBe(1);
  });

  it('mirror pods carry the static pod hash, and a changed manifest replaces the pod', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const before = list(c, 'pods', 'kube-system').find((p) => p.metadata.name === 'kube-controller-manager-cp-1')!;
    const hash = before.metadata.annotations['kubernetes.io/config.hash'];
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(before.metadata.annotations['kubernetes.io/config.mirror']).toBe(hash);
    expect(before.metadata.annotations['kubernetes.io/config.source']).toBe('file');
    editCommand(c, 'kube-controller-manager.yaml', (cmd) => [...cmd, '--node-monitor-grace-period=50s']);
    c.advance(25_000);
    const after = list(c, 'pods', 'kube-system').find((p) => p.metadata.name === 'kube-controller-manager-cp-1')!;
    expect(after.metadata.annotations['kubernetes.io/config.hash']).not.toBe(hash);
    expect(after.metadata.uid).not.toBe(before.metadata.uid);
    expect(containers(c, 'kube-controller-manager').map((x) => x.state)).toEqual(['CONTAINER_EXITED', 'CONTAINER_RUNNING'].slice(-containers(c, 'kube-controller-manager').length));
    expect(running(c, 'kube-controller-manager')[0].argv).toContain('--node-monitor-grace-period=50s');
  });

  it('an unknown flag makes the scheduler exit with its real error, and the pod crash-loops', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, 'kube-scheduler.yaml', (cmd) => [...cmd, '--leader-elect-retry=2s']);
    c.advance(100_000);
    const mirror = list(c, 'pods', 'kube-system').find((p) => p.metadata.name === 'kube-scheduler-cp-1')!;
    const status = mirror.status.containerStatuses[0];
    expect(status.restartCount).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(status.state)).toMatch(/CrashLoopBackOff|Error/);
    expect(status.lastState.terminated.exitCode).toBe(1);
    const last = containers(c, 'kube-scheduler').at(-1)!;
    expect(last.logs.lines().map((l) => l.line)).toEqual(['Error: unknown flag: --leader-elect-retry']);
  });

  it('a wrong kubeconfig path ends the scheduler with clientcmd\'s error', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, 'kube-scheduler.yaml', (cmd) => cmd.map((a) => (a.startsWith('--kubeconfig=') ? '--kubeconfig=/etc/kubernetes/scheduler.cnf' : a)));
    c.advance(25_000);
    const last = containers(c, 'kube-scheduler').at(-1)!;
    expect(last.logs.lines().at(-1)!.line).toMatch(/^E\d{4} [\d:.]+ +1 run\.go:72\] "command failed" err="stat \/etc\/kubernetes\/scheduler\.cnf: no such file or directory"$/);
  });

  it('a manifest that does not parse is logged in the kubelet journal as upstream does, and its pod stops', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const fs = fsOf(c);
    fs.write(`${MANIFESTS}/kube-scheduler.yaml`, fs.read(`${MANIFESTS}/kube-scheduler.yaml`)!.replace('metadata:', 'metadata;'));
    c.advance(21_000);
    const journal = c.nodes.get('cp-1')!.host.journal.all().map((e) => e.message);
    const line = journal.find((m) => m.includes('Could not process manifest file'));
    expect(line).toMatch(/^E\d{4} [\d:.]+ +\d+ file\.go:187\] "Could not process manifest file" err="\/etc\/kubernetes\/manifests\/kube-scheduler\.yaml: couldn't parse as pod\(yaml: line \d+: .*\), please check config file" path="\/etc\/kubernetes\/manifests\/kube-scheduler\.yaml"$/);
    expect(running(c, 'kube-scheduler')).toHaveLength(0);
  });

  it('with the API server down kubectl is refused, kubelets log dial errors and no node turns NotReady', async () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, 'kube-apiserver.yaml', (cmd) => [...cmd, '--authorization-modes=Node,RBAC']);
    c.advance(25_000);
    const sh = await sessionOn(c);
    const refused = await sh.exec('kubectl get pods');
    expect(refused.output).toBe('The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n');
    c.advance(120_000);
    const worker = c.nodes.get('node-1')!.host.journal.all().map((e) => e.message);
    expect(worker.some((m) => m.includes('dial tcp 10.0.0.10:6443: connect: connection refused'))).toBe(true);
    await sh.exec('ssh cp-1');
    const ps = await sh.exec('sudo crictl ps -a --name kube-apiserver');
    expect(ps.output).toMatch(/Exited +kube-apiserver/);
    await sh.exec('exit');
    editCommand(c, 'kube-apiserver.yaml', (cmd) => cmd.filter((a) => !a.startsWith('--authorization-modes')));
    c.advance(60_000);
    expect((await sh.exec('kubectl get nodes --no-headers')).output).toMatch(/^cp-1 +Ready +control-plane .*\nnode-1 +Ready /);
  });
});
