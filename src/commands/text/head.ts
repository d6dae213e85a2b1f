/**
 * head: the first lines (or bytes) of each input (coreutils head.c), including
 * `-n -N` (all but the last N) and `==> name <==` headers for several inputs.
 */
import type { Command, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { inputHeader, linesWithEndings, parseCount } from './lib/headers.js';
import { quoteValue, readInputs } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'n', short: 'n', long: 'lines', arg: 'required' },
  { key: 'c', short: 'c', long: 'bytes', arg: 'required' },
  { key: 'q', short: 'q', long: 'quiet' },
  { key: 'q', long: 'silent' },
  { key: 'v', short: 'v', long: 'verbose' },
  { key: 'z', short: 'z', long: 'zero-terminated' },
];

const usageError = (message: string): ExecResult => ({ stdout: '', stderr: `${message}\n${tryHelp('head')}\n`, exitCode: 1 });

/** `head`. */
export const headCommand: Command = {
  name: 'head',
  execute(args, ctx) {
    const parsed = getopt('head', args, SPECS, { numberKey: 'NUM' });
    if (!parsed.ok) return usageError(parsed.message);
    let unit: 'lines' | 'bytes' = 'lines';
    let count = 10;
    let allBut = false;
    let headers: boolean | undefined;
    for (const o of parsed.options) {
      if (o.key === 'n' || o.key === 'c' || o.key === 'NUM') {
        const raw = o.value ?? '';
        unit = o.key === 'c' ? 'bytes' : 'lines';
        allBut = raw.startsWith('-');
        const n = parseCount(raw.replace(/^[-+]/, ''));
        if (n === undefined) {
          return { stdout: '', stderr: `head: invalid number of ${unit}: ${quoteValue(raw)}\n`, exitCode: 1 };
        }
        count = n;
      } else if (o.key === 'q') headers = false;
      else if (o.key === 'v') headers = true;
    }
    const inputs = readInputs(ctx, parsed.operands);
    const showHeaders = headers ?? inputs.length > 1;
    let stdout = '';
    let stderr = '';
    let first = true;
    for (const input of inputs) {
      if (input.text === undefined) {
        stderr += `head: cannot open '${input.name}' for reading: No such file or directory\n`;
        continue;
      }
      if (showHeaders) stdout += inputHeader(input.name, first);
      first = false;
      if (unit === 'bytes') {
        const bytes = Buffer.from(input.text);
        stdout += bytes.subarray(0, allBut ? Math.max(0, bytes.length - count) : count).toString();
      } else {
        const lines = linesWithEndings(input.text);
        stdout += lines.slice(0, allBut ? Math.max(0, lines.length - count) : count).join('');
      }
    }
    return { stdout, stderr, exitCode: stderr ? 1 : 0 };
  },
};
