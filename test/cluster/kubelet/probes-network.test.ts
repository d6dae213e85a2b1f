/**
 * Probes go through the cluster network and judge what the application
 * answers. Messages as upstream words them:
 * - pkg/probe/http/http.go DoHTTPProbe: 200-399 succeed, else `HTTP probe failed with statuscode: %d`;
 * - a transport error is Go's url.Error (`Get "<url>": dial tcp <addr>: connect: connection refused`,
 *   `Get "<url>": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`);
 * - pkg/probe/tcp/tcp.go: net.DialTimeout's error (`dial tcp <addr>: i/o timeout`);
 * - pkg/kubelet/prober/prober.go: `%s probe failed: %s`, `%s probe errored and resulted in %s state: %s`;
 * - an exec probe whose binary is missing: runc's `OCI runtime exec failed: exec failed: unable to start
 *   container process: exec: "pgrep": executable file not found in $PATH: unknown` (real events).
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod, eventsOf, podReady, containerStatus } from './harness.js';
import { netfilterOf } from '../../../src/cluster/network/netfilter.js';

type Obj = Record<string, any>;

const unhealthy = (cluster: ReturnType<typeof smallCluster>, pod: string): string[] => [...new Set(eventsOf(cluster, pod).filter((e) => e.reason === 'Unhealthy').map((e) => e.message as string))];

describe('probes judge the HTTP status the application answers', () => {
  const cluster = smallCluster({
    'shop/api:1': { listens: [8080], http: { '/healthz': { status: 200, body: 'ok' }, '/ready': { status: 503, body: 'warming up' }, '/moved': { status: 302 }, '/boom': { status: 500 } } },
  });
  const pod = (name: string, probes: Obj) => createPod(cluster, name, { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1', ports: [{ name: 'http', containerPort: 8080 }], ...probes }] });
  pod('healthy', { readinessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 5 } });
  pod('redirect', { readinessProbe: { httpGet: { path: '/moved', port: 8080 }, periodSeconds: 5 } });
  pod('missing-path', { readinessProbe: { httpGet: { path: '/health', port: 8080 }, periodSeconds: 5 } });
  pod('unavailable', { readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 } });
  pod('crashing', { livenessProbe: { httpGet: { path: '/boom', port: 8080 }, periodSeconds: 5 } });
  pod('badname', { readinessProbe: { httpGet: { path: '/healthz', port: 'web' }, periodSeconds: 5 } });
  cluster.advance(40_000);

  it('a 200 passes and a 3xx counts as success', () => {
    expect(podReady(getPod(cluster, 'healthy'))).toBe('True');
    expect(podReady(getPod(cluster, 'redirect'))).toBe('True');
    expect(unhealthy(cluster, 'healthy')).toEqual([]);
  });

  it('a 404 or 503 keeps the container unready with the status code in the event', () => {
    expect(podReady(getPod(cluster, 'missing-path'))).toBe('False');
    expect(unhealthy(cluster, 'missing-path')).toEqual(['Readiness probe failed: HTTP probe failed with statuscode: 404']);
    expect(unhealthy(cluster, 'unavailable')).toEqual(['Readiness probe failed: HTTP probe failed with statuscode: 503']);
  });

  it('a liveness probe answered 500 kills and restarts the container', () => {
    const events = eventsOf(cluster, 'crashing');
    expect(unhealthy(cluster, 'crashing')).toEqual(['Liveness probe failed: HTTP probe failed with statuscode: 500']);
    expect(events.find((e) => e.reason === 'Killing')).toMatchObject({ message: 'Container api failed liveness probe, will be restarted', involvedObject: { fieldPath: 'spec.containers{api}' } });
    expect(containerStatus(cluster, 'crashing').restartCount).toBeGreaterThanOrEqual(1);
  });

  it('a port name the container does not declare errors as prober.go extractPort does', () => {
    expect(unhealthy(cluster, 'badname')).toEqual(['Readiness probe errored and resulted in unknown state: strconv.Atoi: parsing "web": invalid syntax']);
  });

  it('the probe request reaches the application as an HTTP request from kube-probe', () => {
    const seen: Obj[] = [];
    const runtime = cluster.nodes.get('node-1')!.runtime;
    const c = [...runtime.containers.values()].find((x) => x.name === 'api' && x.state === 'CONTAINER_RUNNING' && runtime.sandboxes.get(x.sandboxId)?.podName === 'healthy')!;
    c.process = { stop: () => undefined, server: { answer: (request) => (seen.push(request), { kind: 'http', status: 200, reason: 'OK', headers: [], body: '' }) } };
    cluster.advance(6_000);
    const ip = getPod(cluster, 'healthy').status.podIP;
    expect(seen[0]).toMatchObject({ kind: 'http', method: 'GET', path: '/healthz', host: `${ip}:8080`, headers: [['User-Agent', 'kube-probe/1.32'], ['Accept', '*/*']] });
  });
});

describe('probes dial through the network', () => {
  it('a DROP rule on the node times the probe out; removing it brings readiness back', () => {
    const cluster = smallCluster();
    createPod(cluster, 'web', { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27', readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 5, failureThreshold: 1 }, livenessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5, failureThreshold: 100 } }] });
    cluster.advance(20_000);
    expect(podReady(getPod(cluster, 'web'))).toBe('True');
    const ip = getPod(cluster, 'web').status.podIP;
    const nf = netfilterOf(cluster.nodes.get('node-1')!.host);
    nf.filterTable.insert('OUTPUT', 0, { protocol: 'tcp', destination: `${ip}/32`, dport: 80, target: 'DROP' });
    cluster.advance(12_000);
    expect(podReady(getPod(cluster, 'web'))).toBe('False');
    expect(unhealthy(cluster, 'web')).toEqual([
      `Readiness probe failed: Get "http://${ip}:80/": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`,
      `Liveness probe failed: dial tcp ${ip}:80: i/o timeout`,
    ]);
    nf.filterTable.remove('OUTPUT', 0);
    cluster.advance(12_000);
    expect(podReady(getPod(cluster, 'web'))).toBe('True');
  });

  it('a node reaching its own pod (every probe) finds it without walking the other nodes\' pods', () => {
    const cluster = smallCluster();
    createPod(cluster, 'local', { nodeName: 'node-2', containers: [{ name: 'web', image: 'nginx:1.27' }] });
    cluster.advance(10_000);
    const ip = getPod(cluster, 'local').status.podIP;
    const others = ['cp-1', 'node-1'].map((n) => cluster.nodes.get(n)!.runtime.sandboxes);
    let walked = 0;
    for (const m of others) {
      const values = m.values.bind(m);
      m.values = () => (walked++, values());
    }
    const r = cluster.network.dial({ kind: 'host', node: 'node-2' }, ip, 80);
    expect(r.ok).toBe(true);
    expect(walked).toBe(0);
  });

  it('control-plane static pods probe their own node (127.0.0.1 for etcd) and stay healthy', () => {
    const cluster = smallCluster();
    cluster.advance(120_000);
    const events = eventsOf(cluster, 'etcd-cp-1', 'kube-system').concat(eventsOf(cluster, 'kube-apiserver-cp-1', 'kube-system'));
    expect(events.filter((e) => e.reason === 'Unhealthy')).toEqual([]);
  });
});

describe('exec probes run against the image', () => {
  const cluster = smallCluster({ 'shop/cache:1': { listens: [6379], readyAfterMs: 15_000, binaries: ['cache-server', 'cache-cli'] } });
  createPod(cluster, 'nopgrep', { nodeName: 'node-1', containers: [{ name: 'c', image: 'shop/cache:1', readinessProbe: { exec: { command: ['pgrep', 'cache-server'] }, periodSeconds: 5 } }] });
  createPod(cluster, 'abspath', { nodeName: 'node-1', containers: [{ name: 'c', image: 'shop/cache:1', livenessProbe: { exec: { command: ['/usr/local/bin/cache-cli', 'ping'] }, periodSeconds: 5, failureThreshold: 100 } }] });
  createPod(cluster, 'cli', { nodeName: 'node-1', containers: [{ name: 'c', image: 'shop/cache:1', readinessProbe: { exec: { command: ['cache-cli', 'ping'] }, periodSeconds: 5 } }] });
  cluster.advance(8_000);
  const cliEarly = getPod(cluster, 'cli');
  cluster.advance(30_000);

  it('a binary the image lacks fails with runc\'s exec error', () => {
    expect(unhealthy(cluster, 'nopgrep')).toEqual(['Readiness probe failed: OCI runtime exec failed: exec failed: unable to start container process: exec: "pgrep": executable file not found in $PATH: unknown']);
    expect(unhealthy(cluster, 'abspath')).toEqual(['Liveness probe failed: OCI runtime exec failed: exec failed: unable to start container process: exec: "/usr/local/bin/cache-cli": stat /usr/local/bin/cache-cli: no such file or directory: unknown']);
  });

  it('a command the image has fails (no output) until the application is up, then passes', () => {
    expect(podReady(cliEarly)).toBe('False');
    expect(unhealthy(cluster, 'cli')).toEqual(['Readiness probe failed: ']);
    expect(podReady(getPod(cluster, 'cli'))).toBe('True');
  });
});

describe('an exec probe reading a file the container\'s script manages', () => {
  it('the docs\' liveness example: cat /tmp/healthy fails once the script removed it, and the container restarts', () => {
    // https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/#define-a-liveness-command
    const cluster = smallCluster();
    createPod(cluster, 'liveness-exec', {
      nodeName: 'node-1',
      containers: [{ name: 'liveness', image: 'busybox:1.36', args: ['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'], livenessProbe: { exec: { command: ['cat', '/tmp/healthy'] }, initialDelaySeconds: 5, periodSeconds: 5 } }],
    });
    cluster.advance(30_000);
    expect(unhealthy(cluster, 'liveness-exec')).toEqual([]);
    cluster.advance(20_000);
    expect(unhealthy(cluster, 'liveness-exec')).toEqual(["Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory"]);
    const events = eventsOf(cluster, 'liveness-exec');
    expect(events.find((e) => e.reason === 'Killing')!.message).toBe('Container liveness failed liveness probe, will be restarted');
    expect(containerStatus(cluster, 'liveness-exec').restartCount).toBe(1);
  });

  it('GNU coreutils word a missing file their own way; test -f fails silently', () => {
    const cluster = smallCluster({ 'shop/worker:1': { binaries: ['sh', 'cat', 'test', 'rm', 'touch', 'sleep'] } });
    createPod(cluster, 'w', {
      nodeName: 'node-1',
      containers: [{ name: 'w', image: 'shop/worker:1', command: ['sh', '-c', 'sleep 20; touch /tmp/ready; sleep 3600'], readinessProbe: { exec: { command: ['cat', '/tmp/ready'] }, periodSeconds: 5 }, livenessProbe: { exec: { command: ['test', '-f', '/tmp/ready'] }, periodSeconds: 5, failureThreshold: 100 } }],
    });
    cluster.advance(15_000);
    expect(podReady(getPod(cluster, 'w'))).toBe('False');
    cluster.advance(15_000);
    expect(podReady(getPod(cluster, 'w'))).toBe('True');
    expect(unhealthy(cluster, 'w')).toEqual(['Readiness probe failed: cat: /tmp/ready: No such file or directory', 'Liveness probe failed: ']);
  });
});
