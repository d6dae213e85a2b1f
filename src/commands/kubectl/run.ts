/**
 * `kubectl run NAME --image=IMAGE [--restart=Never] [--rm] [-i] [-t]
 * [--command] [--env K=V] [--labels k=v] [--port N] -- [args...]` as
 * kubectl 1.32 runs it (pkg/cmd/run/run.go): it creates the pod
 * (`run=NAME` label, args or command, stdin/stdinOnce/tty), and without
 * -i/--attach prints `pod/NAME created`. Attached, it waits for the pod to
 * run (or finish), shows the container's output, waits for the exit with
 * restartPolicy Never/OnFailure, deletes the pod with --rm (`pod "NAME"
 * deleted`, after the pod is gone), and returns the container's exit code
 * with `pod NS/NAME terminated (Reason)`. The waits move simulated time,
 * one second a step, since nothing else moves it while a command runs.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { collect, execOnce } from './exec.js';
import { containerShell, runtimeContainer } from './container-shell.js';
import { reattachMessage } from './debug-attach.js';
import { isShell } from '../../cluster/programs/shell-words.js';
import { parseGoDuration } from './logs.js';
import { createOrPrint } from './create-data.js';
import { patchOfType } from '../../cluster/apiserver/patch.js';

const STEP_MS = 1_000;
/** The longest an attached container may run before the simulation stops waiting (a learner would press Ctrl+C). */
const LONGEST_RUN_MS = 10 * 60_000;
const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Runs `kubectl run`. */
export function runRun(inv: Invocation): ExecResult {
  const [name, ...rest] = inv.args;
  if (!name) return { stdout: '', stderr: "error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n", exitCode: 1 };
  const image = str(inv.flags, 'image');
  if (!image) return { stdout: '', stderr: 'error: --image is required\n', exitCode: 1 };
  if (!NAME.test(name) || name.length > 63) return { stdout: '', stderr: `error: invalid pod name "${name}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')\n`, exitCode: 1 };
  const restart = str(inv.flags, 'restart') ?? 'Always';
  if (!['Always', 'OnFailure', 'Never'].includes(restart)) return { stdout: '', stderr: `error: invalid restart policy: ${restart}\n`, exitCode: 1 };
  const interactive = bool(inv.flags, 'stdin') === true;
  const tty = bool(inv.flags, 'tty') === true;
  const attach = inv.set.has('attach') ? bool(inv.flags, 'attach') === true : interactive;
  const remove = bool(inv.flags, 'rm') === true;
  if (remove && !attach) return { stdout: '', stderr: 'error: --rm should only be used for attached containers\n', exitCode: 1 };
  if (tty && !interactive) return { stdout: '', stderr: 'error: -i/--stdin is required for containers with -t/--tty=true\n', exitCode: 1 };
  const generated = podFor(inv, name, image, rest, restart, interactive, tty);
  const overridden = withOverrides(inv, generated);
  if (!overridden.ok) return errorResult(overridden.error);
  const pod = overridden.pod;
  // run.go createGeneratedObject: created (or, dry, printed) as any generator's object; only an attached pod is waited for.
  if (inv.dryRun || !attach) return createOrPrint(inv, 'pods', undefined, pod);
  const created = inv.client.create('pods', inv.namespace, pod);
  if (!created.ok) return { stdout: '', stderr: statusMessage(created.status), exitCode: 1 };
  return attachAndWait(inv, name, restart, remove);
}

/**
 * --overrides (cmdutil.Overrider): a JSON patch of the generated pod, of
 * --override-type merge (the default), strategic or json.
 */
function withOverrides(inv: Invocation, pod: KubeObject): { ok: true; pod: KubeObject } | { ok: false; error: string } {
  const overrides = str(inv.flags, 'overrides');
  if (!overrides) return { ok: true, pod };
  const type = str(inv.flags, 'override-type') ?? 'merge';
  if (type !== 'merge' && type !== 'strategic' && type !== 'json') return { ok: false, error: `invalid override type: ${type}` };
  let patch: unknown;
  try {
    patch = JSON.parse(overrides);
  } catch (e) {
    return { ok: false, error: `${e instanceof Error ? e.message : String(e)}` };
  }
  const r = patchOfType(pod, type, patch);
  return r.ok ? { ok: true, pod: r.value as unknown as KubeObject } : r;
}

/** The pod kubectl's run generator builds (generate/versioned/run.go BasicPod). */
function podFor(inv: Invocation, name: string, image: string, args: string[], restart: string, interactive: boolean, tty: boolean): KubeObject {
  const labels: Record<string, string> = Object.create(null);
  const given = str(inv.flags, 'labels');
  if (given) for (const pair of given.split(',')) {
    const [k, v = ''] = pair.split('=');
    if (k) labels[k] = v;
  } else labels.run = name;
  const container: Record<string, unknown> = { name, image };
  if (args.length) container[bool(inv.flags, 'command') ? 'command' : 'args'] = args;
  const env = (inv.flags.env as string[] | undefined) ?? [];
  if (env.length) container.env = env.map((e) => ({ name: e.split('=')[0], value: e.slice(e.indexOf('=') + 1) }));
  const port = str(inv.flags, 'port');
  if (port) container.ports = [{ containerPort: Number(port) }];
  container.resources = {};
  if (interactive) {
    container.stdin = true;
    container.stdinOnce = true;
  }
  if (tty) container.tty = true;
  if (bool(inv.flags, 'privileged')) container.securityContext = { privileged: true };
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { ...labels } }, spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: restart }, status: {} } as unknown as KubeObject;
}

function attachAndWait(inv: Invocation, name: string, restart: string, remove: boolean): ExecResult {
  const chunks: { fd: 1 | 2; text: string }[] = [];
  const timeout = parseGoDuration(str(inv.flags, 'pod-running-timeout') ?? '1m') ?? 60;
  const read = (): Pod | undefined => {
    const r = inv.client.get('pods', inv.namespace, name);
    return r.ok ? (r.value as unknown as Pod) : undefined;
  };
  const done = (p: Pod | undefined) => p?.status?.phase === 'Succeeded' || p?.status?.phase === 'Failed';
  const runningAndReady = (p: Pod | undefined) => p?.status?.phase === 'Running' && (p.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
  // waitForPod is a watch (UntilWithSync): every status the pod passes through counts, however briefly it lasted.
  const seen: Pod[] = [];
  const first = read();
  if (first) seen.push(first);
  const watch = inv.client.watch('pods', inv.namespace, first?.metadata?.resourceVersion ?? '0', (e) => {
    if (e.object.metadata.name === name && e.type !== 'DELETED') seen.push(e.object as unknown as Pod);
  });
  let pod: Pod | undefined;
  try {
    for (let waited = 0; ; waited += STEP_MS) {
      pod = seen.find((p) => done(p) || runningAndReady(p));
      if (pod) break;
      seen.length = 0;
      if (waited >= timeout * 1000) return finish(inv, name, remove, chunks, { fd: 2, text: 'error: timed out waiting for the condition\n' }, 1);
      inv.ctx.cluster.advance(STEP_MS);
    }
  } finally {
    if (watch.ok) watch.value.stop();
  }
  if (!done(pod) && !bool(inv.flags, 'quiet')) chunks.push({ fd: 2, text: "If you don't see a command prompt, try pressing enter.\n" });
  if (!done(pod) && pod && attachShell(inv, pod, name, restart, remove)) return collect(chunks, 0);
  return afterAttach(inv, name, restart, remove, chunks, true);
}

/**
 * `-it` on a shell: the learner's terminal is attached to it (pkg/cmd/attach),
 * and their next lines run in it; its `exit` ends the container's process,
 * then kubectl goes on as after any attach. False when there is nothing to
 * attach a terminal to (no -t, not a shell, a command run on its own).
 */
function attachShell(inv: Invocation, pod: Pod, name: string, restart: string, remove: boolean): boolean {
  const c = runtimeContainer(inv, pod, name);
  const argv0 = c?.argv[0];
  const interactive = bool(inv.flags, 'stdin') === true && bool(inv.flags, 'tty') === true;
  if (!c || !argv0 || !interactive || !isShell(argv0) || c.argv.includes('-c') || !inv.ctx.shell?.enterContainer) return false;
  const shell = containerShell(inv, {
    pod,
    container: name,
    argv0,
    run: (argv, cwd) => execOnce(inv, name, name, argv, cwd),
    ended: (status) => {
      // The shell was the container's process: its exit is the container's (stdinOnce closed stdin).
      const running = runtimeContainer(inv, pod, name);
      if (running) inv.ctx.cluster.node?.(pod.spec?.nodeName ?? '')?.runtime.processExited(running, status);
      const said: { fd: 1 | 2; text: string }[] = [];
      const again = reattachMessage(pod, name, { stdin: true, tty: true, quiet: bool(inv.flags, 'quiet') === true });
      if (again) said.push({ fd: 1, text: `${again}\n` });
      return afterAttach(inv, name, restart, remove, said, false);
    },
  });
  if (!shell) return false;
  inv.ctx.shell.enterContainer(shell);
  return true;
}

/** What kubectl run does once attached: wait for the exit code (restart Never/OnFailure), delete with --rm, report. */
function afterAttach(inv: Invocation, name: string, restart: string, remove: boolean, chunks: { fd: 1 | 2; text: string }[], showLogs: boolean): ExecResult {
  const read = (): Pod | undefined => {
    const r = inv.client.get('pods', inv.namespace, name);
    return r.ok ? (r.value as unknown as Pod) : undefined;
  };
  const done = (p: Pod | undefined) => p?.status?.phase === 'Succeeded' || p?.status?.phase === 'Failed';
  const waitForExit = restart === 'Never' || restart === 'OnFailure';
  if (!waitForExit) {
    if (showLogs) chunks.push({ fd: 1, text: logsOf(inv, name) });
    return finish(inv, name, remove, chunks, undefined, 0);
  }
  const finished = (p: Pod | undefined) => (restart === 'OnFailure' ? p?.status?.phase === 'Succeeded' : done(p));
  let pod = read();
  for (let waited = 0; pod && !finished(pod) && waited < LONGEST_RUN_MS; waited += STEP_MS) {
    inv.ctx.cluster.advance(STEP_MS);
    pod = read();
  }
  if (showLogs) chunks.push({ fd: 1, text: logsOf(inv, name) });
  if (!pod) return finish(inv, name, remove, chunks, { fd: 2, text: `error: pods "${name}" not found\n` }, 1);
  const terminated = pod.status?.containerStatuses?.[0]?.state?.terminated;
  if (pod.status?.phase === 'Succeeded') return finish(inv, name, remove, chunks, undefined, 0);
  if (pod.status?.phase === 'Failed') {
    const rc = terminated?.exitCode ?? 0;
    if (!terminated || rc === 0) return finish(inv, name, remove, chunks, { fd: 2, text: `pod ${inv.namespace}/${name} failed with unknown exit code\n` }, 1);
    return finish(inv, name, remove, chunks, { fd: 2, text: `pod ${inv.namespace}/${name} terminated (${terminated.reason ?? ''})\n${terminated.message ? `${terminated.message}\n` : ''}` }, rc);
  }
  return finish(inv, name, remove, chunks, { fd: 2, text: `error: pod ${inv.namespace}/${name} left in phase ${pod.status?.phase ?? ''}\n` }, 1);
}

/** What the container has written (the attached stream, as kubectl shows it without a terminal). */
function logsOf(inv: Invocation, name: string): string {
  const r = inv.client.podLogs(inv.namespace, name, {});
  return r.ok ? r.value : '';
}

/** Deletes the pod with --rm (waiting until it is gone, as kubectl delete does), then prints the error that ends the run. */
function finish(inv: Invocation, name: string, remove: boolean, chunks: { fd: 1 | 2; text: string }[], error: { fd: 1 | 2; text: string } | undefined, exitCode: number): ExecResult {
  if (remove) {
    const del = inv.client.delete('pods', inv.namespace, name);
    if (del.ok) {
      for (let waited = 0; waited < 60_000 && inv.client.get('pods', inv.namespace, name).ok; waited += STEP_MS) inv.ctx.cluster.advance(STEP_MS);
      chunks.push({ fd: 1, text: `pod "${name}" deleted\n` });
    } else chunks.push({ fd: 2, text: statusMessage(del.status) });
  }
  if (error) chunks.push(error);
  return collect(chunks, exitCode);
}
