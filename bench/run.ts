/**
 * `npm run bench [-- options]`: issue 7's targets on the bundled build, each
 * with its measured value, its ratio to a baseline measured in the same run,
 * the target and PASS/FAIL; a JSON summary is written at the end.
 * These are benchmarks, not tests: see docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchContext } from './context.js';
import { FIGURES } from './figures.js';
import { ROOT } from './measure.js';
import { formatTable, summary, type FigureResult } from './stats.js';

const USAGE = `usage: npm run bench -- [options]

  --only <ids>       comma-separated figures (default: all): ${FIGURES.map((f) => f.id).join(', ')}
  --basis <b>        judge process figures on cpu time (default: robust on a loaded machine) or wall time
  --small            large figures at sizes today's limits accept (10, 40 and 20 nodes; not judged)
  --nodes-as <form>  generated node entries: count ({name: node, count: N}, default) or list
  --timeout <s>      timeout of each large run (default 120 s at 100 nodes, 300 s above)
  --json <file>      where to write the summary (default bench/results/latest.json)
  --no-build         use the existing dist/ instead of running npm run build first
  --keep             keep the scratch directory (generated scenarios, homes)

environment: BENCH_RUNS (default 5), BENCH_LARGE_RUNS (1,000-node runs, default 1), BENCH_KEYS (default 40)`;

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${text}"`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      small: { type: 'boolean', default: false },
      'nodes-as': { type: 'string' },
      basis: { type: 'string', default: 'cpu' },
      timeout: { type: 'string' },
      json: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const only = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = only?.filter((id) => !FIGURES.some((f) => f.id === id)) ?? [];
  if (unknown.length > 0) {
    console.error(`bench: unknown figure ${unknown.join(', ')}\n\n${USAGE}`);
    return 2;
  }
  const nodesAs = values['nodes-as'] ?? (values.small ? 'list' : 'count');
  if (nodesAs !== 'count' && nodesAs !== 'list') {
    console.error(`bench: --nodes-as must be count or list, got "${nodesAs}"`);
    return 2;
  }
  const selected = only && new Set(only);
  if (values.basis !== 'cpu' && values.basis !== 'wall') {
    console.error(`bench: --basis must be cpu or wall, got "${values.basis}"`);
    return 2;
  }
  const jsonPath = resolve(values.json ?? join(ROOT, 'bench', 'results', 'latest.json'));

  if (!values['no-build']) {
    process.stderr.write('bench: npm run build\n');
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) {
      console.error('bench: the build failed');
      return 1;
    }
  }

  const scratch = mkdtempSync(join(tmpdir(), 'kubedrill-bench-'));
  const ctx: BenchContext = {
    runs: positive('BENCH_RUNS', process.env.BENCH_RUNS, 5),
    largeRuns: positive('BENCH_LARGE_RUNS', process.env.BENCH_LARGE_RUNS, 1),
    keys: positive('BENCH_KEYS', process.env.BENCH_KEYS, 40),
    timeoutS: values.timeout === undefined ? undefined : positive('--timeout', values.timeout, 1),
    basis: values.basis,
    small: values.small ?? false,
    generate: { nodesAs },
    scratch,
    log: (line) => process.stderr.write(`${line}\n`),
    memo: new Map(),
  };
  const startedAt = new Date().toISOString();
  const loadBefore = loadavg();
  const results: FigureResult[] = [];
  try {
    for (const figure of FIGURES) {
      if (selected && !selected.has(figure.id)) continue;
      ctx.log(`bench: ${figure.title}`);
      try {
        results.push(...(await figure.run(ctx)));
      } catch (e) {
        results.push({ id: figure.id, figure: figure.title, value: null, unit: '', baseline: null, ratio: null, target: null, targetText: '', pass: null, detail: '', error: (e as Error).message });
      }
    }
  } finally {
    if (values.keep) ctx.log(`bench: scratch kept in ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }

  console.log(formatTable(results));
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() || 'unknown';
  const meta = {
    commit,
    startedAt,
    finishedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadavg: { before: loadBefore, after: loadavg() },
    runs: ctx.runs,
    largeRuns: ctx.largeRuns,
    keys: ctx.keys,
    basis: ctx.basis,
    small: ctx.small,
    nodesAs,
  };
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify(summary(results, meta), null, 2)}\n`);
  console.log(`\nload average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} -> ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${meta.cpus} cores; summary: ${jsonPath}`);
  return 0;
}

process.exitCode = await main();
