/**
 * sort (coreutils sort.c) in the C locale's byte order: keys (`-k F[.C][opts][,F[.C][opts]]`),
 * `-t` separator, numeric (`-n`, `-g`), human (`-h`), reverse, unique, fold
 * case, ignore leading blanks, stable. Lines that compare equal on every key
 * fall back to a whole-line byte comparison unless `-s` or `-u`, as in GNU sort.
 */
import type { Command, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { joinLines, quoteValue, readInputs, splitLines } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'n', short: 'n', long: 'numeric-sort' },
  { key: 'g', short: 'g', long: 'general-numeric-sort' },
  { key: 'h', short: 'h', long: 'human-numeric-sort' },
  { key: 'V', short: 'V', long: 'version-sort' },
  { key: 'r', short: 'r', long: 'reverse' },
  { key: 'f', short: 'f', long: 'ignore-case' },
  { key: 'b', short: 'b', long: 'ignore-leading-blanks' },
  { key: 'u', short: 'u', long: 'unique' },
  { key: 's', short: 's', long: 'stable' },
  { key: 'k', short: 'k', long: 'key', arg: 'required' },
  { key: 't', short: 't', long: 'field-separator', arg: 'required' },
];

interface Ordering {
  numeric: 'n' | 'g' | 'h' | 'V' | undefined;
  reverse: boolean;
  fold: boolean;
  blanks: boolean;
}

interface Key extends Ordering {
  startField: number;
  startChar: number;
  endField: number;
  endChar: number;
}

const usageError = (message: string): ExecResult => ({ stdout: '', stderr: `${message}\n`, exitCode: 2 });

function parseKey(spec: string, global: Ordering): Key | string {
  const m = /^([0-9]+)(?:\.([0-9]+))?([bdfghinMRrV]*)(?:,([0-9]+)(?:\.([0-9]+))?([bdfghinMRrV]*))?$/.exec(spec);
  if (!m) {
    const lead = /^[0-9]*/.exec(spec)![0];
    if (lead === '') return `sort: invalid number at field start: invalid count at start of ${quoteValue(spec)}`;
    return `sort: stray character in field spec: invalid field specification ${quoteValue(spec)}`;
  }
  if (Number(m[1]) === 0) return `sort: field number is zero: invalid field specification ${quoteValue(spec)}`;
  const flags = (m[3] ?? '') + (m[6] ?? '');
  // A key with its own ordering flags ignores the global ones (GNU sort "-k" semantics).
  const own: Ordering = flags
    ? {
        numeric: (['n', 'g', 'h', 'V'] as const).find((f) => flags.includes(f)),
        reverse: flags.includes('r'),
        fold: flags.includes('f'),
        blanks: flags.includes('b'),
      }
    : global;
  return {
    ...own,
    startField: Number(m[1]),
    startChar: m[2] ? Number(m[2]) : 1,
    endField: m[4] ? Number(m[4]) : Infinity,
    endChar: m[5] ? Number(m[5]) : 0,
  };
}

/** Field boundaries: with -t each separator ends a field; otherwise a field is leading blanks plus non-blanks. */
function fieldSpans(line: string, sep: string | undefined): [number, number][] {
  const spans: [number, number][] = [];
  if (sep !== undefined) {
    let start = 0;
    for (let i = 0; i <= line.length; i++) {
      if (i === line.length || line[i] === sep) {
        spans.push([start, i]);
        start = i + 1;
      }
    }
    return spans;
  }
  const re = /[ \t]*[^ \t]+|[ \t]+$/g;
  for (const m of line.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

function extract(line: string, key: Key, sep: string | undefined): string {
  const spans = fieldSpans(line, sep);
  const startSpan = spans[key.startField - 1];
  if (!startSpan) return '';
  let startPos = startSpan[0];
  if (key.blanks) while (startPos < startSpan[1] && /[ \t]/.test(line[startPos])) startPos++;
  startPos = Math.min(startSpan[1], startPos + key.startChar - 1);
  let endPos = line.length;
  if (key.endField !== Infinity) {
    const endSpan = spans[key.endField - 1];
    if (endSpan) {
      if (key.endChar === 0) endPos = endSpan[1];
      else {
        let p = endSpan[0];
        if (key.blanks) while (p < endSpan[1] && /[ \t]/.test(line[p])) p++;
        endPos = Math.min(endSpan[1], p + key.endChar);
      }
    }
  }
  return endPos > startPos ? line.slice(startPos, endPos) : '';
}

const HUMAN = 'KMGTPEZYRQ';

function numericValue(text: string, kind: 'n' | 'g' | 'h'): number {
  const m = /^[ \t]*(-?[0-9]*(?:\.[0-9]*)?)([kKMGTPEZYRQ]?)/.exec(text)!;
  if (kind === 'g') {
    const g = parseFloat(text);
    return Number.isNaN(g) ? -Infinity : g;
  }
  const n = Number(m[1]) || 0;
  if (kind === 'h' && m[2]) return n * 1024 ** (HUMAN.indexOf(m[2].toUpperCase()) + 1);
  return n;
}

function compareBytes(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return Buffer.compare(x, y);
}

function versionCompare(a: string, b: string): number {
  const pa = a.match(/[0-9]+|[^0-9]+/g) ?? [];
  const pb = b.match(/[0-9]+|[^0-9]+/g) ?? [];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const c = /^[0-9]/.test(x) && /^[0-9]/.test(y) ? Number(x) - Number(y) : compareBytes(x, y);
    if (c !== 0) return c;
  }
  return 0;
}

function compareKey(a: string, b: string, o: Ordering): number {
  let c: number;
  if (o.numeric === 'V') c = versionCompare(a, b);
  else if (o.numeric) c = Math.sign(numericValue(a, o.numeric) - numericValue(b, o.numeric));
  else {
    const x = o.blanks ? a.replace(/^[ \t]+/, '') : a;
    const y = o.blanks ? b.replace(/^[ \t]+/, '') : b;
    c = o.fold ? compareBytes(x.toUpperCase(), y.toUpperCase()) : compareBytes(x, y);
  }
  return o.reverse ? -c : c;
}

/** `sort`. */
export const sortCommand: Command = {
  name: 'sort',
  execute(args, ctx) {
    const parsed = getopt('sort', args, SPECS);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('sort')}\n`, exitCode: 2 };
    const global: Ordering = { numeric: undefined, reverse: false, fold: false, blanks: false };
    let unique = false;
    let stable = false;
    let sep: string | undefined;
    const keySpecs: string[] = [];
    for (const o of parsed.options) {
      const v = o.value ?? '';
      if (o.key === 'n' || o.key === 'g' || o.key === 'h' || o.key === 'V') global.numeric = o.key;
      else if (o.key === 'r') global.reverse = true;
      else if (o.key === 'f') global.fold = true;
      else if (o.key === 'b') global.blanks = true;
      else if (o.key === 'u') unique = true;
      else if (o.key === 's') stable = true;
      else if (o.key === 'k') keySpecs.push(v);
      else if (o.key === 't') {
        const tab = v === '\\t' ? '\t' : v === '\\0' ? '\0' : v;
        if ([...tab].length !== 1) return usageError(`sort: ${tab === '' ? 'empty tab' : `multi-character tab ${quoteValue(v)}`}`);
        sep = tab;
      }
    }
    const keys: Key[] = [];
    for (const spec of keySpecs) {
      const key = parseKey(spec, global);
      if (typeof key === 'string') return usageError(key);
      keys.push(key);
    }
    const lines: string[] = [];
    for (const input of readInputs(ctx, parsed.operands)) {
      if (input.text === undefined) return usageError(`sort: cannot read: ${input.name}: No such file or directory`);
      lines.push(...splitLines(input.text));
    }
    const compareKeys = (a: string, b: string): number => {
      if (keys.length === 0) return compareKey(a, b, global);
      for (const key of keys) {
        const c = compareKey(extract(a, key, sep), extract(b, key, sep), key);
        if (c !== 0) return c;
      }
      return 0;
    };
    const compare = (a: string, b: string): number => {
      const c = compareKeys(a, b);
      if (c !== 0 || stable || unique) return c;
      // Last-resort comparison of whole lines, reversed by a global -r.
      const last = compareBytes(a, b);
      return global.reverse ? -last : last;
    };
    const sorted = [...lines].sort(compare);
    const output = unique ? sorted.filter((line, i) => i === 0 || compareKeys(sorted[i - 1], line) !== 0) : sorted;
    return { stdout: joinLines(output), stderr: '', exitCode: 0 };
  },
};
