/**
 * The bare Ink baseline: a one-line Ink frame, then exit, bundled with esbuild
 * the way scripts/build.mjs bundles the app (react-devtools-core aliased to a
 * stub, a createRequire banner for bundled CommonJS, production React). It is
 * the floor under any first frame of the home screen.
 */
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './measure.js';

/** The text the bare frame shows (the pty wait looks for it). */
export const BARE_INK_TEXT = 'kubedrill bench: bare Ink frame';

const SOURCE = `
import React from 'react';
import { render, Text } from 'ink';
const app = render(React.createElement(Text, null, ${JSON.stringify(BARE_INK_TEXT)}));
setImmediate(() => app.unmount());
`;

/** Bundles the bare Ink program into `dir`; returns the bundle's path. */
export async function buildBareInk(dir: string): Promise<string> {
  const stub = join(dir, 'devtools-stub.js');
  writeFileSync(stub, 'export default undefined;\n');
  const outfile = join(dir, 'bare-ink.mjs');
  await build({
    stdin: { contents: SOURCE, resolveDir: ROOT, loader: 'js', sourcefile: 'bare-ink.js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    alias: { 'react-devtools-core': stub },
    define: { 'process.env.NODE_ENV': '"production"', 'process.env.DEV': '"false"' },
    banner: { js: "import { createRequire as __kdCreateRequire } from 'node:module'; const require = __kdCreateRequire(import.meta.url);" },
    logLevel: 'warning',
    legalComments: 'none',
  });
  return outfile;
}
