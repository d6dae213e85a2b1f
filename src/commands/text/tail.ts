/**
 * tail: the last lines (or bytes) of each input (coreutils tail.c), `-n +N`
 * from line N on. `-f` prints what is there and returns: a simulated host has
 * no process that appends while the learner watches.
 */
import type { Command, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { countRequest, printRanges } from './lib/head-tail.js';

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
    const request = countRequest('tail', parsed.options);
    if ('exitCode' in request) return request;
    // `+N` counts from 1: `-n +1` is the whole input.
    const { count } = request;
    return printRanges('tail', ctx, parsed.operands, request, (length) => [request.sign === '+' ? Math.max(0, count - 1) : Math.max(0, length - count), length]);
  },
};
