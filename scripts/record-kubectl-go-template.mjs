// Records what real kubectl prints for each go-template in
// test/commands/kubectl/output/fixtures/go-template.templates.txt (one per
// line), rendered client-side on `kubectl create deployment x --image=nginx
// --replicas=3 --dry-run=client`. Needs a real kubectl on PATH (recorded
// with v1.32.4); no cluster is contacted.
//
//   node scripts/record-kubectl-go-template.mjs > test/commands/kubectl/output/fixtures/go-template.real.json
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const base = ['create', 'deployment', 'x', '--image=nginx', '--replicas=3', '--dry-run=client'];
const object = JSON.parse(execFileSync('kubectl', [...base, '-o', 'json'], { encoding: 'utf8' }));
const templates = readFileSync(new URL('../test/commands/kubectl/output/fixtures/go-template.templates.txt', import.meta.url), 'utf8').split('\n').filter(Boolean);
const version = JSON.parse(execFileSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' })).clientVersion.gitVersion;
const records = templates.map((template) => {
  const r = spawnSync('kubectl', [...base, '-o', `go-template=${template}`], { encoding: 'utf8' });
  return { template, stdout: r.stdout, stderr: r.stderr, exitCode: r.status };
});
process.stdout.write(`{"kubectl": ${JSON.stringify(version)},\n"object": ${JSON.stringify(object)},\n"records": [\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`);
