// Records the order real kubectl prints for `get pods --sort-by=…`, for
// test/commands/kubectl/sort/sort-by-real.test.ts. Needs a real kubectl on
// PATH (recorded with v1.32.4, built with go1.23.8); nothing else is
// contacted: a throwaway API server on 127.0.0.1 serves discovery and the
// pods of each case, as a Table (with the full objects, as
// includeObject=Object asks) or as a PodList.
//
//   npx tsx scripts/record-kubectl-sort.ts > test/commands/kubectl/sort/fixtures/sort-by.real.json
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { podFor, SORT_PATHS, type SortCaseKind } from '../test/commands/kubectl/sort/fixtures/sort-pods.js';

let seed = 20261202;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor(seed / 65536) % n;
};

const T = (s: number): string => new Date(Date.UTC(2026, 10, 30, 4, 0, s)).toISOString().replace('.000Z', 'Z');

/** One field value (or undefined) per pod, by case kind. */
const values: Record<SortCaseKind, () => string | number | undefined> = {
  label: () => (rand(4) === 0 ? undefined : ['a', 'b', 'c'][rand(3)]),
  startTime: () => (rand(5) === 0 ? undefined : T(rand(6) * 10)),
  restarts: () => (rand(6) === 0 ? undefined : rand(4)),
  quantity: () => (rand(5) === 0 ? undefined : ['100m', '0.1', '1', '250m', '2', '1500m'][rand(6)]),
  allMissing: () => (rand(10) === 0 ? 'node-1' : undefined),
  distinct: () => `u-${rand(1000)}`,
};
const sizes = [2, 3, 5, 8, 12, 13, 17, 25, 40, 49, 50, 51, 64, 80, 120, 200];

const cases: { kind: SortCaseKind; sortBy: string; values: (string | number | null)[] }[] = [];
for (const kind of Object.keys(values) as SortCaseKind[]) {
  for (const n of sizes) cases.push({ kind, sortBy: SORT_PATHS[kind], values: Array.from({ length: n }, () => values[kind]() ?? null) });
}

let current: Record<string, any>[] = [];
const send = (res: http.ServerResponse, obj: unknown) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(obj));
};
const server = http.createServer((req, res) => {
  const p = new URL(req.url ?? '/', 'http://x').pathname;
  if (p === '/api') return send(res, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] });
  if (p === '/apis') return send(res, { kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
  if (p === '/api/v1') return send(res, { kind: 'APIResourceList', groupVersion: 'v1', resources: [{ name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['get', 'list'] }] });
  if (p === '/api/v1/namespaces/default/pods') {
    if ((req.headers.accept ?? '').includes('as=Table')) {
      return send(res, {
        kind: 'Table',
        apiVersion: 'meta.k8s.io/v1',
        metadata: { resourceVersion: '1' },
        columnDefinitions: [{ name: 'Name', type: 'string', format: 'name', description: '', priority: 0 }],
        rows: current.map((o) => ({ cells: [o.metadata.name], object: o })),
      });
    }
    return send(res, { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: current });
  }
  res.writeHead(404);
  res.end();
});

await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-sort-'));
const kubeconfig = path.join(dir, 'config');
fs.writeFileSync(
  kubeconfig,
  `apiVersion: v1\nkind: Config\nclusters:\n- cluster: {server: "http://127.0.0.1:${(server.address() as { port: number }).port}"}\n  name: c\ncontexts:\n- context: {cluster: c, user: u, namespace: default}\n  name: c\ncurrent-context: c\nusers:\n- name: u\n  user: {}\n`,
);
const kubectl = (args: string[]) => new Promise<string>((resolve) => execFile('kubectl', args, { env: { ...process.env, KUBECONFIG: kubeconfig } }, (_err, stdout) => resolve(stdout)));
const version = JSON.parse(execFileSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' })).clientVersion;

const out: unknown[] = [];
for (const c of cases) {
  current = c.values.map((v, i) => podFor(i, c.kind, v));
  const table = (await kubectl(['get', 'pods', '--no-headers', `--sort-by=${c.sortBy}`])).split('\n').filter(Boolean);
  const names = (await kubectl(['get', 'pods', '-o', 'name', `--sort-by=${c.sortBy}`])).split('\n').filter(Boolean).map((s) => s.replace('pod/', ''));
  out.push({ ...c, table, names });
}
server.close();
fs.rmSync(dir, { recursive: true });
// One case per line keeps the file reviewable.
process.stdout.write(`{"kubectl": ${JSON.stringify(`${version.gitVersion} ${version.goVersion}`)},\n"cases": [\n${out.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`);
