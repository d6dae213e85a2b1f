/**
 * curl 8.11 (curlimages/curl:8.11.1, nicolaka/netshoot), the options a
 * learner reaches for: -s -S -v -I -i -f -k -L -m/--max-time,
 * --connect-timeout, -o, -w, -H, -X. Messages are libcurl's failf texts
 * (lib/connect.c "Failed to connect to %s port %u after %ld ms: %s",
 * lib/multi.c "Connection timed out after %ld milliseconds", lib/url.c
 * "Could not resolve host: %s", lib/http.c "The requested URL returned
 * error: %d"), prefixed `curl: (N) ` with N the exit code. The progress
 * meter (lib/progress.c) shows on stderr when stdout is not a terminal and
 * -s is not given; only its final state is printed, since the terminal
 * drops the carriage returns that redraw it.
 */
import type { Program, ProgramContext } from './types.js';
import { ProgramOutput } from './output.js';
import { parseToolUrl, type ToolUrl } from './url.js';
import { resolveHost } from './resolver.js';
import { ARP_FAILURE_MS, LINUX_CONNECT_TIMEOUT_MS } from './wget.js';
import type { HttpResponse } from '../network/requests.js';

const VERSION = '8.11.1';

interface CurlOptions {
  silent: boolean;
  showError: boolean;
  verbose: boolean;
  head: boolean;
  include: boolean;
  fail: boolean;
  location: boolean;
  maxTimeMs?: number;
  connectTimeoutMs?: number;
  output?: string;
  writeOut?: string;
  method?: string;
  headers: [string, string][];
  urls: string[];
}

const SHORT_WITH_VALUE = new Set(['m', 'o', 'w', 'H', 'X', 'u', 'A', 'd', 'e']);
const LONG: Record<string, { key: keyof CurlOptions | 'ignore'; value: boolean }> = {
  silent: { key: 'silent', value: false }, 'show-error': { key: 'showError', value: false }, verbose: { key: 'verbose', value: false },
  head: { key: 'head', value: false }, include: { key: 'include', value: false }, fail: { key: 'fail', value: false },
  location: { key: 'location', value: false }, insecure: { key: 'ignore', value: false }, 'max-time': { key: 'maxTimeMs', value: true },
  'connect-timeout': { key: 'connectTimeoutMs', value: true }, output: { key: 'output', value: true }, 'write-out': { key: 'writeOut', value: true },
  request: { key: 'method', value: true }, header: { key: 'headers', value: true }, 'user-agent': { key: 'ignore', value: true }, data: { key: 'ignore', value: true },
};
const SHORT: Record<string, string> = { s: 'silent', S: 'show-error', v: 'verbose', I: 'head', i: 'include', f: 'fail', L: 'location', k: 'insecure', m: 'max-time', o: 'output', w: 'write-out', X: 'request', H: 'header', A: 'user-agent', d: 'data' };

function setOption(o: CurlOptions, name: string, value: string | undefined): string | undefined {
  const spec = LONG[name];
  if (!spec) return `curl: option --${name}: is unknown\ncurl: try 'curl --help' or 'curl --manual' for more information\n`;
  if (spec.value && value === undefined) return `curl: option --${name}: requires parameter\ncurl: try 'curl --help' or 'curl --manual' for more information\n`;
  switch (spec.key) {
    case 'ignore':
      return undefined;
    case 'maxTimeMs':
    case 'connectTimeoutMs': {
      if (!/^\d+(\.\d+)?$/.test(value!)) return `curl: option --${name}: expected a proper numerical parameter\ncurl: try 'curl --help' or 'curl --manual' for more information\n`;
      o[spec.key] = Math.round(Number(value) * 1000);
      return undefined;
    }
    case 'headers': {
      const at = value!.indexOf(':');
      if (at > 0) o.headers.push([value!.slice(0, at).trim(), value!.slice(at + 1).trim()]);
      return undefined;
    }
    case 'output':
    case 'writeOut':
    case 'method':
      o[spec.key] = value;
      return undefined;
    default:
      (o as unknown as Record<string, boolean>)[spec.key] = true;
      return undefined;
  }
}

function parseArgs(argv: readonly string[]): CurlOptions | string {
  const o: CurlOptions = { silent: false, showError: false, verbose: false, head: false, include: false, fail: false, location: false, headers: [], urls: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--') && a.length > 2) {
      const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
      const spec = LONG[name];
      const value = spec?.value ? (inline ?? argv[++i]) : undefined;
      const error = setOption(o, name, value);
      if (error) return error;
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const long = SHORT[a[j]];
        if (!long) return `curl: option ${a}: is unknown\ncurl: try 'curl --help' or 'curl --manual' for more information\n`;
        if (SHORT_WITH_VALUE.has(a[j])) {
          const v = j + 1 < a.length ? a.slice(j + 1) : argv[++i];
          const error = setOption(o, long, v);
          if (error) return error.replace(`--${long}`, `-${a[j]}`);
          break;
        }
        setOption(o, long, undefined);
      }
      continue;
    }
    o.urls.push(a);
  }
  return o;
}

/** lib/progress.c max5data: a size or speed in 5 columns. */
function max5(bytes: number): string {
  const KB = 1024;
  const MB = KB * KB;
  if (bytes < 100000) return String(Math.floor(bytes)).padStart(5);
  if (bytes < 10000 * KB) return `${String(Math.floor(bytes / KB)).padStart(4)}k`;
  if (bytes < 100 * MB) return `${String(Math.floor(bytes / MB)).padStart(2)}.${Math.floor((bytes % MB) / (MB / 10))}M`;
  return `${String(Math.floor(bytes / MB)).padStart(4)}M`;
}

/** lib/progress.c time2str: `H:MM:SS` in 8 columns, `--:--:--` for nothing. */
function time8(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s <= 0) return '--:--:--';
  return `${String(Math.floor(s / 3600)).padStart(2)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

const METER_HEAD = '  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n';

/** The meter's last line after `bytes` of a `total`-byte body arrived in `ms`. */
function meterLine(bytes: number, total: number, ms: number): string {
  const speed = bytes > 0 ? (bytes * 1000) / Math.max(ms, 1) : 0;
  const pct = (n: number) => String(total > 0 ? Math.floor((n * 100) / total) : 0).padStart(3);
  return `${pct(total)} ${max5(total)}  ${pct(bytes)} ${max5(bytes)}  ${'0'.padStart(3)} ${max5(0)}  ${max5(speed)}  ${max5(0)} --:--:-- ${time8(ms)} --:--:-- ${max5(speed)}\n`;
}

/** `curl`. */
export const curl: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const o = parseArgs(argv.slice(1));
  if (typeof o === 'string') return out.err(o).done(2, 0);
  if (o.urls.length === 0) return out.err("curl: try 'curl --help' or 'curl --manual' for more information\n").done(2, 0);
  let elapsed = 0;
  let code = 0;
  for (const text of o.urls) {
    const r = transfer(text, o, ctx, out);
    elapsed += r.ms;
    code = r.code;
  }
  return out.done(code, elapsed);
};

function transfer(text: string, o: CurlOptions, ctx: ProgramContext, out: ProgramOutput): { code: number; ms: number } {
  const meter = !o.silent && (!ctx.tty || (o.output !== undefined && o.output !== '-'));
  const showErrors = !o.silent || o.showError;
  if (meter) out.err(METER_HEAD);
  const failWith = (code: number, message: string, ms: number, verboseTail = ''): { code: number; ms: number } => {
    if (meter) out.err(meterLine(0, 0, ms));
    if (o.verbose) out.err(`${verboseTail}* closing connection #0\n`);
    if (showErrors) out.err(`curl: (${code}) ${message}\n`);
    return { code, ms };
  };
  const url = parseToolUrl(text);
  if ('error' in url) {
    if (url.error === 'scheme') return failWith(1, `Protocol "${text.split(':')[0]}" not supported`, 0);
    return failWith(3, 'URL rejected: Bad hostname', 0);
  }
  const resolved = resolveHost(url.host, ctx);
  let ms = resolved.durationMs;
  if (!resolved.ok) return failWith(6, `Could not resolve host: ${url.host}`, ms);
  const literal = resolved.ip === url.host;
  if (o.verbose && !literal) out.err(`* Host ${url.host}:${url.port} was resolved.\n* IPv6: (none)\n* IPv4: ${resolved.ip}\n`);
  if (o.verbose) out.err(`*   Trying ${resolved.ip}:${url.port}...\n`);
  const method = o.method ?? (o.head ? 'HEAD' : 'GET');
  const hostHeader = url.explicitPort ? `${url.host}:${url.port}` : url.host;
  const headers: [string, string][] = [['Host', hostHeader], ['User-Agent', `curl/${VERSION}`], ['Accept', '*/*'], ...o.headers];
  const r = ctx.network.request(ctx.from, resolved.ip, url.port, { kind: 'http', method, path: url.path, host: hostHeader, headers, tls: url.scheme === 'https' });
  const connectLimit = Math.min(o.connectTimeoutMs ?? Infinity, o.maxTimeMs ?? Infinity);
  if (!r.ok) {
    if (r.failure === 'refused') {
      const tail = `* connect to ${resolved.ip} port ${url.port} from ${ctx.network.sourceIP(ctx.from) ?? '0.0.0.0'} port ${sourcePort(ctx)} failed: Connection refused\n* Failed to connect to ${url.host} port ${url.port} after ${ms} ms: Couldn't connect to server\n`;
      return failWith(7, `Failed to connect to ${url.host} port ${url.port} after ${ms} ms: Couldn't connect to server`, ms, tail);
    }
    const waits = r.failure === 'unreachable' ? ARP_FAILURE_MS : LINUX_CONNECT_TIMEOUT_MS;
    if (connectLimit <= waits) {
      const spent = connectLimit + 1;
      if (o.maxTimeMs !== undefined && o.maxTimeMs <= (o.connectTimeoutMs ?? Infinity)) return failWith(28, `Connection timed out after ${spent} milliseconds`, spent);
      return failWith(28, `Failed to connect to ${url.host} port ${url.port} after ${spent} ms: Timeout was reached`, spent);
    }
    ms += waits;
    const why = r.failure === 'unreachable' ? 'No route to host' : 'Connection timed out';
    const tail = `* connect to ${resolved.ip} port ${url.port} from ${ctx.network.sourceIP(ctx.from) ?? '0.0.0.0'} port ${sourcePort(ctx)} failed: ${why}\n`;
    return failWith(r.failure === 'unreachable' ? 7 : 28, `Failed to connect to ${url.host} port ${url.port} after ${ms} ms: Couldn't connect to server`, ms, tail);
  }
  if (o.verbose) {
    out.err(`* Connected to ${url.host} (${resolved.ip}) port ${url.port}\n* using HTTP/1.x\n`);
    for (const line of [`${method} ${url.path} HTTP/1.1`, ...headers.map(([k, v]) => `${k}: ${v}`), '']) out.err(`> ${line}\r\n`);
    out.err('* Request completely sent off\n');
  }
  const response = r.response;
  if (!response || response.kind !== 'http') {
    const limit = o.maxTimeMs ?? 0;
    if (limit > 0) return failWith(28, `Operation timed out after ${limit + 1} milliseconds with 0 bytes received`, limit + 1);
    // Without -m curl waits for ever; the simulation stops where a learner would press Ctrl+C.
    return failWith(28, `Operation timed out after 300001 milliseconds with 0 bytes received`, 300001);
  }
  ms += 1;
  return deliver(response, url, o, out, ms, meter, showErrors);
}

function deliver(response: HttpResponse, url: ToolUrl, o: CurlOptions, out: ProgramOutput, ms: number, meter: boolean, showErrors: boolean): { code: number; ms: number } {
  const head = [`HTTP/1.1 ${response.status} ${response.reason}`, ...response.headers.map(([k, v]) => `${k}: ${v}`), ''];
  if (o.verbose) for (const line of head) out.err(`< ${line}\r\n`);
  const failed = o.fail && response.status >= 400;
  const body = o.head || failed ? '' : response.body;
  const bytes = Buffer.byteLength(body);
  if (o.verbose && bytes > 0 && meter) out.err(`{ [${bytes} bytes data]\n`);
  if (meter) out.err(meterLine(bytes, o.head ? 0 : bytes, ms));
  if (o.verbose) out.err(failed ? `* closing connection #0\n` : `* Connection #0 to host ${url.host} left intact\n`);
  if (failed) {
    if (showErrors) out.err(`curl: (22) The requested URL returned error: ${response.status}\n`);
    return { code: 22, ms };
  }
  if (o.output === undefined || o.output === '-') {
    if (o.include || o.head) out.out(head.map((l) => `${l}\r\n`).join(''));
    out.out(body);
  }
  if (o.writeOut !== undefined) out.out(writeOut(o.writeOut, response, ms, bytes));
  return { code: 0, ms };
}

/** `-w` variables (the common ones). */
function writeOut(format: string, response: HttpResponse, ms: number, bytes: number): string {
  const vars: Record<string, string> = { http_code: String(response.status).padStart(3, '0'), response_code: String(response.status), size_download: String(bytes), time_total: (ms / 1000).toFixed(6), time_connect: '0.000100' };
  return format.replace(/%\{([a-z_]+)\}/g, (m, name: string) => (Object.hasOwn(vars, name) ? vars[name] : m)).replace(/\\n/g, '\n').replace(/\\t/g, '\t');
}

/** An ephemeral source port, from the simulated clock (deterministic). */
function sourcePort(ctx: ProgramContext): number {
  return 32768 + (Math.floor(ctx.now / 7) % 28232);
}
