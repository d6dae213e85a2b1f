import { describe, it, expect } from 'vitest';
import { runText } from './helpers.js';

// Expected outputs recorded from the real tool (util-linux 2.38 column, C.UTF-8 locale) on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["column -t in", "NAME                      READY  STATUS            RESTARTS  AGE        \ncheckout-7d4b9c8f6-abcde  1/1    Running           0         2d         \ncheckout-7d4b9c8f6-fghij  0/1    CrashLoopBackOff  7         (2m  ago)  2d\nweb-5f6d7c8b9-klmno       1/1    Running           0         5h         \napi-1                     1/1    Running           12        10m        \ndb-0                      0/1    Pending           0         3s         \n", 0],
  ["printf 'a bb x\\nccc d\\n\\ne  f\\n' | column -t", "a    bb  x\nccc  d   \ne    f   \n", 0],
  ["printf 'a:b\\nccc:d\\n' | column -t -s:", "a    b\nccc  d\n", 0],
  ["column -t -s' ' in", "NAME                                                                                                        READY       STATUS                                            RESTARTS             AGE                   \ncheckout-7d4b9c8f6-abcde        1/1          Running                                              0                                                       2d                                                         \ncheckout-7d4b9c8f6-fghij        0/1          CrashLoopBackOff      7  (2m  ago)           2d                                                                                                                         \nweb-5f6d7c8b9-klmno                          1/1                           Running                                   0                                                5h                                             \napi-1                                                                                                  1/1                      Running                                   12                                  10m    \ndb-0                                                                                                        0/1                          Pending                                    0                                3s\n", 0],
];

describe('column matches the real tool', () => {
  it.each(CASES)('%s', async (line, output, exitCode) => {
    expect(await runText(line)).toEqual({ output, exitCode });
  });
});
