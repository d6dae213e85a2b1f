import { describe, it, expect } from 'vitest';
import type { Cluster } from '../../src/cluster/cluster.js';
import { DAY, testCluster } from '../commands/crictl/node-session.js';
import { kubeconfigCertExpired } from '../../src/faults/kubeconfig-cert-expired.js';
import { KUBEADM_CERTS, readKubeadmCert } from '../../src/cluster/bootstrap/kubeadm-pki.js';

type Obj = Record<string, any>;

const schedulers = (c: Cluster) => [...c.nodes.get('cp-1')!.runtime.containers.values()].filter((x) => x.name === 'kube-scheduler');
const list = (c: Cluster, resource: string, ns?: string): Obj[] => (c.systemClient().list(resource, ns) as { ok: true; value: { items: Obj[] } }).value.items;

describe('kubeconfig-cert-expired', () => {
  it('writes a certificate issued a year before the fault that expires at it, keeping the subject', () => {
    const c = testCluster({ createdAgoMs: 400 * DAY });
    const fs = c.nodes.get('cp-1')!.host.fs;
    const entry = KUBEADM_CERTS.find((e) => e.name === 'scheduler.conf')!;
    const before = readKubeadmCert(fs, entry)!;
    kubeconfigCertExpired.apply(c, { type: 'kubeconfig-cert-expired', node: 'cp-1', kubeconfig: 'scheduler.conf' });
    const after = readKubeadmCert(fs, entry)!;
    expect(after.subject).toEqual(before.subject);
    expect(after.notAfter).toBe(c.now());
    // Signed a year before it expires; NotBefore is the CA's, as pkiutil.NewSignedCert dates every kubeadm leaf.
    expect(after.notBefore).toBe(before.notBefore);
    expect(after.serial).not.toBe(before.serial);
  });

  it('the running scheduler holds it: it loses its lease with kube-scheduler\'s own line, and its restart schedules nothing', () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    kubeconfigCertExpired.apply(c, { type: 'kubeconfig-cert-expired', node: 'cp-1', kubeconfig: 'scheduler.conf' });
    c.advance(60_000);
    const [first, second] = schedulers(c);
    expect(first.logs.lines().at(-1)!.line).toMatch(/^E\d{4} [\d:.]+ +1 server\.go:312\] "Leaderelection lost"$/);
    expect(second.state).toBe('CONTAINER_RUNNING');
    expect(second.logs.lines().at(-1)!.line).toMatch(/error retrieving resource lock kube-system\/kube-scheduler: Unauthorized$/);
    c.apply({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'waiting', namespace: 'default' }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } });
    c.advance(60_000);
    expect(list(c, 'pods', 'default').find((p) => p.metadata.name === 'waiting')!.spec.nodeName).toBeUndefined();
  });
});
