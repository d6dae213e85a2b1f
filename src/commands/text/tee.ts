/**
 * tee: copies stdin to stdout and to each file (through the file seam; with no
 * filesystem behind the seam the files are not written and tee says so).
 */
import type { Command } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { writeHostFile } from './lib/file-access.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'a', short: 'a', long: 'append' },
  { key: 'i', short: 'i', long: 'ignore-interrupts' },
  { key: 'p', short: 'p' },
];

/** `tee`. */
export const teeCommand: Command = {
  name: 'tee',
  execute(args, ctx) {
    const parsed = getopt('tee', args, SPECS);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('tee')}\n`, exitCode: 1 };
    const append = parsed.options.some((o) => o.key === 'a');
    let stderr = '';
    for (const file of parsed.operands) {
      if (file === '-') continue;
      if (!writeHostFile(ctx, file, ctx.stdin, append)) stderr += `tee: ${file}: Read-only file system\n`;
    }
    return { stdout: ctx.stdin, stderr, exitCode: stderr ? 1 : 0 };
  },
};
