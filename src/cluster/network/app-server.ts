/**
 * The server side of an application image: how a process described by
 * behaviour data (the image catalog) answers the requests that reach it.
 * Components with programs of their own (CoreDNS) answer through their own
 * ServerProgram instead.
 */
import type { ImageBehaviour } from '../workloads/catalog.js';
import type { HttpResponse, NetRequest, NetResponse, ServerProgram } from './requests.js';

/** Reason phrases of the status codes applications answer with (Go's net/http StatusText). */
const REASONS: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No Content', 301: 'Moved Permanently', 302: 'Found', 304: 'Not Modified',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** The reason phrase of an HTTP status code. */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? '';
}

const cache = new WeakMap<ImageBehaviour, ServerProgram>();

/** The server program of an image's behaviour (one per behaviour object). */
export function behaviourServer(behaviour: ImageBehaviour): ServerProgram {
  let server = cache.get(behaviour);
  if (!server) cache.set(behaviour, (server = { answer: (request) => answer(behaviour, request) }));
  return server;
}

function answer(behaviour: ImageBehaviour, request: NetRequest): NetResponse | undefined {
  // A plain application does not speak DNS: the query goes unanswered.
  if (request.kind !== 'http') return undefined;
  const path = request.path.split('?')[0] || '/';
  const table = behaviour.http;
  const entry = table ? (Object.hasOwn(table, path) ? table[path] : Object.hasOwn(table, '*') ? table['*'] : undefined) : { status: 200, body: '' };
  if (!entry) return httpResponse(404, '404 page not found\n', { 'Content-Type': 'text/plain; charset=utf-8' });
  return httpResponse(entry.status, entry.body ?? '', entry.headers);
}

function httpResponse(status: number, body: string, headers?: Record<string, string>): HttpResponse {
  const list: [string, string][] = [];
  const given = headers ?? {};
  if (!Object.keys(given).some((k) => k.toLowerCase() === 'content-type')) list.push(['Content-Type', 'text/plain; charset=utf-8']);
  for (const [k, v] of Object.entries(given)) list.push([k, v]);
  list.push(['Content-Length', String(Buffer.byteLength(body))]);
  return { kind: 'http', status, reason: reasonPhrase(status), headers: list, body };
}
