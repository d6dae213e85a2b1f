// esbuild plugins of scripts/build.mjs, apart so that tests can bundle with them.
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Ink's string-width (the top-level copy: Ink, widest-line, cli-truncate) goes through
 * src/tui/text/fast-string-width.ts, which answers one-column text itself and hands the rest
 * on. Every string-width (that one behind the fast path, and wrap-ansi's own string-width 7)
 * is loaded when first called, not when the TUI loads: each builds Intl.Segmenter and Unicode
 * property regexes (\p{RGI_Emoji} with the `v` flag alone takes ~13 ms) at its top level,
 * some 20 ms of CPU before the first frame, which measures plain text only.
 */
export const FAST_STRING_WIDTH = resolve('src/tui/text/fast-string-width.ts');
export const fastStringWidth = {
  name: 'fast-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData?.fastStringWidth) return undefined;
      const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: { fastStringWidth: true } });
      if (!found.path) return undefined;
      // Real paths: node_modules may be a symlink (a git worktree's).
      const topLevel = realpathSync(found.path) === realpathSync('node_modules/string-width/index.js');
      if (topLevel && args.importer !== FAST_STRING_WIDTH) return { path: FAST_STRING_WIDTH };
      return { path: found.path, namespace: 'lazy-default' };
    });
    // A module whose default export is a function, loaded when that is first called: esbuild runs a
    // bundled ES module that is only ever require()d when the require runs.
    b.onLoad({ filter: /.*/, namespace: 'lazy-default' }, (args) => ({
      contents: `let loaded; export default function lazyDefault(...args) { return (loaded ??= require(${JSON.stringify(args.path)}).default)(...args); }`,
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Commander requires child_process when it loads, for executable subcommands (kubedrill has none):
 * with it come net, dgram and their kin, ~7 ms of every command's start-up. Commander gets a
 * child_process whose `spawn` (all it calls) loads the real one when first called.
 */
export const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) => (/[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'commander-child-process', namespace: 'lazy-child-process' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let real; module.exports = { spawn: (...args) => (real ??= require('node:child_process')).spawn(...args) };",
      loader: 'js',
    }));
  },
};

/**
 * `exec`'s fast path (src/cli/exec-fast.ts) is a file of its own, dist/exec-fast.js, beside
 * dist/kubedrill.js, so that a cached `exec` loads one module instead of half a dozen chunks:
 * main.ts's import of it is left as it is, the same relative path in the sources and the build.
 */
export const FAST_EXEC = './exec-fast.js';
export const fastExecApart = {
  name: 'fast-exec-apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/exec-fast\.js$/ }, (args) => (resolve(args.importer) === resolve('src/cli/main.ts') ? { path: FAST_EXEC, external: true } : undefined));
  },
};
