import { describe, expect, it } from 'vitest';
import { loadValidScenarioFile } from '../../../src/scenario/validate.js';
import { ScenarioRun } from '../../../src/practice/run.js';
import { simulationSeed } from '../../../src/scenario/world.js';
import type { Scenario } from '../../../src/scenario/schema.js';

function scenario(): Scenario {
  const loaded = loadValidScenarioFile('test/fixtures/scenarios/pending-insufficient-cpu.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.scenario;
}

describe("a kubeadm cluster's ConfigMaps", () => {
  it('lists what kubeadm, the API server, kube-flannel.yml and the root CA publisher create, as a real 1.32 cluster with flannel does', async () => {
    const run = new ScenarioRun(scenario());
    const out = (await run.exec('kubectl get cm -A')).output;
    expect(out.split('\n').map((l) => l.replace(/\s+\S+$/, ''))).toEqual([
      'NAMESPACE         NAME                                                   DATA',
      'default           kube-root-ca.crt                                       1',
      'kube-flannel      kube-flannel-cfg                                       2',
      'kube-flannel      kube-root-ca.crt                                       1',
      'kube-node-lease   kube-root-ca.crt                                       1',
      'kube-public       cluster-info                                           1',
      'kube-public       kube-root-ca.crt                                       1',
      'kube-system       coredns                                                1',
      'kube-system       extension-apiserver-authentication                     6',
      'kube-system       kube-apiserver-legacy-service-account-token-tracking   1',
      'kube-system       kube-proxy                                             2',
      'kube-system       kube-root-ca.crt                                       1',
      'kube-system       kubeadm-config                                         1',
      'kube-system       kubelet-config                                         1',
      '',
    ]);
  });

  it("publishes the control plane's CA: kube-root-ca.crt, cluster-info and the API server's client CA are the node's ca.crt", async () => {
    const run = new ScenarioRun(scenario());
    const ca = run.cluster.nodes.get('cp-1')!.host.fs.read('/etc/kubernetes/pki/ca.crt')!;
    const get = (ns: string, name: string) => (run.cluster.adminClient().get('configmaps', ns, name) as unknown as { ok: true; value: { data: Record<string, string> } }).value.data;
    expect(get('default', 'kube-root-ca.crt')['ca.crt']).toBe(ca);
    expect(get('kube-system', 'extension-apiserver-authentication')['client-ca-file']).toBe(ca);
    expect(get('kube-public', 'cluster-info').kubeconfig).toContain(`certificate-authority-data: ${Buffer.from(ca).toString('base64')}\n    server: https://10.0.0.10:6443\n  name: ""\n`);
    expect(get('kube-system', 'kubeadm-config').ClusterConfiguration).toContain('kind: ClusterConfiguration\nkubernetesVersion: v1.32.4\nnetworking:\n  dnsDomain: cluster.local\n  podSubnet: 10.244.0.0/16\n  serviceSubnet: 10.96.0.0/12\n');
    expect(get('kube-system', 'kubelet-config').kubelet).toBe(run.cluster.nodes.get('node-1')!.host.fs.read('/var/lib/kubelet/config.yaml'));
    expect(get('kube-system', 'kubelet-config').kubelet).toContain('clusterDNS:\n- 10.96.0.10\n');
  });
});

describe('simulationSeed', () => {
  it('differs between scenarios at the same seed, and is the same for the same scenario and seed', () => {
    const a = scenario();
    const b = { ...a, metadata: { ...a.metadata, id: 'another-scenario' } };
    expect(simulationSeed(a, 1)).toBe(simulationSeed(a, 1));
    expect(simulationSeed(a, 1)).not.toBe(simulationSeed(b, 1));
    expect(simulationSeed(a, 1)).not.toBe(simulationSeed(a, 2));
  });
});
