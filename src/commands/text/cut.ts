/**
 * cut (coreutils cut.c): select bytes/characters (`-b`, `-c`) or fields (`-f`
 * with `-d`, TAB by default) by lists like `1,3-5,7-`. Lines without the
 * delimiter pass through whole unless `-s`.
 */
import type { Command, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { quoteValue, readInputs, splitLines } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'b', short: 'b', long: 'bytes', arg: 'required' },
  { key: 'c', short: 'c', long: 'characters', arg: 'required' },
  { key: 'f', short: 'f', long: 'fields', arg: 'required' },
  { key: 'd', short: 'd', long: 'delimiter', arg: 'required' },
  { key: 's', short: 's', long: 'only-delimited' },
  { key: 'complement', long: 'complement' },
  { key: 'output-delimiter', long: 'output-delimiter', arg: 'required' },
  { key: 'n', short: 'n' },
];

const usageError = (message: string): ExecResult => ({ stdout: '', stderr: `cut: ${message}\n${tryHelp('cut')}\n`, exitCode: 1 });

type Range = [from: number, to: number];

function parseList(list: string, fields: boolean): Range[] | string {
  const ranges: Range[] = [];
  for (const item of list.split(/[, ]/)) {
    const m = /^([0-9]*)(-?)([0-9]*)$/.exec(item);
    if (!m || item === '' || item === '-') {
      return fields ? `invalid field value ${quoteValue(item)}` : `invalid byte/character position ${quoteValue(item)}`;
    }
    const from = m[1] === '' ? 1 : Number(m[1]);
    const to = m[2] ? (m[3] === '' ? Infinity : Number(m[3])) : from;
    if ((m[1] !== '' && from === 0) || (m[3] !== '' && Number(m[3]) === 0)) {
      return fields ? 'fields are numbered from 1' : 'byte/character positions are numbered from 1';
    }
    if (to < from) return 'invalid decreasing range';
    ranges.push([from, to]);
  }
  return ranges;
}

/** `cut`. */
export const cutCommand: Command = {
  name: 'cut',
  execute(args, ctx) {
    const parsed = getopt('cut', args, SPECS);
    if (!parsed.ok) return usageError(parsed.message.replace(/^cut: /, ''));
    let mode: 'b' | 'c' | 'f' | undefined;
    let list = '';
    let delimiter: string | undefined;
    let outputDelimiter: string | undefined;
    let onlyDelimited = false;
    let complement = false;
    for (const o of parsed.options) {
      const v = o.value ?? '';
      if (o.key === 'b' || o.key === 'c' || o.key === 'f') {
        if (mode !== undefined) return usageError('only one list may be specified');
        mode = o.key;
        list = v;
      } else if (o.key === 'd') {
        if ([...v].length > 1) return usageError('the delimiter must be a single character');
        delimiter = v === '' ? '\0' : v;
      } else if (o.key === 'output-delimiter') outputDelimiter = v;
      else if (o.key === 's') onlyDelimited = true;
      else if (o.key === 'complement') complement = true;
    }
    if (mode === undefined) return usageError('you must specify a list of bytes, characters, or fields');
    if (mode !== 'f' && delimiter !== undefined) {
      return usageError('an input delimiter may be specified only when operating on fields');
    }
    const ranges = parseList(list, mode === 'f');
    if (typeof ranges === 'string') return usageError(ranges);
    const selected = (n: number): boolean => ranges.some(([a, b]) => n >= a && n <= b) !== complement;

    let stdout = '';
    let stderr = '';
    for (const input of readInputs(ctx, parsed.operands)) {
      if (input.text === undefined) {
        stderr += `cut: ${input.name}: No such file or directory\n`;
        continue;
      }
      for (const line of splitLines(input.text)) {
        if (mode === 'f') {
          const delim = delimiter ?? '\t';
          if (!line.includes(delim)) {
            if (!onlyDelimited) stdout += `${line}\n`;
            continue;
          }
          const parts = line.split(delim).filter((_, i) => selected(i + 1));
          stdout += `${parts.join(outputDelimiter ?? delim)}\n`;
        } else {
          const units = mode === 'c' ? [...line] : [...line];
          // Adjacent selected positions print together; --output-delimiter separates ranges.
          let out = '';
          let prev = false;
          units.forEach((u, i) => {
            const on = selected(i + 1);
            if (on && !prev && out !== '' && outputDelimiter !== undefined) out += outputDelimiter;
            if (on) out += u;
            prev = on;
          });
          stdout += `${out}\n`;
        }
      }
    }
    return { stdout, stderr, exitCode: stderr ? 1 : 0 };
  },
};
