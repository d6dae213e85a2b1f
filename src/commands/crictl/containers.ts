/**
 * `crictl ps`, `crictl inspect` and `crictl logs` over the node's runtime
 * (cri-tools v1.32 cmd/crictl/container.go, logs.go). IDs are resolved like
 * containerd's truncindex: a full ID or a unique prefix.
 */
import type { ContainerRuntime, RuntimeContainer, Sandbox } from '../../cluster/runtime/runtime.js';
import { ago, goIndentedJson, rfc3339Nano, table, truncatedId, ZERO_TIME } from './format.js';
import { RE2JS } from 're2js';

/** What a crictl subcommand needs from the node. */
export interface CriNode {
  readonly runtime: ContainerRuntime;
  /** The host clock (ms). */
  readonly now: number;
  /** How far the host clock is ahead of true time: containerd stamps times with it. */
  readonly offsetMs: number;
}

/** A subcommand's result before the connection preamble is added. */
export interface CriResult {
  stdout: string;
  /** An error that ends crictl through logrus.Fatal. */
  fatal?: string;
}

/** Finds one object by full ID or unique prefix, as containerd's truncindex does. */
export function resolveId<T extends { id: string }>(items: Iterable<T>, id: string): { ok: true; value: T } | { ok: false; reason: string } {
  const matches = [...items].filter((x) => x.id.startsWith(id));
  const exact = matches.find((x) => x.id === id);
  if (exact) return { ok: true, value: exact };
  if (id === '' || matches.length === 0) return { ok: false, reason: 'not found' };
  if (matches.length > 1) return { ok: false, reason: `multiple IDs found with provided prefix: ${id}` };
  return { ok: true, value: matches[0] };
}

/** The container's state as ps prints it (convertContainerState). */
const STATE: Record<RuntimeContainer['state'], string> = { CONTAINER_CREATED: 'Created', CONTAINER_RUNNING: 'Running', CONTAINER_EXITED: 'Exited' };

/** The kubelet labels on a container (pkg/kubelet/types/labels.go). */
export function containerLabels(c: RuntimeContainer, sandbox: Sandbox | undefined): Record<string, string> {
  return {
    'io.kubernetes.container.name': c.name,
    'io.kubernetes.pod.name': sandbox?.podName ?? '',
    'io.kubernetes.pod.namespace': sandbox?.namespace ?? '',
    'io.kubernetes.pod.uid': c.podUid,
  };
}

/** The CRI log path the kubelet sets: /var/log/pods/<ns>_<pod>_<uid>/<container>/<attempt>.log. */
export function logPath(c: RuntimeContainer, sandbox: Sandbox | undefined, attempt = c.attempt): string {
  return `/var/log/pods/${sandbox?.namespace ?? ''}_${sandbox?.podName ?? ''}_${c.podUid}/${c.name}/${attempt}.log`;
}

/** Options of `crictl ps`. */
export interface PsOptions {
  all: boolean;
  quiet: boolean;
  name?: string;
  namespace?: string;
  pod?: string;
  id?: string;
  state?: string;
  latest: boolean;
  last?: number;
  noTrunc: boolean;
}

/**
 * crictl's `--name`/`--namespace` filters are Go regular expressions (RE2, so
 * re2js: linear time whatever the pattern); an invalid one matches nothing.
 */
export function regexMatcher(pattern: string | undefined): (target: string) => boolean {
  if (!pattern) return () => true;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch {
    return () => false;
  }
  return (target) => re.matcher(target).find();
}

/** `crictl ps`: running containers (all with -a), newest first. */
export function runPs(node: CriNode, o: PsOptions): CriResult {
  const rt = node.runtime;
  let state: string | undefined = o.all ? undefined : 'CONTAINER_RUNNING';
  if (o.state) {
    const s = o.state.toLowerCase();
    if (!['created', 'running', 'exited', 'unknown'].includes(s)) return { stdout: '', fatal: '--state should be one of created, running, exited or unknown' };
    state = `CONTAINER_${s.toUpperCase()}`;
  }
  if (o.latest || (o.last ?? 0) > 0) state = undefined;
  const nameMatches = regexMatcher(o.name);
  const namespaceMatches = regexMatcher(o.namespace);
  let list = [...rt.containers.values()].filter((c) => {
    const sandbox = rt.sandboxes.get(c.sandboxId);
    if (state && c.state !== state) return false;
    if (o.id && !c.id.startsWith(o.id)) return false;
    if (o.pod && !c.sandboxId.startsWith(o.pod)) return false;
    return nameMatches(c.name) && namespaceMatches(sandbox?.namespace ?? '');
  });
  list.sort((a, b) => b.createdAt - a.createdAt);
  if (o.latest) list = list.slice(0, 1);
  else if ((o.last ?? 0) > 0) list = list.slice(0, o.last);
  if (o.quiet) return { stdout: list.map((c) => `${c.id}\n`).join('') };
  const rows = [['CONTAINER', 'IMAGE', 'CREATED', 'STATE', 'NAME', 'ATTEMPT', 'POD ID', 'POD', 'NAMESPACE']];
  for (const c of list) {
    const sandbox = rt.sandboxes.get(c.sandboxId);
    // The kubelet creates containers from the image ID, so IMAGE is the truncated digest.
    const image = o.noTrunc ? c.imageId : truncatedId(c.imageId, 'sha256:');
    rows.push([o.noTrunc ? c.id : truncatedId(c.id), image, ago(node.now - (c.createdAt + node.offsetMs)), STATE[c.state], c.name, String(c.attempt), o.noTrunc ? c.sandboxId : truncatedId(c.sandboxId), sandbox?.podName ?? '', sandbox?.namespace ?? '']);
  }
  return { stdout: table(rows) };
}

/** The JSON `crictl inspect` prints: {info, status} with every map's keys sorted. */
export function containerStatusJson(node: CriNode, c: RuntimeContainer): unknown {
  const sandbox = node.runtime.sandboxes.get(c.sandboxId);
  const t = (ms: number) => rfc3339Nano(ms + node.offsetMs);
  const labels = containerLabels(c, sandbox);
  const image = node.runtime.images.get(c.imageId);
  return {
    info: {
      sandboxID: c.sandboxId,
      pid: c.state === 'CONTAINER_RUNNING' ? pidOf(c.id) : 0,
      removing: false,
      snapshotKey: c.id,
      snapshotter: 'overlayfs',
      runtimeType: 'io.containerd.runc.v2',
      runtimeOptions: { systemd_cgroup: true },
    },
    status: {
      id: c.id,
      metadata: { attempt: c.attempt, name: c.name },
      state: c.state,
      createdAt: t(c.createdAt),
      startedAt: c.state === 'CONTAINER_CREATED' || !c.startedAt ? ZERO_TIME : t(c.startedAt),
      finishedAt: c.state === 'CONTAINER_EXITED' && c.finishedAt !== undefined ? t(c.finishedAt) : ZERO_TIME,
      exitCode: c.exitCode ?? 0,
      image: { annotations: {}, image: image?.tags[0] ?? c.image, runtimeHandler: '', userSpecifiedImage: '' },
      imageRef: image ? `${(image.tags[0] ?? '').replace(/:[^:/]+$/, '')}@sha256:${digestOf(image.id)}` : c.imageId,
      reason: c.state === 'CONTAINER_EXITED' ? (c.reason ?? '') : '',
      message: '',
      labels,
      annotations: { 'io.kubernetes.container.restartCount': String(c.attempt), 'io.kubernetes.container.terminationMessagePath': '/dev/termination-log', 'io.kubernetes.container.terminationMessagePolicy': 'File', 'io.kubernetes.pod.terminationGracePeriod': '30' },
      mounts: [],
      logPath: logPath(c, sandbox),
      resources: null,
      imageId: '',
      user: { linux: { gid: '0', supplementalGroups: ['0'], uid: '0' } },
    },
  };
}

/** A stable process id for a running container (the simulation has no real processes). */
function pidOf(id: string): number {
  return 1000 + (parseInt(id.slice(0, 6), 16) % 60000);
}

/** The repository digest of an image: a stable function of its ID. */
export function digestOf(imageId: string): string {
  const hex = imageId.replace(/^sha256:/, '');
  return [...hex].reverse().join('');
}

/** `crictl inspect ID...`. */
export function runInspect(node: CriNode, ids: readonly string[]): CriResult {
  if (ids.length === 0) return { stdout: '', fatal: 'ID cannot be empty' };
  const statuses: unknown[] = [];
  for (const id of ids) {
    const found = resolveId(node.runtime.containers.values(), id);
    if (!found.ok) return { stdout: '', fatal: `get the status of containers: get container status: rpc error: code = NotFound desc = an error occurred when try to find container "${id}": ${found.reason}` };
    statuses.push(containerStatusJson(node, found.value));
  }
  return { stdout: goIndentedJson(statuses.length === 1 ? statuses[0] : statuses) };
}

/** Options of `crictl logs`. */
export interface LogsOptions {
  tail?: number;
  timestamps: boolean;
  previous: boolean;
}

/** `crictl logs [--tail N] [--timestamps] [-p] ID`. */
export function runLogs(node: CriNode, id: string | undefined, o: LogsOptions): CriResult {
  if (!id) return { stdout: '', fatal: 'ID cannot be empty' };
  const found = resolveId(node.runtime.containers.values(), id);
  if (!found.ok) return { stdout: '', fatal: `rpc error: code = NotFound desc = an error occurred when try to find container "${id}": ${found.reason}` };
  let c = found.value;
  const sandbox = node.runtime.sandboxes.get(c.sandboxId);
  if (o.previous) {
    if (c.attempt === 0) return { stdout: '', fatal: `previous terminated container ${c.name} not found` };
    const prev = [...node.runtime.containers.values()].find((p) => p.sandboxId === c.sandboxId && p.name === c.name && p.attempt === c.attempt - 1);
    if (!prev) {
      const path = logPath(c, sandbox, c.attempt - 1);
      return { stdout: '', fatal: `failed to try resolving symlinks in path "${path}": lstat ${path}: no such file or directory` };
    }
    c = prev;
  }
  let lines = c.logs;
  if (o.tail !== undefined && o.tail >= 0) lines = o.tail === 0 ? [] : lines.slice(-o.tail);
  return { stdout: lines.map((l) => (o.timestamps ? `${rfc3339Nano(l.time + node.offsetMs)} ${l.line}\n` : `${l.line}\n`)).join('') };
}
