import { describe, it, expect } from 'vitest';
import { runText } from './helpers.js';

// Expected outputs recorded from the real tool (GNU coreutils 9.1, C.UTF-8 locale) on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["tr a-z A-Z < in", "NAME                        READY   STATUS             RESTARTS      AGE\nCHECKOUT-7D4B9C8F6-ABCDE    1/1     RUNNING            0             2D\nCHECKOUT-7D4B9C8F6-FGHIJ    0/1     CRASHLOOPBACKOFF   7 (2M AGO)    2D\nWEB-5F6D7C8B9-KLMNO         1/1     RUNNING            0             5H\nAPI-1                       1/1     RUNNING            12            10M\nDB-0                        0/1     PENDING            0             3S\n", 0],
  ["cat in | tr -d '0-9'", "NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-dbcf-abcde    /     Running                         d\ncheckout-dbcf-fghij    /     CrashLoopBackOff    (m ago)    d\nweb-fdcb-klmno         /     Running                         h\napi-                       /     Running                        m\ndb-                        /     Pending                         s\n", 0],
  ["cat in | tr -s ' '", "NAME READY STATUS RESTARTS AGE\ncheckout-7d4b9c8f6-abcde 1/1 Running 0 2d\ncheckout-7d4b9c8f6-fghij 0/1 CrashLoopBackOff 7 (2m ago) 2d\nweb-5f6d7c8b9-klmno 1/1 Running 0 5h\napi-1 1/1 Running 12 10m\ndb-0 0/1 Pending 0 3s\n", 0],
  ["printf 'hello world\\n' | tr '[:lower:]' '[:upper:]'", "HELLO WORLD\n", 0],
  ["printf 'hello\\n' | tr -c 'a-z\\n' '_'", "hello\n", 0],
  ["printf 'aabbcc\\n' | tr -s 'a-c'", "abc\n", 0],
  ["printf 'hello\\n' | tr -d", "tr: missing operand\nTry 'tr --help' for more information.\n", 1],
  ["printf 'hello\\n' | tr a", "tr: missing operand after ‘a’\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n", 1],
  ["printf 'hello\\n' | tr a b c", "tr: extra operand ‘c’\nTry 'tr --help' for more information.\n", 1],
  ["tr -s ' ' < in | cut -d' ' -f1,3", "NAME STATUS\ncheckout-7d4b9c8f6-abcde Running\ncheckout-7d4b9c8f6-fghij CrashLoopBackOff\nweb-5f6d7c8b9-klmno Running\napi-1 Running\ndb-0 Pending\n", 0],
  ["printf 'a.b.c\\n' | tr . '\\n'", "a\nb\nc\n", 0],
  ["printf 'Hello\\n' | tr -d 'l'", "Heo\n", 0],
  ["printf 'abc\\n' | tr abc x", "xxx\n", 0],
  ["printf 'a  b   c\\n' | tr -s ' ' '_'", "a_b_c\n", 0],
];

describe('tr matches the real tool', () => {
  it.each(CASES)('%s', async (line, output, exitCode) => {
    expect(await runText(line)).toEqual({ output, exitCode });
  });
});
