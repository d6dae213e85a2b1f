import { describe, it, expect } from 'vitest';
import { runText } from './helpers.js';

// Expected outputs recorded from the real tool (GNU coreutils 9.1, C.UTF-8 locale) on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["sort in", "NAME                        READY   STATUS             RESTARTS      AGE\napi-1                       1/1     Running            12            10m\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\ndb-0                        0/1     Pending            0             3s\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\n", 0],
  ["sort -r in", "web-5f6d7c8b9-klmno         1/1     Running            0             5h\ndb-0                        0/1     Pending            0             3s\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\napi-1                       1/1     Running            12            10m\nNAME                        READY   STATUS             RESTARTS      AGE\n", 0],
  ["sort -k2 in", "db-0                        0/1     Pending            0             3s\nNAME                        READY   STATUS             RESTARTS      AGE\napi-1                       1/1     Running            12            10m\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\n", 0],
  ["sort -k4 -n in", "NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\ndb-0                        0/1     Pending            0             3s\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\napi-1                       1/1     Running            12            10m\n", 0],
  ["sort -k4,4n -r in", "web-5f6d7c8b9-klmno         1/1     Running            0             5h\ndb-0                        0/1     Pending            0             3s\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\nNAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\napi-1                       1/1     Running            12            10m\n", 0],
  ["sort -k 0 in", "sort: field number is zero: invalid field specification ‘0’\n", 2],
  ["sort -t ab in", "sort: multi-character tab ‘ab’\n", 2],
  ["sort -k x in", "sort: invalid number at field start: invalid count at start of ‘x’\n", 2],
  ["sort -u -k2,2 in", "db-0                        0/1     Pending            0             3s\nNAME                        READY   STATUS             RESTARTS      AGE\napi-1                       1/1     Running            12            10m\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\n", 0],
  ["sort nofile", "sort: cannot read: nofile: No such file or directory\n", 2],
  ["printf '1K\\n2M\\n512\\n3G\\n10\\n' | sort -h", "10\n512\n1K\n2M\n3G\n", 0],
  ["printf '10\\n9\\n-1\\n1.5\\nabc\\n' | sort -n", "-1\nabc\n1.5\n9\n10\n", 0],
  ["printf 'b\\nB\\na\\n_x\\nA1\\n' | sort", "A1\nB\n_x\na\nb\n", 0],
  ["printf 'b\\nB\\na\\n_x\\nA1\\n' | sort -f", "a\nA1\nB\nb\n_x\n", 0],
  ["printf 'v1.10\\nv1.9\\nv1.2\\n' | sort -V", "v1.2\nv1.9\nv1.10\n", 0],
  ["printf 'x:3\\ny:1\\nz:2\\n' | sort -t: -k2n", "y:1\nz:2\nx:3\n", 0],
  ["sort -k3,3 -k1,1r in", "checkout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\ndb-0                        0/1     Pending            0             3s\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\napi-1                       1/1     Running            12            10m\nNAME                        READY   STATUS             RESTARTS      AGE\n", 0],
  ["sort -b -k2 in", "checkout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\ndb-0                        0/1     Pending            0             3s\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\napi-1                       1/1     Running            12            10m\nNAME                        READY   STATUS             RESTARTS      AGE\n", 0],
  ["sort -rn -k4 in", "api-1                       1/1     Running            12            10m\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\ndb-0                        0/1     Pending            0             3s\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\nNAME                        READY   STATUS             RESTARTS      AGE\n", 0],
  ["printf 'b 2\\na 2\\nc 1\\n' | sort -k2,2n -s", "c 1\nb 2\na 2\n", 0],
  ["printf 'b\\na\\nb\\na\\n' | sort -u", "a\nb\n", 0],
  ["printf '3\\n1\\n2\\n' | sort -r", "3\n2\n1\n", 0],
];

describe('sort matches the real tool', () => {
  it.each(CASES)('%s', async (line, output, exitCode) => {
    expect(await runText(line)).toEqual({ output, exitCode });
  });
});
