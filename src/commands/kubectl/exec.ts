/**
 * `kubectl exec (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] -- COMMAND
 * [args...]` as kubectl 1.32 runs it (pkg/cmd/exec/exec.go): the pod must
 * not have completed, the container defaults with kubectl's notice, the
 * command runs through the API server and the node's kubelet in the
 * container (cluster/programs/exec.ts), and a non-zero status ends with
 * `command terminated with exit code N`. The command's simulated run time
 * passes on the cluster's clock.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { ContainerRun, ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { bool, str } from './flags.js';
import { attachablePod } from './attachable-pod.js';
import { containerShell } from './container-shell.js';
import { isShell } from '../../cluster/programs/shell-words.js';
import type { Status } from '../../cluster/apiserver/types.js';
import { statusMessage } from './errors.js';

const USAGE = "error: expected 'exec (POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]'.\nPOD or TYPE/NAME is a required argument for the exec command\nSee 'kubectl exec -h' for help and examples\n";

/** Runs `kubectl exec`. */
export function runExec(inv: Invocation): ExecResult {
  const [target, ...command] = inv.args;
  if (!target) return { stdout: '', stderr: USAGE, exitCode: 1 };
  if (command.length === 0) return { stdout: '', stderr: 'error: you must specify at least one command for the container\n', exitCode: 1 };
  const found = attachablePod(inv, target);
  if ('error' in found) return found.error;
  const pod = found.pod;
  const podName = pod.metadata?.name ?? '';
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return { stdout: '', stderr: `error: cannot exec into a container in a completed pod; current phase is ${phase}\n`, exitCode: 1 };
  let stderr = '';
  let container = str(inv.flags, 'container');
  if (!container) {
    const containers = pod.spec?.containers ?? [];
    const annotated = pod.metadata?.annotations?.['kubectl.kubernetes.io/default-container'];
    container = annotated && containers.some((c) => c.name === annotated) ? annotated : containers[0]?.name;
    if (!annotated && containers.length > 1) {
      const names = [...containers.map((c) => c.name), ...(pod.spec?.initContainers ?? []).map((c) => `${c.name} (init)`)];
      stderr += `Defaulted container "${container}" out of: ${names.join(', ')}\n`;
    }
  }
  const tty = bool(inv.flags, 'tty') === true;
  if (tty && !bool(inv.flags, 'stdin')) stderr += 'Unable to use a TTY - input is not a terminal or the right kind of file\n';
  const stdin = bool(inv.flags, 'stdin') === true;
  const r = inv.client.podExec(inv.namespace, podName, { container, command, stdin, tty });
  if (!r.ok) return { stdout: '', stderr: `${stderr}${execError(r.status)}`, exitCode: 1 };
  // `-it … -- sh`: the shell stays attached to the terminal; the learner's next lines run in it.
  if (stdin && tty && isShell(command[0]) && !command.includes('-c') && inv.ctx.shell?.enterContainer && container) {
    const shell = containerShell(inv, { pod: pod as unknown as Pod, container, argv0: command[0], run: (argv, cwd) => execOnce(inv, podName, container!, argv, cwd), ended: terminated });
    if (shell) {
      inv.ctx.shell.enterContainer(shell);
      return collect(stderr ? [{ fd: 2, text: stderr }] : [], 0);
    }
  }
  inv.ctx.cluster.advance(r.value.durationMs);
  const chunks = [...(stderr ? [{ fd: 2 as const, text: stderr }] : []), ...(r.value.chunks ?? [{ fd: 2 as const, text: r.value.stderr }, { fd: 1 as const, text: r.value.stdout }])];
  let exitCode = 0;
  if (r.value.exitCode !== 0) {
    chunks.push({ fd: 2, text: `command terminated with exit code ${r.value.exitCode}\n` });
    exitCode = r.value.exitCode;
  }
  return collect(chunks, exitCode);
}

/** One command of an attached shell, run as `kubectl exec` runs one; a container that is gone ends the session. */
export function execOnce(inv: Invocation, podName: string, container: string, command: readonly string[], cwd = '/'): ContainerRun {
  const r = inv.client.podExec(inv.namespace, podName, { container, command, stdin: true, tty: true, ...(cwd !== '/' ? { workingDir: cwd } : {}) });
  if (!r.ok) return { result: { stdout: '', stderr: execError(r.status), exitCode: 1 }, ended: true };
  inv.ctx.cluster.advance(r.value.durationMs);
  return { result: collect(r.value.chunks ?? [{ fd: 2, text: r.value.stderr }, { fd: 1, text: r.value.stdout }], r.value.exitCode) };
}

/**
 * How kubectl words a failed exec (client-go's SPDY upgrade): the API server's
 * own failure comes back as a Status body, a StatusError (`Error from server:
 * error dialing backend: …`); the kubelet's plain-text refusals and the
 * stream's errors are plain errors (`error: unable to upgrade connection: …`).
 */
function execError(status: Status): string {
  return status.message.startsWith('error dialing backend') ? statusMessage(status) : `error: ${status.message}\n`;
}

/** What kubectl exec says once the remote shell exited with `status`. */
export function terminated(status: number): ExecResult {
  return status === 0 ? { stdout: '', stderr: '', exitCode: 0 } : { stdout: '', stderr: `command terminated with exit code ${status}\n`, exitCode: status };
}

/** An ExecResult from ordered chunks. */
export function collect(chunks: readonly { fd: 1 | 2; text: string }[], exitCode: number): ExecResult {
  const kept = chunks.filter((c) => c.text);
  return { stdout: kept.filter((c) => c.fd === 1).map((c) => c.text).join(''), stderr: kept.filter((c) => c.fd === 2).map((c) => c.text).join(''), exitCode, chunks: kept };
}
