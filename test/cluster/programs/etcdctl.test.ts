import { describe, it, expect, beforeAll } from 'vitest';
import type { ScenarioRun } from '../../../src/practice/run.js';
import { onHost, startFixture } from '../../helpers/scenario-run.js';

const PKI = '/etc/kubernetes/pki';
const CERTS = `--cacert ${PKI}/etcd/ca.crt --cert ${PKI}/etcd/server.crt --key ${PKI}/etcd/server.key`;

describe('etcdctl against the cluster\'s etcd member (etcd-db-space-exceeded)', () => {
  let run: ScenarioRun;
  let id: string;
  let decimalId: string;
  beforeAll(() => {
    run = startFixture('scenarios/control-plane/etcd-db-space-exceeded.yaml');
    id = run.cluster.etcd!.idHex();
    decimalId = run.cluster.etcd!.id.toString();
  });

  it('prints its version without a server', async () => {
    expect(await onHost(run, 'cp-1', 'etcdctl version')).toBe('etcdctl version: 3.5.16\nAPI version: 3.5\n');
  });

  it('lists the member, simple and as a table', async () => {
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} member list`)).toBe(`${id}, started, cp-1, https://10.0.0.10:2380, https://10.0.0.10:2379, false\n`);
    expect(await onHost(run, 'cp-1', `ETCDCTL_API=3 etcdctl --endpoints=https://127.0.0.1:2379 ${CERTS} member list -w table`)).toBe(
      [
        '+------------------+---------+------+------------------------+------------------------+------------+',
        '|        ID        | STATUS  | NAME |       PEER ADDRS       |      CLIENT ADDRS      | IS LEARNER |',
        '+------------------+---------+------+------------------------+------------------------+------------+',
        `| ${id} | started | cp-1 | https://10.0.0.10:2380 | https://10.0.0.10:2379 |      false |`,
        '+------------------+---------+------+------------------------+------------------------+------------+',
        '',
      ].join('\n'),
    );
  });

  it('shows the full database and the NOSPACE alarm in endpoint status, alarm list and endpoint health', async () => {
    const s = run.cluster.etcd!.status();
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} endpoint status`)).toBe(`127.0.0.1:2379, ${id}, 3.5.16, 268 MB, true, false, ${s.raftTerm}, ${s.raftIndex}, ${s.raftIndex}, memberID:${decimalId} alarm:NOSPACE \n`);
    const table = await onHost(run, 'cp-1', `etcdctl ${CERTS} endpoint status -w table`);
    expect(table.split('\n').slice(3, 5)).toEqual([
      `| 127.0.0.1:2379 | ${id} |  3.5.16 |  268 MB |      true |      false | ${String(s.raftTerm).padStart(9)} | ${String(s.raftIndex).padStart(10)} | ${String(s.raftIndex).padStart(18)} |  memberID:${decimalId} |`,
      `|                |                  |         |         |           |            |           |            |                    |                 alarm:NOSPACE  |`,
    ]);
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} alarm list`)).toBe(`memberID:${decimalId} alarm:NOSPACE \n`);
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} endpoint health`)).toBe('127.0.0.1:2379 is unhealthy: failed to commit proposal: Active Alarm(s): NOSPACE \nError: unhealthy cluster\n');
  });

  it('fails as etcdctl does without certificates, with a wrong client CA, or a missing file', async () => {
    const warning = (desc: string) => new RegExp(`^\\{"level":"warn","ts":"[^"]+","logger":"etcd-client","caller":"v3@v3\\.5\\.16/retry_interceptor\\.go:62","msg":"retrying of unary invoker failed","target":"etcd-endpoints://0xc000[0-9a-f]{6}/127\\.0\\.0\\.1:2379","attempt":0,"error":"rpc error: code = DeadlineExceeded desc = latest balancer error: last connection error: connection error: desc = \\\\"${desc}\\\\""\\}\nError: context deadline exceeded\n$`);
    expect(await onHost(run, 'cp-1', 'etcdctl member list')).toMatch(warning('error reading server preface: EOF'));
    expect(await onHost(run, 'cp-1', `etcdctl --cacert ${PKI}/etcd/ca.crt member list`)).toMatch(warning('error reading server preface: remote error: tls: certificate required'));
    expect(await onHost(run, 'cp-1', `etcdctl --cacert ${PKI}/etcd/ca.crt --cert ${PKI}/apiserver.crt --key ${PKI}/apiserver.key member list`)).toMatch(warning('error reading server preface: remote error: tls: unknown certificate authority'));
    expect(await onHost(run, 'cp-1', `etcdctl --endpoints https://127.0.0.1:2379 --cert ${PKI}/etcd/server.crt --key ${PKI}/etcd/server.key member list`)).toMatch(
      warning('transport: authentication handshake failed: tls: failed to verify certificate: x509: certificate signed by unknown authority'),
    );
    expect(await onHost(run, 'cp-1', `etcdctl --cacert ${PKI}/etcd/ca.cert ${CERTS.replace(/--cacert \S+ /, '')} member list`)).toBe(`Error: open ${PKI}/etcd/ca.cert: no such file or directory\n`);
    expect(await onHost(run, 'cp-1', `etcdctl --cert ${PKI}/etcd/server.crt member list`)).toBe(`Error: KeyFile and CertFile must both be present[key: , cert: ${PKI}/etcd/server.crt]\n`);
  });

  it('reads the API server\'s keys', async () => {
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} get /registry/minions --prefix --keys-only`)).toBe('/registry/minions/cp-1\n\n/registry/minions/node-1\n\n/registry/minions/node-2\n\n');
    const value = await onHost(run, 'cp-1', `etcdctl ${CERTS} get /registry/deployments/default/web --print-value-only`);
    expect(value.startsWith('k8s')).toBe(true);
    expect(value).toContain('Deployment');
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} get /registry/namespaces/default --keys-only --hex`)).toBe(`${[...'/registry/namespaces/default'].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('')}\n\n`);
  });

  it('saves a snapshot and reads its status back', async () => {
    const saved = await onHost(run, 'cp-1', `etcdctl ${CERTS} snapshot save /root/etcd.db`);
    expect(saved.split('\n').at(-2)).toBe('Snapshot saved at /root/etcd.db');
    const status = await onHost(run, 'cp-1', 'etcdctl snapshot status /root/etcd.db -w table');
    expect(status).toMatch(/^Deprecated: Use `etcdutl snapshot status` instead\.\n\n\+----------\+----------\+------------\+------------\+\n\|   HASH   \| REVISION \| TOTAL KEYS \| TOTAL SIZE \|\n/);
    expect(status).toContain('|     268 MB |');
  });

  it('runs inside the etcd container through kubectl exec, and is missing on workers', async () => {
    const out = await onHost(run, 'workstation', `kubectl exec -n kube-system etcd-cp-1 -- etcdctl ${CERTS} member list`);
    expect(out).toBe(`${id}, started, cp-1, https://10.0.0.10:2380, https://10.0.0.10:2379, false\n`);
    expect(await onHost(run, 'node-1', 'etcdctl version')).toBe('bash: etcdctl: command not found\n');
  });

  it('compacts, defragments and disarms: writes go through again', async () => {
    expect(await onHost(run, 'workstation', 'kubectl scale deployment web --replicas=3')).toBe('Error from server: etcdserver: mvcc: database space exceeded\n');
    const rev = run.cluster.etcd!.status().revision;
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} compaction ${rev}`)).toBe(`compacted revision ${rev}\n`);
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} defrag`)).toBe('Finished defragmenting etcd member[127.0.0.1:2379]\n');
    expect(await onHost(run, 'workstation', 'kubectl scale deployment web --replicas=3')).toBe('Error from server: etcdserver: mvcc: database space exceeded\n');
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} alarm disarm`)).toBe(`memberID:${decimalId} alarm:NOSPACE \n`);
    expect(await onHost(run, 'cp-1', `etcdctl ${CERTS} alarm list`)).toBe('');
    expect(await onHost(run, 'workstation', 'kubectl scale deployment web --replicas=3')).toBe('deployment.apps/web scaled\n');
  });
});
