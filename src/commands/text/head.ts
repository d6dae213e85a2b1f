/**
 * head: the first lines (or bytes) of each input (coreutils head.c), including
 * `-n -N` (all but the last N) and `==> name <==` headers for several inputs.
 */
import type { Command, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { countRequest, printRanges } from './lib/head-tail.js';

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
    const request = countRequest('head', parsed.options);
    if ('exitCode' in request) return request;
    // `-n -N`: all but the last N.
    const { count } = request;
    return printRanges('head', ctx, parsed.operands, request, (length) => [0, request.sign === '-' ? Math.max(0, length - count) : count]);
  },
};
