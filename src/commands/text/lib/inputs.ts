/**
 * Reading the inputs of a text utility: its file operands (through the file
 * seam), with `-` or no operand meaning stdin.
 */
import type { CommandContext } from '../../types.js';
import { readHostFile } from './file-access.js';

/** One input of a command. */
export interface Input {
  /** The operand as given (`-` for stdin). */
  readonly name: string;
  /** Its text, or undefined when it could not be opened. */
  readonly text: string | undefined;
}

/** The inputs for `operands` (stdin when there are none). */
export function readInputs(ctx: CommandContext, operands: readonly string[]): Input[] {
  const names = operands.length === 0 ? ['-'] : operands;
  return names.map((name) => ({ name, text: name === '-' ? ctx.stdin : readHostFile(ctx, name) }));
}

/** Splits text into lines; a final line without a newline still counts, as in the coreutils. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Joins lines back, each ending in a newline. */
export function joinLines(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

/** `‘x’`: how the coreutils quote a user value in a diagnostic (gnulib quote() in a UTF-8 locale). */
export function quoteValue(value: string): string {
  return `‘${value}’`;
}
