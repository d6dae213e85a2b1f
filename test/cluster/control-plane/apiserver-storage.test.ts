import { describe, it, expect } from 'vitest';
import yaml from 'js-yaml';
import type { Cluster } from '../../../src/cluster/cluster.js';
import { DAY, sessionOn, testCluster } from '../../commands/crictl/node-session.js';

type Obj = Record<string, any>;

const MANIFESTS = '/etc/kubernetes/manifests';
const fsOf = (c: Cluster) => c.nodes.get('cp-1')!.host.fs;
const apiservers = (c: Cluster) => [...c.nodes.get('cp-1')!.runtime.containers.values()].filter((x) => x.name === 'kube-apiserver');

function editCommand(c: Cluster, file: string, edit: (command: string[]) => string[]): void {
  const fs = fsOf(c);
  const doc = yaml.load(fs.read(`${MANIFESTS}/${file}`)!) as Obj;
  doc.spec.containers[0].command = edit(doc.spec.containers[0].command);
  fs.write(`${MANIFESTS}/${file}`, yaml.dump(doc, { lineWidth: -1 }));
}

describe("kube-apiserver's etcd client", () => {
  it('a wrong --etcd-servers port: grpc dial warnings, the F-line after 20 s, exit 255, and 6443 refused meanwhile', async () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    editCommand(c, 'kube-apiserver.yaml', (cmd) => cmd.map((a) => (a.startsWith('--etcd-servers=') ? '--etcd-servers=https://127.0.0.1:2397' : a)));
    c.advance(30_000);
    const sh = await sessionOn(c);
    // The new process has started but not given up yet, or is between restarts: nothing listens either way.
    expect((await sh.exec('kubectl get --raw /livez')).output).toBe('The connection to the server 10.0.0.10:6443 was refused - did you specify the right host or port?\n');
    c.advance(60_000);
    const exited = apiservers(c).filter((x) => x.state === 'CONTAINER_EXITED' && x.argv.includes('--etcd-servers=https://127.0.0.1:2397'));
    expect(exited.length).toBeGreaterThanOrEqual(1);
    const first = exited[0]!;
    expect(first.exitCode).toBe(255);
    const lines = first.logs.lines().map((l) => l.line);
    const warning = 'logging.go:55] [core] [Channel #2 SubChannel #4]grpc: addrConn.createTransport failed to connect to {Addr: "127.0.0.1:2397", ServerName: "127.0.0.1:2397", }. Err: connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:2397: connect: connection refused"';
    expect(lines.filter((l) => l.startsWith('W')).length).toBeGreaterThan(6);
    expect(lines.some((l) => l.endsWith(warning))).toBe(true);
    expect(lines.some((l) => /^I\d{4} [\d:.]+ +1 instance\.go:233\] Using reconciler: lease$/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^F\d{4} [\d:.]+ +1 instance\.go:226\] Error creating leases: error creating storage factory: context deadline exceeded$/);
    // The fatal line comes 20 s after the reconciler started.
    const time = (l: string) => Date.parse(`2000-01-01T${/^\w\d{4} ([\d:.]+)/.exec(l)![1]}Z`);
    const reconciler = lines.find((l) => l.includes('Using reconciler'))!;
    expect(Math.round((time(lines.at(-1)!) - time(reconciler)) / 1000)).toBe(20);
    // Fixing the flag brings the API back.
    editCommand(c, 'kube-apiserver.yaml', (cmd) => cmd.map((a) => (a.startsWith('--etcd-servers=') ? '--etcd-servers=https://127.0.0.1:2379' : a)));
    c.advance(400_000);
    expect((await sh.exec('kubectl get --raw /livez')).output).toBe('ok');
  });

  it('etcd stopped under a running API server: livez and readyz fail on etcd, the rest of the checks pass', async () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const sh = await sessionOn(c);
    expect((await sh.exec('kubectl get --raw /livez/etcd')).output).toBe('ok');
    fsOf(c).remove(`${MANIFESTS}/etcd.yaml`);
    c.advance(25_000);
    const livez = await sh.exec("kubectl get --raw '/livez?verbose'");
    expect(livez.output).toMatch(/^Error from server \(InternalError\): an error on the server \("\[\+\]ping ok\\n\[\+\]log ok\\n\[-\]etcd failed: reason withheld\\n\[\+\]poststarthook\/start-apiserver-admission-initializer ok\\n.*\\nlivez check failed"\) has prevented the request from succeeding\n$/);
    expect((await sh.exec('kubectl get --raw /livez/etcd')).output).toBe('Error from server (InternalError): an error on the server ("internal server error: error getting data from etcd: context deadline exceeded") has prevented the request from succeeding\n');
    // Anonymous callers read the same over HTTPS (system:public-info-viewer).
    await sh.exec('ssh node-1');
    const curl = await sh.exec('curl -sk https://10.0.0.10:6443/readyz');
    expect(curl.output).toMatch(/^\[\+\]ping ok\n\[\+\]log ok\n\[-\]etcd failed: reason withheld\n\[-\]etcd-readiness failed: reason withheld\n\[\+\]informer-sync ok\n[\s\S]*\[\+\]shutdown ok\nreadyz check failed\n$/);
  });

  it('a NOSPACE alarm does not fail the etcd check (the probe is a read)', async () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    c.etcd!.recordChurn('/registry/configmaps/default/x', 1000, 3 * 1024 * 1024);
    expect(c.etcd!.alarms).toEqual(['NOSPACE']);
    const sh = await sessionOn(c);
    expect((await sh.exec('kubectl get --raw /readyz')).output).toBe('ok');
  });

  it("dials etcd where it listens: its peer port on 127.0.0.1 is refused, on the node address it is no gRPC, its metrics port no TLS", () => {
    const c = testCluster({ createdAgoMs: 2 * DAY });
    const starts = (endpoint: string) => {
      editCommand(c, 'kube-apiserver.yaml', (cmd) => cmd.map((a) => (a.startsWith('--etcd-servers=') ? `--etcd-servers=${endpoint}` : a)));
      c.advance(60_000);
      const mine = apiservers(c).filter((x) => x.argv.includes(`--etcd-servers=${endpoint}`));
      return mine[0]!.logs.lines().map((l) => l.line).find((l) => l.includes('createTransport'));
    };
    expect(starts('https://127.0.0.1:2380')).toContain('desc = "transport: Error while dialing: dial tcp 127.0.0.1:2380: connect: connection refused"');
    expect(starts('https://10.0.0.10:2380')).toContain('desc = "error reading server preface: http2: frame too large"');
    expect(starts('https://127.0.0.1:2381')).toContain('desc = "transport: authentication handshake failed: tls: first record does not look like a TLS handshake"');
    // The client URLs on both addresses serve: no warning at all.
    expect(starts('https://10.0.0.10:2379')).toBeUndefined();
  });
});
