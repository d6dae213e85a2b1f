/**
 * The server side of an application image: how a process described by
 * behaviour data (the image catalog) answers the requests that reach it.
 * Components with programs of their own (CoreDNS) answer through their own
 * ServerProgram instead.
 */
import type { ImageBehaviour } from '../workloads/catalog.js';
import type { ContainerRuntime, RuntimeContainer } from '../runtime/runtime.js';
import type { HttpResponse, NetRequest, ServerProgram } from './requests.js';
import { accessLogLine } from './access-log.js';

/** Reason phrases of the status codes applications answer with (Go's net/http StatusText). */
const REASONS: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No Content', 301: 'Moved Permanently', 302: 'Found', 304: 'Not Modified',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** The path of a request target, without its query (a probe's every period: no array made). */
export function pathOf(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  return q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
}

/** The reason phrase of an HTTP status code. */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? '';
}

/** metav1.StatusReason of the denial codes webhook servers answer with. */
const DENIAL_REASONS: Record<number, string> = { 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 422: 'Invalid', 429: 'TooManyRequests', 500: 'InternalError', 503: 'ServiceUnavailable' };

const servers = new WeakMap<RuntimeContainer, ServerProgram>();

const GO_NOT_FOUND_HEADERS: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

/**
 * How a container whose image is behaviour data answers (one server per
 * container): from its image's `http` table, stamping the Date header with
 * the node's clock, and writing its `accessLog` line to the container's log
 * for every HTTP request that reaches it.
 */
export function applicationServer(runtime: ContainerRuntime, container: RuntimeContainer): ServerProgram {
  let server = servers.get(container);
  if (!server) {
    server = {
      answer(request, port, conn) {
        const now = runtime.now();
        // Read at each request: the behaviour is the container's current one.
        const behaviour = container.behaviour;
        const response = answer(behaviour, request, now);
        if (response && behaviour.accessLog && request.kind === 'http') {
          runtime.appendLog(container, now, [accessLogLine(behaviour.accessLog, { request, response, remoteIP: conn?.remoteIP ?? '-', port, time: now })]);
        }
        return response;
      },
    };
    servers.set(container, server);
  }
  return server;
}

function answer(behaviour: ImageBehaviour, request: NetRequest, now: number): HttpResponse | undefined {
  // A plain application does not speak DNS: the query goes unanswered.
  if (request.kind !== 'http') return undefined;
  if (behaviour.admission && request.method === 'POST' && request.body !== undefined) return admissionAnswer(behaviour.admission, request.body, now);
  const path = pathOf(request.path) || '/';
  const table = behaviour.http;
  const entry = table ? (Object.hasOwn(table, path) ? table[path] : Object.hasOwn(table, '*') ? table['*'] : undefined) : { status: 200, body: '' };
  // Go's http.NotFound (net/http Error): its text, Content-Type and nosniff.
  if (!entry) return httpResponse(404, '404 page not found\n', GO_NOT_FOUND_HEADERS, now);
  return httpResponse(entry.status, entry.body ?? '', entry.headers, now);
}

/**
 * A webhook server's answer to an AdmissionReview: its verdict for the
 * review's uid, as a Go server built on controller-runtime's webhook package
 * writes it (JSON, 200 even for a denial: admission.Denied is 403 Forbidden);
 * a body that is no review gets 400.
 */
function admissionAnswer(verdict: NonNullable<ImageBehaviour['admission']>, body: string, now: number): HttpResponse {
  let uid: unknown;
  try {
    uid = (JSON.parse(body) as { request?: { uid?: unknown } }).request?.uid;
  } catch {
    uid = undefined;
  }
  if (typeof uid !== 'string') return httpResponse(400, 'request body is not an AdmissionReview\n', undefined, now);
  // admission.Denied: code 403 and reason Forbidden unless the image says otherwise.
  const code = verdict.code ?? 403;
  const reason = DENIAL_REASONS[code];
  const status = verdict.allowed ? undefined : { ...(verdict.message !== undefined ? { message: verdict.message } : {}), ...(reason ? { reason } : {}), code };
  // A mutating webhook's change travels as a base64 JSON Patch ([]byte in Go's JSON).
  const patch = verdict.allowed && verdict.patch ? { patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(verdict.patch)).toString('base64') } : {};
  const review = { kind: 'AdmissionReview', apiVersion: 'admission.k8s.io/v1', response: { uid, allowed: verdict.allowed, ...(status ? { status } : {}), ...patch } };
  return httpResponse(200, JSON.stringify(review), { 'Content-Type': 'application/json' }, now);
}

/**
 * The response with its headers in the order the server writes them: a
 * server that names itself (nginx: `Server`, then `Date`, then its headers
 * with Content-Length after Content-Type) or Go's net/http (its headers,
 * then `Date` and `Content-Length`).
 */
function httpResponse(status: number, body: string, headers: Record<string, string> | undefined, now: number): HttpResponse {
  const given = Object.entries(headers ?? {});
  const date: [string, string] = ['Date', httpDate(now)];
  const length: [string, string] = ['Content-Length', String(Buffer.byteLength(body))];
  const serverIndex = given.findIndex(([k]) => k.toLowerCase() === 'server');
  const list: [string, string][] = [];
  if (serverIndex >= 0) {
    list.push(given[serverIndex], date);
    for (const [i, h] of given.entries()) {
      if (i === serverIndex) continue;
      list.push(h);
      if (h[0].toLowerCase() === 'content-type') list.push(length);
    }
    if (!list.includes(length)) list.push(length);
  } else {
    if (!given.some(([k]) => k.toLowerCase() === 'content-type')) list.push(['Content-Type', 'text/plain; charset=utf-8']);
    list.push(...given, date, length);
  }
  return { kind: 'http', status, reason: reasonPhrase(status), headers: list, body };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 9110 IMF-fixdate, as every HTTP server stamps `Date`: `Wed, 02 Dec 2026 06:10:00 GMT`. */
export function httpDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} GMT`;
}
