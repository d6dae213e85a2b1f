/**
 * `kubectl rollout status` as kubectl 1.32 runs it (pkg/cmd/rollout/
 * rollout_status.go): list the object, print its status line, then print the
 * status again on every watch event until the rollout is done, it fails (a
 * Deployment past its progress deadline), the object is deleted, or
 * `--timeout` passes (`error: timed out waiting for the condition`).
 *
 * In the TUI (`ctx.canFollow`) the command follows like `get -w` while
 * simulated time goes on with wall time. Elsewhere (exec, scripts, line
 * mode) nothing else can move the clock, so the command advances simulated
 * time itself, one second at a time, until it ends.
 */
import type { KubeObject, WatchEvent } from '../../cluster/apiserver/types.js';
import type { ExecResult, FollowCursor } from '../types.js';
import type { Invocation } from './invocation.js';
import { rolloutStatusLine } from './rollout.js';
import { statusMessage } from './errors.js';

/**
 * The longest a non-interactive `rollout status` without `--timeout` waits, in
 * simulated ms. kubectl's default (0) waits forever, but a script cannot press
 * Ctrl+C; 15 minutes is past the default progressDeadlineSeconds (600 s) at
 * which a stuck Deployment fails on its own, so only a rollout that can never
 * finish or fail (a DaemonSet, a deadline raised by the scenario) reaches it.
 */
const NON_INTERACTIVE_WAIT_MS = 15 * 60_000;

/** Simulated time per step of a non-interactive wait. */
const STEP_MS = 1_000;

const TIMED_OUT = 'error: timed out waiting for the condition\n';

/** A status watch: each call handles the events since the last one. */
interface StatusWatch {
  /** Status lines for the new events, and the final status once it ended. */
  drain(): { text: string; stderr: string; exitCode?: number };
  stop(): void;
}

/** Starts watching `obj` (already fetched) the way UntilWithSync does: its current state counts as the first event. */
function watchStatus(inv: Invocation, resource: string, obj: KubeObject): StatusWatch | { error: ExecResult } {
  const namespace = obj.metadata.namespace;
  const name = obj.metadata.name ?? '';
  const events: WatchEvent[] = [{ type: 'ADDED', object: obj }];
  const handle = inv.client.watch(resource, namespace, obj.metadata.resourceVersion ?? '0', (e) => {
    if (e.object.metadata.name === name) events.push(e);
  });
  // A watch the server refuses (RBAC, a lost connection) ends the wait with its error, as UntilWithSync returns it.
  if (!handle.ok) return { error: { stdout: '', stderr: statusMessage(handle.status), exitCode: 1 } };
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    handle.value.stop();
  };
  return {
    drain() {
      let text = '';
      for (const e of events.splice(0)) {
        if (e.type === 'DELETED') {
          stop();
          return { text, stderr: 'error: object has been deleted\n', exitCode: 1 };
        }
        const s = rolloutStatusLine({ ...e.object, kind: e.object.kind ?? obj.kind });
        if (s.error) {
          stop();
          return { text, stderr: `error: ${s.error}\n`, exitCode: 1 };
        }
        text += s.text;
        if (s.done) {
          stop();
          return { text, stderr: '', exitCode: 0 };
        }
      }
      return { text, stderr: '' };
    },
    stop,
  };
}

/**
 * Runs the watching part of `rollout status` for an object whose status
 * viewer exists. `timeoutMs` 0 means no timeout.
 */
export function followRolloutStatus(inv: Invocation, resource: string, obj: KubeObject, timeoutMs: number): ExecResult {
  const watch = watchStatus(inv, resource, obj);
  if ('error' in watch) return watch.error;
  const cluster = inv.ctx.cluster;
  const startedAt = cluster.now();
  const first = watch.drain();
  if (first.exitCode !== undefined) return ended(first.text, first.stderr, first.exitCode);

  if (inv.ctx.canFollow) {
    let exitCode: number | undefined;
    const cursor: FollowCursor = {
      next() {
        if (exitCode !== undefined) return '';
        const r = watch.drain();
        if (r.exitCode !== undefined) {
          exitCode = r.exitCode;
          return r.text + r.stderr;
        }
        if (timeoutMs > 0 && cluster.now() - startedAt >= timeoutMs) {
          watch.stop();
          exitCode = 1;
          return r.text + TIMED_OUT;
        }
        return r.text;
      },
      stop() {
        watch.stop();
      },
      exitCode() {
        return exitCode;
      },
    };
    return { stdout: first.text, stderr: '', exitCode: 0, follow: cursor };
  }

  const limit = timeoutMs > 0 ? timeoutMs : NON_INTERACTIVE_WAIT_MS;
  let stdout = first.text;
  while (cluster.now() - startedAt < limit) {
    cluster.advance(Math.min(STEP_MS, limit - (cluster.now() - startedAt)));
    const r = watch.drain();
    stdout += r.text;
    if (r.exitCode !== undefined) return ended(stdout, r.stderr, r.exitCode);
  }
  watch.stop();
  return ended(stdout, TIMED_OUT, 1);
}

/** The result of a finished wait: the status lines, then the error that ended it. */
function ended(stdout: string, stderr: string, exitCode: number): ExecResult {
  return {
    stdout,
    stderr,
    exitCode,
    chunks: [
      { fd: 1, text: stdout },
      { fd: 2, text: stderr },
    ],
  };
}
