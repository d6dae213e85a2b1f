/**
 * The practice terminal's command history across sessions, kept like bash
 * keeps ~/.bash_history: one line per command, oldest first, at most
 * HISTFILESIZE lines (bash's default, 500), written whole through a temp file
 * and a rename. A file that cannot be read as text is left alone and ignored:
 * history is a convenience, never a reason not to start.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorCode, oneLineError } from '../error-text.js';
import { historyFilePath } from './paths.js';
import { writeAtomically } from './write-atomically.js';

/** bash's default HISTSIZE and HISTFILESIZE (bash(1), "The default value is 500"). */
export const HISTORY_LIMIT = 500;

/** The learner's command history. */
export interface CommandHistory {
  /** The file read and written. */
  readonly file: string;
  /** Lines so far, oldest first: the file's and those added since. */
  lines(): readonly string[];
  /**
   * Remembers a line as bash with HISTCONTROL=ignoreboth does (not a blank
   * line, one starting with a space, or a repeat of the last), then saves:
   * the file is read again, so lines another kubedrill added are kept.
   * Never rejects; a failed save is reported by {@link problem}.
   */
  add(line: string): Promise<void>;
  /** Why the file was ignored or could not be written, if it was. */
  problem(): string | undefined;
}

/** Options of {@link openHistory}. */
export interface OpenHistoryOptions {
  file?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Most lines kept; defaults to {@link HISTORY_LIMIT}. */
  limit?: number;
}

/** The file's lines; undefined when it is absent, or not text (then `bad` says why). */
async function readLines(file: string): Promise<{ lines: string[] } | { bad: string } | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return undefined;
    return { bad: oneLineError(e) };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { bad: 'not UTF-8 text' };
  }
  if (text.includes('\0')) return { bad: 'binary data' };
  return { lines: text.split('\n').filter((l) => l.trim() !== '') };
}

/** Opens the history, reading its file (a missing or unreadable one is an empty history). */
export async function openHistory(options: OpenHistoryOptions = {}): Promise<CommandHistory> {
  const file = options.file ?? historyFilePath(options.env);
  const limit = Math.max(1, options.limit ?? HISTORY_LIMIT);
  const read = await readLines(file);
  let lines = read && 'lines' in read ? read.lines.slice(-limit) : [];
  // A file that is not ours to understand is not overwritten either.
  let problem = read && 'bad' in read ? `command history ${file} ignored: ${read.bad}` : undefined;
  const keepsFile = problem === undefined;
  let saving: Promise<void> = Promise.resolve();

  const save = async (line: string): Promise<void> => {
    const now = await readLines(file);
    const onDisk = now && 'lines' in now ? now.lines : [];
    if (onDisk[onDisk.length - 1] !== line) onDisk.push(line);
    await mkdir(dirname(file), { recursive: true });
    await writeAtomically(file, `${onDisk.slice(-limit).join('\n')}\n`);
  };

  return {
    file,
    lines: () => lines,
    add(line) {
      // One line, no control characters: what the pane's input line can hold.
      const clean = line.replace(/[\u0000-\u001f\u007f]/g, '');
      if (clean.trim() === '' || clean.startsWith(' ') || lines[lines.length - 1] === clean) return saving;
      lines = [...lines, clean].slice(-limit);
      if (!keepsFile) return saving;
      saving = saving.then(() =>
        save(clean).catch((e: unknown) => {
          problem = `could not save the command history to ${file}: ${oneLineError(e)}`;
        }),
      );
      return saving;
    },
    problem: () => problem,
  };
}
