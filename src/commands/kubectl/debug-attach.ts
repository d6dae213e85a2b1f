/**
 * What `kubectl debug` does once its container exists (pkg/cmd/debug/debug.go
 * handleAttachPod, waitForContainer, kubectl 1.32): it watches the pod until
 * the container runs or has terminated, passing on the container's waiting
 * message as a warning; a terminated container's output is shown as its log;
 * a running one is attached as `kubectl attach` does (pkg/cmd/attach/attach.go
 * Run): "If you don't see a command prompt, try pressing enter.", then, for a
 * shell on a terminal, the learner's lines run in it until its `exit`.
 */
import type { Pod, ContainerStatus } from 'kubernetes-types/core/v1.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { containerShell, runtimeContainer } from './container-shell.js';
import { collect, execOnce } from './exec.js';
import { statusMessage } from './errors.js';
import { isShell } from '../../cluster/programs/shell-words.js';

/** One piece of output, in the order written. */
export type Chunk = { fd: 1 | 2; text: string };

const STEP_MS = 1_000;
/**
 * waitForContainer has no timeout of its own (debug.go: "TODO: expose the
 * timeout"); a learner would press Ctrl+C. The simulation stops waiting after
 * kubectl's usual pod-running timeout, with what an expired watch says.
 */
const LONGEST_WAIT_MS = 60_000;

/** How the debugging container is attached. */
export interface AttachOptions {
  /** -i: the container's stdin is attached. */
  stdin: boolean;
  /** -t: a terminal. */
  tty: boolean;
  /** -q: no informational messages. */
  quiet: boolean;
}

/** The status of `container` among the pod's init, app and ephemeral containers (debug.go getContainerStatusByName). */
export function containerStatus(pod: Pod, container: string): ContainerStatus | undefined {
  const s = pod.status;
  return [...(s?.initContainerStatuses ?? []), ...(s?.containerStatuses ?? []), ...(s?.ephemeralContainerStatuses ?? [])].find((c) => c.name === container);
}

/**
 * Waits for the container, then attaches to it. `printed` is what kubectl
 * printed so far; the result carries it with what follows. When a shell
 * was attached, the learner's shell now runs in it and this returns at once.
 */
export function attachDebugContainer(inv: Invocation, podName: string, container: string, options: AttachOptions, printed: readonly Chunk[]): ExecResult {
  const chunks = [...printed];
  const waited = waitForContainer(inv, podName, container, options.quiet, chunks);
  if ('error' in waited) return collect([...chunks, waited.error], 1);
  const pod = waited.pod;
  // "Ephemeral container terminated, falling back to logs".
  if (containerStatus(pod, container)?.state?.terminated) return withLogs(inv, podName, container, chunks);
  if (!options.quiet) chunks.push({ fd: 2, text: "If you don't see a command prompt, try pressing enter.\n" });
  const c = runtimeContainer(inv, pod, container);
  const shell = !!c && isShell(c.argv[0] ?? '') && !c.argv.includes('-c');
  if (shell) {
    // A shell reads the terminal's lines; without one it waits on its stdin (stdinOnce is not set) and kubectl leaves it running.
    if (options.stdin && options.tty) attachShell(inv, pod, container, options);
    return collect(chunks, 0);
  }
  // Any other process: attach streams what it writes until it ends.
  for (let waited = 0; waited < LONGEST_WAIT_MS; waited += STEP_MS) {
    const now = inv.client.get('pods', inv.namespace, podName);
    if (!now.ok || containerStatus(now.value as unknown as Pod, container)?.state?.terminated) break;
    inv.ctx.cluster.advance(STEP_MS);
  }
  return withLogs(inv, podName, container, chunks);
}

/** The container's output as `kubectl logs` shows it, after what was printed. */
function withLogs(inv: Invocation, podName: string, container: string, chunks: Chunk[]): ExecResult {
  const logs = inv.client.podLogs(inv.namespace, podName, { container });
  if (!logs.ok) return collect([...chunks, { fd: 2, text: statusMessage(logs.status) }], 1);
  return collect([...chunks, { fd: 1, text: logs.value }], 0);
}

/** Watches the pod until `container` runs or has terminated (UntilWithSync: every version the pod passed through counts). */
function waitForContainer(inv: Invocation, podName: string, container: string, quiet: boolean, chunks: Chunk[]): { pod: Pod } | { error: Chunk } {
  const seen: Pod[] = [];
  let deleted = false;
  const first = inv.client.get('pods', inv.namespace, podName);
  if (!first.ok) return { error: { fd: 2, text: statusMessage(first.status) } };
  seen.push(first.value as unknown as Pod);
  const watch = inv.client.watch('pods', inv.namespace, first.value.metadata.resourceVersion ?? '0', (e) => {
    if (e.object.metadata.name !== podName) return;
    if (e.type === 'DELETED') deleted = true;
    else seen.push(e.object as unknown as Pod);
  });
  try {
    for (let waited = 0; ; waited += STEP_MS) {
      for (const pod of seen.splice(0)) {
        const s = containerStatus(pod, container);
        if (s?.state?.running || s?.state?.terminated) return { pod };
        // The WarningPrinter's `Warning: ` line, for each status the watch delivers with a waiting message.
        const message = s?.state?.waiting?.message;
        if (!quiet && message) chunks.push({ fd: 2, text: `Warning: container ${container}: ${message}\n` });
      }
      // errors.NewNotFound(pods, ""): the watch saw the pod deleted.
      if (deleted) return { error: { fd: 2, text: 'Error from server (NotFound): pods "" not found\n' } };
      if (waited >= LONGEST_WAIT_MS) return { error: { fd: 2, text: 'error: timed out waiting for the condition\n' } };
      inv.ctx.cluster.advance(STEP_MS);
    }
  } finally {
    if (watch.ok) watch.value.stop();
  }
}

/**
 * `-it` on a shell: the learner's lines run in the container until the shell
 * exits, which ends the container's process (the debugging container is
 * never restarted: restartPolicy Never, or an ephemeral container).
 */
function attachShell(inv: Invocation, pod: Pod, container: string, options: AttachOptions): void {
  const argv0 = runtimeContainer(inv, pod, container)?.argv[0];
  if (!argv0 || !inv.ctx.shell?.enterContainer) return;
  const podName = pod.metadata?.name ?? '';
  const shell = containerShell(inv, {
    pod,
    container,
    argv0,
    run: (argv, cwd) => execOnce(inv, podName, container, argv, cwd),
    ended: (status) => {
      const running = runtimeContainer(inv, pod, container);
      if (running) inv.ctx.cluster.node?.(pod.spec?.nodeName ?? '')?.runtime.processExited(running, status);
      // attach returns nil whatever the shell's status: kubectl debug exits 0.
      const message = reattachMessage(pod, container, options);
      return collect(message ? [{ fd: 1, text: `${message}\n` }] : [], 0);
    },
  });
  if (shell) inv.ctx.shell.enterContainer(shell);
}

/**
 * attach.go reattachMessage (kubectl 1.32): only for a pod that restarts its
 * containers (restartPolicy Always) — so never after a node debugging pod —
 * and with its own words for an ephemeral container.
 */
export function reattachMessage(pod: Pod, container: string, options: AttachOptions): string {
  if (options.quiet || !options.stdin || (pod.spec?.restartPolicy ?? 'Always') !== 'Always') return '';
  const name = pod.metadata?.name ?? '';
  if ((pod.spec?.ephemeralContainers ?? []).some((c) => c.name === container)) {
    return `Session ended, the ephemeral container will not be restarted but may be reattached using 'kubectl attach ${name} -c ${container} -i -t' if it is still running`;
  }
  return `Session ended, resume using 'kubectl attach ${name} -c ${container} -i -t' command when the pod is running`;
}
