/**
 * tail: the last lines (or bytes) of each input (coreutils tail.c), `-n +N`
 * from line N on. `-f` prints what is there and returns: a simulated host has
 * no process that appends while the learner watches.
 */
import type { Command, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { inputHeader, linesWithEndings, parseCount } from './lib/headers.js';
import { quoteValue, readInputs } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'n', short: 'n', long: 'lines', arg: 'required' },
  { key: 'c', short: 'c', long: 'bytes', arg: 'required' },
  { key: 'f', short: 'f', long: 'follow', arg: 'optional' },
  { key: 'f', short: 'F' },
  { key: 'q', short: 'q', long: 'quiet' },
  { key: 'q', long: 'silent' },
  { key: 'v', short: 'v', long: 'verbose' },
  { key: 's', short: 's', long: 'sleep-interval', arg: 'required' },
  { key: 'pid', long: 'pid', arg: 'required' },
  { key: 'retry', long: 'retry' },
  { key: 'z', short: 'z', long: 'zero-terminated' },
];

const usageError = (message: string): ExecResult => ({ stdout: '', stderr: `${message}\n${tryHelp('tail')}\n`, exitCode: 1 });

/** `tail`. */
export const tailCommand: Command = {
  name: 'tail',
  execute(args, ctx) {
    const parsed = getopt('tail', args, SPECS, { numberKey: 'NUM' });
    if (!parsed.ok) return usageError(parsed.message);
    let unit: 'lines' | 'bytes' = 'lines';
    let count = 10;
    let fromStart = false;
    let headers: boolean | undefined;
    for (const o of parsed.options) {
      if (o.key === 'n' || o.key === 'c' || o.key === 'NUM') {
        const raw = o.value ?? '';
        unit = o.key === 'c' ? 'bytes' : 'lines';
        fromStart = raw.startsWith('+');
        const n = parseCount(raw.replace(/^[-+]/, ''));
        if (n === undefined) {
          return { stdout: '', stderr: `tail: invalid number of ${unit}: ${quoteValue(raw)}\n`, exitCode: 1 };
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
        stderr += `tail: cannot open '${input.name}' for reading: No such file or directory\n`;
        continue;
      }
      if (showHeaders) stdout += inputHeader(input.name, first);
      first = false;
      // `+N` counts from 1: `-n +1` is the whole input.
      if (unit === 'bytes') {
        const bytes = Buffer.from(input.text);
        const start = fromStart ? Math.max(0, count - 1) : Math.max(0, bytes.length - count);
        stdout += bytes.subarray(start).toString();
      } else {
        const lines = linesWithEndings(input.text);
        const start = fromStart ? Math.max(0, count - 1) : Math.max(0, lines.length - count);
        stdout += lines.slice(start).join('');
      }
    }
    return { stdout, stderr, exitCode: stderr ? 1 : 0 };
  },
};
