/**
 * The shell idiom init containers use to wait for a dependency:
 *
 *   sh -c 'until nslookup mydb; do echo waiting for mydb; sleep 2; done'
 *   sh -c 'while ! nc -z mydb 5432; do sleep 1; done; echo ready'
 *
 * A container whose command is this loop runs the named client program in
 * the pod's network namespace, writes what it prints and what the loop
 * echoes to the container log, sleeps, and tries again; the container exits
 * 0 once the program succeeds. Whether it ever does is decided by the
 * network (Service, endpoints, DNS), never by the scenario. Scripts that
 * are anything else are not this idiom and keep the runtime's behaviour.
 */
import type { EventQueue, TimerId } from '../clock/event-queue.js';
import type { ContainerProcess, ProgramLauncher } from '../runtime/process.js';
import type { ContainerRuntime, RuntimeContainer, Sandbox } from '../runtime/runtime.js';
import type { Network } from '../network/network.js';
import type { Program } from './types.js';
import { shellScript, shellStatements } from './shell-words.js';

/** One step of the loop body (or of what follows the loop). */
export type LoopStep = { echo: string } | { sleepMs: number };

/** A parsed wait loop. */
export interface WaitLoop {
  /** The command tried on each pass (`nslookup mydb`); `until cmd` and `while ! cmd` both loop while it fails. */
  readonly command: readonly string[];
  /** Its stdout goes to /dev/null (`>/dev/null`). */
  readonly discardStdout: boolean;
  /** Its stderr goes to /dev/null (`2>/dev/null`, or `2>&1` after `>/dev/null`). */
  readonly discardStderr: boolean;
  /** The body, run after each failed try. */
  readonly body: readonly LoopStep[];
  /** What runs after the loop ends (echoes). */
  readonly after: readonly LoopStep[];
}

/** The ServiceAccount namespace file the Kubernetes docs' example reads with `$(cat ...)`. */
const NAMESPACE_SUBSTITUTION = '$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace)';

/**
 * Recognizes `<shell> -c '<loop>'` in a container's full command line
 * (command + args); `namespace` is what the ServiceAccount namespace file holds.
 */
export function parseWaitLoop(argv: readonly string[], namespace: string): WaitLoop | undefined {
  const given = shellScript(argv);
  if (given === undefined) return undefined;
  const script = given.split(NAMESPACE_SUBSTITUTION).join(namespace);
  // Pipes, `&&`, `||`, background jobs and other substitutions are other scripts.
  if (/[`|&]|\$\(/.test(script.replace(/2>&1|&>/g, ''))) return undefined;
  const statements = shellStatements(script);
  if (!statements) return undefined;
  const head = statements[0];
  if (!head) return undefined;
  let condition: string[];
  if (head[0] === 'until') condition = head.slice(1);
  else if (head[0] === 'while' && head[1] === '!') condition = head.slice(2);
  else return undefined;
  let i = 1;
  if (statements[i]?.[0] !== 'do') return undefined;
  const body: LoopStep[] = [];
  let first: string[] | undefined = statements[i].slice(1);
  for (;;) {
    const words = first ?? statements[i];
    first = undefined;
    if (!words) return undefined;
    if (words.length === 1 && words[0] === 'done') break;
    if (words.length > 0) {
      const step = loopStep(words);
      if (!step) return undefined;
      body.push(step);
    }
    i++;
  }
  // A loop that never sleeps spins; the idiom always waits between tries.
  if (!body.some((step) => 'sleepMs' in step)) return undefined;
  const after: LoopStep[] = [];
  for (const words of statements.slice(i + 1)) {
    const step = loopStep(words);
    if (!step || !('echo' in step)) return undefined;
    after.push(step);
  }
  const redirect = redirections(condition);
  if (!redirect || redirect.command.length === 0) return undefined;
  return { command: redirect.command, discardStdout: redirect.stdout, discardStderr: redirect.stderr, body, after };
}

/** `echo words...` or `sleep N`. */
function loopStep(words: string[]): LoopStep | undefined {
  if (words[0] === 'echo') return { echo: words.slice(1).join(' ') };
  if (words[0] === 'sleep' && words.length === 2 && /^\d+(\.\d+)?$/.test(words[1])) return { sleepMs: Math.round(Number(words[1]) * 1000) };
  return undefined;
}

/** Strips `>/dev/null`, `2>/dev/null`, `2>&1`, `&>/dev/null` from a command. */
function redirections(words: string[]): { command: string[]; stdout: boolean; stderr: boolean } | undefined {
  const command: string[] = [];
  let stdout = false;
  let stderr = false;
  let stderrToStdout = false;
  for (let k = 0; k < words.length; k++) {
    let w = words[k];
    const target = (op: string) => (w.length > op.length ? w.slice(op.length) : words[++k]);
    if (w === '2>&1') stderrToStdout = true;
    else if (w.startsWith('&>')) {
      if (target('&>') !== '/dev/null') return undefined;
      stdout = stderr = true;
    } else if (w.startsWith('2>')) {
      if (target('2>') !== '/dev/null') return undefined;
      stderr = true;
    } else if (w.startsWith('>') || w.startsWith('1>')) {
      w = w.startsWith('1>') ? w.slice(1) : w;
      if (target('>') !== '/dev/null') return undefined;
      stdout = true;
    } else command.push(w);
  }
  // `>/dev/null 2>&1`: stderr follows stdout into /dev/null.
  if (stderrToStdout && stdout) stderr = true;
  return { command, stdout, stderr };
}

/** What the wait-loop launcher of one node needs. */
export interface WaitLoopOptions {
  readonly queue: EventQueue;
  readonly network: Network;
  readonly node: { readonly name: string; readonly runtime: ContainerRuntime };
  /** The client programs by name (nslookup, wget, nc, ...); read at each try. */
  readonly programs: () => ReadonlyMap<string, Program>;
  /** The pod's /etc/resolv.conf as its processes read it. */
  readonly resolvConf?: (sandbox: Sandbox) => string | undefined;
}

/** Starts the loop of a container whose command is the wait idiom; undefined for any other container. */
export function waitLoopLauncher(options: WaitLoopOptions): ProgramLauncher {
  return (container, sandbox) => {
    const argv = container.argv;
    const loop = argv ? parseWaitLoop(argv, sandbox.namespace) : undefined;
    return loop ? runWaitLoop(loop, container, sandbox, options) : undefined;
  };
}

/** busybox ash's words when a command is not found (exit 127). */
function notFound(name: string): { stdout: string; stderr: string; exitCode: number; durationMs: number } {
  return { stdout: '', stderr: `sh: ${name}: not found\n`, exitCode: 127, durationMs: 0 };
}

function runWaitLoop(loop: WaitLoop, c: RuntimeContainer, sandbox: Sandbox, o: WaitLoopOptions): ContainerProcess {
  const { queue, node } = o;
  let timer: TimerId | undefined;
  let stopped = false;
  const schedule = (ms: number, fn: () => void) => {
    timer = queue.after(ms, () => {
      timer = undefined;
      if (!stopped) fn();
    });
  };
  const log = (lines: string[]) => {
    if (lines.length) node.runtime.appendLog(c, queue.now(), lines);
  };
  /** Runs `steps` from `i`, then `done`. */
  const steps = (list: readonly LoopStep[], i: number, done: () => void): void => {
    for (let k = i; k < list.length; k++) {
      const step = list[k];
      if ('echo' in step) log([step.echo]);
      else return schedule(step.sleepMs, () => steps(list, k + 1, done));
    }
    done();
  };
  const attempt = (): void => {
    const name = loop.command[0];
    const base = name.slice(name.lastIndexOf('/') + 1);
    const binaries = c.behaviour.binaries;
    const program = !binaries || binaries.includes(name) || binaries.includes(base) ? o.programs().get(base) : undefined;
    const run = program
      ? program(loop.command, { network: o.network, from: { kind: 'pod', node: node.name, sandboxId: sandbox.id }, resolvConf: () => o.resolvConf?.(sandbox), now: queue.now(), image: c.image, containerId: c.id })
      : notFound(name);
    schedule(run.durationMs, () => {
      log([...(loop.discardStdout ? [] : lines(run.stdout)), ...(loop.discardStderr ? [] : lines(run.stderr))]);
      if (run.exitCode === 0) steps(loop.after, 0, () => schedule(0, () => node.runtime.processExited(c, 0)));
      else steps(loop.body, 0, attempt);
    });
  };
  schedule(0, attempt);
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) queue.cancel(timer);
    },
  };
}

function lines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}
