import { describe, it, expect } from 'vitest';
import { runText } from './helpers.js';

// Expected outputs recorded from the real tool (GNU coreutils 9.1, C.UTF-8 locale) on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["tail -n 2 in", "api-1                       1/1     Running            12            10m\ndb-0                        0/1     Pending            0             3s\n", 0],
  ["tail -n +5 in", "api-1                       1/1     Running            12            10m\ndb-0                        0/1     Pending            0             3s\n", 0],
  ["tail -2 in", "api-1                       1/1     Running            12            10m\ndb-0                        0/1     Pending            0             3s\n", 0],
  ["tail -c 5 in", "  3s\n", 0],
  ["tail -n x in", "tail: invalid number of lines: ‘x’\n", 1],
  ["tail nofile", "tail: cannot open 'nofile' for reading: No such file or directory\n", 1],
  ["cat in | tail -f -n1", "db-0                        0/1     Pending            0             3s\n", 0],
  ["tail -n 0 in", "", 0],
  ["tail -c +420 in", "            3s\n", 0],
  ["tail -n +100 in", "", 0],
];

describe('tail matches the real tool', () => {
  it.each(CASES)('%s', async (line, output, exitCode) => {
    expect(await runText(line)).toEqual({ output, exitCode });
  });
});
