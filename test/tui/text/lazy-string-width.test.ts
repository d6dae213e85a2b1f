/**
 * The build (scripts/build-plugins.mjs) loads every string-width when it is
 * first called, not when the TUI loads: their top level builds
 * Intl.Segmenter and Unicode property regexes, some 20 ms before the first
 * frame. Bundled as the build bundles them, they must still measure and wrap
 * exactly as the packages do, and build nothing until asked.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import realStringWidth from 'string-width';
import realWrapAnsi from 'wrap-ansi';
// @ts-expect-error: a plain ES module of the build, without types
import { fastStringWidth } from '../../../scripts/build-plugins.mjs';

type Bundle = { stringWidth: (s: string, o?: object) => number; wrapAnsi: (s: string, columns: number, o?: object) => string };

const SAMPLES = ['', 'plain text', '❯ scenario · 12m — ok…', '古い名前', '👍 done', 'e\u0301', '±×', '\u001b[1mbold\u001b[22m', 'ﾊﾝｶｸ', '👨‍👩‍👧', 'x\u200by'];

let work: string;
let bundle: Bundle;
let segmentersAtImport: number;
let segmenters = 0;
const RealSegmenter = Intl.Segmenter;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kd-lazy-width-'));
  const entry = join(work, 'entry.mjs');
  writeFileSync(entry, `export { default as stringWidth } from ${JSON.stringify(resolve('src/tui/text/fast-string-width.ts'))};\nexport { default as wrapAnsi } from 'wrap-ansi';\n`);
  const outfile = join(work, 'bundle.mjs');
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile, plugins: [fastStringWidth], nodePaths: [resolve('node_modules')], logLevel: 'silent' });
  // Count the segmenters the bundle builds: string-width builds one at its top level.
  (Intl as { Segmenter: unknown }).Segmenter = class extends RealSegmenter {
    constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
      super(...args);
      segmenters++;
    }
  };
  bundle = (await import(pathToFileURL(outfile).href)) as Bundle;
  segmentersAtImport = segmenters;
});
afterAll(() => {
  (Intl as { Segmenter: unknown }).Segmenter = RealSegmenter;
  rmSync(work, { recursive: true, force: true });
});

describe('string-width loaded when first called (the build)', () => {
  it('builds no segmenter when the bundle loads, nor for text of the fast set', () => {
    expect(segmentersAtImport).toBe(0);
    expect(bundle.stringWidth('❯ scenario · 12m — ok…')).toBe(22);
    expect(segmenters).toBe(0);
  });

  it('measures every sample as string-width does, loading it for text outside the fast set', () => {
    for (const s of SAMPLES) {
      expect(bundle.stringWidth(s), JSON.stringify(s)).toBe(realStringWidth(s));
      expect(bundle.stringWidth(s, { ambiguousIsNarrow: false }), JSON.stringify(s)).toBe(realStringWidth(s, { ambiguousIsNarrow: false }));
    }
    expect(segmenters).toBeGreaterThan(0);
  });

  it("wraps as wrap-ansi does with its own string-width (7), loaded when wrap-ansi first measures", () => {
    for (const s of SAMPLES) {
      for (const columns of [1, 3, 8]) {
        for (const hard of [false, true]) expect(bundle.wrapAnsi(`${s} ${s} ${s}`, columns, { hard }), JSON.stringify(s)).toBe(realWrapAnsi(`${s} ${s} ${s}`, columns, { hard }));
      }
    }
  });
});
