import { describe, it, expect } from 'vitest';
import { runText } from './helpers.js';

// Expected outputs recorded from the real tool (GNU coreutils 9.1, C.UTF-8 locale) on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["awk '{print $2}' in | sort | uniq -c", "      2 0/1\n      3 1/1\n      1 READY\n", 0],
  ["awk '{print $3}' in | sort | uniq -c | sort -rn", "      3 Running\n      1 STATUS\n      1 Pending\n      1 CrashLoopBackOff\n", 0],
  ["awk '{print $3}' in | sort | uniq -d", "Running\n", 0],
  ["awk '{print $3}' in | sort | uniq -u", "CrashLoopBackOff\nPending\nSTATUS\n", 0],
  ["uniq -c in", "      1 NAME                        READY   STATUS             RESTARTS      AGE\n      1 checkout-7d4b9c8f6-abcde    1/1     Running            0             2d\n      1 checkout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\n      1 web-5f6d7c8b9-klmno         1/1     Running            0             5h\n      1 api-1                       1/1     Running            12            10m\n      1 db-0                        0/1     Pending            0             3s\n", 0],
  ["printf 'a\\na\\nA\\nb\\n' | uniq -ci", "      3 a\n      1 b\n", 0],
  ["uniq -d in", "", 0],
  ["printf 'x\\nx\\ny\\nz\\nz\\nz\\n' | uniq -c", "      2 x\n      1 y\n      3 z\n", 0],
  ["printf 'x\\nx\\ny\\nz\\nz\\nz\\n' | uniq -u", "y\n", 0],
  ["printf 'a 1\\nb 1\\nc 2\\n' | uniq -f1", "a 1\nc 2\n", 0],
];

describe('uniq matches the real tool', () => {
  it.each(CASES)('%s', async (line, output, exitCode) => {
    expect(await runText(line)).toEqual({ output, exitCode });
  });
});
