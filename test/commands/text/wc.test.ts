import { describe, it, expect } from 'vitest';
import { runText } from './helpers.js';

// Expected outputs recorded from the real tool (GNU coreutils 9.1, C.UTF-8 locale) on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["wc in", "  6  32 434 in\n", 0],
  ["wc -l in", "6 in\n", 0],
  ["wc -w in", "32 in\n", 0],
  ["wc -l in in", "  6 in\n  6 in\n 12 total\n", 0],
  ["wc -c in", "434 in\n", 0],
  ["wc -L in", "72 in\n", 0],
  ["cat in | wc", "      6      32     434\n", 0],
  ["cat in | wc -l", "6\n", 0],
  ["cat in | wc -lw", "      6      32\n", 0],
  ["cat in | wc -l - in", "      6 -\n      6 in\n     12 total\n", 0],
  ["wc -m in", "434 in\n", 0],
  ["wc -lwc in", "  6  32 434 in\n", 0],
  ["cat in | wc -c", "434\n", 0],
];

describe('wc matches the real tool', () => {
  it.each(CASES)('%s', async (line, output, exitCode) => {
    expect(await runText(line)).toEqual({ output, exitCode });
  });
});
