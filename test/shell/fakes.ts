/** Test doubles for shell tests: a fake ClusterView and a registry with fake kubectl/journalctl. */
import type { ApiClient } from '../../src/cluster/apiserver/types.js';
import type { ClusterView, Command } from '../../src/commands/types.js';
import { createCommandRegistry, type CommandRegistry } from '../../src/commands/registry.js';
import { installCommands } from '../../src/commands/index.js';
import { createShellSession, type ShellSession, type ShellSessionOptions } from '../../src/shell/session.js';

/** A cluster with three nodes and no API. */
export const fakeCluster: ClusterView = {
  now: () => 0,
  adminClient: () => ({}) as ApiClient,
  nodeNames: () => ['cp-1', 'node-1', 'node-2'],
  advance: () => undefined,
};

/** The fixed table the fake kubectl prints. */
export const PODS = [
  'NAME                        READY   STATUS             RESTARTS      AGE',
  'checkout-7d4b9c8f6-abcde    1/1     Running            0             2d',
  'checkout-7d4b9c8f6-fghij    0/1     CrashLoopBackOff   7 (2m ago)    2d',
  'web-5f6d7c8b9-klmno         1/1     Running            0             5h',
  '',
].join('\n');

const kubectl: Command = {
  name: 'kubectl',
  execute(args, ctx) {
    if (args[0] === 'get' && args[1] === 'pods') return { stdout: PODS, stderr: '', exitCode: 0 };
    if (args[0] === 'args') return { stdout: `${JSON.stringify(args.slice(1))}\n`, stderr: '', exitCode: 0 };
    if (args[0] === 'env') return { stdout: `${ctx.env[args[1]] ?? ''}\n`, stderr: '', exitCode: 0 };
    if (args[0] === 'stdin') return { stdout: ctx.stdin, stderr: '', exitCode: 0 };
    return { stdout: '', stderr: `error: unknown command "${args[0]}" for "kubectl"\n`, exitCode: 1 };
  },
};

const journalctl: Command = {
  name: 'journalctl',
  execute: (_args, ctx) => ({ stdout: `journal of ${ctx.host}\n`, stderr: '', exitCode: 0 }),
};

/** A registry with the real text commands plus fake kubectl (workstation) and journalctl (nodes). */
export function fakeRegistry(): CommandRegistry {
  const registry = installCommands(createCommandRegistry());
  registry.register('kubectl', async () => kubectl, 'workstation');
  registry.register('journalctl', async () => journalctl, 'node');
  return registry;
}

/** A session over the fake cluster and registry. */
export function fakeSession(options: Partial<ShellSessionOptions> = {}): ShellSession {
  return createShellSession({ cluster: fakeCluster, registry: fakeRegistry(), ...options });
}
