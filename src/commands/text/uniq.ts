/**
 * uniq (coreutils uniq.c): collapses adjacent equal lines; `-c` prefixes the
 * count as `%7d `, `-d` keeps only repeated lines, `-u` only unique ones.
 */
import type { Command } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { quoteValue, readInputs, splitLines } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'c', short: 'c', long: 'count' },
  { key: 'd', short: 'd', long: 'repeated' },
  { key: 'u', short: 'u', long: 'unique' },
  { key: 'i', short: 'i', long: 'ignore-case' },
  { key: 'f', short: 'f', long: 'skip-fields', arg: 'required' },
  { key: 's', short: 's', long: 'skip-chars', arg: 'required' },
];

/** `uniq [OPTION]... [INPUT]` (an OUTPUT operand is not supported). */
export const uniqCommand: Command = {
  name: 'uniq',
  execute(args, ctx) {
    const parsed = getopt('uniq', args, SPECS);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('uniq')}\n`, exitCode: 1 };
    const keys = new Set(parsed.options.map((o) => o.key));
    let skipFields = 0;
    let skipChars = 0;
    for (const o of parsed.options) {
      if (o.key !== 'f' && o.key !== 's') continue;
      const v = o.value ?? '';
      if (!/^[0-9]+$/.test(v)) {
        const what = o.key === 'f' ? 'number of fields to skip' : 'number of bytes to compare';
        return { stdout: '', stderr: `uniq: ${v}: invalid ${what}\n${tryHelp('uniq')}\n`, exitCode: 1 };
      }
      if (o.key === 'f') skipFields = Number(v);
      else skipChars = Number(v);
    }
    if (parsed.operands.length > 2) {
      return { stdout: '', stderr: `uniq: extra operand ${quoteValue(parsed.operands[2])}\n${tryHelp('uniq')}\n`, exitCode: 1 };
    }
    const [input] = readInputs(ctx, parsed.operands.slice(0, 1));
    if (input.text === undefined) return { stdout: '', stderr: `uniq: ${input.name}: No such file or directory\n`, exitCode: 1 };
    const keyOf = (line: string): string => {
      let rest = line;
      // Stops at the end of the line: `-f 99999999999` must not loop that many times.
      for (let f = 0; f < skipFields && rest !== ''; f++) rest = rest.replace(/^[ \t]*[^ \t]*/, '');
      rest = rest.slice(skipChars);
      return keys.has('i') ? rest.toLowerCase() : rest;
    };
    const lines = splitLines(input.text);
    let stdout = '';
    for (let i = 0; i < lines.length; ) {
      let j = i + 1;
      while (j < lines.length && keyOf(lines[j]) === keyOf(lines[i])) j++;
      const n = j - i;
      const keep = (!keys.has('d') || n > 1) && (!keys.has('u') || n === 1);
      if (keep) stdout += keys.has('c') ? `${String(n).padStart(7)} ${lines[i]}\n` : `${lines[i]}\n`;
      i = j;
    }
    return { stdout, stderr: '', exitCode: 0 };
  },
};
