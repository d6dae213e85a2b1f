/**
 * GNU Wget 1.21.2's command line (src/main.c getopt_long over
 * src/options.h's table, src/init.c's value checks and defaults): the
 * options the nodes' wget is used with, their errors and exit codes.
 */

/** The version in Wget's own User-Agent. */
const VERSION = '1.21.2';

/** src/exits.h. */
export const EXIT = { generic: 1, parse: 2, network: 4, serverError: 8 } as const;

/** The tail of every usage error (main.c print_usage and its hint). */
export const USAGE_TAIL = "Usage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n";

/** What the command line asks for. */
export interface WgetOptions {
  /** -q: no log at all. */
  quiet: boolean;
  /** -O: one file for every body (`-` for stdout); undefined: a file per URL, named after it. */
  output?: string;
  /** The read timeout (-T, --read-timeout; 900 s by default). */
  readTimeoutS: number;
  /** The connect timeout (-T, --connect-timeout; 0: the kernel's). */
  connectTimeoutS: number;
  /** Tries per URL (-t; 0: without end). */
  tries: number;
  /** The longest wait between tries (--waitretry, 10 s). */
  waitretryS: number;
  /** --retry-connrefused: a refused or unreachable connect is retried too. */
  retryConnrefused: boolean;
  /** -S: print the response head. */
  serverResponse: boolean;
  /** --spider: HEAD only, nothing saved. */
  spider: boolean;
  /** -U (Wget/1.21.2 by default). */
  userAgent: string;
  /** --header lines, in order. */
  headers: [string, string][];
  /** The URLs, in order. */
  urls: string[];
}

/** Long options that take a value. */
const VALUE_OPTIONS: ReadonlySet<string> = new Set(['output-document', 'timeout', 'connect-timeout', 'read-timeout', 'dns-timeout', 'tries', 'waitretry', 'header', 'user-agent']);
/** Long options without a value. */
const FLAG_OPTIONS: ReadonlySet<string> = new Set(['quiet', 'verbose', 'server-response', 'spider', 'retry-connrefused', 'no-check-certificate', 'continue', 'inet4-only']);
/** Short options by the long option they stand for. */
const SHORT: ReadonlyMap<string, string> = new Map([
  ['q', 'quiet'], ['v', 'verbose'], ['S', 'server-response'], ['c', 'continue'], ['4', 'inet4-only'],
  ['O', 'output-document'], ['T', 'timeout'], ['t', 'tries'], ['U', 'user-agent'],
]);

/** cmd_time: `5`, `1.5`, `30s`, `2m`, `1h`, `1d`, `1w` in seconds. */
function timePeriod(v: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*([smhdw]?)\s*$/.exec(v);
  if (!m) return undefined;
  return Number(m[1]) * { '': 1, s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[m[2] as '' | 's' | 'm' | 'h' | 'd' | 'w'];
}

/** setoptval for one option; an error message (init.c's) when its value is bad. */
function setOption(o: WgetOptions, name: string, value: string | undefined): string | undefined {
  const v = value ?? '';
  switch (name) {
    case 'quiet':
      o.quiet = true;
      return undefined;
    case 'verbose':
      o.quiet = false;
      return undefined;
    case 'server-response':
      o.serverResponse = true;
      return undefined;
    case 'spider':
      o.spider = true;
      return undefined;
    case 'retry-connrefused':
      o.retryConnrefused = true;
      return undefined;
    case 'output-document':
      o.output = v;
      return undefined;
    case 'user-agent':
      o.userAgent = v;
      return undefined;
    case 'header': {
      const at = v.indexOf(':');
      if (at > 0) o.headers.push([v.slice(0, at).trim(), v.slice(at + 1).trim()]);
      return undefined;
    }
    case 'tries': {
      // cmd_number_inf: `inf`, else strtol (no digits is 0, which is also without end); only a negative number is refused.
      const n = /^inf$/i.test(v) ? 0 : Number(/^\s*([+-]?\d+)/.exec(v)?.[1] ?? 0);
      if (n < 0 || n > 0x7fffffff) return `wget: --tries: Invalid number ‘${v}’.\n`;
      o.tries = n;
      return undefined;
    }
    case 'timeout':
    case 'connect-timeout':
    case 'read-timeout':
    case 'dns-timeout':
    case 'waitretry': {
      const s = timePeriod(v);
      if (s === undefined) return `wget: --${name}: Invalid time period ‘${v}’\n`;
      if (name === 'timeout' || name === 'connect-timeout') o.connectTimeoutS = s;
      if (name === 'timeout' || name === 'read-timeout') o.readTimeoutS = s;
      if (name === 'waitretry') o.waitretryS = s;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** getopt_long over argv (options may follow URLs; `-qO-` bundles flags and a value). */
export function parseArgs(args: readonly string[]): WgetOptions | { error: string; code: number } {
  const o: WgetOptions = { quiet: false, readTimeoutS: 900, connectTimeoutS: 0, tries: 20, waitretryS: 10, retryConnrefused: false, serverResponse: false, spider: false, userAgent: `Wget/${VERSION}`, headers: [], urls: [] };
  const usage = (message: string) => ({ error: `${message}${USAGE_TAIL}`, code: EXIT.parse });
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      o.urls.push(...args.slice(i + 1));
      break;
    }
    const long = /^--([^=]+)(?:=(.*))?$/s.exec(a);
    if (long) {
      const [, name, inline] = long;
      if (VALUE_OPTIONS.has(name)) {
        const value = inline ?? args[++i];
        if (value === undefined) return usage(`wget: option '--${name}' requires an argument\n`);
        const bad = setOption(o, name, value);
        if (bad) return { error: bad, code: EXIT.parse };
      } else if (FLAG_OPTIONS.has(name)) {
        if (inline !== undefined) return usage(`wget: option '--${name}' doesn't allow an argument\n`);
        setOption(o, name, undefined);
      } else return usage(`wget: unrecognized option '${a}'\n`);
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const name = SHORT.get(a[j]);
        if (!name) return usage(`wget: invalid option -- '${a[j]}'\n`);
        if (VALUE_OPTIONS.has(name)) {
          const value = j + 1 < a.length ? a.slice(j + 1) : args[++i];
          if (value === undefined) return usage(`wget: option requires an argument -- '${a[j]}'\n`);
          const bad = setOption(o, name, value);
          if (bad) return { error: bad, code: EXIT.parse };
          break;
        }
        setOption(o, name, undefined);
      }
      continue;
    }
    o.urls.push(a);
  }
  return o;
}
