/** Runs text-utility command lines through the shell facade, with a `kubectl get pods`-like file `in`. */
import type { ApiClient } from '../../../src/cluster/apiserver/types.js';
import { createCommandRegistry } from '../../../src/commands/registry.js';
import { installCommands } from '../../../src/commands/index.js';
import { createMemoryFiles } from '../../../src/shell/files.js';
import { createShellSession } from '../../../src/shell/session.js';

/** The contents of the file `in` (a pod table, with a multi-word RESTARTS cell). */
export const INPUT = `NAME                        READY   STATUS             RESTARTS      AGE
checkout-7d4b9c8f6-abcde    1/1     Running            0             2d
checkout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d
web-5f6d7c8b9-klmno         1/1     Running            0             5h
api-1                       1/1     Running            12            10m
db-0                        0/1     Pending            0             3s
`;

/** Runs `line` in a fresh workstation shell; returns the terminal output and status. */
export async function runText(line: string): Promise<{ output: string; exitCode: number }> {
  const session = createShellSession({
    cluster: { now: () => 0, adminClient: () => ({}) as ApiClient, nodeNames: () => ['node-1'], advance: () => undefined },
    registry: installCommands(createCommandRegistry()),
    files: createMemoryFiles({ workstation: { '/home/learner/in': INPUT } }),
  });
  const { output, exitCode } = await session.exec(line);
  return { output, exitCode };
}
