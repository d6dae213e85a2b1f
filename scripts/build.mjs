// Bundles the CLI into dist/kubedrill.js plus lazily loaded chunks (Ink, the simulation),
// so start-up parses only what the command needs, and the simulation into dist/simulation.cjs
// (one CommonJS file: `node --build-snapshot` takes a single script that requires only Node's
// own modules, and `exec` and `verify` load it in process through V8's code cache, which Node 20
// offers for scripts only).
// Ink's optional devtools are aliased to a stub, and a createRequire banner lets
// bundled CommonJS dependencies call require().
// Every file written is ASCII (asciiOnly).
// `node scripts/build.mjs [outdir]` builds into another folder (tests build their own).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FAST_EXEC, fastExecApart, fastStringWidth, lazyChildProcess } from './build-plugins.mjs';

const out = resolve(process.argv[2] ?? 'dist');
const define = { 'process.env.NODE_ENV': '"production"', 'process.env.DEV': '"false"' };

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/**
 * The output with every non-ASCII UTF-16 unit written as a `\uXXXX` escape. esbuild escapes strings
 * and templates already; what is left is comments and a few regular expression literals (`µs`),
 * where the escape means the same (a surrogate pair's two escapes are one code point under the u
 * flag, two units without it, as the characters were). An ASCII file decodes as Latin-1, a copy
 * where UTF-8 needs a pass that, for these few characters, gave V8 a two-byte string of the whole
 * source: reading the simulation bundle took some 35 ms instead of 1 (src/cli/code-cache.ts).
 */
function asciiOnly(contents) {
  const text = Buffer.from(contents).toString('utf8');
  return Buffer.from(text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`), 'latin1');
}

/** Writes one of esbuild's output files, in ASCII; the bytes written. */
function writeAscii(file) {
  const bytes = asciiOnly(file.contents);
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, bytes);
  return bytes;
}

// The simulation bundle: its hash is the build id that keys cached clusters and code.
const snapshot = await build({
  entryPoints: ['src/cli/simulation-main.ts'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile: join(out, 'simulation.cjs'),
  define,
  // import() of Node's modules (the editor's child_process) becomes require(): in a vm.Script, import()
  // needs Node's experimental loader hook, which warns on stderr, and the snapshot builder has none.
  supported: { 'dynamic-import': false },
  // No loader, schema or validator is in this bundle (a test holds it to that): the CLI hands it scenarios
  // it has loaded, and the snapshot builder the one it validated, as JSON (src/cli/warm-cache/build-scenario.ts).
  // src/cli/simulation-main.ts sets `module.exports` itself, when there is a module (there is none when
  // `node --build-snapshot` runs the bundle).
  logOverride: { 'commonjs-variable-in-esm': 'silent' },
  write: false,
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});
const buildId = createHash('sha256').update(writeAscii(snapshot.outputFiles[0])).digest('hex').slice(0, 32);
// Node's modules the simulation bundle requires when it loads (not those it imports on demand): the CLI
// loads them before it raises V8's interrupt budget (src/cli/v8-tiering.ts).
const simulationBuiltins = [
  ...new Set(Object.values(snapshot.metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external && i.kind !== 'dynamic-import' && i.path.startsWith('node:')).map((i) => i.path))),
].sort();

writeFileSync(join(out, 'devtools-stub.js'), 'export default undefined;\n');
const cli = await build({
  // The CLI, and the detached process that builds a warmed cluster's snapshot in the background.
  entryPoints: { kubedrill: 'src/cli/main.ts', 'warm-cache-build': 'src/cli/warm-cache/build-main.ts' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: out,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  // Code splitting keeps Ink out of `exec`/`verify` and the simulation out of the first frame.
  splitting: true,
  alias: { 'react-devtools-core': join(out, 'devtools-stub.js') },
  plugins: [fastStringWidth, lazyChildProcess, fastExecApart],
  // `fetch` undefined: Ink's layout engine (yoga, compiled by Emscripten) otherwise fetches its own
  // WebAssembly from a data: URL, and touching the global fetch loads Node's HTTP client (undici),
  // some 40 ms of CPU before the first frame; without it the loader decodes the same bytes itself.
  // Nothing in kubedrill uses the network.
  define: { ...define, 'process.env.KUBEDRILL_BUILD_ID': JSON.stringify(buildId), 'process.env.KUBEDRILL_SIMULATION_BUILTINS': JSON.stringify(simulationBuiltins.join(' ')), fetch: 'undefined' },
  banner: { js: "import { createRequire as __kdCreateRequire } from 'node:module'; const require = __kdCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
  write: false,
});
for (const file of cli.outputFiles) writeAscii(file);

// One file, no chunks: it imports only Node's own modules (no createRequire banner: nothing in it requires).
const fastExec = await build({
  entryPoints: ['src/cli/exec-fast.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: join(out, FAST_EXEC),
  define: { ...define, 'process.env.KUBEDRILL_BUILD_ID': JSON.stringify(buildId) },
  logLevel: 'warning',
  legalComments: 'none',
  write: false,
});
for (const file of fastExec.outputFiles) writeAscii(file);

// Shipped scenarios validated once, here, so that a command given one loads it without the YAML
// parser and the schemas (src/scenario/prevalidated.ts). Bundled to a scratch file and run.
const prevalidate = join(out, 'prevalidate.tmp.mjs');
await build({
  entryPoints: ['src/scenario/write-prevalidated.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: prevalidate,
  banner: { js: "import { createRequire as __kdCreateRequire } from 'node:module'; const require = __kdCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
try {
  const { writePrevalidated } = await import(pathToFileURL(prevalidate).href);
  writePrevalidated(resolve('scenarios'), join(out, 'validated'));
} finally {
  rmSync(prevalidate, { force: true });
}
