/**
 * tr (coreutils tr.c): translate, delete (`-d`) or squeeze (`-s`) characters
 * of stdin. Sets support ranges (`a-z`), classes (`[:upper:]`), escapes
 * (`\n`, `\t`, `\\`, `\NNN`) and `-c` (complement).
 */
import type { Command, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { quoteValue } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'c', short: 'c', long: 'complement' },
  { key: 'c', short: 'C' },
  { key: 'd', short: 'd', long: 'delete' },
  { key: 's', short: 's', long: 'squeeze-repeats' },
  { key: 't', short: 't', long: 'truncate-set1' },
];

const CLASSES: Record<string, string> = {
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lower: 'abcdefghijklmnopqrstuvwxyz',
  digit: '0123456789',
  space: ' \t\n\r\f\v',
  blank: ' \t',
  punct: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
};
CLASSES.alpha = CLASSES.upper + CLASSES.lower;
CLASSES.alnum = CLASSES.digit + CLASSES.alpha;
CLASSES.xdigit = '0123456789ABCDEFabcdef';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07', b: '\b', '\\': '\\' };

/** Expands a tr set into its characters, in order. */
function expandSet(spec: string): string[] | string {
  const chars: string[] = [];
  const units = [...spec];
  const next = (i: number): [string, number] => {
    if (units[i] === '\\' && i + 1 < units.length) {
      const oct = /^[0-7]{1,3}/.exec(units.slice(i + 1, i + 4).join(''));
      if (oct) return [String.fromCharCode(parseInt(oct[0], 8)), i + 1 + oct[0].length];
      return [ESCAPES[units[i + 1]] ?? units[i + 1], i + 2];
    }
    return [units[i], i + 1];
  };
  for (let i = 0; i < units.length; ) {
    const cls = /^\[:([a-z]+):\]/.exec(units.slice(i).join(''));
    if (cls) {
      const members = Object.hasOwn(CLASSES, cls[1]!) ? CLASSES[cls[1]!] : undefined;
      if (members === undefined) return `invalid character class ${quoteValue(cls[1])}`;
      chars.push(...members);
      i += cls[0].length;
      continue;
    }
    const [c, after] = next(i);
    if (units[after] === '-' && after + 1 < units.length) {
      const [end, afterEnd] = next(after + 1);
      const from = c.codePointAt(0)!;
      const to = end.codePointAt(0)!;
      if (to < from) {
        return `range-endpoints of ${quoteValue(`${c}-${end}`)} are in reverse collating sequence order`;
      }
      for (let k = from; k <= to; k++) chars.push(String.fromCodePoint(k));
      i = afterEnd;
      continue;
    }
    chars.push(c);
    i = after;
  }
  return chars;
}

const usageError = (message: string): ExecResult => ({ stdout: '', stderr: `tr: ${message}\n${tryHelp('tr')}\n`, exitCode: 1 });

/** `tr`. */
export const trCommand: Command = {
  name: 'tr',
  execute(args, ctx) {
    const parsed = getopt('tr', args, SPECS);
    if (!parsed.ok) return usageError(parsed.message.replace(/^tr: /, ''));
    const keys = new Set(parsed.options.map((o) => o.key));
    const [a, b, extra] = parsed.operands;
    const translating = !keys.has('d') && b !== undefined;
    // -d and lone -s take one set; -d -s takes two; translating (with or without -s) takes two.
    const needed = keys.has('d') ? (keys.has('s') ? 2 : 1) : keys.has('s') ? (b === undefined ? 1 : 2) : 2;
    if (a === undefined) return usageError('missing operand');
    if (b === undefined && needed === 2) {
      const why = keys.has('d') ? 'Two strings must be given when both deleting and squeezing repeats.' : 'Two strings must be given when translating.';
      return { stdout: '', stderr: `tr: missing operand after ${quoteValue(a)}\n${why}\n${tryHelp('tr')}\n`, exitCode: 1 };
    }
    if (extra !== undefined || (b !== undefined && needed === 1)) return usageError(`extra operand ${quoteValue(extra ?? b!)}`);
    const set1 = expandSet(a);
    if (typeof set1 === 'string') return usageError(set1);
    const set2 = b === undefined ? [] : expandSet(b);
    if (typeof set2 === 'string') return usageError(set2);

    const inSet1 = (ch: string): boolean => set1.includes(ch) !== keys.has('c');
    let out = '';
    for (const ch of ctx.stdin) {
      if (keys.has('d') && inSet1(ch)) continue;
      let mapped = ch;
      if (translating && inSet1(ch)) {
        const k = keys.has('c') ? set2.length - 1 : set1.lastIndexOf(ch);
        mapped = set2[Math.min(k, set2.length - 1)] ?? ch;
      }
      out += mapped;
    }
    if (keys.has('s')) {
      const squeeze = translating || keys.has('d') ? set2 : set1.filter(() => true);
      const inSqueeze = (ch: string): boolean => (translating || keys.has('d') ? squeeze.includes(ch) : inSet1(ch));
      let squeezed = '';
      for (const ch of out) {
        if (squeezed.endsWith(ch) && inSqueeze(ch)) continue;
        squeezed += ch;
      }
      out = squeezed;
    }
    return { stdout: out, stderr: '', exitCode: 0 };
  },
};
