/**
 * An application's access log: the line it writes per HTTP request, as
 * behaviour data in nginx's `log_format` language (`$remote_addr`,
 * `$time_local`, `$request`, ...), so a scenario describes what its
 * application logs without code, and nginx's own `main` format is just
 * one value of it. Unset variables print `-`, as nginx prints them.
 */
import type { HttpRequest, HttpResponse } from './requests.js';

/** nginx's `main` log_format of the official image's /etc/nginx/nginx.conf. */
export const NGINX_MAIN_LOG_FORMAT = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" "$http_x_forwarded_for"';

/** The variables a log format may use besides `$http_<header>`. */
const VARIABLES = new Set(['remote_addr', 'remote_user', 'time_local', 'time_iso8601', 'request', 'request_method', 'request_uri', 'uri', 'args', 'status', 'body_bytes_sent', 'host', 'server_port', 'request_time']);

const VARIABLE = /\$(\{([a-z0-9_]+)\}|([a-z0-9_]+))/g;

/** The first variable of `format` the access log does not know, or undefined (scenario validation). */
export function unknownLogVariable(format: string): string | undefined {
  for (const m of format.matchAll(VARIABLE)) {
    const name = m[2] ?? m[3];
    if (!VARIABLES.has(name) && !/^http_[a-z0-9_]+$/.test(name)) return `$${name}`;
  }
  return undefined;
}

/** What one request looked like to the server. */
export interface AccessLogEntry {
  readonly request: HttpRequest;
  readonly response: HttpResponse;
  readonly remoteIP: string;
  readonly port: number;
  /** When it was answered (ms since the epoch). */
  readonly time: number;
}

/** The access-log line of one request in `format`. */
export function accessLogLine(format: string, e: AccessLogEntry): string {
  return format.replace(VARIABLE, (_, _braced, a: string | undefined, b: string | undefined) => value((a ?? b)!, e));
}

function value(name: string, e: AccessLogEntry): string {
  const { request, response } = e;
  const [uri, args] = splitQuery(request.path);
  switch (name) {
    case 'remote_addr': return e.remoteIP;
    case 'remote_user': return '-';
    case 'time_local': return timeLocal(e.time);
    case 'time_iso8601': return new Date(Math.floor(e.time / 1000) * 1000).toISOString().replace('.000Z', '+00:00');
    case 'request': return `${request.method} ${request.path} HTTP/1.1`;
    case 'request_method': return request.method;
    case 'request_uri': return request.path;
    case 'uri': return uri;
    case 'args': return args ?? '-';
    case 'status': return String(response.status);
    case 'body_bytes_sent': return String(request.method === 'HEAD' ? 0 : Buffer.byteLength(response.body));
    case 'host': return request.host.replace(/:\d+$/, '').toLowerCase();
    case 'server_port': return String(e.port);
    case 'request_time': return '0.000';
  }
  if (name.startsWith('http_')) {
    const header = name.slice(5).replace(/_/g, '-');
    if (header === 'host') return request.host;
    const found = request.headers.find(([k]) => k.toLowerCase() === header);
    return found ? found[1] : '-';
  }
  return '-';
}

function splitQuery(path: string): [string, string | undefined] {
  const q = path.indexOf('?');
  return q < 0 ? [path, undefined] : [path.slice(0, q), path.slice(q + 1)];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** nginx's $time_local in a UTC container: `02/Dec/2026:06:10:00 +0000`. */
function timeLocal(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}
