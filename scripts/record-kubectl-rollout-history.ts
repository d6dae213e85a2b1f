// Records real kubectl's `rollout history` for the objects of
// test/commands/kubectl/fixtures/rollout-history-objects.ts, as our API server
// stores them (defaults applied), served by a throwaway API server on
// 127.0.0.1. Needs a real kubectl on PATH (recorded with v1.32.4).
//
//   npx tsx scripts/record-kubectl-rollout-history.ts > test/commands/kubectl/fixtures/rollout-history.real.json
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { TestCluster } from '../test/commands/kubectl/harness.js';
import { addRolloutHistoryObjects, ROLLOUT_HISTORY_RUNS } from '../test/commands/kubectl/fixtures/rollout-history-objects.js';

const { deployment, replicasets } = addRolloutHistoryObjects(new TestCluster());
const send = (res: http.ServerResponse, obj: unknown, code = 200) => {
  res.writeHead(code, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(obj));
};
const server = http.createServer((req, res) => {
  const p = new URL(req.url ?? '/', 'http://x').pathname;
  if (p === '/api') return send(res, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] });
  if (p === '/apis') return send(res, { kind: 'APIGroupList', apiVersion: 'v1', groups: [{ name: 'apps', versions: [{ groupVersion: 'apps/v1', version: 'v1' }], preferredVersion: { groupVersion: 'apps/v1', version: 'v1' } }] });
  if (p === '/api/v1') return send(res, { kind: 'APIResourceList', groupVersion: 'v1', resources: [] });
  if (p === '/apis/apps/v1') {
    return send(res, {
      kind: 'APIResourceList',
      groupVersion: 'apps/v1',
      resources: [
        { name: 'deployments', singularName: 'deployment', namespaced: true, kind: 'Deployment', verbs: ['get', 'list'], shortNames: ['deploy'] },
        { name: 'replicasets', singularName: 'replicaset', namespaced: true, kind: 'ReplicaSet', verbs: ['get', 'list'], shortNames: ['rs'] },
      ],
    });
  }
  if (p === '/apis/apps/v1/namespaces/default/deployments/web') return send(res, deployment);
  if (p === '/apis/apps/v1/namespaces/default/deployments') return send(res, { kind: 'DeploymentList', apiVersion: 'apps/v1', metadata: { resourceVersion: '1' }, items: [deployment] });
  if (p === '/apis/apps/v1/namespaces/default/replicasets') return send(res, { kind: 'ReplicaSetList', apiVersion: 'apps/v1', metadata: { resourceVersion: '1' }, items: replicasets });
  send(res, { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'not found', reason: 'NotFound', code: 404 }, 404);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-history-'));
const kubeconfig = path.join(dir, 'config');
const port = (server.address() as { port: number }).port;
fs.writeFileSync(kubeconfig, `apiVersion: v1\nkind: Config\nclusters:\n- cluster: {server: "http://127.0.0.1:${port}"}\n  name: c\ncontexts:\n- context: {cluster: c, user: u, namespace: default}\n  name: c\ncurrent-context: c\nusers:\n- name: u\n  user: {}\n`);
const runs = [];
for (const line of ROLLOUT_HISTORY_RUNS) {
  const r = await new Promise<{ stdout: string; stderr: string; exitCode: number }>((resolve) => {
    import('node:child_process').then(({ execFile }) =>
      execFile('kubectl', line.split(' '), { env: { ...process.env, KUBECONFIG: kubeconfig } }, (err, stdout, stderr) => resolve({ stdout, stderr, exitCode: err ? ((err as { code?: number }).code ?? 1) : 0 })),
    );
  });
  runs.push({ line, ...r });
}
server.close();
fs.rmSync(dir, { recursive: true });
const version = JSON.parse(spawnSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' }).stdout).clientVersion.gitVersion;
process.stdout.write(JSON.stringify({ kubectl: version, runs }, null, 1) + '\n');
