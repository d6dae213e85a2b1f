/**
 * column (util-linux column.c) in table mode: `-t` splits lines on whitespace
 * (or the `-s` characters) and pads every column to its widest cell plus the
 * output separator (two spaces, or `-o`), except the table's last column.
 * Empty lines are dropped, as column -t does. Without -t the input passes through.
 */
import type { Command } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { joinLines, readInputs, splitLines } from './lib/inputs.js';

const SPECS: readonly OptionSpec[] = [
  { key: 't', short: 't', long: 'table' },
  { key: 's', short: 's', long: 'separator', arg: 'required' },
  { key: 'o', short: 'o', long: 'output-separator', arg: 'required' },
  { key: 'x', short: 'x', long: 'fillrows' },
  { key: 'c', short: 'c', long: 'output-width', arg: 'required' },
];

/** `column`. */
export const columnCommand: Command = {
  name: 'column',
  execute(args, ctx) {
    const parsed = getopt('column', args, SPECS);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('column')}\n`, exitCode: 1 };
    let table = false;
    let separators: string | undefined;
    let outSep = '  ';
    for (const o of parsed.options) {
      if (o.key === 't') table = true;
      else if (o.key === 's') separators = o.value;
      else if (o.key === 'o') outSep = o.value ?? '';
    }
    const lines: string[] = [];
    let stderr = '';
    for (const input of readInputs(ctx, parsed.operands)) {
      if (input.text === undefined) stderr += `column: ${input.name}: No such file or directory\n`;
      else lines.push(...splitLines(input.text));
    }
    if (!table) return { stdout: joinLines(lines), stderr, exitCode: stderr ? 1 : 0 };
    // Default whitespace separators merge; explicit -s characters each end a cell (util-linux "greedy" mode only for the default).
    const splitter = separators === undefined ? /[ \t]+/ : new RegExp(`[${separators.replace(/[\\\]^-]/g, '\\$&')}]`);
    const rows = lines
      .filter((l) => l.trim() !== '')
      .map((l) => (separators === undefined ? l.trim() : l).split(splitter));
    const columns = Math.max(0, ...rows.map((r) => r.length));
    const widths = Array.from({ length: columns }, (_, i) => Math.max(0, ...rows.map((r) => [...(r[i] ?? '')].length)));
    // Short rows get empty cells, padded like any other (util-linux fills the table).
    const out = rows.map((r) =>
      widths
        .map((width, i) => {
          const cell = r[i] ?? '';
          return i === columns - 1 ? cell : cell + ' '.repeat(width - [...cell].length) + outSep;
        })
        .join(''),
    );
    return { stdout: joinLines(out), stderr, exitCode: stderr ? 1 : 0 };
  },
};
