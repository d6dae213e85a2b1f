/** The fast path of string-width gives string-width's own answer for every character it takes, and hands on the rest. */
import { describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import stringWidthFull from 'string-width';

// The real string-width, watched: the fast path must not call it.
vi.mock('string-width', async (importOriginal) => {
  const real = await importOriginal<typeof import('string-width')>();
  return { default: vi.fn(real.default) };
});
import stringWidth, { SINGLE_WIDTH_RANGES } from '../../../src/tui/text/fast-string-width.js';

const fastSet: number[] = SINGLE_WIDTH_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

describe('fast string-width', () => {
  it('every character of the fast set is one column wide to string-width too, alone and after ASCII', () => {
    const wrong = fastSet.filter((cp) => stringWidthFull(String.fromCodePoint(cp)) !== 1 || stringWidthFull(`a${String.fromCodePoint(cp)}b`) !== 3);
    expect(wrong.map((cp) => cp.toString(16))).toEqual([]);
  });

  it('agrees with string-width on strings of fast-set characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fastSet), { maxLength: 40 }), (cps) => {
        const text = String.fromCodePoint(...cps);
        expect(stringWidth(text)).toBe(stringWidthFull(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('measures text styled with SGR escapes as string-width does, by its letters', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...fastSet).map((cp) => String.fromCodePoint(cp)), fc.constantFrom('\u001b[31m', '\u001b[39m', '\u001b[1m', '\u001b[22m', '\u001b[38;5;245m', '\u001b[0m')), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(stringWidth(text)).toBe(stringWidthFull(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('hands everything else to string-width: other escapes, wide and combining characters, emoji, the options', () => {
    for (const text of ['\u001b]8;;https://x\u0007link\u001b]8;;\u0007', '\u001b[31m日本\u001b[39m', '日本語', 'e\u0301', '✅ done', '©', 'a\u00adb', '▶ play', '↔']) {
      expect(stringWidth(text)).toBe(stringWidthFull(text));
    }
    expect(stringWidth('—', { ambiguousIsNarrow: false })).toBe(stringWidthFull('—', { ambiguousIsNarrow: false }));
    expect(stringWidth('\u001b[31mred\u001b[39m', { countAnsiEscapeCodes: true })).toBe(stringWidthFull('\u001b[31mred\u001b[39m', { countAnsiEscapeCodes: true }));
    expect(stringWidth('')).toBe(0);
  });

  it('measures the home screen rows without calling string-width, and the rest through it', () => {
    const spy = vi.mocked(stringWidthFull);
    spy.mockClear();
    expect(stringWidth('❯ node-notready-pleg   The node that stopped noticing its contain…  advanced      —')).toBe(83);
    expect(stringWidth('↑/↓ or j/k move · Enter play · q quit')).toBe(37);
    expect(spy).not.toHaveBeenCalled();
    expect(stringWidth('日本')).toBe(4);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
