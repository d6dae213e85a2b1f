/**
 * The learner's interactive shell: parses a line, runs it against the command
 * registry on the current host, applies redirections, and keeps the host stack
 * (`ssh node-2` / `exit`), the prompt and the history.
 */
import type { CommandContext, ClusterView, ContainerShell, ExecResult, PagerRequest } from '../commands/types.js';
import { WORKSTATION, type CommandRegistry } from '../commands/registry.js';
import { BudgetExceeded, CommandBudget, type BudgetLimits } from '../commands/budget.js';
import { defaultCommandRegistry } from '../commands/index.js';
import type { FileAccess } from '../commands/text/lib/file-access.js';
import type { SimpleCommand, Word, WordPart } from './ast.js';
import { BUILTINS, type BuiltinScope } from './builtins.js';
import { expandWord, expandWordToString, globSegment, type ExpansionScope } from './expand.js';
import { createMemoryFiles, resolvePath, type ShellFiles } from './files.js';
import { parse } from './parse.js';
import { complete, type Completion, type CompletionSources } from './complete.js';
import { expandHistory } from './history-expand.js';
import { executeScript, type OutputChunk, type PipelineFollow, type RunResult, type StageResult } from './pipeline.js';

/** Options of a shell session. */
export interface ShellSessionOptions {
  /** The simulated cluster commands run against. */
  readonly cluster: ClusterView;
  /** Variables added to (or overriding) the workstation's default environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Editor hook handed to commands (kubectl edit). */
  readonly openEditor?: CommandContext['openEditor'];
  /** The commands installed; defaults to every registered command (src/commands/index.ts). */
  readonly registry?: CommandRegistry;
  /** Where redirections write and commands read files; defaults to an in-memory map. */
  readonly files?: ShellFiles;
  /**
   * Hears what each command line put on the terminal, piece by piece, each
   * marked `observed` when it derives from simulated state (for evidence,
   * src/grading/evidence.ts).
   */
  readonly onOutput?: (chunks: readonly OutputChunk[]) => void;
  /** Limits every command line runs under (steps, time, output, strings); defaults to DEFAULT_LIMITS. */
  readonly limits?: BudgetLimits;
  /** Lines of earlier sessions (the history file), oldest first: `history` lists them and `!n` finds them. */
  readonly history?: readonly string[];
  /**
   * `!!`, `!n`, ... are expanded, as in an interactive bash (the TUI). Off by
   * default: bash does not expand history in scripts, so neither do
   * `kubedrill exec`, line mode and scenario solutions.
   */
  readonly historyExpansion?: boolean;
}

/** What one command line produced. */
export interface ShellExecResult {
  /** stdout and stderr interleaved as a terminal shows them. */
  readonly output: string;
  /** Only what reached the terminal's stdout. */
  readonly stdout: string;
  /** Only what reached the terminal's stderr. */
  readonly stderr: string;
  /** Status of the last pipeline (`$?`). */
  readonly exitCode: number;
  /** `clear` ran: the UI should clear the screen before showing `output`. */
  readonly clearScreen?: boolean;
  /** `exit`/`logout` on the workstation: the UI decides what leaving means. */
  readonly exitRequested?: boolean;
  /**
   * The line after history expansion (`!!` → `kubectl get pods`), when it
   * changed; it is what ran and what the history keeps.
   */
  readonly expanded?: string;
  /** History expansion failed (`!foo: event not found`): nothing ran and nothing was remembered. */
  readonly expansionFailed?: boolean;
  /**
   * The line's last job keeps running (`journalctl -f`, only with
   * {@link ShellSession.setCanFollow}): poll it for more output, stop it on Ctrl+C.
   */
  readonly follow?: ShellFollow;
  /**
   * `output` in pieces, present when a pager wrote to the terminal (`less` in
   * the TUI): the terminal shows each piece in turn, a paged one through its pager.
   */
  readonly pieces?: readonly OutputPiece[];
}

/** A run of terminal output: plain text, or a pager's text. */
export interface OutputPiece {
  readonly text: string;
  readonly page?: PagerRequest;
}

/** Merges output into pieces, each pager's text on its own; undefined when no pager wrote. */
function outputPieces(chunks: readonly OutputChunk[]): OutputPiece[] | undefined {
  if (!chunks.some((c) => c.page)) return undefined;
  const pieces: OutputPiece[] = [];
  for (const chunk of chunks) {
    const last = pieces[pieces.length - 1];
    if (chunk.page) pieces.push({ text: chunk.text, page: chunk.page });
    else if (last && !last.page) pieces[pieces.length - 1] = { text: last.text + chunk.text };
    else pieces.push({ text: chunk.text });
  }
  return pieces;
}

function withPieces(chunks: readonly OutputChunk[]): { pieces?: OutputPiece[] } {
  const pieces = outputPieces(chunks);
  return pieces ? { pieces } : {};
}

/** A foreground job that keeps running until interrupted. */
export interface ShellFollow {
  /** stdout and stderr written since the last call, interleaved ('' when none). */
  next(): Promise<string>;
  /** Ctrl+C: the job dies of SIGINT, so `$?` becomes 130 (128 + 2) as in bash. */
  stop(): void;
  /** The job's status once it ended by itself (`kubectl rollout status` done or timed out), which `$?` then holds; undefined while it runs. */
  exitCode(): number | undefined;
}

/** An interactive shell over the simulated cluster. */
export interface ShellSession {
  /** Runs one command line. */
  exec(line: string): Promise<ShellExecResult>;
  /** The prompt to show, e.g. `learner@workstation:~$ ` or `root@node-2:~# `. */
  prompt(): string;
  /** The host the shell is on: `workstation` or a node name. */
  host(): string;
  /** Command lines entered so far, oldest first (for ↑/↓ in the UI). */
  history(): readonly string[];
  /**
   * Tab completion of the word before `cursor` on the current host
   * (src/shell/complete.ts). Only reads: the clock does not move and nothing is written.
   */
  complete(line: string, cursor: number): Completion;
  /**
   * Whether the terminal this shell runs in can show a command that keeps
   * running (the interactive TUI); off by default, so scripts, `kubedrill exec`
   * and line mode print once and return. Commands see it as `ctx.canFollow`.
   */
  setCanFollow(enabled: boolean): void;
}

interface HostFrame {
  readonly host: string;
  readonly user: string;
  readonly env: Record<string, string>;
  /** A shell inside a container (`kubectl exec -it`): its commands run there. */
  readonly container?: ContainerShell;
  /** The container shell's working directory (its prompt shows it). */
  cwd?: string;
  /** Lines typed into the container's shell so far (dash numbers its messages by them). */
  lines?: number;
}

/** Text filters a container's own userland has too (busybox applets, coreutils): they run on what is piped to them. */
const CONTAINER_FILTERS = new Set(['grep', 'egrep', 'fgrep', 'head', 'tail', 'wc', 'sort', 'uniq', 'awk', 'cut', 'tee', 'tr']);

/** Shell builtins that behave the same in a container's shell as in bash. */
const CONTAINER_BUILTINS = new Set(['echo', 'printf', 'export', 'unset', 'history', 'clear', 'true', 'false', ':']);


const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * A variable table: null-prototype, because names come from the learner's
 * input (`echo $constructor`, `__proto__=x`) and must be ordinary keys.
 */
function envRecord(...parts: (Readonly<Record<string, string>> | undefined)[]): Record<string, string> {
  return Object.assign(Object.create(null) as Record<string, string>, ...parts);
}

function baseEnv(host: string, user: string): Record<string, string> {
  const home = user === 'root' ? '/root' : `/home/${user}`;
  return envRecord({ HOME: home, USER: user, LOGNAME: user, SHELL: '/bin/bash', PATH, HOSTNAME: host, TERM: 'xterm-256color', LANG: 'C.UTF-8' });
}

/** Leading `sudo` and its options are dropped: the simulation has no privilege boundary on hosts. */
function dropSudo(fields: string[]): string[] {
  let rest = fields;
  while (rest[0] === 'sudo') {
    let i = 1;
    while (i < rest.length && rest[i].startsWith('-')) {
      if (rest[i] === '--') {
        i++;
        break;
      }
      i += /^-[ugCDhpRrTU]$/.test(rest[i]) ? 2 : 1;
    }
    rest = rest.slice(i);
  }
  return rest;
}

/** Exit status of a command that crashed (EX_SOFTWARE, "internal software error" in sysexits.h). */
const INTERNAL_ERROR_STATUS = 70;

/**
 * What a command that ran out of budget or crashed answers: a one-line message
 * on stderr (never a JavaScript stack) and a non-zero status; the session goes on.
 */
function failedCommand(name: string, err: unknown, stdout = ''): StageResult {
  if (err instanceof BudgetExceeded) return { stdout, stderr: `${name}: ${err.message}\n`, exitCode: 1 };
  const message = err instanceof Error ? err.message : String(err);
  return { stdout, stderr: `kubedrill: internal error in ${name}: ${message.split('\n')[0]}\n`, exitCode: INTERNAL_ERROR_STATUS };
}

/**
 * The answer of a command that would read its input from the terminal (`cat > f`, `grep x` alone): a
 * real one waits for typed lines and Ctrl+D; here nothing can be typed into it, so it says so rather than
 * run on empty input (`ssh node-2 "cat > kubelet.conf"` silently emptied the file).
 */
function terminalInput(name: string): StageResult {
  return {
    stdout: '',
    stderr: `kubedrill: ${name}: typing into a command's standard input is not simulated: pipe or redirect it (${name} < file, echo text | ${name})\n`,
    exitCode: 1,
  };
}

/** Stderr a command may write without counting against the output budget: room for its error messages. */
const FREE_STDERR = 1024;

/** Keeps a command's output within what its line may still print; past it, the budget message ends the command. */
function withinOutputBudget(name: string, result: StageResult, budget: CommandBudget): StageResult {
  const size = result.stdout.length + Math.max(0, result.stderr.length - FREE_STDERR);
  if (size <= budget.outputLeft()) {
    budget.print(size);
    return result;
  }
  const stdout = result.stdout.slice(0, budget.outputLeft());
  budget.print(stdout.length);
  const failed = failedCommand(name, new BudgetExceeded('output', budget.limits), stdout);
  const observed = result.chunks?.some((c) => c.fd === 1 && c.observed === true) ?? false;
  // What fitted is shown first, then why the rest is missing.
  const chunks: OutputChunk[] = [
    { fd: 1, text: stdout, observed },
    { fd: 2, text: failed.stderr },
  ];
  return { ...failed, chunks: chunks.filter((c) => c.text !== '') };
}

type Target = { kind: 'out' } | { kind: 'err' } | { kind: 'null' } | { kind: 'file'; path: string };

/** Creates a shell session starting on the workstation. */
export function createShellSession(options: ShellSessionOptions): ShellSession {
  const registry = options.registry ?? defaultCommandRegistry();
  const files = options.files ?? createMemoryFiles();
  const frames: HostFrame[] = [{ host: WORKSTATION, user: 'learner', env: envRecord(baseEnv(WORKSTATION, 'learner'), options.env) }];
  let entries: string[] = [...(options.history ?? [])];
  let lastExitCode = 0;
  let clearScreen = false;
  let exitRequested = false;
  let canFollow = false;
  // One budget per command line: steps and time restart with each command, output adds up.
  let budget = new CommandBudget(options.limits);

  const top = (): HostFrame => frames[frames.length - 1];
  const enterHost = (host: string, user = 'root'): void => {
    frames.push({ host, user, env: baseEnv(host, user) });
  };
  const leaveHost = (): boolean => {
    if (frames.length <= 1) return false;
    frames.pop();
    return true;
  };
  const enterContainer = (shell: ContainerShell): void => {
    frames.push({ host: shell.host, user: 'root', env: envRecord(shell.env), container: shell, cwd: '/', lines: 0 });
  };

  /**
   * Provenance of files the learner's command lines wrote, by `host:path`:
   * false once learner-typed text went in. A file not listed is the
   * simulation's own (a node's /var/lib/kubelet/config.yaml), hence observed.
   */
  const written = new Map<string, boolean>();
  const fileKey = (host: string, path: string): string => `${host}:${path}`;
  const fileObserved = (host: string, path: string): boolean => written.get(fileKey(host, path)) ?? true;
  const markWritten = (host: string, path: string, observed: boolean, truncate: boolean): void => {
    const key = fileKey(host, path);
    written.set(key, observed && (truncate || (written.get(key) ?? true)));
  };

  /** File access for one command, noting whether what it read was observed, and marking what it wrote. */
  const fileAccess = (frame: HostFrame, io: { readObserved: boolean; readTyped: boolean; outputObserved: () => boolean }): Required<FileAccess> => ({
    readFile: (path) => {
      const at = resolvePath(path, frame.env.HOME ?? '/');
      const text = files.read(frame.host, at);
      if (text !== undefined && text !== '') {
        if (fileObserved(frame.host, at)) io.readObserved = true;
        else io.readTyped = true;
      }
      return text;
    },
    writeFile: (path, text, append) => {
      const at = resolvePath(path, frame.env.HOME ?? '/');
      const done = files.write(frame.host, at, text, append);
      if (done) markWritten(frame.host, at, text === '' || io.outputObserved(), !append);
      return done;
    },
  });

  async function runCommand(name: string, args: string[], stdin: string | undefined, stdinObserved: boolean, env: Record<string, string>): Promise<StageResult> {
    budget.startCommand();
    let result: StageResult;
    try {
      result = await runCommandUnchecked(name, args, stdin, stdinObserved, env);
    } catch (err) {
      // A bug in a command should not take the terminal down with it.
      return failedCommand(name, err);
    }
    // Nor should a result that is not one (a handler looked up on an object prototype returns anything).
    const malformed = (result.chunks ?? []).some((c) => typeof c.text !== 'string');
    if (typeof result.stdout !== 'string' || typeof result.stderr !== 'string' || !Number.isInteger(result.exitCode) || malformed) {
      return failedCommand(name, new Error('the command returned no result'));
    }
    return withinOutputBudget(name, result, budget);
  }

  async function runCommandUnchecked(name: string, args: string[], stdin: string | undefined, stdinObserved: boolean, env: Record<string, string>): Promise<StageResult> {
    const frame = top();
    if (frame.container) return runInContainer(frame, frame.container, name, args, stdin, stdinObserved, env);
    const builtin = Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined; // `constructor` is not a builtin
    if (builtin) return runBuiltin(builtin, frame, args, stdin);
    return runRegistered(frame, name, args, stdin, stdinObserved, env);
  }

  /** A bash builtin, with the session state it may read and change. */
  function runBuiltin(builtin: (typeof BUILTINS)[string], frame: HostFrame, args: string[], stdin: string | undefined): StageResult | Promise<StageResult> {
    const scope: BuiltinScope = {
      host: frame.host,
      env: frame.env,
      cluster: options.cluster,
      registry,
      history: entries,
      clearHistory: () => {
        entries = [];
      },
      enterHost,
      leaveHost,
      runOn: async (host, user, line, remoteStdin) => {
        enterHost(host, user);
        try {
          return await runLine(line, remoteStdin);
        } finally {
          leaveHost();
        }
      },
      requestClear: () => {
        clearScreen = true;
      },
      requestExit: () => {
        exitRequested = true;
      },
      files,
      copyFile: (from, to, text) => {
        if (!files.write(to.host, to.path, text, false)) return false;
        markWritten(to.host, to.path, fileObserved(from.host, from.path), true);
        return true;
      },
      budget,
    };
    return builtin(args, stdin, scope);
  }

  /**
   * A command typed into a container's shell: its own builtins (`exit`, `cd`),
   * text filters over what is piped to them, and everything else run in the
   * container through the API server and the kubelet, as `kubectl exec` runs it.
   */
  async function runInContainer(frame: HostFrame, shell: ContainerShell, name: string, args: string[], stdin: string | undefined, stdinObserved: boolean, env: Record<string, string>): Promise<StageResult> {
    const observedResult = (r: ExecResult): StageResult => ({ ...r, chunks: (r.chunks ?? [{ fd: 2 as const, text: r.stderr }, { fd: 1 as const, text: r.stdout }]).map((c) => ({ ...c, observed: true })) });
    if (name === 'exit') {
      const status = args[0] !== undefined && /^-?[0-9]+$/.test(args[0]) ? Number(args[0]) & 255 : lastExitCode;
      frames.pop();
      return observedResult(shell.exit(status));
    }
    if (name === 'cd') {
      const dir = resolvePath(args[0] ?? env.HOME ?? '/', frame.cwd ?? '/');
      const refused = shell.cannotEnter(dir, frame.lines ?? 1);
      if (refused) return refused;
      frame.cwd = dir;
      frame.env.PWD = dir;
      return { stdout: '', stderr: '', exitCode: 0 };
    }
    if (name === 'pwd') return { stdout: `${frame.cwd ?? '/'}\n`, stderr: '', exitCode: 0 };
    if (CONTAINER_BUILTINS.has(name)) return runBuiltin(BUILTINS[name], frame, args, stdin);
    if (!shell.has(name)) return shell.notFound(name, frame.lines ?? 1);
    if (CONTAINER_FILTERS.has(name) || (name === 'cat' && args.length === 0 && stdin !== undefined)) return runRegistered(frame, name, args, stdin, stdinObserved, env, WORKSTATION);
    const ran = shell.run([name, ...args], frame.cwd ?? '/');
    if (ran.ended) frames.pop();
    return observedResult(ran.result);
  }

  /** A command from the registry, as installed on `host` (a container's filters are the workstation's). */
  async function runRegistered(frame: HostFrame, name: string, args: string[], stdin: string | undefined, stdinObserved: boolean, env: Record<string, string>, installedOn = frame.host): Promise<StageResult> {
    let lookupName = name;
    if (name.includes('/')) {
      // `/usr/bin/grep` runs grep; any other path does not exist on the simulated hosts.
      const base = name.slice(name.lastIndexOf('/') + 1);
      if (!/^(\/usr)?(\/local)?\/s?bin\/[^/]+$/.test(name) || !registry.lookup(base, installedOn)) {
        return { stdout: '', stderr: `bash: ${name}: No such file or directory\n`, exitCode: 127 };
      }
      lookupName = base;
    }
    const command = await registry.load(lookupName, installedOn);
    if (!command) return { stdout: '', stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
    // Provenance (the evidence rule): a tool that reads simulated state prints observed text, a filter prints
    // observed text when it read some; anything learner-typed among the inputs (a piped echo, a file written
    // from one) makes the output unobserved, so `echo x | grep x` or `cat my-notes` prove nothing.
    const observes = registry.lookup(lookupName, installedOn)?.provenance !== 'filter';
    const io = {
      readObserved: !!stdin && stdinObserved,
      readTyped: !!stdin && !stdinObserved,
      outputObserved: () => !io.readTyped && (observes || io.readObserved),
    };
    // A command reading the terminal would wait for the learner to type its input, which cannot happen here.
    let readTerminal = false;
    const ctx: CommandContext & FileAccess = {
      cluster: options.cluster,
      host: frame.host,
      get stdin() {
        if (stdin === undefined) readTerminal = true;
        return stdin ?? '';
      },
      env,
      openEditor: options.openEditor,
      shell: { enterHost: (host) => enterHost(host), leaveHost, enterContainer },
      canFollow,
      budget,
      ...fileAccess(frame, io),
    };
    const result: ExecResult = await command.execute(args, ctx);
    if (readTerminal) return terminalInput(name);
    const observed = io.outputObserved();
    // A command that wrote in a known order (`rollout status`: status lines, then the error) keeps it.
    const written = result.chunks ?? [
      { fd: 2 as const, text: result.stderr },
      { fd: 1 as const, text: result.stdout },
    ];
    return { ...result, chunks: written.map((c) => ({ ...c, observed })) };
  }

  /** Pathname expansion on the current host: each segment matched against the directory listing. */
  function globPaths(frame: HostFrame, pattern: string): string[] {
    if (!files.list) return [];
    const home = frame.env.HOME ?? '/';
    const absolute = pattern.startsWith('/');
    let paths = [absolute ? '/' : resolvePath('.', home)];
    for (const segment of pattern.split('/').filter(Boolean)) {
      const next: string[] = [];
      for (const dir of paths) {
        if (!/[*?[]/.test(segment)) {
          next.push(dir === '/' ? `/${segment}` : `${dir}/${segment}`);
          continue;
        }
        const re = globSegment(segment);
        for (const name of files.list(frame.host, dir) ?? []) {
          if (name.startsWith('.') && !segment.startsWith('.')) continue;
          if (re.test(name)) next.push(dir === '/' ? `/${name}` : `${dir}/${name}`);
        }
      }
      paths = next;
    }
    const existing = paths.filter((p) => files.read(frame.host, p) !== undefined || files.list!(frame.host, p) !== undefined).sort();
    if (absolute) return existing;
    const prefix = resolvePath('.', home);
    return existing.map((p) => p.slice(prefix === '/' ? 1 : prefix.length + 1));
  }

  /**
   * Runs a command substitution as bash does, in a subshell: on the current host with the line's budget,
   * its variables, host changes and `exit` forgotten afterwards, its stderr meant for the terminal.
   */
  async function runSubstitution(part: Extract<WordPart, { kind: 'subst' }>): Promise<{ stdout: string; observed: boolean; stderr: OutputChunk[]; exitCode: number }> {
    const frame = top();
    const stack = [...frames];
    const env = envRecord(frame.env);
    const cwd = frame.cwd;
    const saved = { clearScreen, exitRequested, canFollow };
    // A follower (`$(journalctl -f)`) would never end: inside a substitution commands print once.
    canFollow = false;
    try {
      const source = part.source;
      const parsed = part.script ? { ok: true as const, script: part.script } : parse(source);
      if (!parsed.ok) {
        // A backquoted command is parsed only now, as a string of its own (bash subst.c parse_and_execute).
        const where = 'bash: command substitution: line 1: ';
        const text = `${parsed.error.replace(/^bash: /, where)}\n${where}\`${source}'\n`;
        return { stdout: '', observed: false, stderr: [{ fd: 2, text }], exitCode: 2 };
      }
      const run = await executeScript(parsed.script, runSafely, (code) => {
        lastExitCode = code;
      });
      run.follow?.stop();
      const out = run.chunks.filter((c) => c.fd === 1 && c.text !== '');
      return {
        stdout: out.map((c) => c.text).join(''),
        observed: out.every((c) => c.observed === true),
        stderr: run.chunks.filter((c) => c.fd === 2),
        exitCode: run.exitCode,
      };
    } finally {
      frames.splice(0, frames.length, ...stack);
      for (const key of Object.keys(frame.env)) delete frame.env[key];
      Object.assign(frame.env, env);
      frame.cwd = cwd;
      ({ clearScreen, exitRequested, canFollow } = saved);
    }
  }

  /** What running a command's substitutions fixed before its words expand. */
  interface Substituted {
    /** Each substitution's output and the `$?` each `$?` reads, by word part. */
    readonly resolved: Map<WordPart, string>;
    /** The substitutions' stderr, in order. */
    readonly stderr: OutputChunk[];
    /** The last substitution's status, if any ran. */
    readonly exitCode?: number;
    /** Whether each part's output was all observed text. */
    readonly observed: Map<WordPart, boolean>;
  }

  /** Runs a command's substitutions left to right, in bash's order: words, redirections, then assignments. */
  async function runSubstitutions(command: SimpleCommand): Promise<Substituted> {
    const done: { resolved: Map<WordPart, string>; stderr: OutputChunk[]; exitCode?: number; observed: Map<WordPart, boolean> } = {
      resolved: new Map(),
      stderr: [],
      observed: new Map(),
    };
    const words: Word[] = [
      ...command.words,
      ...command.redirects.flatMap((r) => (r.kind === 'dup' ? [] : [r.target])),
      ...command.assignments.map((a) => a.value),
    ];
    if (!words.some((w) => w.parts.some((p) => p.kind === 'subst'))) return done;
    for (const part of words.flatMap((w) => w.parts)) {
      if (part.kind === 'var' && part.name === '?') done.resolved.set(part, String(lastExitCode));
      if (part.kind !== 'subst') continue;
      const ran = await runSubstitution(part);
      // bash drops the output's trailing newlines (subst.c command_substitute).
      done.resolved.set(part, ran.stdout.replace(/\n+$/, ''));
      done.observed.set(part, ran.observed);
      done.stderr.push(...ran.stderr);
      done.exitCode = ran.exitCode;
    }
    return done;
  }

  /**
   * Provenance of `echo $(crictl ps -q)`: echo and printf print their arguments, so when every argument is
   * a substitution of observed text, what they print is observed too (a substitution counts as what it was).
   */
  function argsAllObserved(command: SimpleCommand, substituted: Substituted): boolean {
    const args = command.words.slice(1);
    // `"$(…)"` also holds an empty quoted text part (tokenize.ts): it adds nothing typed.
    const typed = (p: WordPart): boolean => p.kind !== 'subst' && !(p.kind === 'text' && p.text === '');
    return args.length > 0 && args.every((w) => w.parts.some((p) => p.kind === 'subst') && w.parts.every((p) => !typed(p) && (p.kind !== 'subst' || substituted.observed.get(p) === true)));
  }

  async function runSimple(command: SimpleCommand, stdin: string | undefined, stdinObserved: boolean): Promise<StageResult> {
    const substituted = await runSubstitutions(command);
    const ran = await runExpanded(command, stdin, stdinObserved, substituted);
    if (substituted.stderr.length === 0) return ran;
    // A substitution's stderr goes to the shell's stderr, ahead of the command's own output.
    const chunks = [...substituted.stderr, ...(ran.chunks ?? [{ fd: 2 as const, text: ran.stderr }, { fd: 1 as const, text: ran.stdout }])];
    return { ...ran, stderr: substituted.stderr.map((c) => c.text).join('') + ran.stderr, chunks };
  }

  async function runExpanded(command: SimpleCommand, stdin: string | undefined, stdinObserved: boolean, substituted: Substituted): Promise<StageResult> {
    const frame = top();
    const scope: ExpansionScope = { env: frame.env, lastExitCode, glob: (pattern) => globPaths(frame, pattern), resolved: substituted.resolved };
    const fields = dropSudo(command.words.flatMap((w) => expandWord(w, scope)));
    const assigned = envRecord(Object.fromEntries(command.assignments.map((a) => [a.name, expandWordToString(a.value, scope)])));

    // Redirections are set up left to right before the command runs (bash redir.c).
    const fds: Record<1 | 2, Target> = { 1: { kind: 'out' }, 2: { kind: 'err' } };
    const home = frame.env.HOME ?? '/';
    let input = stdin;
    let inputObserved = stdinObserved;
    for (const r of command.redirects) {
      if (r.kind === 'dup') {
        fds[r.fd] = fds[r.to];
        continue;
      }
      const targetFields = expandWord(r.target, scope);
      if (targetFields.length !== 1) {
        const raw = r.target.parts.map((p) => (p.kind === 'var' ? `$${p.name}` : p.kind === 'subst' ? p.raw : p.text)).join('');
        return { stdout: '', stderr: `bash: ${raw}: ambiguous redirect\n`, exitCode: 1 };
      }
      const path = resolvePath(targetFields[0], home);
      if (r.kind === 'input') {
        const text = files.read(frame.host, path);
        if (text === undefined) return { stdout: '', stderr: `bash: ${targetFields[0]}: No such file or directory\n`, exitCode: 1 };
        input = text;
        inputObserved = fileObserved(frame.host, path);
        continue;
      }
      let target: Target;
      if (path === '/dev/null') target = { kind: 'null' };
      else if (path === '/dev/stdout') target = fds[1];
      else if (path === '/dev/stderr') target = fds[2];
      else {
        // Opening with `>` truncates even if the command writes nothing.
        if (!files.write(frame.host, path, '', r.append)) {
          return { stdout: '', stderr: `bash: ${targetFields[0]}: Is a directory\n`, exitCode: 1 };
        }
        if (path !== '/dev/null') markWritten(frame.host, path, true, !r.append);
        target = { kind: 'file', path };
      }
      if (r.fd === 'both') {
        fds[1] = target;
        fds[2] = target;
      } else {
        fds[r.fd] = target;
      }
    }
    // `|&` is `2>&1 |`, applied after the command's own redirections.
    if (command.pipeStderr) fds[2] = fds[1];

    let result: StageResult;
    if (fields.length === 0) {
      // Assignments alone set shell variables.
      Object.assign(frame.env, assigned);
      // With no command name, the status is the last substitution's (bash "Simple Command Expansion").
      result = { stdout: '', stderr: '', exitCode: substituted.exitCode ?? 0 };
    } else {
      result = await runCommand(fields[0], fields.slice(1), input, inputObserved, envRecord(frame.env, assigned));
      if ((fields[0] === 'echo' || fields[0] === 'printf') && argsAllObserved(command, substituted)) {
        result = { ...result, chunks: (result.chunks ?? [{ fd: 2 as const, text: result.stderr }, { fd: 1 as const, text: result.stdout }]).map((c) => (c.fd === 1 ? { ...c, observed: true } : c)) };
      }
    }
    // A follower keeps writing to the terminal or a pipe; into a file or /dev/null it is shown once.
    const follow = result.follow && fds[1].kind === 'out' ? result.follow : undefined;
    if (result.follow && !follow) result.follow.stop?.();

    const chunks: OutputChunk[] = [];
    const ordered: readonly OutputChunk[] = result.chunks ?? [
      { fd: 2, text: result.stderr },
      { fd: 1, text: result.stdout },
    ];
    for (const chunk of ordered) {
      if (chunk.text === '') continue;
      const target = fds[chunk.fd];
      const observed = chunk.observed === true;
      // A pager pages only what reaches the terminal; piped on or redirected, its stdout is plain text.
      if (target.kind === 'out') chunks.push({ fd: 1, text: chunk.text, observed, ...(result.page && chunk.fd === 1 ? { page: result.page } : {}) });
      else if (target.kind === 'err') chunks.push({ fd: 2, text: chunk.text, observed });
      else if (target.kind === 'file' && files.write(frame.host, target.path, chunk.text, true)) markWritten(frame.host, target.path, observed, false);
    }
    return {
      stdout: chunks.filter((c) => c.fd === 1).map((c) => c.text).join(''),
      stderr: chunks.filter((c) => c.fd === 2).map((c) => c.text).join(''),
      exitCode: result.exitCode,
      chunks,
      ...(follow ? { follow } : {}),
    };
  }

  /** Expansion (globs, variables) and redirections can fail too: the line goes on with the next command. */
  async function runSafely(command: SimpleCommand, stdin: string | undefined, stdinObserved: boolean): Promise<StageResult> {
    try {
      return await runSimple(command, stdin, stdinObserved);
    } catch (err) {
      const first = command.words[0]?.parts.map((p) => ('text' in p ? p.text : '')).join('') || 'bash';
      return failedCommand(first, err);
    }
  }

  async function runLine(line: string, stdin?: string): Promise<RunResult> {
    const parsed = parse(line);
    if (!parsed.ok) {
      lastExitCode = 2;
      return { chunks: [{ fd: 2, text: `${parsed.error}\n` }], exitCode: 2 };
    }
    return executeScript(
      parsed.script,
      runSafely,
      (code) => {
        lastExitCode = code;
      },
      stdin,
    );
  }

  /** What completion reads on `frame`'s host: all reads, none of which advances the clock. */
  const completionSources = (frame: HostFrame): CompletionSources => ({
    cwd: frame.env.HOME ?? '/',
    commands: () => [...registry.names(frame.host), ...Object.keys(BUILTINS)],
    nodes: () => options.cluster.nodeNames(),
    units: () => [...(options.cluster.node?.(frame.host)?.host.units.keys() ?? [])],
    objects: (resource, namespace) => {
      // kubectl's own completion asks the API server with the learner's credentials: a refused request completes nothing.
      const listed = options.cluster.adminClient().list(resource, namespace);
      return listed.ok ? listed.value.items.map((o) => o.metadata.name ?? '').filter((n) => n !== '') : [];
    },
    containers: (namespace, pod) => {
      const got = options.cluster.adminClient().get('pods', namespace, pod);
      if (!got.ok) return [];
      const spec = (got.value.spec ?? {}) as { initContainers?: { name?: unknown }[]; containers?: { name?: unknown }[] };
      return [...(spec.initContainers ?? []), ...(spec.containers ?? [])].map((c) => c.name).filter((n): n is string => typeof n === 'string');
    },
    list: (dir) => {
      const names = files.list?.(frame.host, dir);
      if (!names) return undefined;
      return names.map((name) => ({ name, dir: files.list!(frame.host, dir === '/' ? `/${name}` : `${dir}/${name}`) !== undefined }));
    },
  });

  const shellFollow = (first: PipelineFollow): ShellFollow => {
    let pipeline = first;
    let stopped = false;
    // The status of the whole line once its last job ended (a job that ended by itself ran the rest of the line).
    let finished: number | undefined;
    const text = (chunks: readonly OutputChunk[]): string => chunks.map((c) => c.text).join('');
    return {
      async next() {
        if (stopped || finished !== undefined) return '';
        const chunks = await pipeline.next();
        const code = pipeline.exitCode();
        if (code !== undefined) {
          lastExitCode = code;
          if (!pipeline.resume) finished = code;
          else {
            // `kubectl rollout status x && kubectl get pods`: the job is done, the line goes on.
            const rest = await pipeline.resume(code);
            chunks.push(...rest.chunks);
            if (rest.follow) pipeline = rest.follow;
            else finished = lastExitCode = rest.exitCode;
          }
        }
        // Streamed output reaches the terminal like any other, provenance included.
        options.onOutput?.(chunks);
        return text(chunks);
      },
      stop() {
        if (stopped || finished !== undefined) return;
        stopped = true;
        pipeline.stop();
        lastExitCode = 130;
      },
      exitCode() {
        if (stopped) return undefined;
        return finished;
      },
    };
  };

  return {
    async exec(typed) {
      clearScreen = false;
      exitRequested = false;
      const shellFrame = top();
      // bash expands `!!` before parsing and shows the line it made on stderr (bashhist.c pre_process_line);
      // a container's sh (dash, busybox) has no history expansion.
      let line = typed;
      let expanded: string | undefined;
      if (options.historyExpansion && !shellFrame.container) {
        const expansion = expandHistory(typed, entries);
        if (!expansion.ok) {
          const text = `bash: ${expansion.error}\n`;
          options.onOutput?.([{ fd: 2, text }]);
          return { output: text, stdout: '', stderr: text, exitCode: lastExitCode, expansionFailed: true };
        }
        if (expansion.changed) line = expanded = expansion.line;
      }
      if (line.trim() !== '') entries.push(line.replace(/\n+$/, ''));
      if (shellFrame.container) shellFrame.lines = (shellFrame.lines ?? 0) + 1;
      budget = new CommandBudget(options.limits);
      const result = await runLine(line);
      const chunks: readonly OutputChunk[] = expanded !== undefined ? [{ fd: 2, text: `${expanded}\n` }, ...result.chunks] : result.chunks;
      const text = (chunks: readonly OutputChunk[], fd?: 1 | 2): string =>
        chunks
          .filter((c) => fd === undefined || c.fd === fd)
          .map((c) => c.text)
          .join('');
      options.onOutput?.(chunks);
      return {
        output: text(chunks),
        stdout: text(chunks, 1),
        stderr: text(chunks, 2),
        exitCode: result.exitCode,
        ...(clearScreen ? { clearScreen: true } : {}),
        ...(exitRequested ? { exitRequested: true } : {}),
        ...(result.follow ? { follow: shellFollow(result.follow) } : {}),
        ...(expanded !== undefined ? { expanded } : {}),
        ...withPieces(chunks),
      };
    },
    complete(line, cursor) {
      const frame = top();
      // Inside a container the files and commands are the container's, which the session cannot list.
      if (frame.container) return { start: cursor, end: cursor, candidates: [], filenames: false };
      return complete(line, cursor, completionSources(frame));
    },
    setCanFollow(enabled) {
      canFollow = enabled;
    },
    prompt() {
      const frame = top();
      if (frame.container) return frame.container.prompt(frame.cwd ?? '/');
      return `${frame.user}@${frame.host}:~${frame.user === 'root' ? '#' : '$'} `;
    },
    host() {
      return top().host;
    },
    history() {
      return [...entries];
    },
  };
}
