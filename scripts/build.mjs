// Bundles the CLI into dist/kubedrill.js plus lazily loaded chunks (Ink, the simulation),
// so start-up parses only what the command needs.
// Ink's optional devtools are aliased to a stub, and a createRequire banner lets
// bundled CommonJS dependencies call require().
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
writeFileSync('dist/devtools-stub.js', 'export default undefined;\n');
await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: 'dist',
  entryNames: 'kubedrill',
  chunkNames: 'chunks/[name]-[hash]',
  // Code splitting keeps Ink out of `exec`/`verify` and the simulation out of the first frame.
  splitting: true,
  alias: { 'react-devtools-core': './dist/devtools-stub.js' },
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.DEV': '"false"' },
  banner: { js: "import { createRequire as __kdCreateRequire } from 'node:module'; const require = __kdCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
});
