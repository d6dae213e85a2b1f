import { describe, it, expect } from 'vitest';
import { smallCluster, NOW } from './harness.js';
import { loadKubeletConfig, yamlSyntaxError } from '../../../src/cluster/kubelet/kubelet-config.js';
import { misconfigure } from '../../../src/faults/kubelet-config-invalid.js';
import { encodeCertificate, decodeCertificate } from '../../../src/cluster/host/certs.js';
import type { Cluster } from '../../../src/cluster/cluster.js';

type Obj = Record<string, any>;
const PREFIX = 'failed to load kubelet config file, path: /var/lib/kubelet/config.yaml, error: failed to load Kubelet config file /var/lib/kubelet/config.yaml, error ';

/** Journal lines of node-2 since `from`, as `identifier: message` with the klog header cut to severity + source. */
function journal(cluster: Cluster, from: number, node = 'node-2'): string[] {
  return cluster.nodes
    .get(node)!
    .host.journal.all()
    .filter((e) => e.time >= from)
    .map((e) => `${e.identifier}: ${e.message.replace(/^([IWE])\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ /, '$1 ')}`);
}

const ready = (cluster: Cluster, name = 'node-2') => ((cluster.systemClient().get('nodes', undefined, name) as { ok: true; value: Obj }).value.status.conditions as Obj[]).find((c) => c.type === 'Ready')!.status;

describe('kubelet config file loading', () => {
  const good = smallCluster().nodes.get('node-1')!.host.fs.read('/var/lib/kubelet/config.yaml')!;

  it('accepts the kubeadm file', () => {
    expect(loadKubeletConfig(good)).toMatchObject({ ok: true, config: { kind: 'KubeletConfiguration', rotateCertificates: true } });
  });

  it('fails on tab indentation with go-yaml wording and the line of the first tab', () => {
    const text = misconfigure(good, 'yaml-syntax');
    const line = text.split('\n').findIndex((l) => l.startsWith('\t')) + 1;
    expect(loadKubeletConfig(text)).toEqual({ ok: false, error: `${PREFIX}failed to decode: yaml: line ${line}: found character that cannot start any token` });
  });

  it('fails on a value of the wrong type and on an unregistered kind', () => {
    expect(loadKubeletConfig(misconfigure(good, 'bad-value'))).toEqual({ ok: false, error: `${PREFIX}failed to decode: json: cannot unmarshal string into Go struct field KubeletConfiguration.maxPods of type int32` });
    expect(loadKubeletConfig(misconfigure(good, 'wrong-kind'))).toEqual({ ok: false, error: `${PREFIX}failed to decode: no kind "KubeletConfig" is registered for version "kubelet.config.k8s.io/v1beta1" in scheme "pkg/kubelet/apis/config/scheme/scheme.go:33"` });
  });

  it('decodes each text on its own when texts alternate (nodes with different files), and hands out a config no caller can change', () => {
    const bad = misconfigure(good, 'bad-value');
    const lenient = misconfigure(good, 'unknown-field');
    for (let round = 0; round < 3; round++) {
      expect(loadKubeletConfig(good)).toEqual({ ok: true, config: expect.objectContaining({ rotateCertificates: true }) });
      expect(loadKubeletConfig(bad)).toMatchObject({ ok: false, error: expect.stringContaining('KubeletConfiguration.maxPods of type int32') });
      expect(loadKubeletConfig(lenient)).toMatchObject({ ok: true, lenientError: 'strict decoding error: unknown field "maxpods"' });
    }
    const loaded = loadKubeletConfig(good);
    if (!loaded.ok) throw new Error(loaded.error);
    // Every node's kubelet may get this same decoded config: writing to it must fail, not leak to the others.
    expect(() => {
      (loaded.config as Record<string, unknown>).maxPods = 1;
    }).toThrow(TypeError);
    const again = loadKubeletConfig(good);
    expect(again.ok && again.config.maxPods).toBeUndefined();
  });

  it('only warns on an unknown field (lenient decoding), and reports a missing file', () => {
    expect(loadKubeletConfig(misconfigure(good, 'unknown-field'))).toMatchObject({ ok: true, lenientError: 'strict decoding error: unknown field "maxpods"' });
    expect(loadKubeletConfig(undefined)).toEqual({ ok: false, error: `${PREFIX}failed to read kubelet config file "/var/lib/kubelet/config.yaml", error: open /var/lib/kubelet/config.yaml: no such file or directory` });
    expect(yamlSyntaxError('a: 1\nb: [\n')).toMatch(/^yaml: line \d+: /);
  });
});

describe('kubelet start-up with a broken config.yaml', () => {
  const cluster = smallCluster();
  const host = cluster.nodes.get('node-2')!.host;
  const from = cluster.now();
  host.fs.write('/var/lib/kubelet/config.yaml', misconfigure(host.fs.read('/var/lib/kubelet/config.yaml')!, 'yaml-syntax'));
  host.unit('kubelet')!.restart();

  it('logs "command failed" from run.go and exits 1; systemd restarts it every 10 s', () => {
    cluster.advance(25_000);
    const lines = journal(cluster, from).filter((l) => !l.includes('Stopping') && !l.includes('Deactivated'));
    const attempt = [
      'systemd: Started kubelet: The Kubernetes Node Agent.',
      expect.stringMatching(/^kubelet: E run\.go:72\] "command failed" err="failed to load kubelet config file, path: \/var\/lib\/kubelet\/config\.yaml, error: failed to load Kubelet config file \/var\/lib\/kubelet\/config\.yaml, error failed to decode: yaml: line \d+: found character that cannot start any token"$/),
      'systemd: kubelet.service: Main process exited, code=exited, status=1/FAILURE',
      "systemd: kubelet.service: Failed with result 'exit-code'.",
    ];
    expect(lines).toEqual([
      'systemd: Stopped kubelet: The Kubernetes Node Agent.',
      ...attempt,
      'systemd: kubelet.service: Scheduled restart job, restart counter is at 1.',
      'systemd: Stopped kubelet: The Kubernetes Node Agent.',
      ...attempt,
      'systemd: kubelet.service: Scheduled restart job, restart counter is at 2.',
      'systemd: Stopped kubelet: The Kubernetes Node Agent.',
      ...attempt,
    ]);
    expect(host.unit('kubelet')!.active).toBe('activating');
  });

  it('goes Unknown, and starts cleanly on the next restart once the file is fixed', () => {
    cluster.advance(60_000);
    expect(ready(cluster)).toBe('Unknown');
    host.fs.write('/var/lib/kubelet/config.yaml', smallCluster().nodes.get('node-2')!.host.fs.read('/var/lib/kubelet/config.yaml')!);
    const fixedAt = cluster.now();
    cluster.advance(20_000);
    expect(host.unit('kubelet')!.active).toBe('active');
    expect(journal(cluster, fixedAt).filter((l) => l.startsWith('kubelet:')).slice(0, 3)).toEqual([
      'kubelet: I server.go:520] "Kubelet version" kubeletVersion="v1.32.4"',
      'kubelet: I server.go:522] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""',
      'kubelet: I server.go:956] "Client rotation is on, will bootstrap in background"',
    ]);
    expect(ready(cluster)).toBe('True');
  });
});

describe('kubelet start-up with an expired client certificate', () => {
  const cluster = smallCluster();
  const host = cluster.nodes.get('node-2')!.host;
  const pem = host.fs.read('/var/lib/kubelet/pki/kubelet-client-current.pem')!;
  const expired = { ...decodeCertificate(pem)!, notAfter: NOW - 6 * 3_600_000 };
  host.fs.write('/var/lib/kubelet/pki/kubelet-client-current.pem', encodeCertificate(expired));
  const from = cluster.now();
  host.unit('kubelet')!.restart();

  it('writes the bootstrap.go and run.go lines of §6.2 and exits 1', () => {
    expect(journal(cluster, from).filter((l) => l.startsWith('kubelet:'))).toEqual([
      'kubelet: I server.go:520] "Kubelet version" kubeletVersion="v1.32.4"',
      'kubelet: I server.go:522] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""',
      'kubelet: I server.go:956] "Client rotation is on, will bootstrap in background"',
      'kubelet: E bootstrap.go:266] "Unhandled Error" err="part of the existing bootstrap client certificate in /etc/kubernetes/kubelet.conf is expired: 2026-11-10 06:00:00 +0000 UTC"',
      'kubelet: E run.go:72] "command failed" err="failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory"',
    ]);
    expect(host.unit('kubelet')!.sub).toBe('auto-restart');
    cluster.advance(10_000);
    expect(host.unit('kubelet')!.restartCounter).toBe(1);
    expect(host.unit('kubelet')!.sub).toBe('auto-restart');
  });

  it('recovers with a kubeconfig carrying a new embedded certificate: the store adopts it', () => {
    const fresh = { ...expired, serial: 'ab'.repeat(16), notBefore: NOW, notAfter: NOW + 365 * 86_400_000 };
    const kubeconfig = `apiVersion: v1\nkind: Config\ncurrent-context: system:node:node-2@kubernetes\ncontexts:\n- context: {cluster: kubernetes, user: system:node:node-2}\n  name: system:node:node-2@kubernetes\nclusters:\n- cluster: {server: "https://10.0.0.10:6443"}\n  name: kubernetes\nusers:\n- name: system:node:node-2\n  user:\n    client-certificate-data: ${Buffer.from(encodeCertificate(fresh)).toString('base64')}\n`;
    host.fs.write('/etc/kubernetes/kubelet.conf', kubeconfig);
    host.unit('kubelet')!.restart();
    cluster.advance(60_000);
    expect(host.unit('kubelet')!.active).toBe('active');
    expect(ready(cluster)).toBe('True');
    expect(decodeCertificate(host.fs.read('/var/lib/kubelet/pki/kubelet-client-current.pem')!)!.serial).toBe(fresh.serial);
  });
});
