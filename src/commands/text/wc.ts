/**
 * wc: newline, word and byte counts (coreutils wc.c), with GNU's column width
 * rule (compute_number_width): the digits of the total size of regular files,
 * at least 7 when an input is a pipe, and 1 for a single count of one input.
 */
import type { Command } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { readInputs } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'l', short: 'l', long: 'lines' },
  { key: 'w', short: 'w', long: 'words' },
  { key: 'c', short: 'c', long: 'bytes' },
  { key: 'm', short: 'm', long: 'chars' },
  { key: 'L', short: 'L', long: 'max-line-length' },
];

type Counts = [lines: number, words: number, chars: number, bytes: number, maxLine: number];

function count(text: string): Counts {
  const lines = (text.match(/\n/g) ?? []).length;
  const words = (text.match(/[^ \t\n\r\f\v]+/g) ?? []).length;
  const chars = [...text].length;
  const bytes = Buffer.byteLength(text);
  let maxLine = 0;
  for (const line of text.split('\n')) {
    // Tabs advance to the next multiple of 8, as wc -L measures display width.
    let width = 0;
    for (const ch of line) width = ch === '\t' ? width + 8 - (width % 8) : width + 1;
    maxLine = Math.max(maxLine, width);
  }
  return [lines, words, chars, bytes, maxLine];
}

/** `wc`. */
export const wcCommand: Command = {
  name: 'wc',
  execute(args, ctx) {
    const parsed = getopt('wc', args, SPECS);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('wc')}\n`, exitCode: 1 };
    const keys = new Set(parsed.options.map((o) => o.key));
    // Column order is fixed: lines, words, chars, bytes, max line length.
    let selected = [keys.has('l'), keys.has('w'), keys.has('m'), keys.has('c'), keys.has('L')];
    if (!selected.some(Boolean)) selected = [true, true, false, true, false];
    const inputs = readInputs(ctx, parsed.operands);
    const named = parsed.operands.length > 0;

    let width = 1;
    const single = inputs.length === 1 && selected.filter(Boolean).length === 1;
    if (!single && inputs[0].text !== undefined) {
      let minimum = 1;
      let regularTotal = 0;
      for (const input of inputs) {
        if (input.text === undefined) continue;
        if (input.name === '-') minimum = 7;
        else regularTotal += Buffer.byteLength(input.text);
      }
      width = Math.max(minimum, String(regularTotal).length);
    }

    const totals: Counts = [0, 0, 0, 0, 0];
    const row = (c: Counts, name: string | undefined): string => {
      const cells = [c[0], c[1], c[2], c[3], c[4]].filter((_, i) => selected[i]).map((n) => String(n).padStart(width));
      return `${cells.join(' ')}${name === undefined ? '' : ` ${name}`}\n`;
    };
    let stdout = '';
    let stderr = '';
    for (const input of inputs) {
      if (input.text === undefined) {
        stderr += `wc: ${input.name}: No such file or directory\n`;
        continue;
      }
      const c = count(input.text);
      for (let i = 0; i < 4; i++) totals[i] += c[i];
      totals[4] = Math.max(totals[4], c[4]);
      stdout += row(c, named ? input.name : undefined);
    }
    if (inputs.length > 1) stdout += row(totals, 'total');
    return { stdout, stderr, exitCode: stderr ? 1 : 0 };
  },
};
