/**
 * A client program as a container's main process (`kubectl run t
 * --image=busybox -- wget -qO- http://web`, a Job running `curl`): it runs
 * in the pod's network namespace when the container starts, its output
 * becomes the container's log when it ends, and its exit status the
 * container's. The image must have the binary.
 */
import type { ContainerProcess } from '../runtime/process.js';
import type { ContainerRuntime, RuntimeContainer, Sandbox } from '../runtime/runtime.js';
import type { EventQueue } from '../clock/event-queue.js';
import type { Network } from '../network/network.js';
import { containerProgram } from './index.js';
import { shellScript, shellStatements } from './shell-words.js';
import type { ProgramRun } from './types.js';

/** Entrypoint scripts that hand over to their arguments (`exec "$@"`). */
const WRAPPERS = new Set(['/entrypoint.sh', 'entrypoint.sh', '/docker-entrypoint.sh', 'docker-entrypoint.sh', '/usr/local/bin/docker-entrypoint.sh']);

/**
 * The command line a container's process really runs, past any entrypoint
 * wrapper, and through `sh -c '<one simple command>'` (a script with
 * operators, variables or loops is not unwrapped).
 */
export function effectiveArgv(argv: readonly string[]): readonly string[] {
  const args = argv.length > 1 && WRAPPERS.has(argv[0]) ? argv.slice(1) : argv;
  const script = shellScript(args);
  if (script !== undefined && !/[;&|<>$`(){}\n]/.test(script)) {
    const statements = shellStatements(script);
    if (statements?.length === 1 && statements[0].length) return statements[0];
  }
  return args;
}

/** Does the image of `c` have the executable `name` (its binaries list, by path or by name)? */
export function imageHas(c: RuntimeContainer, name: string): boolean {
  const binaries = c.behaviour.binaries;
  if (!binaries) return true;
  const base = name.slice(name.lastIndexOf('/') + 1);
  return binaries.includes(name) || binaries.includes(base) || binaries.some((b) => b.endsWith(`/${base}`));
}

/** The lines a run leaves in a container log, in the order they were written. */
export function logLines(run: ProgramRun): string[] {
  const text = run.chunks ? run.chunks.map((c) => c.text).join('') : run.stderr + run.stdout;
  if (!text) return [];
  const lines = text.replace(/\r/g, '').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Starts the client program a container runs, if its command names one. */
export function launchClientProgram(env: { queue: EventQueue; network: Network; runtime: ContainerRuntime; node: string; resolvConf(sandbox: Sandbox): string | undefined }, c: RuntimeContainer, sandbox: Sandbox): ContainerProcess | undefined {
  const argv = effectiveArgv(c.argv);
  const program = argv.length ? containerProgram(argv[0]) : undefined;
  if (!program || !imageHas(c, argv[0])) return undefined;
  const from = sandbox.hostNetwork ? { kind: 'host' as const, node: env.node } : { kind: 'pod' as const, node: env.node, sandboxId: sandbox.id };
  const run = program(argv, { network: env.network, from, resolvConf: () => env.resolvConf(sandbox), now: env.queue.now(), image: c.image, containerId: c.id });
  const timer = env.queue.after(Math.max(1, run.durationMs), () => {
    env.runtime.appendLog(c, env.queue.now(), logLines(run));
    env.runtime.processExited(c, run.exitCode);
  });
  return { exitsByItself: true, stop: () => env.queue.cancel(timer) };
}
