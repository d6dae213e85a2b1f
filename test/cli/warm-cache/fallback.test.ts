/**
 * The warmed-cluster cache falls back silently: whatever is wrong with an
 * entry (damaged, meant for another key, unwritable folder, a scenario that
 * does not validate), the command prints exactly what the in-process
 * warm-up prints, and a bad entry is removed so the next run rebuilds it.
 */
import { describe, it, expect } from 'vitest';
import { copyFileSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { buildsDone, cacheEntries, useBuiltCli } from './built-cli.js';
import { scenarioForBuild } from '../../../src/cli/warm-cache/build-scenario.js';

const cli = useBuiltCli();

const CPU = 'scenarios/scheduling/pending-insufficient-cpu.yaml';
const TAINT = 'scenarios/scheduling/pending-untolerated-taint.yaml';
const GET_PODS = ['--', 'kubectl', 'get', 'pods', '-o', 'wide'];


function freshHome(name: string): string {
  return join(cli.work, name);
}

describe('the snapshot builder', () => {
  const order = () => {
    const file = resolve(CPU);
    return { key: 'k', file, digest: createHash('sha256').update(readFileSync(file)).digest('hex'), seed: undefined };
  };
  const buildDirect = (blob: string, input: string) =>
    spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', join(cli.dir, 'simulation.cjs')], { env: { PATH: process.env.PATH, KUBEDRILL_WARM_BUILD: JSON.stringify(order()) }, input, encoding: 'utf8' });

  it('builds without a warning from the scenario the builder hands it: every module it holds is one Node supports in a startup snapshot', async () => {
    const scenario = await scenarioForBuild(order());
    if (!scenario.ok) throw new Error(scenario.why);
    const blob = join(cli.work, 'direct.blob');
    const r = buildDirect(blob, scenario.json);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(statSync(blob).size).toBeGreaterThan(1_000_000);
  }, 120_000);

  it('builds nothing without a scenario on its standard input', () => {
    const blob = join(cli.work, 'refused.blob');
    const r = buildDirect(blob, '');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('no scenario on standard input');
    expect(existsSync(blob)).toBe(false);
  }, 120_000);

  it('holds no validator: no zod, no scenario schema in the simulation bundle (every snapshot would carry them)', () => {
    const bundle = readFileSync(join(cli.dir, 'simulation.cjs'), 'latin1');
    expect(bundle).not.toMatch(/node_modules\/zod\//);
    expect(bundle).not.toContain('// src/scenario/schema.ts');
    expect(bundle).not.toContain('// src/scenario/validate.ts');
  });
});

describe('the warmed-cluster cache', () => {
  it('builds nothing for a cluster asked for once: a one-off command warms up in process', async () => {
    const home = freshHome('once');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    await buildsDone(home);
    expect(cacheEntries(home)).toEqual([]);
    // Asked for again: built in the background while this run warms up in process.
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    await buildsDone(home);
    expect(cacheEntries(home)).toHaveLength(1);
  }, 120_000);

  it('starts no second build while one holds the claim, and builds once it is given up', async () => {
    const home = freshHome('meanwhile');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    const dir = join(home, 'cache', 'warm-clusters');
    const [key] = readdirSync(dir).filter((f) => f.endsWith('.seen')).map((f) => f.slice(0, -'.seen'.length));
    // Another build under way: a claim held by a live process (this one).
    const claim = join(dir, `${key}.building`);
    writeFileSync(claim, `${process.pid}\n`);
    for (let i = 0; i < 2; i++) expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    expect(readFileSync(claim, 'utf8')).toBe(`${process.pid}\n`);
    expect(readdirSync(dir).filter((f) => !f.endsWith('.seen') && !f.endsWith('.building'))).toEqual([]);
    rmSync(claim);
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    await buildsDone(home);
    // Filed whole: no claim, no temporary blob, no mark left.
    expect(readdirSync(dir).sort()).toEqual([`${key}.blob`, `${key}.json`]);
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
  }, 120_000);
});

describe('the process started from a snapshot', () => {
  it('starts without NODE_EXTRA_CA_CERTS (Node parses it before any code runs), with glibc asked for huge pages, and gives the processes it starts the environment back', async () => {
    const home = freshHome('extra-ca');
    const seen = join(cli.work, 'ca-seen.txt');
    const editor = join(cli.work, 'ca-editor.sh');
    // The editor also says whether it got glibc's tunables (the snapshot process was started with them; the CLI had none).
    writeFileSync(editor, `#!/bin/sh\nprintf '%s %s' "$NODE_EXTRA_CA_CERTS" "\${GLIBC_TUNABLES-unset}" > '${seen}'\n`, { mode: 0o755 });
    const script = join(cli.work, 'ca-edit.txt');
    writeFileSync(script, 'kubectl edit deployment web\nkubectl get deployment web\n');
    // A file that is not there: Node warns on stderr in every process that reads the variable.
    const missing = join(cli.work, 'no-such-ca.pem');
    const env = { KUBEDRILL_HOME: home, EDITOR: editor, NODE_EXTRA_CA_CERTS: missing };
    const args = ['exec', CPU, '--script', script];
    const fresh = cli.run(args, { ...env, KUBEDRILL_CACHE: 'off' });
    expect(fresh.stderr.match(/Ignoring extra certs/g)).toHaveLength(1);
    expect(readFileSync(seen, 'utf8')).toBe(`${missing} unset`);
    cli.run(args, env);
    cli.run(args, env);
    await buildsDone(home);
    expect(cacheEntries(home)).toHaveLength(1);
    rmSync(seen);
    // One warning (the CLI's own): the snapshot process did not read it; its editor has it.
    expect(cli.run(args, env)).toEqual(fresh);
    expect(readFileSync(seen, 'utf8')).toBe(`${missing} unset`);
  }, 240_000);
});

describe('the warmed-cluster cache falls back silently', () => {
  it('a snapshot damaged inside (same size) is caught by its hash before it runs, and built again', async () => {
    const home = freshHome('damaged');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    await buildsDone(home);
    const [key] = cacheEntries(home);
    const blob = join(home, 'cache', 'warm-clusters', `${key}.blob`);
    const size = statSync(blob).size;
    const fd = openSync(blob, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, Math.floor(size / 2));
    closeSync(fd);
    expect(statSync(blob).size).toBe(size);
    const damaged = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    expect(damaged).toEqual(fresh);
    await buildsDone(home);
    expect(readFileSync(blob).subarray(Math.floor(size / 2), Math.floor(size / 2) + 4096).every((b) => b === 0xa5)).toBe(false);
    expect(cacheEntries(home)).toEqual([key]);
  }, 120_000);

  it('a snapshot filed under another key says it is stale and is not used', async () => {
    const home = freshHome('stale');
    const dir = join(home, 'cache', 'warm-clusters');
    const fresh = cli.run(['exec', TAINT, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    for (let i = 0; i < 2; i++) {
      cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
      cli.run(['exec', TAINT, ...GET_PODS], { KUBEDRILL_HOME: home });
    }
    await buildsDone(home);
    const keys = cacheEntries(home);
    expect(keys).toHaveLength(2);
    // Put each blob under the other's key, with a manifest that vouches for it: only the key check inside can tell.
    const [a, b] = keys;
    const manifest = (k: string) => JSON.parse(readFileSync(join(dir, `${k}.json`), 'utf8')) as Record<string, unknown>;
    const ma = manifest(a);
    const mb = manifest(b);
    copyFileSync(join(dir, `${a}.blob`), join(dir, 'swap'));
    copyFileSync(join(dir, `${b}.blob`), join(dir, `${a}.blob`));
    copyFileSync(join(dir, 'swap'), join(dir, `${b}.blob`));
    rmSync(join(dir, 'swap'));
    writeFileSync(join(dir, `${a}.json`), JSON.stringify({ ...mb, key: a }));
    writeFileSync(join(dir, `${b}.json`), JSON.stringify({ ...ma, key: b }));
    expect(cli.run(['exec', TAINT, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    // The swapped entry of the taint scenario was dropped; the other one is still there, wrong as it is, until used.
    expect(cacheEntries(home)).toHaveLength(1);
  }, 120_000);

  it('a cache folder that cannot be created: the command runs in process', () => {
    const blocked = join(cli.work, 'blocked');
    writeFileSync(blocked, 'a file where the home folder should be');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: freshHome('other'), KUBEDRILL_CACHE: 'off' });
    for (let i = 0; i < 2; i++) expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: blocked })).toEqual(fresh);
  }, 120_000);

  it('a scenario that does not validate prints its errors as without the cache, and nothing is cached or built again', async () => {
    const home = freshHome('invalid');
    const bad = 'test/fixtures/scenarios/bad/misspelled-field.yaml';
    const fresh = cli.run(['exec', bad, '--', 'true'], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    expect(fresh.status).toBe(1);
    expect(fresh.stderr).toMatch(/misspelled-field\.yaml:3:5: metadata: unknown field "idd"/);
    for (let i = 0; i < 2; i++) expect(cli.run(['exec', bad, '--', 'true'], { KUBEDRILL_HOME: home })).toEqual(fresh);
    await buildsDone(home);
    expect(cacheEntries(home)).toEqual([]);
    // The failed build keeps its claim, so the runs of the next hour do not try again.
    const dir = join(home, 'cache', 'warm-clusters');
    const claims = () => readdirSync(dir).filter((f) => f.endsWith('.building'));
    expect(claims()).toHaveLength(1);
    const holder = readFileSync(join(dir, claims()[0]!), 'utf8');
    expect(cli.run(['exec', bad, '--', 'true'], { KUBEDRILL_HOME: home })).toEqual(fresh);
    expect(claims().map((c) => readFileSync(join(dir, c), 'utf8'))).toEqual([holder]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('a scenario of your own (not a shipped file: the builder validates it in full) is cached and prints what it prints without the cache', async () => {
    const home = freshHome('own');
    // A shipped file with one byte more is no longer the build's validated copy.
    const own = join(cli.work, 'own', 'pending-insufficient-cpu.yaml');
    mkdirSync(join(cli.work, 'own'), { recursive: true });
    writeFileSync(own, `${readFileSync(CPU, 'utf8')}# my copy\n`);
    const fresh = cli.run(['exec', own, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    expect(fresh.stdout).toContain('checkout-');
    for (let i = 0; i < 2; i++) expect(cli.run(['exec', own, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    await buildsDone(home);
    expect(cacheEntries(home)).toHaveLength(1);
    expect(cli.run(['exec', own, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
  }, 120_000);

  it('another seed is another cluster: its own entry, and its own output', async () => {
    const home = freshHome('seeds');
    const seeded = ['exec', CPU, '--seed', '7', ...GET_PODS];
    const fresh = cli.run(seeded, { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home });
    await buildsDone(home);
    for (let i = 0; i < 3; i++) {
      expect(cli.run(seeded, { KUBEDRILL_HOME: home })).toEqual(fresh);
      await buildsDone(home);
    }
    expect(cacheEntries(home)).toHaveLength(2);
  }, 120_000);
});

describe('the build', () => {
  it('writes every script in ASCII, so the simulation bundle reads as Latin-1 (one byte a character for V8)', () => {
    const scripts = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? scripts(join(dir, e.name)) : /\.c?js$/.test(e.name) ? [join(dir, e.name)] : []));
    const files = scripts(cli.dir);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => readFileSync(f).some((b) => b > 0x7f))).toEqual([]);
    // The regular expressions and comments that had µ, → and quotes still mean what they did.
    expect(readFileSync(join(cli.dir, 'simulation.cjs'), 'latin1')).toContain('(ns|us|\\u00b5s|ms|s|m|h)');
  });

  it("gives commander a child_process that loads only when spawned: `list` loads neither child_process nor dgram", () => {
    const hook = join(cli.work, 'builtins.mjs');
    writeFileSync(hook, "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)))));\n");
    const r = spawnSync(process.execPath, ['--import', hook, join(cli.dir, 'kubedrill.js'), 'list'], { encoding: 'utf8', env: { ...process.env, KUBEDRILL_HOME: freshHome('builtins') } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('pending-insufficient-cpu');
    const loaded = JSON.parse(r.stderr) as string[];
    expect(loaded).toContain('fs');
    expect(loaded.filter((m) => /^(child_process|internal\/child_process|dgram)$/.test(m))).toEqual([]);
  });
  it("runs a command without Node's perf_hooks (the budget's clock is process.hrtime)", () => {
    const hook = join(cli.work, 'perf-hooks.mjs');
    writeFileSync(hook, "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => m === 'NativeModule perf_hooks'))));\n");
    const r = spawnSync(process.execPath, ['--import', hook, join(cli.dir, 'kubedrill.js'), 'exec', CPU, '--', 'kubectl', 'get', 'pods'], { encoding: 'utf8', env: { ...process.env, KUBEDRILL_HOME: freshHome('perf-hooks'), KUBEDRILL_CACHE: 'off' } });
    expect(r.stdout).toContain('checkout-');
    expect(r.stderr).toBe('[]');
  }, 120_000);

  it("changes V8's flags only to run the simulation, so Node's own modules keep their code cache until then", () => {
    // Node takes its code cache of its own modules only while V8's version tag (flags included) is the one it was made with.
    const hook = join(cli.work, 'flags.mjs');
    writeFileSync(hook, "import v8 from 'node:v8';\nconst tag = v8.cachedDataVersionTag();\nprocess.on('exit', () => process.stderr.write(`flags changed: ${v8.cachedDataVersionTag() !== tag}\\n`));\n");
    const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      spawnSync(process.execPath, ['--import', hook, join(cli.dir, 'kubedrill.js'), ...args], { encoding: 'utf8', env: { ...process.env, KUBEDRILL_HOME: freshHome('flags'), ...env } });
    expect(run(['list']).stderr).toBe('flags changed: false\n');
    expect(run(['exec', CPU, '--', 'true']).stderr).toBe('flags changed: true\n');
    expect(run(['exec', CPU, '--', 'true'], { KUBEDRILL_CACHE: 'off' }).stderr).toBe('flags changed: true\n');
  }, 120_000);
});

describe("V8's code cache of the simulation bundle", () => {
  const codeFiles = (home: string): string[] => {
    const dir = join(home, 'cache', 'code');
    return existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : [];
  };

  it('the first command writes it, the next ones use it and write nothing, and all print what the cache-off run prints', () => {
    const home = freshHome('code');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    expect(codeFiles(home)).toEqual([]);
    // Another scenario first: the cache is the bundle's, not a scenario's.
    cli.run(['exec', TAINT, '--', 'true'], { KUBEDRILL_HOME: home });
    const [file] = codeFiles(home);
    expect(file).toMatch(/\.v8$/);
    const longAgo = new Date('2024-01-01T00:00:00Z');
    utimesSync(file!, longAgo, longAgo);
    const written = statSync(file!).mtimeMs;
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    expect(cli.run(['verify', TAINT], { KUBEDRILL_HOME: home }).status).toBe(0);
    expect(codeFiles(home)).toEqual([file]);
    expect(statSync(file!).mtimeMs).toBe(written);
  }, 120_000);

  it('kubectl edit opens the editor from the bundle as from the modules, with nothing more on stderr', () => {
    const home = freshHome('code-edit');
    const editor = join(cli.work, 'editor.sh');
    writeFileSync(editor, "#!/bin/sh\nsed -i 's/replicas: 4/replicas: 3/' \"$1\"\n", { mode: 0o755 });
    const script = join(cli.work, 'edit.txt');
    writeFileSync(script, 'kubectl edit deployment web\nkubectl get deployment web\n');
    const args = ['exec', CPU, '--script', script];
    const fresh = cli.run(args, { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off', EDITOR: editor });
    expect(fresh.stdout).toContain('deployment.apps/web edited');
    expect(fresh.stdout).toMatch(/web +3\/3 +3 +3 /);
    // The first run compiles the bundle and leaves the code cache, the second runs with it.
    for (let i = 0; i < 2; i++) expect(cli.run(args, { KUBEDRILL_HOME: home, EDITOR: editor })).toEqual(fresh);
    expect(codeFiles(home)).toHaveLength(1);
  }, 120_000);

  it('play in line mode runs the session on the bundle and prints what it prints on the modules', () => {
    const home = freshHome('code-play');
    const input = 'kubectl get pods\nkubectl describe pod -l app=checkout | tail -4\nhint\nsubmit\n';
    const args = ['play', 'pending-insufficient-cpu', '--json'];
    const fresh = cli.run(args, { KUBEDRILL_HOME: freshHome('code-play-off'), KUBEDRILL_CACHE: 'off' }, input);
    expect(fresh.status).toBe(0);
    expect(fresh.stdout).toContain('"score"');
    expect(fresh.stderr).toContain('Insufficient cpu');
    // Its own home each time (the progress file keeps best scores): the first compiles and leaves the code cache, the second uses it.
    expect(cli.run(args, { KUBEDRILL_HOME: home }, input)).toEqual(fresh);
    expect(codeFiles(home)).toHaveLength(1);
    const again = freshHome('code-play-again');
    mkdirSync(join(again, 'cache'), { recursive: true });
    cpSync(join(home, 'cache', 'code'), join(again, 'cache', 'code'), { recursive: true });
    expect(cli.run(args, { KUBEDRILL_HOME: again }, input)).toEqual(fresh);
  }, 120_000);

  it("a hands-on quiz question runs its cluster on the bundle and prints what it prints on the modules; a quiz without one loads no simulation", () => {
    const input = 'kubectl get pod -o jsonpath={.items[0].spec.schedulerName}\nanswer volcano\n';
    const args = ['quiz', 'scheduler-name', '--count', '1', '--seed', '0'];
    const fresh = cli.run(args, { KUBEDRILL_HOME: freshHome('code-quiz-off'), KUBEDRILL_CACHE: 'off' }, input);
    expect(fresh.stdout).toContain('Starting the cluster of scenario pending-unknown-scheduler');
    expect(fresh.stdout).toContain('Score: 1 of 1 right');
    const home = freshHome('code-quiz');
    expect(cli.run(args, { KUBEDRILL_HOME: home }, input)).toEqual(fresh);
    expect(codeFiles(home)).toHaveLength(1);
    // A question with nothing to run (seed 1 draws the single-choice one) leaves no code cache.
    const plain = freshHome('code-quiz-plain');
    const asked = cli.run(['quiz', 'scheduler-name', '--count', '1', '--seed', '1'], { KUBEDRILL_HOME: plain }, '3\n');
    expect(asked.stdout).toContain('Score: 1 of 1 right');
    expect(codeFiles(plain)).toEqual([]);
  }, 120_000);

  it('a damaged one is not used: the command prints the same and the cache is written anew', () => {
    const home = freshHome('code-damaged');
    const fresh = cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home, KUBEDRILL_CACHE: 'off' });
    cli.run(['exec', TAINT, '--', 'true'], { KUBEDRILL_HOME: home });
    const [file] = codeFiles(home);
    const good = readFileSync(file!);
    const damaged = Buffer.from(good);
    for (let i = 0; i < 64; i++) damaged[Math.floor(good.length / 2) + i] ^= 0x5a;
    writeFileSync(file!, damaged);
    expect(cli.run(['exec', CPU, ...GET_PODS], { KUBEDRILL_HOME: home })).toEqual(fresh);
    const rewritten = readFileSync(file!);
    expect(rewritten.equals(damaged)).toBe(false);
    expect(rewritten.length).toBeGreaterThan(100_000);
  }, 120_000);
});
