/**
 * Runs pipelines and and/or lists with the command executor injected, after
 * vercel-labs/just-bash interpreter/pipeline-execution.ts: a pipeline is a fold
 * where each stage's stdout becomes the next stage's stdin. Stages run one
 * after another (the simulation is single-threaded), so a stage's stderr is
 * shown before anything a later stage prints, as it usually is on a terminal.
 */
import type { FollowCursor, PagerRequest } from '../commands/types.js';
import type { Pipeline, Script, SimpleCommand, Word } from './ast.js';

/** A piece of terminal output: fd 1 (stdout) or fd 2 (stderr). */
export interface OutputChunk {
  /** The stream it was written to. */
  readonly fd: 1 | 2;
  /** The text. */
  readonly text: string;
  /**
   * The text derives from simulated state: a simulation tool (kubectl,
   * journalctl, cat of a node's file ...) wrote it, or a text filter wrote it
   * from such input. Learner-typed text (echo, printf) is not observed.
   */
  readonly observed?: boolean;
  /** The text is a pager's stdout reaching the terminal (`less` in the TUI): shown a screen at a time. */
  readonly page?: PagerRequest;
}

/** What one stage produced once its redirections were applied. */
export interface StageResult {
  /** What the stage writes to its stdout: the next stage's stdin, or the terminal for the last stage. */
  readonly stdout: string;
  /** What reaches the terminal on stderr. */
  readonly stderr: string;
  /** The stage's exit status. */
  readonly exitCode: number;
  /**
   * The same output in the order it was written, for commands that interleave
   * the two streams (e.g. `logout` then `Connection to node-2 closed.`).
   * When absent, stderr is taken to come first.
   */
  readonly chunks?: readonly OutputChunk[];
  /** The command keeps running (`journalctl -f` in the TUI): its further stdout. */
  readonly follow?: FollowCursor;
  /** A pager's stdout, to be paged where it reaches the terminal (see ExecResult.page). */
  readonly page?: PagerRequest;
}

/**
 * Runs one simple command with the given stdin (`stdinObserved`: the stdin derives from simulated state;
 * undefined stdin: the terminal, which the learner cannot type into while a command runs).
 */
export type ExecuteCommand = (command: SimpleCommand, stdin: string | undefined, stdinObserved: boolean) => Promise<StageResult>;

/** What a pipeline or a whole script showed and how it ended. */
export interface RunResult {
  /** Terminal output in order. */
  readonly chunks: readonly OutputChunk[];
  /** Exit status of the last pipeline run. */
  readonly exitCode: number;
  /**
   * The script stopped at a pipeline that keeps running (a follower whose later
   * stages stream): its further output, one call per poll. What comes after it
   * in the script runs through {@link PipelineFollow.resume} if the job ends by
   * itself, and never if it is interrupted (bash drops the rest of a list
   * whose job died of SIGINT).
   */
  readonly follow?: PipelineFollow;
}

/** Further output of a running pipeline. */
export interface PipelineFollow {
  /**
   * The rest of the script after this job, given the job's status once it
   * ended by itself (`rollout status x && kubectl get pods`); absent when nothing follows.
   */
  readonly resume?: (exitCode: number) => Promise<RunResult>;
  /** Terminal output produced since the last call ([] when none). */
  next(): Promise<OutputChunk[]>;
  /** The job was interrupted: the follower releases what it holds. */
  stop(): void;
  /** The pipeline's status once its follower ended by itself (`rollout status` done); undefined while it runs. */
  exitCode(): number | undefined;
}

/** Whether a stage's stdout is all observed text (and there is some): what its reader gets as observed stdin. */
function stdoutObserved(result: StageResult): boolean {
  const out = (result.chunks ?? []).filter((c) => c.fd === 1 && c.text !== '');
  return out.length > 0 && out.every((c) => c.observed === true);
}

function orderedChunks(result: StageResult): OutputChunk[] {
  if (result.chunks) return [...result.chunks];
  const chunks: OutputChunk[] = [];
  if (result.stderr) chunks.push({ fd: 2, text: result.stderr });
  if (result.stdout) chunks.push({ fd: 1, text: result.stdout });
  return chunks;
}

/**
 * Folds a pipeline: stdin of stage k+1 = stdout of stage k; every stage's stderr
 * is shown in order; the status is the last stage's (inverted by `!`).
 */
export async function executePipeline(node: Pipeline, execute: ExecuteCommand, stdin?: string): Promise<RunResult> {
  const fold = async (commands: readonly SimpleCommand[], first: string | undefined, firstObserved: boolean) => {
    const chunks: OutputChunk[] = [];
    let input: string | undefined = first;
    let inputObserved = firstObserved;
    let exitCode = 0;
    let follow: { cursor: FollowCursor; rest: readonly SimpleCommand[] } | undefined;
    for (const [index, command] of commands.entries()) {
      const result = await execute(command, input, inputObserved);
      const last = index === commands.length - 1;
      if (last) {
        chunks.push(...orderedChunks(result));
      } else {
        chunks.push(...orderedChunks(result).filter((c) => c.fd === 2));
        input = result.stdout;
        inputObserved = stdoutObserved(result);
      }
      exitCode = result.exitCode;
      const rest = commands.slice(index + 1);
      // Only the first follower counts, and only when what reads it works line by line.
      if (result.follow && !follow && rest.every(streamsLineByLine)) follow = { cursor: result.follow, rest };
      else result.follow?.stop?.();
    }
    return { chunks, exitCode, follow };
  };
  const run = await fold(node.commands, stdin, false);
  if (run.follow && node.negated) {
    // `! cmd -f` would wait for a status that only Ctrl+C gives: shown once.
    run.follow.cursor.stop?.();
    run.follow = undefined;
  }
  let exitCode = run.exitCode;
  if (node.negated) exitCode = exitCode === 0 ? 1 : 0;
  if (!run.follow) return { chunks: run.chunks, exitCode };
  const { cursor, rest } = run.follow;
  // The status of the last stage: the follower's own, or what the later stages last returned.
  let lastStatus = exitCode;
  return {
    chunks: run.chunks,
    exitCode,
    follow: {
      // Each new piece of the follower's output runs through the later stages on its own.
      async next() {
        const text = cursor.next();
        if (text === '') return [];
        // A follower is a simulation tool (journalctl -f, kubectl logs -f): what it writes is observed.
        if (rest.length === 0) return [{ fd: 1, text, observed: true }];
        const piece = await fold(rest, text, true);
        lastStatus = piece.exitCode;
        return piece.chunks;
      },
      stop() {
        cursor.stop?.();
      },
      exitCode() {
        const own = cursor.exitCode?.();
        if (own === undefined) return undefined;
        return rest.length === 0 ? own : lastStatus;
      },
    },
  };
}

/** The literal text of a word, or undefined when it needs expansion. */
function literal(word: Word): string | undefined {
  let text = '';
  for (const part of word.parts) {
    if (part.kind !== 'text') return undefined;
    text += part.text;
  }
  return text;
}

/** Options that take a value, per filter (so their values are not taken for operands). */
const VALUE_OPTIONS: Record<string, RegExp> = {
  grep: /^-[^-]*[efmABCd]$|^--(regexp|file|max-count|after-context|before-context|context|devices|directories|label)$/,
  cut: /^-[^-]*[bcfd]$|^--(bytes|characters|fields|delimiter|output-delimiter)$/,
  awk: /^-[^-]*[Fvf]$/,
  tr: /^$/,
  cat: /^$/,
};

/** Options that make a filter look beyond one line (counts, numbering, context, early exit). */
const STATEFUL_OPTIONS: Record<string, RegExp> = {
  grep: /^-[^-]*[cmABCnlLqz0-9]|^--(count|max-count|after-context|before-context|context|line-number|files-with-matches|files-without-match|quiet|silent|null-data|byte-offset)/,
  cut: /^(?!)/,
  // Program-wide state: BEGIN/END blocks, record numbers, reading ahead.
  awk: /^-f|^--/,
  tr: /^(?!)/,
  cat: /^-[^-]*[nbs]|^--(number|squeeze)/,
};

/**
 * Whether a pipeline stage can take a follower's output piece by piece and
 * give the same result as reading it whole: line filters without state across
 * lines (grep without -c/-n/-m/context, cut, awk without BEGIN/END/NR, tr, cat).
 * Others (sort, wc, uniq, head, tail, less, tee, column) wait for the end of
 * their input, which never comes: then the pipeline prints once instead.
 */
export function streamsLineByLine(command: SimpleCommand): boolean {
  if (command.redirects.some((r) => r.kind !== 'dup')) return false;
  const words = command.words.map(literal);
  if (words.some((w) => w === undefined)) return false;
  const [name, ...args] = words as string[];
  const tool = name === 'egrep' || name === 'fgrep' ? 'grep' : name === 'k' ? 'kubectl' : name;
  const takesValue = VALUE_OPTIONS[tool];
  const stateful = STATEFUL_OPTIONS[tool];
  if (!takesValue || !stateful) return false;
  const operands: string[] = [];
  let hasPattern = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && a !== '-') {
      if (stateful.test(a)) return false;
      if (tool === 'grep' && /^-[^-]*[ef]$|^--(regexp|file)/.test(a)) hasPattern = true;
      if (takesValue.test(a)) i++;
      continue;
    }
    operands.push(a);
  }
  switch (tool) {
    case 'grep':
      // A pattern, and no files: it reads its stdin.
      return operands.length === (hasPattern ? 0 : 1);
    case 'awk':
      return operands.length === 1 && !/\b(BEGIN|END|NR|FNR|getline)\b/.test(operands[0]);
    case 'tr':
      return operands.length >= 1 && operands.length <= 2;
    default:
      return operands.every((o) => o === '-');
  }
}

/**
 * Runs a script: lists in sequence; inside a list `a && b` runs b only when a
 * succeeded and `a || b` only when it failed (bash "Lists of Commands").
 * `onStatus` hears each pipeline's status, so `$?` can follow along; `stdin`
 * is what the script itself reads (a remote command's, under ssh).
 */
export async function executeScript(
  script: Script,
  execute: ExecuteCommand,
  onStatus?: (exitCode: number) => void,
  stdin?: string,
): Promise<RunResult> {
  // The script as one sequence: each list's first pipeline starts afresh, the rest hang on `&&`/`||`.
  const steps = script.lists.flatMap((list) => [{ op: ';' as const, pipeline: list.first }, ...list.rest]);
  const runFrom = async (start: number, status: number): Promise<RunResult> => {
    const chunks: OutputChunk[] = [];
    let exitCode = status;
    for (let i = start; i < steps.length; i++) {
      const { op, pipeline } = steps[i]!;
      if ((op === '&&' && exitCode !== 0) || (op === '||' && exitCode === 0)) continue;
      // The script's stdin (`ssh node 'cd /x && cat > f' < file`) is offered to each pipeline's first stage.
      const result = await executePipeline(pipeline, execute, stdin);
      chunks.push(...result.chunks);
      exitCode = result.exitCode;
      // `$?` of the next pipeline is this one's status.
      onStatus?.(exitCode);
      if (result.follow) {
        // A job that keeps running: the rest waits for it to end by itself, and is dropped on Ctrl+C.
        const rest = i + 1 < steps.length ? { resume: (code: number) => runFrom(i + 1, code) } : {};
        return { chunks, exitCode, follow: { ...result.follow, ...rest } };
      }
    }
    return { chunks, exitCode };
  };
  return runFrom(0, 0);
}
