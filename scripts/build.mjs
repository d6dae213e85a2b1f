// Bundles the CLI into dist/kubedrill.js: one ESM file, so start-up opens one module.
// Ink's optional devtools are aliased to a stub, and a createRequire banner lets
// bundled CommonJS dependencies call require().
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
writeFileSync('dist/devtools-stub.js', 'export default undefined;\n');
await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: 'dist/kubedrill.js',
  splitting: false,
  alias: { 'react-devtools-core': './dist/devtools-stub.js' },
  define: { 'process.env.NODE_ENV': '"production"', 'process.env.DEV': '"false"' },
  banner: { js: "import { createRequire as __kdCreateRequire } from 'node:module'; const require = __kdCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
});
