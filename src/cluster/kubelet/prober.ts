/**
 * One probe run, as pkg/kubelet/prober/prober.go runProbe does it: an
 * httpGet or tcpSocket probe dials the container over the cluster network
 * from the node (so a wrong port is refused, a DROP rule times out and the
 * application's HTTP status decides), an exec probe runs its command in the
 * container. The outcome carries the output the kubelet's event shows.
 */
import type { Network, NetSource } from '../network/network.js';
import type { HttpRequest } from '../network/requests.js';
import type { RuntimeContainer } from '../runtime/runtime.js';
import { fileExists, scriptFiles } from '../programs/script-files.js';
import { parseImageRef } from '../workloads/catalog.js';

type Obj = Record<string, any>;

/** probe.Result: success, failure with its output, or unknown when the probe could not run (an error). */
export type ProbeOutcome = { result: 'success' } | { result: 'failure'; output: string } | { result: 'unknown'; error: string };

/** A passing run's outcome: the same every time, so shared. */
const SUCCESS: ProbeOutcome = Object.freeze({ result: 'success' });

/** Where a probe runs. */
export interface ProbeTarget {
  readonly network: Network;
  /** The node the kubelet runs on: probes leave from its network namespace. */
  readonly nodeName: string;
  readonly nodeIP: string;
  /** The pod's IP (status.podIP): the default host of httpGet and tcpSocket probes. */
  readonly podIP: string;
  /** The container spec (its named ports). */
  readonly spec: Obj;
  /** The running container (exec probes run in it). */
  readonly container: RuntimeContainer;
  /** The cluster's minor version, for the `kube-probe/1.32` User-Agent. */
  readonly userAgent: string;
  readonly now: number;
}

/** Runs `probe` (a container's readinessProbe, livenessProbe or startupProbe) once. */
export function runProbe(probe: Obj, t: ProbeTarget): ProbeOutcome {
  if (probe.exec) return execProbe(probe.exec.command ?? [], t);
  if (probe.httpGet) return httpProbe(probe.httpGet, t);
  if (probe.tcpSocket) return tcpProbe(probe.tcpSocket, t);
  // grpc probes are not modelled: the prober finds no handler and reports unknown without an event.
  return SUCCESS;
}

/**
 * pkg/probe/http/http.go DoHTTPProbe: 200-399 succeed, any other status fails
 * with `HTTP probe failed with statuscode: N`; a transport error is the
 * failure output as Go's http.Client words it (`Get "<url>": ...`).
 */
function httpProbe(get: Obj, t: ProbeTarget): ProbeOutcome {
  const prepared = preparedHttp(get, t);
  if (typeof prepared === 'string') return { result: 'unknown', error: prepared };
  const { port, host, hostPort, url, request } = prepared;
  const r = t.network.request(source(t), dialAddress(host, t), port, request);
  if (!r.ok) {
    if (r.failure === 'timeout') return { result: 'failure', output: `Get "${url}": ${CLIENT_TIMEOUT}` };
    return { result: 'failure', output: `Get "${url}": dial tcp ${hostPort}: ${connectError(r.failure)}` };
  }
  const response = r.response;
  if (!response || response.kind !== 'http') return { result: 'failure', output: `Get "${url}": ${CLIENT_TIMEOUT}` };
  if (response.status >= 200 && response.status < 400) return SUCCESS;
  return { result: 'failure', output: `HTTP probe failed with statuscode: ${response.status}` };
}

/** An httpGet probe's request, its target and its URL, as the prober builds them from the probe, the pod's IP and the container's ports. */
interface PreparedHttp {
  readonly port: number;
  readonly host: string;
  readonly hostPort: string;
  readonly url: string;
  readonly request: HttpRequest;
}

/** The last request built for each httpGet probe (stored specs are never changed in place), with what it was built from. */
const preparedHttpProbes = new WeakMap<Obj, { readonly spec: Obj; readonly podIP: string; readonly userAgent: string; readonly prepared: PreparedHttp | string }>();

/** The request of an httpGet probe, built once for each probe, pod IP, container spec and User-Agent; a string: extractPort's error. */
function preparedHttp(get: Obj, t: ProbeTarget): PreparedHttp | string {
  const known = preparedHttpProbes.get(get);
  if (known && known.spec === t.spec && known.podIP === t.podIP && known.userAgent === t.userAgent) return known.prepared;
  const prepared = prepareHttp(get, t);
  preparedHttpProbes.set(get, { spec: t.spec, podIP: t.podIP, userAgent: t.userAgent, prepared });
  return prepared;
}

function prepareHttp(get: Obj, t: ProbeTarget): PreparedHttp | string {
  const port = extractPort(get.port, t.spec);
  if (typeof port === 'string') return port;
  const scheme = String(get.scheme ?? 'HTTP').toLowerCase();
  const host = get.host || t.podIP;
  // formatURL: url.Parse(path) then Scheme and Host set; an absolute URL's path starts with `/`.
  const rawPath = String(get.path ?? '');
  const path = rawPath === '' || rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  const hostPort = `${host}:${port}`;
  const url = `${scheme}://${hostPort}${path}`;
  const headers: [string, string][] = [];
  // pkg/probe/http/request.go: kube-probe/<major>.<minor> and Accept */* unless the probe sets them.
  const given: Obj[] = get.httpHeaders ?? [];
  if (!given.some((h) => String(h.name).toLowerCase() === 'user-agent')) headers.push(['User-Agent', t.userAgent]);
  if (!given.some((h) => String(h.name).toLowerCase() === 'accept')) headers.push(['Accept', '*/*']);
  for (const h of given) headers.push([String(h.name), String(h.value)]);
  const request: HttpRequest = Object.freeze({ kind: 'http', method: 'GET', path: path || '/', host: hostPort, headers, ...(scheme === 'https' ? { tls: true } : {}) });
  return { port, host, hostPort, url, request };
}

/** What net/http's Client says when its Timeout (the probe's timeoutSeconds) passes before an answer. */
const CLIENT_TIMEOUT = 'context deadline exceeded (Client.Timeout exceeded while awaiting headers)';

/** pkg/probe/tcp/tcp.go DoTCPProbe: net.DialTimeout's error is the output. */
function tcpProbe(socket: Obj, t: ProbeTarget): ProbeOutcome {
  const port = extractPort(socket.port, t.spec);
  if (typeof port === 'string') return { result: 'unknown', error: port };
  const host = socket.host || t.podIP;
  const r = t.network.dial(source(t), dialAddress(host, t), port);
  if (r.ok) return SUCCESS;
  return { result: 'failure', output: `dial tcp ${host}:${port}: ${r.failure === 'timeout' ? 'i/o timeout' : connectError(r.failure)}` };
}

/**
 * pkg/probe/exec/exec.go through CRI ExecSync. The model is small on
 * purpose: a command whose executable the image lacks fails with runc's
 * message (as ExecSync reports it, the probe's output); `cat`, `ls` or
 * `test -f|-e` of a file the container's own script creates and removes
 * (programs/script-files.ts) succeed while the file exists and fail with the
 * tool's words otherwise; any other command exits 0 once the application is
 * up (its `readyAfter` has passed) and 1 with no output before, as a health
 * command (`redis-cli ping`, `pg_isready`) of a starting process would.
 */
function execProbe(command: readonly string[], t: ProbeTarget): ProbeOutcome {
  const c = t.container;
  const executable = command[0] ?? '';
  const binaries = c.behaviour.binaries;
  if (binaries && !binaries.includes(executable)) {
    const why = executable.includes('/') ? `stat ${executable}: no such file or directory` : 'executable file not found in $PATH';
    return { result: 'failure', output: `OCI runtime exec failed: exec failed: unable to start container process: exec: "${executable}": ${why}: unknown` };
  }
  const since = t.now - (c.startedAt ?? t.now);
  const fileCheck = fileCommand(command, c, since);
  if (fileCheck) return fileCheck;
  const up = c.startedAt !== undefined && since >= (c.behaviour.readyAfterMs ?? 0);
  return up ? { result: 'success' } : { result: 'failure', output: '' };
}

/** `cat F`, `ls F`, `test -f F`, `test -e F` on a file the container's script manages (else undefined). */
function fileCommand(command: readonly string[], c: RuntimeContainer, since: number): ProbeOutcome | undefined {
  const tool = command[0].slice(command[0].lastIndexOf('/') + 1);
  const path = command.at(-1) ?? '';
  const shape = tool === 'cat' || tool === 'ls' ? command.length === 2 : tool === 'test' && command.length === 3 && (command[1] === '-f' || command[1] === '-e');
  if (!shape) return undefined;
  const files = scriptFiles(c.argv);
  const exists = files && fileExists(files, path, since);
  if (exists === undefined) return undefined;
  if (exists) return SUCCESS;
  // busybox (and Alpine) applets word it their way, GNU coreutils theirs.
  const busybox = /\/(busybox|alpine)$/.test(parseImageRef(c.image).repository) || /alpine/.test(parseImageRef(c.image).tag);
  if (tool === 'test') return { result: 'failure', output: '' };
  if (tool === 'cat') return { result: 'failure', output: busybox ? `cat: can't open '${path}': No such file or directory` : `cat: ${path}: No such file or directory` };
  return { result: 'failure', output: busybox ? `ls: ${path}: No such file or directory` : `ls: cannot access '${path}': No such file or directory` };
}

/** The kubelet probes from the node's own network namespace. */
function source(t: ProbeTarget): NetSource {
  return { kind: 'host', node: t.nodeName };
}

/**
 * The address a probe dials: the kubelet runs in the node's network
 * namespace, so `host: 127.0.0.1` (a static pod's) is the node's loopback,
 * where a process listening on 127.0.0.1 only (etcd's metrics port) answers.
 */
function dialAddress(host: string, t: ProbeTarget): string {
  void t;
  return host === 'localhost' ? '127.0.0.1' : host;
}

function connectError(failure: 'refused' | 'unreachable'): string {
  return failure === 'refused' ? 'connect: connection refused' : 'connect: no route to host';
}

/**
 * prober.go extractPort: a number, or the name of one of the container's
 * ports, or a number written as a string; else Atoi's error (the probe errors).
 */
function extractPort(port: unknown, spec: Obj): number | string {
  let n: number;
  if (typeof port === 'number') n = port;
  else {
    const name = String(port);
    const named = ((spec.ports ?? []) as Obj[]).find((p) => p.name === name);
    if (named) n = named.containerPort;
    else if (/^[+-]?\d+$/.test(name)) n = Number(name);
    else return `strconv.Atoi: parsing ${JSON.stringify(name)}: invalid syntax`;
  }
  return n > 0 && n < 65536 ? n : `invalid port number: ${n}`;
}
