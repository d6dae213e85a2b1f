/**
 * GNU Wget 1.21.2 (Ubuntu 22.04's `wget`, on the nodes): `-q`, `-O FILE`
 * (`-O-` for stdout), `-T`/`--timeout`, `--connect-timeout`,
 * `--read-timeout`, `-t`/`--tries`, `--waitretry`, `--retry-connrefused`,
 * `-S`, `--spider`, `--header`, `-U`. Its log goes to stderr as
 * src/http.c http_loop and gethttp, src/host.c lookup_host and
 * src/connect.c connect_to_ip write it, in a UTF-8 locale (gnulib quote():
 * ‘curly’ quotes): the `--2026-12-02 09:10:11--  URL` line of each try,
 * `Resolving web (web)... 10.96.0.5`, `Connecting to ...|10.96.0.5|:80...
 * connected.`, `HTTP request sent, awaiting response... 200 OK`, `Length:`,
 * `Saving to: ‘index.html’`, the dot progress (stderr is not a terminal) and
 * `... - ‘index.html’ saved [615/615]`. A connect that times out and a
 * response that never comes are retried (`Retrying.`, 20 tries, waiting
 * 1, 2, ... 10 s between them; the read timeout is 900 s); a refused
 * connection, an unreachable host and a name that does not resolve are not.
 * Exit codes are src/exits.c's: 4 for a network failure, 8 for an error
 * response, 1 for a bad URL, 2 for bad options.
 */
import type { Program, ProgramContext } from './types.js';
import { ProgramOutput } from './output.js';
import { parseToolUrl, type ToolUrl } from './url.js';
import { resolveHost } from './resolver.js';
import { ARP_FAILURE_MS, LINUX_CONNECT_TIMEOUT_MS } from './wget.js';
import type { HttpResponse } from '../network/requests.js';
import { dotProgress, humanReadable, printDecimal, retrRate } from './wget-progress.js';
import { EXIT, parseArgs, USAGE_TAIL, type WgetOptions } from './gnu-wget-options.js';

/** datetime_str: `2026-12-02 09:10:11` (the node's clock, UTC). */
function datetime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** secs_to_human_time: `0.01s`, `2m 7s`, `1h 2m 3s`, `1d 0h 0m 5s`. */
function humanTime(interval: number): string {
  let secs = Math.floor(interval + 0.5);
  const days = Math.floor(secs / 86400);
  secs %= 86400;
  const hours = Math.floor(secs / 3600);
  secs %= 3600;
  const mins = Math.floor(secs / 60);
  secs %= 60;
  if (days) return `${days}d ${hours}h ${mins}m ${secs}s`;
  if (hours) return `${hours}h ${mins}m ${secs}s`;
  if (mins) return `${mins}m ${secs}s`;
  return `${printDecimal(interval)}s`;
}

/** url_string: scheme, host, the port only when it is not the scheme's, the path. */
function urlString(url: ToolUrl): string {
  const port = url.port !== (url.scheme === 'https' ? 443 : 80) ? `:${url.port}` : '';
  return `${url.scheme}://${url.host}${port}${url.path}`;
}

/** GNU Wget. */
export const gnuWget: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const o = parseArgs(argv.slice(1));
  if ('error' in o) return out.err(o.error).done(o.code, 0);
  if (o.urls.length === 0) return out.err(`wget: missing URL\n${USAGE_TAIL}`).done(EXIT.generic, 0);
  // main.c opens -O's file before any download: it exists (empty) even when every URL fails, and collects every body.
  const document = o.output !== undefined && o.output !== '-' && ctx.files ? { path: o.output, text: '' } : undefined;
  if (document && !ctx.files!.write(document.path, '')) return out.err(`${document.path}: Is a directory\n`).done(EXIT.generic, 0);
  const run: Run = { elapsed: 0, status: 0, document, files: 0, bytes: 0, downloadSecs: 0, dnsCache: new Map() };
  // inform_exit_status: the smallest failure code of all the URLs.
  const inform = (code: number) => {
    if (code !== 0 && (run.status === 0 || code < run.status)) run.status = code;
  };
  for (const text of o.urls) {
    const url = parseToolUrl(text);
    if ('error' in url) {
      if (!o.quiet) out.err(url.error === 'scheme' ? `${text}: Unsupported scheme ‘${text.split(':')[0]}’.\n` : `${text}: ${url.error === 'port' ? 'Bad port number' : 'Invalid host name'}.\n`);
      inform(EXIT.generic);
      continue;
    }
    inform(retrieve(url, o, ctx, out, run));
  }
  // main.c: a run of several URLs that downloaded something ends with a summary.
  if (o.urls.length > 1 && run.bytes > 0 && !o.quiet) {
    out.err(`FINISHED --${datetime(ctx.now + run.elapsed)}--\nTotal wall clock time: ${humanTime(run.elapsed / 1000)}\n`);
    out.err(`Downloaded: ${run.files} files, ${humanReadable(run.bytes)} in ${humanTime(run.downloadSecs)} (${retrRate(run.bytes, run.downloadSecs)})\n`);
  }
  return out.done(run.status, run.elapsed);
};

/** A run's state across its URLs: simulated time spent, the exit status so far, -O's document. */
interface Run {
  elapsed: number;
  status: number;
  readonly document?: { readonly path: string; text: string };
  /** What was downloaded, for main.c's closing summary. */
  files: number;
  bytes: number;
  downloadSecs: number;
  /** Names resolved so far (host.c's cache). */
  readonly dnsCache: Map<string, string>;
  /** The connection the last response left open (http.c pconn). */
  pconn?: { host: string; port: number; scheme: string; ip: string };
}

/** What one try (gethttp) came to: an end with an exit code, a retry, or a redirection to follow. */
type TryResult = { kind: 'end'; code: number } | { kind: 'retry' } | { kind: 'redirect'; to: string };

/** http_loop, and the redirections retrieve_url follows (20 at most): the exit code. */
function retrieve(first: ToolUrl, o: WgetOptions, ctx: ProgramContext, out: ProgramOutput, run: Run): number {
  const log = (text: string) => {
    if (!o.quiet) out.err(text);
  };
  let url = first;
  for (let redirects = 0; ; redirects++) {
    const result = tries(url, o, ctx, out, log, run);
    if (result.kind === 'end') return result.code;
    if (result.kind === 'retry') return EXIT.network;
    const next = parseToolUrl(absoluteLocation(result.to, url));
    if ('error' in next) {
      log(`${result.to}: Unsupported scheme.\n`);
      return EXIT.generic;
    }
    if (redirects >= 20) {
      log('20 redirections exceeded.\n');
      return EXIT.serverError;
    }
    url = next;
  }
}

/** A Location header made absolute against the URL it came from (uri_merge); as it is when it does not parse. */
function absoluteLocation(location: string, base: ToolUrl): string {
  try {
    return new URL(location, urlString(base)).href;
  } catch {
    return location;
  }
}

/** The tries of one URL; `retry` when they ran out (TRYLIMEXC). */
function tries(url: ToolUrl, o: WgetOptions, ctx: ProgramContext, out: ProgramOutput, log: (t: string) => void, run: Run): TryResult {
  for (let count = 1; o.tries === 0 || count <= o.tries; count++) {
    // sleep_between_retrievals: 1, 2, ... up to --waitretry seconds before each retry.
    if (count > 1) run.elapsed += Math.min(count - 1, o.waitretryS) * 1000;
    if (o.spider) log('Spider mode enabled. Check if remote file exists.\n');
    const tms = datetime(ctx.now + run.elapsed);
    log(count > 1 ? `--${tms}--  (try:${String(count).padStart(2)})  ${urlString(url)}\n` : `--${tms}--  ${urlString(url)}\n`);
    const result = gethttp(url, o, ctx, out, log, run);
    if (result.kind !== 'retry') return result;
    // Without a limit wget goes on for ever: the simulation stops after 20, where a learner would press Ctrl+C.
    if (o.tries === 0 && count >= 20) return { kind: 'end', code: 130 };
    log(count === o.tries ? 'Giving up.\n\n' : 'Retrying.\n\n');
  }
  return { kind: 'retry' };
}

/** lookup_host: the address, printing `Resolving NAME (NAME)... ADDRESS` (nothing for an address literal). */
function lookupHost(host: string, ctx: ProgramContext, log: (t: string) => void, run: Run): string | undefined {
  // The DNS cache: a name that resolved is not looked up (nor `Resolving` printed) again in the run.
  const cached = run.dnsCache.get(host);
  if (cached !== undefined) return cached;
  const resolved = resolveHost(host, ctx);
  run.elapsed += resolved.durationMs;
  if (resolved.ok && resolved.ip === host) return host;
  log(`Resolving ${host} (${host})... `);
  if (!resolved.ok) {
    // gai_strerror of glibc's EAI_NONAME and EAI_AGAIN.
    log(`failed: ${resolved.failure === 'nxdomain' ? 'Name or service not known' : 'Temporary failure in name resolution'}.\n`);
    return undefined;
  }
  log(`${resolved.ip}\n`);
  run.dnsCache.set(host, resolved.ip);
  return resolved.ip;
}

/** One try: connect, send, read the head, then the body or the error. */
function gethttp(url: ToolUrl, o: WgetOptions, ctx: ProgramContext, out: ProgramOutput, log: (t: string) => void, run: Run): TryResult {
  // persistent_available_p: the previous response's connection, kept alive, to the same host name, port and scheme.
  const pconn = run.pconn;
  const reuse = pconn !== undefined && pconn.host.toLowerCase() === url.host.toLowerCase() && pconn.port === url.port && pconn.scheme === url.scheme;
  run.pconn = undefined;
  let ip: string;
  if (reuse) {
    ip = pconn.ip;
    log(`Reusing existing connection to ${url.host}:${url.port}.\n`);
  } else {
    const found = lookupHost(url.host, ctx, log, run);
    if (found === undefined) {
      log(`wget: unable to resolve host address ‘${url.host}’\n`);
      return { kind: 'end', code: EXIT.network };
    }
    ip = found;
    log(ip === url.host ? `Connecting to ${ip}:${url.port}... ` : `Connecting to ${url.host} (${url.host})|${ip}|:${url.port}... `);
  }
  const hostHeader = url.port !== (url.scheme === 'https' ? 443 : 80) ? `${url.host}:${url.port}` : url.host;
  const headers: [string, string][] = [['User-Agent', o.userAgent], ['Accept', '*/*'], ['Accept-Encoding', 'identity'], ['Host', hostHeader], ['Connection', 'Keep-Alive'], ...o.headers];
  const r = ctx.network.request(ctx.from, ip, url.port, { kind: 'http', method: o.spider ? 'HEAD' : 'GET', path: url.path, host: hostHeader, headers, tls: url.scheme === 'https' });
  if (!r.ok) {
    if (r.failure === 'refused' || r.failure === 'unreachable') {
      run.elapsed += r.failure === 'refused' ? 1 : ARP_FAILURE_MS;
      log(`failed: ${r.failure === 'refused' ? 'Connection refused' : 'No route to host'}.\n`);
      // retryable_socket_connect_error: ECONNREFUSED and EHOSTUNREACH only with --retry-connrefused.
      return o.retryConnrefused ? { kind: 'retry' } : { kind: 'end', code: EXIT.network };
    }
    run.elapsed += o.connectTimeoutS > 0 ? Math.min(o.connectTimeoutS * 1000, LINUX_CONNECT_TIMEOUT_MS) : LINUX_CONNECT_TIMEOUT_MS;
    log('failed: Connection timed out.\n');
    return { kind: 'retry' };
  }
  if (!reuse) log('connected.\n');
  log('HTTP request sent, awaiting response... ');
  const response = r.response;
  if (!response || response.kind !== 'http') {
    // No answer within the read timeout (0: none of wget's own; the simulation stops where a learner would give up).
    run.elapsed += (o.readTimeoutS > 0 ? o.readTimeoutS : 900) * 1000;
    log('Read error (Connection timed out) in headers.\n');
    return { kind: 'retry' };
  }
  run.elapsed += 1;
  // register_persistent: an HTTP/1.1 answer with a known length keeps its connection for the next URL.
  if (header(response, 'Content-Length') !== undefined && header(response, 'Connection')?.toLowerCase() !== 'close') run.pconn = { host: url.host, port: url.port, scheme: url.scheme, ip };
  if (o.serverResponse) {
    log('\n');
    log(`  HTTP/1.1 ${response.status} ${response.reason}\n`);
    for (const [k, v] of response.headers) log(`  ${k}: ${v}\n`);
  } else log(`${response.status} ${response.reason}\n`);
  const location = header(response, 'Location');
  if (response.status >= 300 && response.status < 400 && response.status !== 304) {
    log(`Location: ${location ?? 'unspecified'}${location ? ' [following]' : ''}\n`);
    if (location) return { kind: 'redirect', to: location };
  }
  if (response.status < 200 || response.status > 299) {
    if (o.spider) log('Remote file does not exist -- broken link!!!\n');
    else log(`${datetime(ctx.now + run.elapsed)} ERROR ${response.status}: ${response.reason}.\n`);
    log('\n');
    return { kind: 'end', code: EXIT.serverError };
  }
  return deliver(url, response, o, ctx, out, log, run);
}

/** A 2xx response: its length and type, then (unless --spider) the body saved with its progress. */
function deliver(url: ToolUrl, response: HttpResponse, o: WgetOptions, ctx: ProgramContext, out: ProgramOutput, log: (t: string) => void, run: Run): TryResult {
  const lengthText = header(response, 'Content-Length');
  const contlen = lengthText !== undefined && /^\d+$/.test(lengthText) ? Number(lengthText) : undefined;
  const type = header(response, 'Content-Type')?.split(';')[0].trim();
  const length = contlen === undefined ? 'unspecified' : `${contlen}${contlen >= 1024 ? ` (${humanReadable(contlen)})` : ''}`;
  log(`Length: ${length}${type ? ` [${type}]` : ''}\n`);
  if (o.spider) {
    log(type === 'text/html' || type === 'text/css' ? 'Remote file exists and could contain further links,\nbut recursion is disabled -- not retrieving.\n\n' : 'Remote file exists.\n\n');
    return { kind: 'end', code: 0 };
  }
  const toStdout = o.output === '-';
  const file = o.output ?? uniqueName(ctx, url);
  if (run.document) {
    run.document.text += response.body;
    ctx.files?.write(run.document.path, run.document.text);
  } else if (!toStdout && ctx.files && !ctx.files.write(file, response.body)) {
    // The file opens before anything is read: a directory in the way ends the URL (FOPENERR, exit 3).
    log(`${file}: Is a directory\n`);
    log(`\nCannot write to ‘${file}’ (Is a directory).\n`);
    return { kind: 'end', code: 3 };
  }
  log(`Saving to: ‘${toStdout ? 'STDOUT' : file}’\n`);
  const bytes = Buffer.byteLength(response.body);
  // The body arrives at about a gigabit a second, after a round trip.
  const secs = 0.00005 + bytes / 117_000_000;
  if (toStdout) out.out(response.body);
  log(dotProgress(bytes, contlen, secs));
  run.elapsed += Math.ceil(secs * 1000);
  run.files++;
  run.bytes += bytes;
  run.downloadSecs += secs;
  const tms = datetime(ctx.now + run.elapsed);
  const sizes = contlen === undefined ? `[${bytes}]` : `[${bytes}/${contlen}]`;
  log(toStdout ? `${tms} (${retrRate(bytes, secs)}) - written to stdout ${sizes}\n\n` : `${tms} (${retrRate(bytes, secs)}) - ‘${file}’ saved ${sizes}\n\n`);
  return { kind: 'end', code: 0 };
}

/** url_file_name and unique_name: the last path segment (index.html for none), `.1`, `.2` ... when taken. */
function uniqueName(ctx: ProgramContext, url: ToolUrl): string {
  const base = url.path.replace(/[?#].*$/, '').split('/').pop() || 'index.html';
  if (!ctx.files?.exists(base)) return base;
  for (let n = 1; ; n++) if (!ctx.files.exists(`${base}.${n}`)) return `${base}.${n}`;
}

/** A response header by name (case-insensitive). */
function header(response: HttpResponse, name: string): string | undefined {
  return response.headers.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
}
