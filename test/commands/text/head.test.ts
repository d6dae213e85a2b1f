import { describe, it, expect } from 'vitest';
import { runText } from './helpers.js';

// Expected outputs recorded from the real tool (GNU coreutils 9.1, C.UTF-8 locale) on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["head -n 2 in", "NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\n", 0],
  ["head -3 in", "NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\n", 0],
  ["head -c 10 in", "NAME      ", 0],
  ["head -n -4 in", "NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\n", 0],
  ["head -n x in", "head: invalid number of lines: ‘x’\n", 1],
  ["head -Q in", "head: invalid option -- 'Q'\nTry 'head --help' for more information.\n", 1],
  ["head -n1 in in", "==> in <==\nNAME                        READY   STATUS             RESTARTS      AGE\n\n==> in <==\nNAME                        READY   STATUS             RESTARTS      AGE\n", 0],
  ["head -n 0 in", "", 0],
  ["head -c -400 in", "NAME                        READY ", 0],
];

describe('head matches the real tool', () => {
  it.each(CASES)('%s', async (line, output, exitCode) => {
    expect(await runText(line)).toEqual({ output, exitCode });
  });
});
