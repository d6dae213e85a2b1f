/**
 * `crictl ps`, `crictl inspect` and `crictl logs` (cri-tools v1.32
 * cmd/crictl/container.go, logs.go), rendered from the CRI's answers:
 * ListContainers, ContainerStatus (verbose for inspect), and the container's
 * log file at the LogPath its status names, read from the node's disk as
 * cri-client's logs.ReadLogs does.
 */
import type { CriContainerStatus, ContainerState } from '../../cluster/runtime/cri-client.js';
import { ago, goIndentedJson, rfc3339Nano, table, truncatedId, ZERO_TIME } from './format.js';
import { RE2JS } from 're2js';
import { splitNs, type CrictlCri } from './cri-calls.js';

/** What a crictl subcommand works with on the node. */
export interface CriNode {
  /** The CRI, through crictl's client. */
  readonly cri: CrictlCri;
  /** The host clock now (ms): read after the calls, which take time. */
  now(): number;
  /** Reads a file on the node (a container's log). */
  readFile(path: string): string | undefined;
}

/** A subcommand's result before the connection preamble is added. */
export interface CriResult {
  stdout: string;
  /** An error that ends crictl through logrus.Fatal. */
  fatal?: string;
}

/** The container's state as ps prints it (convertContainerState). */
const STATE: Record<ContainerState, string> = { CONTAINER_CREATED: 'Created', CONTAINER_RUNNING: 'Running', CONTAINER_EXITED: 'Exited', CONTAINER_UNKNOWN: 'Unknown' };

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

/** Milliseconds of a CRI time. */
const msOf = (ns: bigint): number => splitNs(ns).ms;

/** `crictl ps`: running containers (all with -a), newest first. */
export function runPs(node: CriNode, o: PsOptions): CriResult {
  // Running containers unless -a, --state, or --latest/--last say otherwise (container.go ListContainers).
  let state: ContainerState | undefined = o.all ? undefined : 'CONTAINER_RUNNING';
  if (o.state) {
    const s = o.state.toLowerCase();
    if (!['created', 'running', 'exited', 'unknown'].includes(s)) return { stdout: '', fatal: '--state should be one of created, running, exited or unknown' };
    state = `CONTAINER_${s.toUpperCase()}` as ContainerState;
  }
  if (o.latest || (o.last ?? 0) > 0) state = undefined;
  const r = node.cri.listContainers({ id: o.id ?? '', state, podSandboxId: o.pod ?? '' });
  if (!r.ok) return { stdout: '', fatal: `listing containers: list containers: call list containers RPC: ${r.error}` };
  const nameMatches = regexMatcher(o.name);
  const namespaceMatches = regexMatcher(o.namespace);
  let list = r.value.filter((c) => nameMatches(c.metadata.name) && namespaceMatches(c.labels['io.kubernetes.pod.namespace'] ?? ''));
  list.sort((a, b) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : 0));
  if (o.latest) list = list.slice(0, 1);
  else if ((o.last ?? 0) > 0) list = list.slice(0, o.last);
  if (o.quiet) return { stdout: list.map((c) => `${c.id}\n`).join('') };
  const now = node.now();
  const rows = [['CONTAINER', 'IMAGE', 'CREATED', 'STATE', 'NAME', 'ATTEMPT', 'POD ID', 'POD', 'NAMESPACE']];
  for (const c of list) {
    // The kubelet creates containers from the image ID, so IMAGE is the truncated digest.
    const image = o.noTrunc ? c.image.image : truncatedId(c.image.image, 'sha256:');
    rows.push([o.noTrunc ? c.id : truncatedId(c.id), image, ago(now - msOf(c.createdAt)), STATE[c.state], c.metadata.name, String(c.metadata.attempt), o.noTrunc ? c.podSandboxId : truncatedId(c.podSandboxId), c.labels['io.kubernetes.pod.name'] ?? '', c.labels['io.kubernetes.pod.namespace'] ?? '']);
  }
  return { stdout: table(rows) };
}

/** A CRI time as crictl's marshalContainerStatus prints it: RFC3339Nano, the zero time for 0. */
export function criTime(ns: bigint): string {
  if (ns === 0n) return ZERO_TIME;
  const { ms, extraNs } = splitNs(ns);
  return rfc3339Nano(ms, extraNs);
}

/** The ContainerStatus as crictl re-marshals it (times as RFC3339Nano, fields protojson leaves at their defaults). */
function statusJson(s: CriContainerStatus): Record<string, unknown> {
  return {
    id: s.id,
    metadata: { attempt: s.metadata.attempt, name: s.metadata.name },
    state: s.state,
    createdAt: criTime(s.createdAt),
    startedAt: criTime(s.startedAt),
    finishedAt: criTime(s.finishedAt),
    exitCode: s.exitCode,
    image: { annotations: {}, image: s.image.image, runtimeHandler: '', userSpecifiedImage: '' },
    imageRef: s.imageRef,
    reason: s.reason,
    message: s.message,
    labels: s.labels,
    annotations: s.annotations,
    mounts: [],
    logPath: s.logPath,
    resources: null,
    imageId: '',
    user: { linux: { gid: '0', supplementalGroups: ['0'], uid: '0' } },
  };
}

/**
 * util.go outputStatusData: `{status, ...info}` where an info value starting
 * with `{` is parsed as JSON and any other is a string with its quotes
 * trimmed; keys sorted as encoding/json sorts a map.
 */
export function statusData(status: unknown, info: Readonly<Record<string, string>>, runtimeHandlers?: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (status !== undefined) out.status = status;
  if (runtimeHandlers) out.runtimeHandlers = runtimeHandlers;
  for (const key of Object.keys(info).sort()) {
    const value = info[key];
    out[key] = value.startsWith('{') ? (JSON.parse(value) as unknown) : value.replace(/^"+|"+$/g, '');
  }
  return out;
}

/** `crictl inspect ID...`. */
export function runInspect(node: CriNode, ids: readonly string[]): CriResult {
  if (ids.length === 0) return { stdout: '', fatal: 'ID cannot be empty' };
  const statuses: unknown[] = [];
  for (const id of ids) {
    const r = node.cri.containerStatus(id, true);
    if (!r.ok) return { stdout: '', fatal: `get the status of containers: get container status: ${r.error}` };
    statuses.push(statusData(statusJson(r.value.status), r.value.info));
  }
  return { stdout: goIndentedJson(statuses.length === 1 ? statuses[0] : statuses) };
}

/** Options of `crictl logs`. */
export interface LogsOptions {
  tail?: number;
  timestamps: boolean;
  previous: boolean;
}

/** One line of a CRI log file: `<RFC3339Nano> <stream> <P|F> <content>`. */
const CRI_LOG_LINE = /^(\S+) (stdout|stderr) (?:P|F) (.*)$/;

/** `crictl logs [--tail N] [--timestamps] [-p] ID`. */
export function runLogs(node: CriNode, id: string | undefined, o: LogsOptions): CriResult {
  if (!id) return { stdout: '', fatal: 'ID cannot be empty' };
  const r = node.cri.containerStatus(id, false);
  if (!r.ok) return { stdout: '', fatal: r.error };
  const status = r.value.status;
  let path = status.logPath;
  if (path === '') return { stdout: '', fatal: 'the container has not set log path' };
  if (o.previous) {
    if (status.metadata.attempt === 0) return { stdout: '', fatal: `previous terminated container ${status.metadata.name} not found` };
    path = `${path.slice(0, path.lastIndexOf('/') + 1)}${status.metadata.attempt - 1}${path.slice(path.lastIndexOf('.'))}`;
  }
  const text = node.readFile(path);
  if (text === undefined) return { stdout: '', fatal: `failed to try resolving symlinks in path "${path}": lstat ${path}: no such file or directory` };
  let lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (o.tail !== undefined && o.tail >= 0) lines = o.tail === 0 ? [] : lines.slice(-o.tail);
  let out = '';
  for (const line of lines) {
    const m = CRI_LOG_LINE.exec(line);
    if (!m) continue;
    out += o.timestamps ? `${logTime(m[1])} ${m[3]}\n` : `${m[3]}\n`;
  }
  return { stdout: out };
}

/** A log line's time re-printed as RFC3339Nano (trailing zeros of the fraction dropped, as Go's formatting does). */
function logTime(stamp: string): string {
  const m = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(stamp);
  if (!m) return stamp;
  const digits = (m[2] ?? '').padEnd(9, '0');
  return rfc3339Nano(Date.parse(`${m[1]}.${digits.slice(0, 3)}Z`), Number(digits.slice(3)));
}
