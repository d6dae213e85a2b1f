import { describe, it, expect } from 'vitest';
import yaml from 'js-yaml';
import type { Cluster } from '../../../src/cluster/cluster.js';
import { DAY, T0, sessionOn, testCluster } from '../../commands/crictl/node-session.js';
import { kubeconfigCertExpired } from '../../../src/faults/kubeconfig-cert-expired.js';

type Obj = Record<string, any>;

const MANIFEST = '/etc/kubernetes/manifests/kube-controller-manager.yaml';
const fsOf = (c: Cluster) => c.nodes.get('cp-1')!.host.fs;
const list = (c: Cluster, resource: string, ns?: string): Obj[] => (c.systemClient().list(resource, ns) as { ok: true; value: { items: Obj[] } }).value.items;
const containers = (c: Cluster) => [...c.nodes.get('cp-1')!.runtime.containers.values()].filter((x) => x.name === 'kube-controller-manager');
const logOf = (c: Cluster, index = -1) => containers(c).at(index)!.logs.lines().map((l) => l.line);
const lease = (c: Cluster) => list(c, 'leases', 'kube-system').find((l) => l.metadata.name === 'kube-controller-manager')!;
const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'default' }, spec: { replicas: 2, selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } } } };
const podsOf = (c: Cluster) => list(c, 'pods', 'default').filter((p) => p.metadata.labels?.app === 'api');

/** Rewrites kube-controller-manager's command in its static pod manifest on cp-1. */
function editCommand(c: Cluster, edit: (command: string[]) => string[]): void {
  const doc = yaml.load(fsOf(c).read(MANIFEST)!) as Obj;
  doc.spec.containers[0].command = edit(doc.spec.containers[0].command);
  fsOf(c).write(MANIFEST, yaml.dump(doc, { lineWidth: -1 }));
}
const withControllers = (value: string) => (cmd: string[]) => cmd.map((a) => (a.startsWith('--controllers=') ? `--controllers=${value}` : a));

describe('kube-controller-manager as a program: --controllers', () => {
  it('kubeadm\'s manifest runs every default controller plus bootstrapsigner and tokencleaner, and logs each', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const log = logOf(c);
    expect(log.filter((l) => l.includes('"Started controller"'))).toContainEqual(expect.stringMatching(/^I\d{4} [\d:.]+ +1 controllermanager\.go:765\] "Started controller" controller="bootstrap-signer-controller"$/));
    expect(log.some((l) => l.includes('"Warning: controller is disabled"'))).toBe(false);
    expect(log).toContainEqual(expect.stringMatching(/controllermanager\.go:717\] "Controller is disabled by a feature gate" controller="resourceclaim-controller" requiredFeatureGates=\["DynamicResourceAllocation"\]$/));
  });

  it('with -replicaset a Deployment gets its ReplicaSet but no pod, and the log says the controller is disabled', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, withControllers('*,bootstrapsigner,tokencleaner,-replicaset'));
    c.advance(60_000);
    expect(logOf(c)).toContainEqual(expect.stringMatching(/controllermanager\.go:728\] "Warning: controller is disabled" controller="replicaset-controller"$/));
    c.apply(deployment);
    c.advance(60_000);
    const rs = list(c, 'replicasets', 'default');
    expect(rs.map((r) => [r.spec.replicas, r.status?.replicas ?? 0])).toEqual([[2, 0]]);
    expect(podsOf(c)).toEqual([]);
    // Putting the controller back (kubelet replaces the pod, the new process waits out the old lease) creates the pods.
    editCommand(c, withControllers('*,bootstrapsigner,tokencleaner'));
    c.advance(60_000);
    expect(podsOf(c)).toHaveLength(2);
  });

  it('with -deployment a Deployment gets no ReplicaSet at all', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, withControllers('*,-deployment'));
    c.advance(60_000);
    c.apply(deployment);
    c.advance(60_000);
    expect(list(c, 'replicasets', 'default')).toEqual([]);
  });

  it('an unknown controller ends the process with Validate\'s error before serving, and the pod crash-loops', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, withControllers('*,-replicasets'));
    c.advance(60_000);
    expect(logOf(c)).toEqual([expect.stringMatching(/^E\d{4} [\d:.]+ +1 run\.go:72\] "command failed" err="\\"replicasets\\" is not in the list of known controllers"$/)]);
    expect(containers(c).filter((x) => x.state === 'CONTAINER_EXITED').length).toBeGreaterThanOrEqual(2);
  });
});

describe('kube-controller-manager as a program: leader election', () => {
  it('--leader-elect=false runs the controllers at once and never touches the Lease', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, (cmd) => cmd.map((a) => (a === '--leader-elect=true' ? '--leader-elect=false' : a)));
    c.advance(25_000);
    const renewed = lease(c).spec.renewTime;
    c.advance(30_000);
    expect(lease(c).spec.renewTime).toBe(renewed);
    const log = logOf(c);
    expect(log.some((l) => l.includes('leaderelection.go'))).toBe(false);
    expect(log.some((l) => l.includes('"Started controller" controller="deployment-controller"'))).toBe(true);
    c.apply(deployment);
    c.advance(30_000);
    expect(podsOf(c)).toHaveLength(2);
  });

  it('--leader-elect-lease-duration and --leader-elect-retry-period shape the Lease it writes and how often', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, (cmd) => [...cmd, '--leader-elect-lease-duration=40s', '--leader-elect-renew-deadline=30s', '--leader-elect-retry-period=5s']);
    c.advance(120_000);
    const spec = lease(c).spec;
    expect(spec.leaseDurationSeconds).toBe(40);
    // One renewal per retry period: advancing by it moves renewTime by exactly that much (2 s by default).
    const before = Date.parse(spec.renewTime);
    c.advance(5_000);
    expect(Date.parse(lease(c).spec.renewTime) - before).toBe(5_000);
  });

  it('a client the API server refuses (expired controller-manager.conf): the leader loses its lease and exits; the restart never leads', async () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    kubeconfigCertExpired.apply(c, { type: 'kubeconfig-cert-expired', node: 'cp-1', kubeconfig: 'controller-manager.conf' });
    const expiredAt = c.now();
    c.advance(60_000);
    const first = logOf(c, 0);
    expect(first.slice(-3)).toEqual([
      expect.stringMatching(/^E\d{4} [\d:.]+ +1 leaderelection\.go:436\] error retrieving resource lock kube-system\/kube-controller-manager: Unauthorized$/),
      expect.stringMatching(/^I\d{4} [\d:.]+ +1 leaderelection\.go:297\] failed to renew lease kube-system\/kube-controller-manager: context deadline exceeded$/),
      expect.stringMatching(/^E\d{4} [\d:.]+ +1 controllermanager\.go:328\] "leaderelection lost"$/),
    ]);
    expect(first.some((l) => l.includes('Failed to update lock optimistically: Unauthorized, falling back to slow path'))).toBe(true);
    expect(containers(c).at(-1)!.state).toBe('CONTAINER_RUNNING');
    expect(containers(c).length).toBe(2);
    const renewTime = Date.parse(lease(c).spec.renewTime);
    expect(renewTime).toBeLessThan(expiredAt);
    c.apply(deployment);
    c.advance(120_000);
    expect(Date.parse(lease(c).spec.renewTime)).toBe(renewTime);
    expect(list(c, 'replicasets', 'default')).toEqual([]);
    expect(logOf(c).at(-1)).toMatch(/error retrieving resource lock kube-system\/kube-controller-manager: Unauthorized$/);
    expect(containers(c).length).toBe(2);
    // Renewing the certificate is not enough: the running process keeps the one it loaded.
    const sh = await sessionOn(c, 'cp-1');
    expect((await sh.exec('sudo kubeadm certs renew controller-manager.conf')).output).toContain('certificate embedded in the kubeconfig file for the controller manager to use renewed');
    c.advance(30_000);
    expect(list(c, 'replicasets', 'default')).toEqual([]);
    await sh.exec('sudo mv /etc/kubernetes/manifests/kube-controller-manager.yaml /tmp/kcm.yaml');
    c.advance(25_000);
    await sh.exec('sudo mv /tmp/kcm.yaml /etc/kubernetes/manifests/kube-controller-manager.yaml');
    c.advance(60_000);
    expect(list(c, 'replicasets', 'default')).toHaveLength(1);
    expect(Date.parse(lease(c).spec.renewTime)).toBeGreaterThan(T0);
  });

  it('a kubeconfig pointing at the wrong port: the process runs, retrying the Lease with the dial error', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const conf = '/etc/kubernetes/controller-manager.conf';
    fsOf(c).write(conf, fsOf(c).read(conf)!.replace(':6443', ':6444'));
    editCommand(c, (cmd) => [...cmd, '--v=2']);
    c.advance(60_000);
    expect(containers(c).at(-1)!.state).toBe('CONTAINER_RUNNING');
    expect(logOf(c).at(-1)).toMatch(/leaderelection\.go:436\] error retrieving resource lock kube-system\/kube-controller-manager: Get "https:\/\/10\.0\.0\.10:6444\/apis\/coordination\.k8s\.io\/v1\/namespaces\/kube-system\/leases\/kube-controller-manager\?timeout=5s": dial tcp 10\.0\.0\.10:6444: connect: connection refused$/);
  });
});
