/**
 * wget (busybox 1.36 networking/wget.c, libbb/xconnect.c, libbb/progress.c)
 * and curl (8.11: lib/connect.c, lib/multi.c, lib/progress.c) against the
 * one network: what they print for each outcome a dial can have.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from '../kubelet/harness.js';
import { wget, smartSize5 } from '../../../src/cluster/programs/wget.js';
import { curl } from '../../../src/cluster/programs/curl.js';
import type { ProgramContext } from '../../../src/cluster/programs/types.js';
import { netfilterOf } from '../../../src/cluster/network/netfilter.js';

const BODY = 'orders v2 ok\n';
const cluster = smallCluster({ 'shop/api:1': { listens: [8080], http: { '/': { status: 200, body: BODY }, '/admin': { status: 403, body: 'no\n' } } } });
createPod(cluster, 'api', { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1' }] });
createPod(cluster, 'client', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
cluster.advance(10_000);
const ip = (): string => getPod(cluster, 'api').status.podIP;
const ctx = (): ProgramContext => {
  const runtime = cluster.nodes.get('node-2')!.runtime;
  const sandbox = [...runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
  return { network: cluster.network, from: { kind: 'pod', node: 'node-2', sandboxId: sandbox.id }, resolvConf: () => undefined, now: cluster.now() };
};
const run = (program: typeof wget, line: string) => program(line.split(' '), ctx());

describe('busybox wget', () => {
  it('prints the body with -qO- and, without -q, the connect line, progress and the closing line on stderr', () => {
    expect(run(wget, `wget -qO- http://${ip()}:8080/`)).toMatchObject({ stdout: BODY, stderr: '', exitCode: 0 });
    const loud = run(wget, `wget -O- http://${ip()}:8080`);
    expect(loud.stderr).toBe(`Connecting to ${ip()}:8080 (${ip()}:8080)\nwriting to stdout\n-                    100% |********************************|    13  0:00:00 ETA\nwritten to stdout\n`);
    expect(loud.chunks!.map((c) => c.fd)).toEqual([2, 2, 1, 2, 2]);
  });

  it("words each failure as libbb does, and -T's alarm ends a connect that gets no answer", () => {
    expect(run(wget, `wget -qO- -T 2 http://${ip()}:9999`)).toMatchObject({ stderr: `wget: can't connect to remote host (${ip()}): Connection refused\n`, exitCode: 1 });
    expect(run(wget, `wget -qO- -T 2 http://${ip()}:8080/admin`)).toMatchObject({ stderr: 'wget: server returned error: HTTP/1.1 403 Forbidden\n', exitCode: 1 });
    expect(run(wget, 'wget -qO- -T 2 http://web')).toMatchObject({ stderr: "wget: bad address 'web'\n", exitCode: 1 });
    const silent = run(wget, 'wget -qO- -T 2 http://10.96.77.7');
    expect(silent).toMatchObject({ stderr: 'wget: download timed out\n', exitCode: 1, durationMs: 2000 });
    const noAlarm = run(wget, 'wget -qO- http://10.96.77.7');
    expect(noAlarm).toMatchObject({ stderr: "wget: can't connect to remote host (10.96.77.7): Connection timed out\n", durationMs: 127_000 });
  });

  it('sizes as smart_ulltoa5 does', () => {
    expect([smartSize5(615), smartSize5(99999), smartSize5(123456), smartSize5(5_000_000)]).toEqual(['  615', '99999', ' 120k', ' 4882k'.slice(1)]);
  });
});

describe('curl', () => {
  it('prints the body with -s, headers with -i (CRLF), and the meter on stderr when stdout is not a terminal', () => {
    expect(run(curl, `curl -s http://${ip()}:8080/`)).toMatchObject({ stdout: BODY, stderr: '', exitCode: 0 });
    const date = new Date(cluster.now()).toUTCString();
    expect(run(curl, `curl -si http://${ip()}:8080/`).stdout).toBe(`HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nDate: ${date}\r\nContent-Length: 13\r\n\r\n${BODY}`);
    const meter = run(curl, `curl http://${ip()}:8080/`).stderr;
    expect(meter).toBe('  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n100    13  100    13    0     0  13000      0 --:--:-- --:--:-- --:--:-- 13000\n');
  });

  it('gives libcurl failf texts and exit codes', () => {
    expect(run(curl, `curl -sS http://${ip()}:9999/`)).toMatchObject({ stderr: `curl: (7) Failed to connect to ${ip()} port 9999 after 0 ms: Couldn't connect to server\n`, exitCode: 7 });
    expect(run(curl, 'curl -sS http://web')).toMatchObject({ stderr: 'curl: (6) Could not resolve host: web\n', exitCode: 6 });
    expect(run(curl, 'curl -s http://web')).toMatchObject({ stderr: '', exitCode: 6 });
    expect(run(curl, 'curl -sS --connect-timeout 2 http://10.96.77.7')).toMatchObject({ stderr: 'curl: (28) Failed to connect to 10.96.77.7 port 80 after 2001 ms: Timeout was reached\n', exitCode: 28 });
    expect(run(curl, 'curl -sS -m 3 http://10.96.77.7')).toMatchObject({ stderr: 'curl: (28) Connection timed out after 3001 milliseconds\n', exitCode: 28 });
    expect(run(curl, `curl -sSf http://${ip()}:8080/admin`)).toMatchObject({ stdout: '', stderr: 'curl: (22) The requested URL returned error: 403\n', exitCode: 22 });
    expect(run(curl, `curl -s -o /dev/null -w %{http_code} http://${ip()}:8080/admin`).stdout).toBe('403');
  });

  it('a REJECT rule on the path reads as refused, a DROP as a timeout', () => {
    const nf = netfilterOf(cluster.nodes.get('node-2')!.host);
    nf.filterTable.insert('FORWARD', 0, { protocol: 'tcp', dport: 8080, target: 'DROP' });
    expect(run(curl, `curl -sS --connect-timeout 1 http://${ip()}:8080/`).stderr).toBe(`curl: (28) Failed to connect to ${ip()} port 8080 after 1001 ms: Timeout was reached\n`);
    nf.filterTable.remove('FORWARD', 0);
  });
});

describe('busybox nc and ping', () => {
  it('nc -zv reports an open port, stays quiet on a refusal unless -vv, and -w times out', async () => {
    const { nc } = await import('../../../src/cluster/programs/nc.js');
    expect(run(nc, `nc -zv ${ip()} 8080`)).toMatchObject({ stderr: `${ip()} (${ip()}:8080) open\n`, exitCode: 0 });
    expect(run(nc, `nc -zv ${ip()} 8081`)).toMatchObject({ stderr: '', exitCode: 1 });
    expect(run(nc, `nc -zvv ${ip()} 8081`)).toMatchObject({ stderr: `nc: ${ip()} (${ip()}:8081): Connection refused\n`, exitCode: 1 });
    expect(run(nc, 'nc -zv -w 2 10.96.77.7 80')).toMatchObject({ stderr: 'nc: 10.96.77.7 (10.96.77.7:80): Connection timed out\n', exitCode: 1, durationMs: 2000 });
  });

  it('ping: a pod answers, a ClusterIP does not', async () => {
    const { ping } = await import('../../../src/cluster/programs/ping.js');
    const ok = run(ping, `ping -c 2 ${ip()}`);
    expect(ok.stdout).toBe(`PING ${ip()} (${ip()}): 56 data bytes\n64 bytes from ${ip()}: seq=0 ttl=62 time=0.512 ms\n64 bytes from ${ip()}: seq=1 ttl=62 time=0.512 ms\n\n--- ${ip()} ping statistics ---\n2 packets transmitted, 2 packets received, 0% packet loss\nround-trip min/avg/max = 0.512/0.512/0.512 ms\n`);
    const lost = run(ping, 'ping -c 3 10.96.0.1');
    expect(lost).toMatchObject({ stdout: 'PING 10.96.0.1 (10.96.0.1): 56 data bytes\n\n--- 10.96.0.1 ping statistics ---\n3 packets transmitted, 0 packets received, 100% packet loss\n', exitCode: 1 });
  });
});

describe('a client program as a container process', () => {
  it('unwraps entrypoint scripts and a one-command sh -c, never a script with operators', async () => {
    const { effectiveArgv } = await import('../../../src/cluster/programs/in-container.js');
    expect(effectiveArgv(['/entrypoint.sh', 'curl', '-s', 'http://web'])).toEqual(['curl', '-s', 'http://web']);
    expect(effectiveArgv(['sh', '-c', "wget -qO- 'http://web:80/'"])).toEqual(['wget', '-qO-', 'http://web:80/']);
    expect(effectiveArgv(['sh', '-c', 'wget -qO- http://web; sleep 5'])).toEqual(['sh', '-c', 'wget -qO- http://web; sleep 5']);
  });

  it("runs in the pod's namespace, logs its output and exits with its status", () => {
    createPod(cluster, 'probe-once', { nodeName: 'node-2', restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sh', '-c', `wget -qO- http://${ip()}:8080/`] }] });
    cluster.advance(15_000);
    const pod = getPod(cluster, 'probe-once');
    expect(pod.status.phase).toBe('Succeeded');
    expect(cluster.adminClient().podLogs('default', 'probe-once', {})).toEqual({ ok: true, value: BODY });
  });
});
