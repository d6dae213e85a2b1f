/**
 * string-width with a fast path, swapped in for Ink's copy by the build
 * (scripts/build.mjs). string-width 8 handles any text that is not printable
 * ASCII with Intl.Segmenter and Unicode property regexes (\p{RGI_Emoji} and
 * others); compiling those costs ~20 ms on the first call and each row of
 * the home screen ~0.3 ms after, all before the first frame, for text whose
 * symbols (❯ · — … ↑ ↓ │ ✓ braille spinners) are one column each. Text made
 * only of such characters is as wide as it is long; anything else (ANSI
 * escapes, wide or combining characters, emoji, the ambiguous-is-wide
 * option) goes to string-width itself. test/tui/text/fast-string-width.test.ts
 * checks every character of the fast set against string-width.
 */
import stringWidthFull from 'string-width';

/** The options string-width takes. */
export interface StringWidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

/** Code point ranges (inclusive) of characters one column wide, not emoji, not combining, not ignorable. */
export const SINGLE_WIDTH_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // printable ASCII
  [0xa0, 0xa8], // Latin-1 punctuation and symbols, without © (emoji), the soft hyphen (ignorable) and ®
  [0xaa, 0xac],
  [0xaf, 0xff],
  [0x2010, 0x2027], // dashes, quotes, bullets, … (general punctuation)
  [0x2030, 0x203b], // ‰ ′ ″ ‹ › ※ (‼ is an emoji)
  [0x2190, 0x2193], // ← ↑ → ↓ (↔ to ↙ are emoji)
  [0x219a, 0x21a8],
  [0x21ab, 0x21ff], // (↩ ↪ are emoji)
  [0x2200, 0x22ff], // mathematical operators (≥ ×-like signs)
  [0x2500, 0x25a9], // box drawing, blocks, shapes (▪ ▫ are emoji)
  [0x25ac, 0x25b5],
  [0x25b7, 0x25bf], // (▶ is an emoji)
  [0x25c1, 0x25fa], // (◀ and ◻ to ◾ are emoji)
  [0x2713, 0x2713], // ✓
  [0x2717, 0x2717], // ✗
  [0x276f, 0x276f], // ❯
  [0x2800, 0x28ff], // braille (the warm-up spinner)
];

/** One bit per code point below the highest range's end. */
const SINGLE = (() => {
  const top = Math.max(...SINGLE_WIDTH_RANGES.map(([, to]) => to));
  const bits = new Uint8Array(top + 1);
  for (const [from, to] of SINGLE_WIDTH_RANGES) bits.fill(1, from, to + 1);
  return bits;
})();

/** Whether every character of `text` is in the fast set. */
function allSingleWidth(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= SINGLE.length || SINGLE[c] === 0) return false;
  }
  return true;
}

/** SGR sequences (colours, bold): the escapes Ink's own styling writes. */
const SGR = /\u001b\[[0-9;]*m/g;

/** The width of `input` in terminal columns, as string-width computes it. */
export default function stringWidth(input: string, options?: StringWidthOptions): number {
  if (typeof input !== 'string' || options?.ambiguousIsNarrow === false) return stringWidthFull(input, options);
  // string-width strips escapes before measuring (unless told to count them): styled text is as wide as its letters.
  const text = input.includes('\u001b') && !options?.countAnsiEscapeCodes ? input.replace(SGR, '') : input;
  return allSingleWidth(text) ? text.length : stringWidthFull(input, options);
}
