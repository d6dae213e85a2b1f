import { z } from 'zod';
import { describe, it, expect } from 'vitest';
import { onHost, startFixture } from '../helpers/scenario-run.js';
import { faultPrimitives } from '../../src/faults/registry.js';

describe('etcd fault primitives', () => {
  it('are registered with strict schemas', () => {
    const all = faultPrimitives();
    expect(all['disk-io-saturated']!.params(z).safeParse({ type: 'disk-io-saturated', node: 'cp-1', since: '30m', fsyncLatency: '4s' }).success).toBe(true);
    expect(all['etcd-quota']!.params(z).safeParse({ type: 'etcd-quota', quotaBackendBytes: '64Mi' }).success).toBe(true);
    expect(all['etcd-churn']!.params(z).safeParse({ type: 'etcd-churn', writes: 10, bogus: 1 }).success).toBe(false);
  });

  it('a saturated disk slows etcd\'s syncs: writes time out with etcd\'s text, reads do not; stopping the writer restores them', async () => {
    const run = startFixture('scenarios/control-plane/etcd-slow-disk.yaml');
    const outcomes = new Set<string>();
    for (let i = 0; i < 6; i++) outcomes.add(await onHost(run, 'workstation', `kubectl label deployment web try=${i} --overwrite`));
    expect(outcomes).toContain('Error from server: etcdserver: request timed out\n');
    // A write that times out has waited out etcd's ReqTimeout: the clock moves on by 7 s for it.
    let waited = false;
    for (let i = 0; i < 6 && !waited; i++) {
      const before = run.cluster.now();
      const out = await onHost(run, 'workstation', `kubectl label deployment web again=${i} --overwrite`);
      const took = run.cluster.now() - before;
      if (out.includes('request timed out')) {
        expect(took).toBeGreaterThanOrEqual(7_000);
        waited = true;
      } else expect(took).toBeLessThan(7_000);
    }
    expect(waited).toBe(true);
    expect(await onHost(run, 'workstation', 'kubectl get deployment web -o name')).toBe('deployment.apps/web\n');
    const etcdLog = await onHost(run, 'workstation', 'kubectl logs -n kube-system etcd-cp-1 --tail=200');
    expect(etcdLog).toContain('"msg":"slow fdatasync"');
    expect(etcdLog).toContain('"msg":"apply request took too long"');
    const apiLog = await onHost(run, 'workstation', 'kubectl logs -n kube-system kube-apiserver-cp-1 --tail=5');
    expect(apiLog).toMatch(/status\.go:71\] "Unhandled Error" err="apiserver received an error that is not an metav1\.Status: rpctypes\.EtcdError\{code:0xe, desc:\\"etcdserver: request timed out\\"\}: etcdserver: request timed out" logger="UnhandledError"/);
    expect(await onHost(run, 'cp-1', 'systemctl is-active backup-sync')).toBe('active\n');
    await onHost(run, 'cp-1', 'systemctl stop backup-sync');
    const health = await onHost(run, 'cp-1', 'etcdctl --cacert /etc/kubernetes/pki/etcd/ca.crt --cert /etc/kubernetes/pki/etcd/server.crt --key /etc/kubernetes/pki/etcd/server.key endpoint health');
    expect(health).toMatch(/^127\.0\.0\.1:2379 is healthy: successfully committed proposal: took = \d\.\d+ms\n$/);
    for (let i = 0; i < 5; i++) expect(await onHost(run, 'workstation', `kubectl label deployment web ok=${i} --overwrite`)).toBe('deployment.apps/web labeled\n');
  });

  it('etcd-quota puts the flag into the etcd manifest', async () => {
    const run = startFixture('scenarios/control-plane/etcd-db-space-exceeded.yaml');
    const manifest = await onHost(run, 'cp-1', 'cat /etc/kubernetes/manifests/etcd.yaml');
    expect(manifest).toContain('    - --peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt\n    - --quota-backend-bytes=268435456\n    - --snapshot-count=10000\n');
  });
});
