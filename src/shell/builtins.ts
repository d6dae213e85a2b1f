/**
 * Commands the shell itself answers: host changes (`ssh`, `exit`, `logout`), copies between hosts (`scp`),
 * and the bash builtins a learner types without thinking (`echo`, `cd`,
 * `export`, `history`, `which`, ...). Everything else comes from the registry.
 */
import type { CommandBudget } from '../commands/budget.js';
import type { ClusterView } from '../commands/types.js';
import type { CommandRegistry } from '../commands/registry.js';
import { formatPrintf, type FormatArg } from '../commands/text/lib/printf-format.js';
import type { OutputChunk, RunResult, StageResult } from './pipeline.js';
import type { ShellFiles } from './files.js';
import { scp } from './scp.js';

/** The session state a builtin may read and change. */
export interface BuiltinScope {
  /** Host the shell is on. */
  readonly host: string;
  /** The current host's variables (mutable: `export` writes here). */
  readonly env: Record<string, string>;
  /** The simulated cluster. */
  readonly cluster: ClusterView;
  /** Commands installed per host. */
  readonly registry: CommandRegistry;
  /** Command lines entered so far, oldest first. */
  readonly history: readonly string[];
  /** Empties the history (`history -c`). */
  clearHistory(): void;
  /** Opens a shell on `host` as `user` (ssh). */
  enterHost(host: string, user: string): void;
  /** Leaves the current remote host; false on the workstation. */
  leaveHost(): boolean;
  /** Runs a command line on `host` without staying there (`ssh node-2 uptime`), with `stdin` as its input. */
  runOn(host: string, user: string, line: string, stdin?: string): Promise<RunResult>;
  /** Every host's files, to read (scp looks at what it copies). */
  readonly files: Pick<ShellFiles, 'read' | 'list'>;
  /**
   * Copies a file between hosts (scp), its provenance with it: a copy of a file the learner
   * typed is still the learner's text. False when the destination cannot be written.
   */
  copyFile(from: { host: string; path: string }, to: { host: string; path: string }, text: string): boolean;
  /** Asks the terminal to clear the screen. */
  requestClear(): void;
  /** Tells the UI the learner typed `exit` on the workstation. */
  requestExit(): void;
  /** The command line's budget (printf's widths count against its string budget). */
  readonly budget: CommandBudget;
}

/** A builtin: arguments (name excluded), stdin and the session scope. */
export type Builtin = (args: readonly string[], stdin: string | undefined, scope: BuiltinScope) => StageResult | Promise<StageResult>;

const done = (stdout = '', stderr = '', exitCode = 0): StageResult => ({ stdout, stderr, exitCode });

/** Builtins that exist as a binary too, so `which` finds them in /usr/bin. */
const ALSO_BINARIES = new Set(['printf', 'echo', 'true', 'false', 'which', 'ssh', 'scp', 'clear', 'pwd']);

/** Interprets `echo -e` escapes (bash builtins/echo.def, ansicstr). Returns the text and whether `\c` stopped output. */
function echoEscapes(text: string): { text: string; stop: boolean } {
  const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v', '\\': '\\' };
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const e = text[i + 1];
    if (e === 'c') return { text: out, stop: true };
    if (map[e] !== undefined) {
      out += map[e];
      i++;
    } else if (e === '0') {
      const m = /^[0-7]{0,3}/.exec(text.slice(i + 2))![0];
      out += String.fromCharCode(parseInt(m || '0', 8));
      i += 1 + m.length;
    } else if (e === 'x' && /^[0-9a-fA-F]/.test(text.slice(i + 2))) {
      const m = /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2))![0];
      out += String.fromCharCode(parseInt(m, 16));
      i += 1 + m.length;
    } else {
      out += c;
    }
  }
  return { text: out, stop: false };
}

/** bash's printf builtin: the format is reused until the arguments run out (builtins/printf.def). */
const printf: Builtin = (args, _stdin, scope) => {
  if (args.length === 0) return done('', 'printf: usage: printf [-v var] format [arguments]\n', 2);
  const format = echoEscapes(args[0]).text;
  let stderr = '';
  const values: FormatArg[] = args.slice(1).map((a) => ({
    str: a,
    isNumber: false,
    // Only a numeric conversion complains about a non-number.
    get num(): number {
      const trimmed = a.trim();
      if (/^['"]./.test(a)) return a.codePointAt(1)!;
      const num = trimmed === '' ? 0 : Number(trimmed);
      if (!Number.isNaN(num)) return num;
      stderr += `bash: printf: ${a}: invalid number\n`;
      return parseFloat(trimmed) || 0;
    },
  }));
  let stdout = '';
  let rest = values;
  do {
    const { text, used } = formatPrintf(format, rest, scope.budget);
    stdout += text;
    if (used === 0) break;
    rest = rest.slice(used);
  } while (rest.length > 0);
  return done(stdout, stderr, stderr ? 1 : 0);
};

const echo: Builtin = (args) => {
  let newline = true;
  let escapes = false;
  let i = 0;
  // Only words made entirely of n/e/E letters are options, as in bash.
  while (i < args.length && /^-[neE]+$/.test(args[i])) {
    for (const f of args[i].slice(1)) {
      if (f === 'n') newline = false;
      else escapes = f === 'e';
    }
    i++;
  }
  let text = args.slice(i).join(' ');
  if (escapes) {
    const r = echoEscapes(text);
    if (r.stop) return done(r.text);
    text = r.text;
  }
  return done(newline ? `${text}\n` : text);
};

/** Options of ssh(1) that take an argument (OpenSSH ssh.c getopt string). */
const SSH_ARG_OPTIONS = new Set('BbcDEeFIiJLlmOopQRSWw'.split(''));

const ssh: Builtin = async (args, stdin, scope) => {
  let user = 'root';
  let input = stdin;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('-') || a === '-') break;
    const letter = a[1];
    // -n: stdin from /dev/null.
    if (/^-[46AaCfGgKkMNnqsTtVvXxYy]*n/.test(a)) input = '';
    if (SSH_ARG_OPTIONS.has(letter) && a.length === 2) {
      if (letter === 'l' && args[i + 1]) user = args[i + 1];
      i++;
    } else if (letter === 'l' && a.length > 2) {
      user = a.slice(2);
    }
  }
  const destination = args[i];
  if (destination === undefined) {
    return done(
      '',
      'usage: ssh [-46AaCfGgKkMNnqsTtVvXxYy] [-B bind_interface] [-b bind_address]\n' +
        '           [-c cipher_spec] [-D [bind_address:]port] [-E log_file]\n' +
        '           [-e escape_char] [-F configfile] [-I pkcs11] [-i identity_file]\n' +
        '           [-J destination] [-L address] [-l login_name] [-m mac_spec]\n' +
        '           [-O ctl_cmd] [-o option] [-P tag] [-p port] [-R address]\n' +
        '           [-S ctl_path] [-W host:port] [-w local_tun[:remote_tun]]\n' +
        '           destination [command [argument ...]]\n',
      255,
    );
  }
  let host = destination.replace(/^ssh:\/\//, '');
  const at = host.lastIndexOf('@');
  if (at >= 0) {
    user = host.slice(0, at);
    host = host.slice(at + 1);
  }
  if (!scope.cluster.nodeNames().includes(host)) {
    return done('', `ssh: Could not resolve hostname ${host}: Name or service not known\n`, 255);
  }
  const remote = args.slice(i + 1);
  // The remote command reads ssh's stdin, so `ssh node "cat > f" < file` copies the file (never an empty one).
  if (remote.length > 0) {
    const result = await scope.runOn(host, user, remote.join(' '), input);
    return { ...splitChunks(result.chunks), exitCode: result.exitCode, chunks: result.chunks };
  }
  if (input !== undefined && input !== '') {
    // Input that is not a terminal: the remote login shell runs it as a script (ssh.c, tty_flag off).
    const result = await scope.runOn(host, user, input);
    const chunks: OutputChunk[] = [{ fd: 2, text: 'Pseudo-terminal will not be allocated because stdin is not a terminal.\n' }, ...result.chunks];
    return { ...splitChunks(chunks), exitCode: result.exitCode, chunks };
  }
  scope.enterHost(host, user);
  return done();
};

function splitChunks(chunks: readonly OutputChunk[]): { stdout: string; stderr: string } {
  return {
    stdout: chunks.filter((c) => c.fd === 1).map((c) => c.text).join(''),
    stderr: chunks.filter((c) => c.fd === 2).map((c) => c.text).join(''),
  };
}

const exit: Builtin = (args, _stdin, scope) => {
  const status = args[0] !== undefined && /^-?[0-9]+$/.test(args[0]) ? Number(args[0]) & 255 : 0;
  const host = scope.host;
  if (!scope.leaveHost()) {
    scope.requestExit();
    return done('', '', status);
  }
  // The remote login shell says `logout`; the ssh client then reports the closed connection.
  return {
    stdout: 'logout\n',
    stderr: `Connection to ${host} closed.\n`,
    exitCode: status,
    chunks: [
      { fd: 1, text: 'logout\n' },
      { fd: 2, text: `Connection to ${host} closed.\n` },
    ],
  };
};

const exportBuiltin: Builtin = (args, _stdin, scope) => {
  const names = args.filter((a) => a !== '-p');
  if (names.length === 0) {
    const lines = Object.keys(scope.env)
      .sort()
      .map((k) => `declare -x ${k}="${scope.env[k].replace(/(["\\$`])/g, '\\$1')}"\n`);
    return done(lines.join(''));
  }
  let stderr = '';
  for (const a of names) {
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      stderr += `bash: export: \`${a}': not a valid identifier\n`;
      continue;
    }
    if (eq >= 0) scope.env[name] = a.slice(eq + 1);
  }
  return done('', stderr, stderr ? 1 : 0);
};

const unset: Builtin = (args, _stdin, scope) => {
  for (const a of args) delete scope.env[a];
  return done();
};

const history: Builtin = (args, _stdin, scope) => {
  if (args[0] === '-c') {
    scope.clearHistory();
    return done();
  }
  const all = scope.history;
  let start = 0;
  if (args[0] !== undefined) {
    if (!/^[0-9]+$/.test(args[0])) return done('', `bash: history: ${args[0]}: numeric argument required\n`, 1);
    start = Math.max(0, all.length - Number(args[0]));
  }
  // bash builtins/history.def: "%5d%c %s" with a space for unmodified entries.
  const lines = all.slice(start).map((line, k) => `${String(start + k + 1).padStart(5)}  ${line}\n`);
  return done(lines.join(''));
};

const which: Builtin = (args, _stdin, scope) => {
  let out = '';
  let status = 0;
  for (const name of args.filter((a) => !a.startsWith('-'))) {
    if (scope.registry.lookup(name, scope.host) || ALSO_BINARIES.has(name)) out += `/usr/bin/${name}\n`;
    else status = 1;
  }
  return done(out, '', args.length === 0 ? 1 : status);
};

/** The builtins by name. */
export const BUILTINS: Readonly<Record<string, Builtin>> = {
  echo,
  printf,
  ssh,
  scp,
  exit,
  logout: exit,
  export: exportBuiltin,
  unset,
  history,
  which,
  cd: () => done(),
  pwd: (_args, _stdin, scope) => done(`${scope.env.HOME ?? '/'}\n`),
  clear: (_args, _stdin, scope) => {
    scope.requestClear();
    return done();
  },
  true: () => done(),
  false: () => done('', '', 1),
  ':': () => done(),
};
