/**
 * `kubectl logs`, after kubernetes/kubectl pkg/cmd/logs/logs.go and
 * polymorphichelpers/logsforobject.go: a pod, or `TYPE/NAME` of a workload
 * (its first pod by kubectl's ByLogging order), container defaulting with the
 * `Defaulted container ...` notice, then GET pods/log through the API server.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { ApiClient, KubeObject, PodLogOptions } from '../../cluster/apiserver/types.js';
import type { ExecResult, FollowCursor } from '../types.js';
import type { Invocation } from './invocation.js';
import { bool, int, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { resolveTypes } from './resolve.js';
import { parseGoDuration } from '../../cluster/clock/go-duration.js';

/** time.ParseDuration, re-exported for the commands that import it from here. */
export { parseGoDuration };

const USAGE =
  "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples\n";

/** kubectl's ByLogging order: scheduled, Running, ready, more restarts, older first. */
function byLogging(a: Pod, b: Pod): number {
  const phase = (p: Pod) => ({ Running: 0, Unknown: 1, Pending: 2 })[p.status?.phase ?? ''] ?? 3;
  const ready = (p: Pod) => (p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
  const restarts = (p: Pod) => (p.status?.containerStatuses ?? []).reduce((n, c) => n + (c.restartCount ?? 0), 0);
  return (
    Number(!a.spec?.nodeName) - Number(!b.spec?.nodeName) ||
    phase(a) - phase(b) ||
    Number(ready(b)) - Number(ready(a)) ||
    restarts(b) - restarts(a) ||
    Date.parse(a.metadata?.creationTimestamp ?? '') - Date.parse(b.metadata?.creationTimestamp ?? '')
  );
}

/** Finds the pod a `logs` argument means; `notice` is kubectl's `Found N pods` line. */
function findPod(inv: Invocation, arg: string): { ok: true; pod: KubeObject; notice: string } | { ok: false; result: ExecResult } {
  const slash = arg.indexOf('/');
  const typed = slash >= 0 ? arg.slice(0, slash) : 'pods';
  const name = slash >= 0 ? arg.slice(slash + 1) : arg;
  const infos = resolveTypes(typed);
  if (!Array.isArray(infos)) return { ok: false, result: errorResult(`the server doesn't have a resource type "${infos.unknown}"`) };
  const info = infos[0];
  const r = inv.client.get(info.name, inv.namespace, name);
  if (!r.ok) return { ok: false, result: { stdout: '', stderr: statusMessage(r.status), exitCode: 1 } };
  if (info.kind === 'Pod') return { ok: true, pod: r.value, notice: '' };
  const selector = (r.value.spec as { selector?: { matchLabels?: Record<string, string> } } | undefined)?.selector?.matchLabels;
  if (!selector) return { ok: false, result: errorResult(`cannot get the logs from ${info.kind.toLowerCase()}.${info.group || ''}`.replace(/\.$/, '')) };
  const labelSelector = Object.entries(selector)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  const pods = inv.client.list('pods', inv.namespace, { labelSelector });
  if (!pods.ok) return { ok: false, result: { stdout: '', stderr: statusMessage(pods.status), exitCode: 1 } };
  const sorted = [...(pods.value.items as unknown as Pod[])].sort(byLogging);
  if (sorted.length === 0) return { ok: false, result: errorResult(`timed out waiting for the condition`) };
  const pod = sorted[0] as unknown as KubeObject;
  const notice = sorted.length > 1 ? `Found ${sorted.length} pods, using pod/${pod.metadata.name}\n` : '';
  return { ok: true, pod, notice };
}

/** Runs `kubectl logs`. */
export function runLogs(inv: Invocation): ExecResult {
  if (inv.args.length === 0 || inv.args.length > 2) return { stdout: '', stderr: USAGE, exitCode: 1 };
  const found = findPod(inv, inv.args[0]);
  if (!found.ok) return found.result;
  const pod = found.pod as unknown as Pod;
  let stderr = found.notice;
  let container = str(inv.flags, 'container') ?? inv.args[1];
  const allContainers = bool(inv.flags, 'all-containers');
  // logs.go Validate.
  if (allContainers && container) return errorResult(`--all-containers=true should not be specified with container name ${container}`);
  if (!container && !allContainers) {
    const containers = pod.spec?.containers ?? [];
    const annotated = pod.metadata?.annotations?.['kubectl.kubernetes.io/default-container'];
    if (annotated && containers.some((c) => c.name === annotated)) container = annotated;
    else if (containers.length > 0) {
      container = containers[0].name;
      if (containers.length > 1) {
        // podcmd.FindOrDefaultContainerByName
        const names = [...containers.map((c) => c.name), ...(pod.spec?.initContainers ?? []).map((c) => `${c.name} (init)`)];
        stderr += `Defaulted container "${container}" out of: ${names.join(', ')}\n`;
      }
    }
  }
  const options: PodLogOptions = {};
  if (container) options.container = container;
  if (bool(inv.flags, 'previous')) options.previous = true;
  if (bool(inv.flags, 'timestamps')) options.timestamps = true;
  const tail = int(inv.flags, 'tail');
  if (tail !== undefined && tail >= 0) options.tailLines = tail;
  const since = str(inv.flags, 'since');
  const sinceTime = str(inv.flags, 'since-time');
  // logs.go Validate.
  if (since !== undefined && sinceTime !== undefined) return errorResult('at most one of `sinceTime` or `sinceSeconds` may be specified');
  const limitBytes = int(inv.flags, 'limit-bytes');
  if (limitBytes !== undefined && limitBytes < 0) return errorResult('--limit-bytes must be greater than 0');
  let future = false;
  if (sinceTime !== undefined) {
    // util.ParseRFC3339: RFC 3339 with or without fractional seconds.
    const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(sinceTime) ? Date.parse(sinceTime) : Number.NaN;
    if (Number.isNaN(at)) return errorResult(`parsing time ${JSON.stringify(sinceTime)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(sinceTime)} as "2006"`);
    if (at > inv.now) future = true;
    else options.sinceSeconds = Math.max(1, Math.ceil((inv.now - at) / 1000));
  }
  if (since !== undefined) {
    const seconds = parseGoDuration(since);
    if (seconds === undefined) return { stdout: '', stderr: `error: invalid argument "${since}" for "--since" flag: time: invalid duration "${since}"\nSee 'kubectl logs --help' for usage.\n`, exitCode: 1 };
    options.sinceSeconds = Math.ceil(seconds);
  }
  const namespace = pod.metadata?.namespace ?? inv.namespace;
  const podName = pod.metadata?.name ?? '';
  if (allContainers) return allContainerLogs(inv, pod, options, stderr);
  const r = inv.client.podLogs(namespace, podName, options);
  if (!r.ok) return { stdout: '', stderr: stderr + statusMessage(r.status), exitCode: 1 };
  // A sinceTime still to come selects no line; limitBytes cuts the log at that many bytes, as the kubelet's reader does.
  if (future) r.value = '';
  if (limitBytes !== undefined && limitBytes > 0) r.value = Buffer.from(r.value).subarray(0, limitBytes).toString();
  if (bool(inv.flags, 'prefix')) r.value = prefixed(r.value, podName, container ?? '');
  // `-f` streams in the interactive terminal; elsewhere it prints what the container has written so far.
  if (bool(inv.flags, 'follow') && inv.ctx.canFollow) {
    return { stdout: r.value, stderr, exitCode: 0, follow: podLogCursor(inv.client, namespace, podName, options) };
  }
  return { stdout: r.value, stderr, exitCode: 0 };
}

/** --prefix: each line starts with `[pod/<pod>/<container>] ` (logs.go addPrefixIfNeeded). */
function prefixed(text: string, pod: string, container: string): string {
  return text.replace(/^(?=.)/gm, `[pod/${pod}/${container}] `);
}

/**
 * --all-containers: the log of every container, init containers first, then
 * the app containers and the ephemeral ones (polymorphichelpers
 * allContainers), one after the other. A log that cannot be read stops there
 * with its error, unless --ignore-errors. Followed, the logs are printed as
 * they stand (the streams of several containers are not interleaved here).
 */
function allContainerLogs(inv: Invocation, pod: Pod, options: PodLogOptions, stderr: string): ExecResult {
  const namespace = pod.metadata?.namespace ?? inv.namespace;
  const podName = pod.metadata?.name ?? '';
  const names = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].map((c) => c.name);
  const prefix = bool(inv.flags, 'prefix');
  let stdout = '';
  for (const name of names) {
    const r = inv.client.podLogs(namespace, podName, { ...options, container: name });
    if (!r.ok) {
      if (bool(inv.flags, 'ignore-errors')) continue;
      // The logs already printed come before the error, as kubectl writes them.
      const error = statusMessage(r.status);
      const chunks = [...(stderr ? [{ fd: 2 as const, text: stderr }] : []), ...(stdout ? [{ fd: 1 as const, text: stdout }] : []), { fd: 2 as const, text: error }];
      return { stdout, stderr: stderr + error, exitCode: 1, chunks };
    }
    stdout += prefix ? prefixed(r.value, podName, name) : r.value;
  }
  return { stdout, stderr, exitCode: 0 };
}

/**
 * What `kubectl logs -f` shows next: the log (without --tail/--since, which
 * only shape the first output) re-read through the API server, less what was
 * already shown. Upstream holds one streaming GET open (follow=true); here each
 * poll is one GET. When the log no longer extends what was shown (the
 * container restarted and its log is a new file) real kubectl's stream ends;
 * the cursor starts over from the new log silently instead.
 */
export function podLogCursor(client: ApiClient, namespace: string, name: string, options: PodLogOptions): FollowCursor {
  const whole: PodLogOptions = { ...options };
  delete whole.tailLines;
  delete whole.sinceSeconds;
  const read = (): string | undefined => {
    const r = client.podLogs(namespace, name, whole);
    return r.ok ? r.value : undefined;
  };
  let shown = read() ?? '';
  return {
    next() {
      const now = read();
      if (now === undefined) return '';
      const fresh = now.startsWith(shown) ? now.slice(shown.length) : '';
      shown = now;
      return fresh;
    },
  };
}
