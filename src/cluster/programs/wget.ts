/**
 * busybox 1.36 `wget` (networking/wget.c), the client of busybox images:
 * `-q`, `-O file` (`-O-` for stdout), `-T seconds`/`--timeout=`, `-S`,
 * `--spider`, `-U`. Errors are libbb's: `bad address 'web'` when the name
 * does not resolve, `can't connect to remote host (10.96.0.5): Connection
 * refused` (xconnect's perror), `download timed out` when `-T`'s alarm
 * fires (during connect too), `server returned error: HTTP/1.1 404 Not Found`.
 */
import type { Program, ProgramContext } from './types.js';
import { ProgramOutput } from './output.js';
import { parseToolUrl } from './url.js';
import { resolveHost } from './resolver.js';

/** Linux gives up a TCP connect after tcp_syn_retries (6): about 127 s. */
export const LINUX_CONNECT_TIMEOUT_MS = 127_000;
/** ARP for an address nobody holds gives up after about 3 s (EHOSTUNREACH). */
export const ARP_FAILURE_MS = 3_000;

/** bb_show_usage with busybox's verbose usage (networking/wget.c usage block; the build stamp is unconfirmed). */
const USAGE = [
  'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.',
  '',
  'Usage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]',
  '\t[--post-data STR | --post-file FILE] [-Y on/off]',
  '\t[--no-check-certificate] [-P DIR] [-U AGENT] [-T SEC] URL...',
  '',
  'Retrieve files via HTTP or FTP',
  '',
  '\t--spider\tOnly check URL existence: $? is 0 if exists',
  "\t--header STR\tAdd STR (of form 'header: value') to headers",
  '\t--post-data STR\tSend STR using POST method',
  '\t--post-file FILE\tSend FILE using POST method',
  "\t--no-check-certificate\tDon't validate the server's certificate",
  '\t-c\t\tContinue retrieval of aborted transfer',
  '\t-q\t\tQuiet',
  '\t-P DIR\t\tSave to DIR (default .)',
  '\t-S    \t\tShow server response',
  '\t-T SEC\t\tNetwork read timeout is SEC seconds',
  "\t-O FILE\t\tSave to FILE ('-' for stdout)",
  '\t-o LOGFILE\tLog messages to FILE',
  '\t-U STR\t\tUse STR for User-Agent header',
  '\t-Y on/off\tUse proxy',
  '',
].join('\n');

interface WgetOptions {
  quiet: boolean;
  output?: string;
  timeoutMs?: number;
  serverResponse: boolean;
  spider: boolean;
  userAgent: string;
  urls: string[];
}

function parseArgs(argv: readonly string[]): WgetOptions | string {
  const o: WgetOptions = { quiet: false, serverResponse: false, spider: false, userAgent: 'Wget', urls: [] };
  const withValue = new Set(['O', 'T', 'U', 'o', 'P', 'Y']);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const long = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    if (long) {
      const [, name, inline] = long;
      const value = () => inline ?? argv[++i];
      if (name === 'quiet') o.quiet = true;
      else if (name === 'output-document') o.output = value();
      else if (name === 'timeout') o.timeoutMs = Number(value()) * 1000;
      else if (name === 'spider') o.spider = true;
      else if (name === 'server-response') o.serverResponse = true;
      else if (name === 'user-agent') o.userAgent = value() ?? 'Wget';
      else if (name === 'no-check-certificate') continue;
      else return `wget: unrecognized option '${a}'`;
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const f = a[j];
        if (withValue.has(f)) {
          const v = j + 1 < a.length ? a.slice(j + 1) : argv[++i];
          if (v === undefined) return `wget: option requires an argument -- '${f}'`;
          if (f === 'O') o.output = v;
          else if (f === 'T') o.timeoutMs = Number(v) * 1000;
          else if (f === 'U') o.userAgent = v;
          break;
        }
        if (f === 'q') o.quiet = true;
        else if (f === 'S') o.serverResponse = true;
        else if (f === 'c') continue;
        else return `wget: invalid option -- '${f}'`;
      }
      continue;
    }
    o.urls.push(a);
  }
  return o;
}

/** busybox's smart_ulltoa5: a size in 5 columns (`  615`, ` 120k`, `92.1M`). */
export function smartSize5(bytes: number): string {
  let ul = bytes;
  let idx = 0;
  if (ul > 99999) {
    ul *= 10;
    do {
      ul = Math.floor(ul / 1024);
      idx++;
    } while (ul >= 100000);
  }
  if (!idx) return String(ul).padStart(5);
  const u = Math.floor(ul / 10);
  const v = ul % 10;
  const unit = ' kMGTPEZY'[idx];
  return u >= 100 ? `${String(Math.floor(u / 10)).padStart(3)}${u % 10}${unit}` : `${String(u).padStart(2)}.${v}${unit}`;
}

/** The progress line busybox prints once a download of `bytes` ends, stderr not being a terminal (libbb/progress.c). */
function progressLine(file: string, bytes: number, columns: number): string {
  const bar = columns - 48;
  const stars = bar > 2 ? `|${'*'.repeat(Math.min(bar, 999))}| ` : '';
  return `${file.padEnd(20).slice(0, 20)} 100% ${stars}${smartSize5(bytes)}  0:00:00 ETA\n`;
}

/** `wget`. */
export const wget: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const o = parseArgs(argv.slice(1));
  if (typeof o === 'string') return out.err(`${o}\n${USAGE}`).done(1, 0);
  if (o.urls.length === 0) return out.err(USAGE).done(1, 0);
  let elapsed = 0;
  for (const text of o.urls) {
    const r = fetchOne(text, o, ctx, out);
    elapsed += r.durationMs;
    if (r.failed) return out.done(1, elapsed);
  }
  return out.done(0, elapsed);
};

function fetchOne(text: string, o: WgetOptions, ctx: ProgramContext, out: ProgramOutput): { failed: boolean; durationMs: number } {
  const url = parseToolUrl(text);
  if ('error' in url) {
    out.err(url.error === 'scheme' ? `wget: not an http or ftp url: ${text}\n` : `wget: bad address '${text}'\n`);
    return { failed: true, durationMs: 0 };
  }
  const resolved = resolveHost(url.host, ctx);
  let elapsed = resolved.durationMs;
  if (!resolved.ok) {
    out.err(`wget: bad address '${url.host}'\n`);
    return { failed: true, durationMs: elapsed };
  }
  const hostText = url.explicitPort ? `${url.host}:${url.port}` : url.host;
  if (!o.quiet) out.err(`Connecting to ${hostText} (${resolved.ip}:${url.port})\n`);
  const alarm = o.timeoutMs ?? 900_000;
  const timedOut = () => {
    out.err('wget: download timed out\n');
    return { failed: true, durationMs: elapsed + alarm };
  };
  const dialed = ctx.network.request(ctx.from, resolved.ip, url.port, { kind: 'http', method: o.spider ? 'HEAD' : 'GET', path: url.path, host: hostText, headers: [['User-Agent', o.userAgent]], tls: url.scheme === 'https' });
  if (!dialed.ok) {
    if (dialed.failure === 'refused') {
      out.err(`wget: can't connect to remote host (${resolved.ip}): Connection refused\n`);
      return { failed: true, durationMs: elapsed + 1 };
    }
    const waits = dialed.failure === 'unreachable' ? ARP_FAILURE_MS : LINUX_CONNECT_TIMEOUT_MS;
    if (alarm <= waits) return timedOut();
    out.err(`wget: can't connect to remote host (${resolved.ip}): ${dialed.failure === 'unreachable' ? 'No route to host' : 'Connection timed out'}\n`);
    return { failed: true, durationMs: elapsed + waits };
  }
  const response = dialed.response;
  if (!response || response.kind !== 'http') return timedOut();
  elapsed += 2;
  const statusLine = `HTTP/1.1 ${response.status} ${response.reason}`;
  if (o.serverResponse) {
    out.err(`  ${statusLine}\n`);
    for (const [k, v] of response.headers) out.err(`  ${k}: ${v}\n`);
  }
  if (response.status < 200 || response.status > 299) {
    out.err(`wget: server returned error: ${statusLine}\n`);
    return { failed: true, durationMs: elapsed };
  }
  if (o.spider) {
    if (!o.quiet) out.err('remote file exists\n');
    return { failed: false, durationMs: elapsed };
  }
  const toStdout = o.output === '-';
  const file = o.output ?? (url.path.replace(/[?#].*$/, '').split('/').pop() || 'index.html');
  if (!o.quiet) out.err(toStdout ? 'writing to stdout\n' : `saving to '${file}'\n`);
  if (toStdout) out.out(response.body);
  if (!o.quiet) {
    out.err(progressLine(toStdout ? '-' : file, Buffer.byteLength(response.body), 80));
    out.err(toStdout ? 'written to stdout\n' : `'${file}' saved\n`);
  }
  return { failed: false, durationMs: elapsed };
}
