import { describe, it, expect } from 'vitest';
import { DAY, sessionOn, testCluster } from '../crictl/node-session.js';

const MANIFESTS = '/etc/kubernetes/manifests';

describe('kubectl get componentstatuses', () => {
  it('lists the probed components with the deprecation warning (healthy control plane)', async () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const sh = await sessionOn(c);
    const r = await sh.exec('kubectl get componentstatuses');
    expect(r.output).toBe(
      'Warning: v1 ComponentStatus is deprecated in v1.19+\n' +
        'NAME                 STATUS    MESSAGE   ERROR\n' +
        'scheduler            Healthy   ok        \n' +
        'controller-manager   Healthy   ok        \n' +
        'etcd-0               Healthy   ok        \n',
    );
    expect((await sh.exec('kubectl get cs etcd-0 --no-headers')).output).toBe('Warning: v1 ComponentStatus is deprecated in v1.19+\netcd-0   Healthy   ok    \n');
    expect((await sh.exec('kubectl get cs nope')).output).toBe('Warning: v1 ComponentStatus is deprecated in v1.19+\nError from server (NotFound): componentstatuses "nope" not found\n');
  });

  it('a stopped scheduler is Unhealthy with the dial error the API server met; a stopped etcd has the prober error', async () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const fs = c.nodes.get('cp-1')!.host.fs;
    fs.remove(`${MANIFESTS}/kube-scheduler.yaml`);
    fs.remove(`${MANIFESTS}/etcd.yaml`);
    c.advance(25_000);
    const sh = await sessionOn(c);
    const r = await sh.exec('kubectl get cs');
    expect(r.output).toBe(
      'Warning: v1 ComponentStatus is deprecated in v1.19+\n' +
        'NAME                 STATUS      MESSAGE                                                                                        ERROR\n' +
        'scheduler            Unhealthy   Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused   \n' +
        'controller-manager   Healthy     ok                                                                                             \n' +
        'etcd-0               Unhealthy                                                                                                  error getting data from etcd: context deadline exceeded\n',
    );
    const yaml = await sh.exec('kubectl get cs etcd-0 -o yaml');
    expect(yaml.output).toBe(
      'Warning: v1 ComponentStatus is deprecated in v1.19+\napiVersion: v1\nconditions:\n- error: \'error getting data from etcd: context deadline exceeded\'\n  status: "False"\n  type: Healthy\nkind: ComponentStatus\nmetadata:\n  creationTimestamp: null\n  name: etcd-0\n',
    );
  });
});
