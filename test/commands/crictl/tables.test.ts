import { describe, it, expect } from 'vitest';
import { EventQueue } from '../../../src/cluster/clock/event-queue.js';
import { Random } from '../../../src/cluster/clock/random.js';
import { ImageCatalog } from '../../../src/cluster/workloads/catalog.js';
import { ContainerRuntime, type RuntimeContainer } from '../../../src/cluster/runtime/runtime.js';
import { ContainerLog } from '../../../src/cluster/runtime/container-log.js';
import { runPs, type CriNode } from '../../../src/commands/crictl/containers.js';
import { runImages, runPods } from '../../../src/commands/crictl/pods-images.js';
import { CriClient } from '../../../src/cluster/runtime/cri-client.js';
import { CrictlCri } from '../../../src/commands/crictl/cri-calls.js';
import { goUnitsHumanDuration, humanSize } from '../../../src/commands/crictl/format.js';

const NOW = Date.parse('2026-11-30T04:00:00Z');
const S = 1000;
const id = (prefix: string) => prefix.padEnd(64, '0');

/** The runtime of reference §7.1/§7.2: four pods and their containers. */
function referenceNode(): CriNode {
  const rt = new ContainerRuntime(new EventQueue(NOW), new Random(1), new ImageCatalog());
  const behaviour = {};
  const pods: [string, string, string, number][] = [
    ['9c1e2d3f4a5b6', 'web-7d4b9c8f6-fghij', 'default', NOW - 25 * 60 * S],
    ['1a2b3c4d5e6f7', 'web-7d4b9c8f6-abcde', 'default', NOW - 2 * 86400 * S - 10 * S],
    ['f5d1e8c3b7a90', 'coredns-668d6bf9bc-2lmkq', 'kube-system', NOW - 42 * 86400 * S],
    ['3e4f5a6b7c8d9', 'kube-apiserver-cp-1', 'kube-system', NOW - 43 * 86400 * S],
  ];
  for (const [p, name, ns, at] of pods) rt.sandboxes.set(id(p), { id: id(p), podUid: `uid-${name}`, podName: name, namespace: ns, attempt: 0, ip: '10.244.1.2', createdAt: at, state: 'SANDBOX_READY' });
  const containers: [string, string, number, RuntimeContainer['state'], string, number, string][] = [
    ['4b2a5c1f0e9d8', 'a830707172e80', NOW - 46 * S, 'CONTAINER_EXITED', 'nginx', 5, '9c1e2d3f4a5b6'],
    ['7f3e9a1c2b4d5', 'a830707172e80', NOW - 2 * 86400 * S, 'CONTAINER_RUNNING', 'nginx', 0, '1a2b3c4d5e6f7'],
    ['0c9d8e7f6a5b4', 'c69fa2e9cbf5f', NOW - 42 * 86400 * S, 'CONTAINER_RUNNING', 'coredns', 0, 'f5d1e8c3b7a90'],
    ['e1f2a3b4c5d6e', 'f1184a0bd7fe5', NOW - 70 * S, 'CONTAINER_EXITED', 'kube-apiserver', 12, '3e4f5a6b7c8d9'],
  ];
  for (const [c, img, at, state, name, attempt, pod] of containers) {
    rt.containers.set(id(c), { id: id(c), sandboxId: id(pod), podUid: 'u', name, attempt, image: 'x', imageId: `sha256:${id(img)}`, createdAt: at, state, logs: new ContainerLog(), behaviour, argv: [] });
  }
  const images: [string, string, number][] = [
    ['docker.io/library/nginx:1.27', 'a830707172e80', 72_100_000],
    ['registry.k8s.io/coredns/coredns:v1.11.3', 'c69fa2e9cbf5f', 18_600_000],
    ['registry.k8s.io/etcd:3.5.16-0', 'a9e7e6b294baf', 57_700_000],
    ['registry.k8s.io/kube-apiserver:v1.32.4', 'f1184a0bd7fe5', 28_700_000],
    ['registry.k8s.io/pause:3.10', '873ed75102791', 320_000],
  ];
  for (const [tag, img, size] of images) rt.images.set(`sha256:${id(img)}`, { id: `sha256:${id(img)}`, tags: [tag], sizeBytes: size, behaviour });
  const cri = new CrictlCri(new CriClient(rt, { timeoutMs: 2_000, wait: () => undefined }), { now: () => NOW, nextPid: () => 4242 });
  return { cri, now: () => NOW, readFile: () => undefined };
}

const ps = { all: true, quiet: false, latest: false, noTrunc: false };

describe('crictl tables (reference §7)', () => {
  it('ps -a: the v1.32 column set with NAMESPACE, newest first (§7.1 rows)', () => {
    expect(runPs(referenceNode(), ps).stdout).toBe(
      [
        'CONTAINER           IMAGE               CREATED              STATE               NAME                ATTEMPT             POD ID              POD                        NAMESPACE',
        '4b2a5c1f0e9d8       a830707172e80       46 seconds ago       Exited              nginx               5                   9c1e2d3f4a5b6       web-7d4b9c8f6-fghij        default',
        'e1f2a3b4c5d6e       f1184a0bd7fe5       About a minute ago   Exited              kube-apiserver      12                  3e4f5a6b7c8d9       kube-apiserver-cp-1        kube-system',
        '7f3e9a1c2b4d5       a830707172e80       2 days ago           Running             nginx               0                   1a2b3c4d5e6f7       web-7d4b9c8f6-abcde        default',
        '0c9d8e7f6a5b4       c69fa2e9cbf5f       6 weeks ago          Running             coredns             0                   f5d1e8c3b7a90       coredns-668d6bf9bc-2lmkq   kube-system',
        '',
      ].join('\n'),
    );
  });

  it('ps shows only running containers; filters by name regex, pod prefix, state; -q prints full IDs', () => {
    const node = referenceNode();
    expect(runPs(node, { ...ps, all: false }).stdout.split('\n').map((l) => l.slice(0, 13))).toEqual(['CONTAINER    ', '7f3e9a1c2b4d5', '0c9d8e7f6a5b4', '']);
    expect(runPs(node, { ...ps, name: '^kube' }).stdout.split('\n')[1]).toMatch(/^e1f2a3b4c5d6e /);
    expect(runPs(node, { ...ps, pod: '9c1e' }).stdout.split('\n').length).toBe(3);
    expect(runPs(node, { ...ps, all: false, state: 'exited', quiet: true }).stdout).toBe(`${id('4b2a5c1f0e9d8')}\n${id('e1f2a3b4c5d6e')}\n`);
    expect(runPs(node, { ...ps, state: 'bogus' }).fatal).toBe('--state should be one of created, running, exited or unknown');
  });

  it('pods (§7.2 layout)', () => {
    expect(runPods(referenceNode(), { quiet: false, latest: false, noTrunc: false, namespace: 'default' }).stdout).toBe(
      [
        'POD ID              CREATED             STATE               NAME                  NAMESPACE           ATTEMPT             RUNTIME',
        '9c1e2d3f4a5b6       25 minutes ago      Ready               web-7d4b9c8f6-fghij   default             0                   (default)',
        '1a2b3c4d5e6f7       2 days ago          Ready               web-7d4b9c8f6-abcde   default             0                   (default)',
        '',
      ].join('\n'),
    );
  });

  it('images (§7.3), sorted by tag, sha256: stripped, decimal sizes', () => {
    expect(runImages(referenceNode(), { quiet: false, digests: false, noTrunc: false }).stdout).toBe(
      [
        'IMAGE                             TAG                 IMAGE ID            SIZE',
        'docker.io/library/nginx           1.27                a830707172e80       72.1MB',
        'registry.k8s.io/coredns/coredns   v1.11.3             c69fa2e9cbf5f       18.6MB',
        'registry.k8s.io/etcd              3.5.16-0            a9e7e6b294baf       57.7MB',
        'registry.k8s.io/kube-apiserver    v1.32.4             f1184a0bd7fe5       28.7MB',
        'registry.k8s.io/pause             3.10                873ed75102791       320kB',
        '',
      ].join('\n'),
    );
    expect(runImages(referenceNode(), { quiet: true, digests: false, noTrunc: false }).stdout.split('\n')[0]).toBe(`sha256:${id('a830707172e80')}`);
  });

  it('go-units HumanDuration and HumanSizeWithPrecision', () => {
    const cases: [number, string][] = [[0, 'Less than a second'], [1 * S, '1 second'], [59 * S, '59 seconds'], [60 * S, 'About a minute'], [119 * S, 'About a minute'], [120 * S, '2 minutes'], [59 * 60 * S, '59 minutes'], [89 * 60 * S, 'About an hour'], [90 * 60 * S, '2 hours'], [47 * 3600 * S, '47 hours'], [48 * 3600 * S, '2 days'], [13 * 86400 * S, '13 days'], [14 * 86400 * S, '2 weeks'], [59 * 86400 * S, '8 weeks'], [60 * 86400 * S, '2 months'], [729 * 86400 * S, '24 months'], [730 * 86400 * S, '2 years']];
    for (const [ms, text] of cases) expect(goUnitsHumanDuration(ms)).toBe(text);
    expect([999, 1000, 320_000, 72_149_999, 1_234_567_890].map(humanSize)).toEqual(['999B', '1kB', '320kB', '72.1MB', '1.23GB']);
  });
});
