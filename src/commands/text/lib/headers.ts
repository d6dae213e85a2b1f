/**
 * Shared pieces of head and tail: `==> name <==` headers between several
 * inputs (coreutils head.c write_header) and line splitting that keeps each
 * line's own ending, so a last line without a newline stays without one.
 */

/** Splits text into lines that keep their trailing `\n` (the last may lack it). */
export function linesWithEndings(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** The header before an input when several are printed (or -v). */
export function inputHeader(name: string, first: boolean): string {
  return `${first ? '' : '\n'}==> ${name === '-' ? 'standard input' : name} <==\n`;
}

/** Parses a coreutils count with an optional multiplier suffix (b, K, M, G, kB, MB...); undefined when invalid. */
export function parseCount(text: string): number | undefined {
  const m = /^([0-9]+)(b|[KMGTPE]i?B?|[kKMGTPE]B)?$/.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  const suffix = m[2];
  if (!suffix) return n;
  if (suffix === 'b') return n * 512;
  const power = 'KMGTPE'.indexOf(suffix[0].toUpperCase()) + 1;
  const base = suffix.endsWith('B') && !suffix.includes('i') ? 1000 : 1024;
  return n * base ** power;
}
