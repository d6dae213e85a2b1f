/**
 * Runs pipelines and and/or lists with the command executor injected, after
 * vercel-labs/just-bash interpreter/pipeline-execution.ts: a pipeline is a fold
 * where each stage's stdout becomes the next stage's stdin. Stages run one
 * after another (the simulation is single-threaded), so a stage's stderr is
 * shown before anything a later stage prints, as it usually is on a terminal.
 */
import type { Pipeline, Script, SimpleCommand } from './ast.js';

/** A piece of terminal output: fd 1 (stdout) or fd 2 (stderr). */
export interface OutputChunk {
  /** The stream it was written to. */
  readonly fd: 1 | 2;
  /** The text. */
  readonly text: string;
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
}

/** Runs one simple command with the given stdin. */
export type ExecuteCommand = (command: SimpleCommand, stdin: string) => Promise<StageResult>;

/** What a pipeline or a whole script showed and how it ended. */
export interface RunResult {
  /** Terminal output in order. */
  readonly chunks: readonly OutputChunk[];
  /** Exit status of the last pipeline run. */
  readonly exitCode: number;
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
export async function executePipeline(node: Pipeline, execute: ExecuteCommand, stdin = ''): Promise<RunResult> {
  const chunks: OutputChunk[] = [];
  let input = stdin;
  let exitCode = 0;
  for (const [index, command] of node.commands.entries()) {
    const result = await execute(command, input);
    const last = index === node.commands.length - 1;
    if (last) {
      chunks.push(...orderedChunks(result));
    } else {
      chunks.push(...orderedChunks(result).filter((c) => c.fd === 2));
      input = result.stdout;
    }
    exitCode = result.exitCode;
  }
  if (node.negated) exitCode = exitCode === 0 ? 1 : 0;
  return { chunks, exitCode };
}

/**
 * Runs a script: lists in sequence; inside a list `a && b` runs b only when a
 * succeeded and `a || b` only when it failed (bash "Lists of Commands").
 * `onStatus` hears each pipeline's status, so `$?` can follow along.
 */
export async function executeScript(
  script: Script,
  execute: ExecuteCommand,
  onStatus?: (exitCode: number) => void,
): Promise<RunResult> {
  const chunks: OutputChunk[] = [];
  let exitCode = 0;
  const run = async (pipeline: Pipeline): Promise<void> => {
    const result = await executePipeline(pipeline, execute);
    chunks.push(...result.chunks);
    exitCode = result.exitCode;
    // `$?` of the next pipeline is this one's status.
    onStatus?.(exitCode);
  };
  for (const list of script.lists) {
    await run(list.first);
    for (const { op, pipeline } of list.rest) {
      if ((op === '&&' && exitCode !== 0) || (op === '||' && exitCode === 0)) continue;
      await run(pipeline);
    }
  }
  return { chunks, exitCode };
}
