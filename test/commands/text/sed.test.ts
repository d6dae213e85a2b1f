import { describe, it, expect } from 'vitest';
import type { ApiClient } from '../../../src/cluster/apiserver/types.js';
import { createCommandRegistry } from '../../../src/commands/registry.js';
import { installCommands } from '../../../src/commands/index.js';
import { createMemoryFiles } from '../../../src/shell/files.js';
import { createShellSession } from '../../../src/shell/session.js';
import { runText } from './helpers.js';

// Expected outputs recorded from GNU sed 4.9 on the same input.
const CASES: [line: string, output: string, exitCode: number][] = [
  ["sed 's/Running/Up/' in", 'NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1/1     Up            0             2d\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\nweb-5f6d7c8b9-klmno         1/1     Up            0             5h\napi-1                       1/1     Up            12            10m\ndb-0                        0/1     Pending            0             3s\n', 0],
  ["sed 's/ \\+/ /g' in", 'NAME READY STATUS RESTARTS AGE\ncheckout-7d4b9c8f6-abcde 1/1 Running 0 2d\ncheckout-7d4b9c8f6-fghij 0/1 CrashLoopBackOff 7 (2m ago) 2d\nweb-5f6d7c8b9-klmno 1/1 Running 0 5h\napi-1 1/1 Running 12 10m\ndb-0 0/1 Pending 0 3s\n', 0],
  ["sed -E 's/([a-z]+)-([0-9]+)/\\2:\\1/' in", 'NAME                        READY   STATUS             RESTARTS      AGE\n7:checkoutd4b9c8f6-abcde    1/1     Running            0             2d\n7:checkoutd4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\n5:webf6d7c8b9-klmno         1/1     Running            0             5h\n1:api                       1/1     Running            12            10m\n0:db                        0/1     Pending            0             3s\n', 0],
  ["sed 's/0/O/2' in", 'NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\napi-1                       1/1     Running            12            10m\ndb-0                        O/1     Pending            0             3s\n', 0],
  ["sed -n 's/Pending/&!/p' in", 'db-0                        0/1     Pending!            0             3s\n', 0],
  ["sed 's#/#|#g;s/NAME/N/' in", 'N                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1|1     Running            0             2d\ncheckout-7d4b9c8f6-fghij    0|1     CrashLoopBackOff   7 (2m ago)    2d\nweb-5f6d7c8b9-klmno         1|1     Running            0             5h\napi-1                       1|1     Running            12            10m\ndb-0                        0|1     Pending            0             3s\n', 0],
  ["sed 's/(2m ago)/x/' in", 'NAME                        READY   STATUS             RESTARTS      AGE\ncheckout-7d4b9c8f6-abcde    1/1     Running            0             2d\ncheckout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 x    2d\nweb-5f6d7c8b9-klmno         1/1     Running            0             5h\napi-1                       1/1     Running            12            10m\ndb-0                        0/1     Pending            0             3s\n', 0],
  ["sed 's/x/y' in", "sed: -e expression #1, char 5: unterminated `s' command\n", 1],
  ["sed 's/a/b/' nofile", "sed: can't read nofile: No such file or directory\n", 2],
];

describe('sed', () => {
  for (const [line, output, exitCode] of CASES) {
    it(line, async () => {
      expect(await runText(line)).toEqual({ output, exitCode });
    });
  }

  it('reads stdin in a pipeline', async () => {
    expect(await runText("grep db in | sed 's/Pending/Running/'")).toEqual({ output: 'db-0                        0/1     Running            0             3s\n', exitCode: 0 });
  });

  it('-i edits the file in place and prints nothing; -i.bak keeps the original', async () => {
    const files = createMemoryFiles({ workstation: { '/home/learner/m.yaml': '    - --kubeconfig=/etc/kubernetes/scheduler.config\n' } });
    const session = createShellSession({
      cluster: { now: () => 0, adminClient: () => ({}) as ApiClient, nodeNames: () => [], advance: () => undefined },
      registry: installCommands(createCommandRegistry()),
      files,
    });
    expect(await session.exec("sed -i.bak 's#scheduler.config#scheduler.conf#' m.yaml")).toMatchObject({ output: '', exitCode: 0 });
    expect((await session.exec('cat m.yaml')).output).toBe('    - --kubeconfig=/etc/kubernetes/scheduler.conf\n');
    expect((await session.exec('cat m.yaml.bak')).output).toBe('    - --kubeconfig=/etc/kubernetes/scheduler.config\n');
  });
});
