/**
 * The init-container wait idiom, e.g. the Kubernetes docs' example
 * (https://kubernetes.io/docs/concepts/workloads/pods/init-containers/#init-containers-in-use):
 *   until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done
 * busybox ash answers a missing command with `sh: <name>: not found` (exit 127).
 */
import { describe, it, expect } from 'vitest';
import { parseWaitLoop } from '../../../src/cluster/programs/wait-loop.js';
import type { Program } from '../../../src/cluster/programs/types.js';
import { smallCluster, createPod, getPod } from '../kubelet/harness.js';
import { podStatusCells } from '../../../src/commands/kubectl/printers/pod.js';

describe('parseWaitLoop', () => {
  it('reads the docs example, with the ServiceAccount namespace file substituted', () => {
    const script = 'until nslookup myservice.$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace).svc.cluster.local; do echo waiting for myservice; sleep 2; done';
    expect(parseWaitLoop(['sh', '-c', script], 'shop')).toEqual({
      command: ['nslookup', 'myservice.shop.svc.cluster.local'],
      discardStdout: false,
      discardStderr: false,
      body: [{ echo: 'waiting for myservice' }, { sleepMs: 2000 }],
      after: [],
    });
  });

  it('reads `while !`, quotes, redirections and echoes after the loop', () => {
    expect(parseWaitLoop(['/bin/sh', '-c', `while ! nc -z db 5432 >/dev/null 2>&1; do echo "db not up"; sleep 1; done; echo 'db is up'`], 'default')).toEqual({
      command: ['nc', '-z', 'db', '5432'],
      discardStdout: true,
      discardStderr: true,
      body: [{ echo: 'db not up' }, { sleepMs: 1000 }],
      after: [{ echo: 'db is up' }],
    });
    expect(parseWaitLoop(['sh', '-c', 'until wget -qO- -T 2 http://api:8080/healthz 2> /dev/null\ndo\n  sleep 3\ndone'], 'default')?.command).toEqual(['wget', '-qO-', '-T', '2', 'http://api:8080/healthz']);
  });

  it('leaves other scripts alone: pipes, &&, a loop that never sleeps, plain commands', () => {
    expect(parseWaitLoop(['sh', '-c', 'until nslookup db | grep Address; do sleep 2; done'], 'default')).toBeUndefined();
    expect(parseWaitLoop(['sh', '-c', 'until nslookup db && nslookup cache; do sleep 2; done'], 'default')).toBeUndefined();
    expect(parseWaitLoop(['sh', '-c', 'until nslookup db; do echo waiting; done'], 'default')).toBeUndefined();
    expect(parseWaitLoop(['sh', '-c', 'echo hello; sleep 3600'], 'default')).toBeUndefined();
    expect(parseWaitLoop(['nslookup', 'db'], 'default')).toBeUndefined();
  });
});

/** A test double of `nc -z <ip> <port>`: exit 0 when the dial from the pod connects (its output is not the point here). */
const ncZ: Program = (argv, ctx) => {
  const r = ctx.network.dial(ctx.from, argv[2], Number(argv[3]));
  return { stdout: '', stderr: r.ok ? '' : `nc: ${argv[2]} (${argv[2]}:${argv[3]}): Connection refused\n`, exitCode: r.ok ? 0 : 1, durationMs: 10 };
};

describe('an init container waiting in the idiom', () => {
  const cluster = smallCluster({ 'shop/db:1': { listens: [5432], readyAfterMs: 30_000 }, 'shop/app:1': { listens: [8080] } });
  cluster.clientPrograms.set('nc', ncZ);
  createPod(cluster, 'db', { nodeName: 'node-2', containers: [{ name: 'db', image: 'shop/db:1' }] });
  cluster.advance(2_000);
  const dbIP = getPod(cluster, 'db').status.podIP as string;
  createPod(cluster, 'app', {
    nodeName: 'node-1',
    initContainers: [{ name: 'wait-db', image: 'busybox:1.36', command: ['sh', '-c', `until nc -z ${dbIP} 5432; do echo waiting for db; sleep 2; done; echo db is up`] }],
    containers: [{ name: 'app', image: 'shop/app:1' }],
  });
  createPod(cluster, 'lost', {
    nodeName: 'node-1',
    initContainers: [{ name: 'wait', image: 'busybox:1.36', command: ['sh', '-c', 'until host mydb; do echo waiting for mydb; sleep 2; done'] }],
    containers: [{ name: 'app', image: 'shop/app:1' }],
  });
  createPod(cluster, 'dns-wait', {
    nodeName: 'node-1',
    initContainers: [{ name: 'wait', image: 'busybox:1.36', command: ['sh', '-c', 'until nslookup mydb; do echo waiting for mydb; sleep 2; done'] }],
    containers: [{ name: 'app', image: 'shop/app:1' }],
  });
  cluster.advance(15_000);
  const waiting = getPod(cluster, 'app');
  const waitingLog = cluster.systemClient().podLogs('default', 'app', { container: 'wait-db' });
  cluster.advance(30_000);

  it('keeps trying from the pod\'s network namespace while the dependency does not answer', () => {
    expect(podStatusCells(waiting as never, cluster.now()).status).toBe('Init:0/1');
    expect(waiting.status.initContainerStatuses[0].state.running).toBeDefined();
    const lines = waitingLog.ok ? waitingLog.value.split('\n').filter(Boolean) : [];
    expect(lines.slice(0, 4)).toEqual([`nc: ${dbIP} (${dbIP}:5432): Connection refused`, 'waiting for db', `nc: ${dbIP} (${dbIP}:5432): Connection refused`, 'waiting for db']);
    expect(lines.length).toBeGreaterThanOrEqual(12);
  });

  it('exits 0 once the program succeeds, and the app starts', () => {
    const pod = getPod(cluster, 'app');
    expect(pod.status.initContainerStatuses[0].state.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
    expect(podStatusCells(pod as never, cluster.now()).status).toBe('Running');
    const log = cluster.systemClient().podLogs('default', 'app', { container: 'wait-db' });
    expect(log.ok && log.value.endsWith('waiting for db\ndb is up\n')).toBe(true);
  });

  it('a command the simulation cannot run says so as busybox does, and the loop goes on', () => {
    const pod = getPod(cluster, 'lost');
    expect(podStatusCells(pod as never, cluster.now()).status).toBe('Init:0/1');
    const log = cluster.systemClient().podLogs('default', 'lost', { container: 'wait' });
    expect((log.ok ? log.value : '').split('\n').slice(0, 2)).toEqual(['sh: host: not found', 'waiting for mydb']);
  });

  it("runs busybox's nslookup with the pod's resolv.conf while the name does not resolve", () => {
    const pod = getPod(cluster, 'dns-wait');
    expect(podStatusCells(pod as never, cluster.now()).status).toBe('Init:0/1');
    const log = cluster.systemClient().podLogs('default', 'dns-wait', { container: 'wait' });
    const lines = (log.ok ? log.value : '').split('\n');
    expect(lines).toContain('waiting for mydb');
    expect(lines).not.toContain('sh: nslookup: not found');
    // Without kube-proxy's DNAT nobody answers 10.96.0.10; with it, CoreDNS says NXDOMAIN for every search domain.
    expect(lines.some((l) => l === ';; connection timed out; no servers could be reached' || l === "** server can't find mydb.default.svc.cluster.local: NXDOMAIN")).toBe(true);
  });
});

describe('parseWaitLoop edge cases', () => {
  it('an empty script or an unterminated quote is no loop', () => {
    expect(parseWaitLoop(['sh', '-c', ''], 'default')).toBeUndefined();
    expect(parseWaitLoop(['sh', '-c', 'until nslookup "db; do sleep 2; done'], 'default')).toBeUndefined();
  });
});
