/**
 * cat, and the pagers less and more. Where the terminal is not interactive
 * (`kubedrill exec`, line mode, scripts) they copy their inputs to stdout, as
 * they do when stdout is not a tty; in the TUI they also ask for their stdout
 * to be paged (ExecResult.page), which the shell honours only when it reaches
 * the terminal (src/tui/components/pager shows it).
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, tryHelp, type OptionSpec } from './lib/getopt.js';
import { readInputs } from './lib/inputs.js';

const CAT_SPECS: readonly OptionSpec[] = [
  { key: 'n', short: 'n', long: 'number' },
  { key: 'b', short: 'b', long: 'number-nonblank' },
  { key: 's', short: 's', long: 'squeeze-blank' },
  { key: 'E', short: 'E', long: 'show-ends' },
  { key: 'u', short: 'u' },
];

/** `cat` (coreutils cat.c): `-n`/`-b` number lines as `%6d\t`, `-s` squeezes blank lines, `-E` marks ends. */
export const catCommand: Command = {
  name: 'cat',
  execute(args, ctx) {
    const parsed = getopt('cat', args, CAT_SPECS);
    if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${tryHelp('cat')}\n`, exitCode: 1 };
    const keys = new Set(parsed.options.map((o) => o.key));
    let stdout = '';
    let stderr = '';
    let lineNo = 0;
    let lastBlank = false;
    for (const input of readInputs(ctx, parsed.operands)) {
      if (input.text === undefined) {
        stderr += `cat: ${input.name}: No such file or directory\n`;
        continue;
      }
      if (!keys.has('n') && !keys.has('b') && !keys.has('s') && !keys.has('E')) {
        stdout += input.text;
        continue;
      }
      for (const piece of input.text.split(/(?<=\n)/)) {
        if (piece === '') continue;
        const hasNewline = piece.endsWith('\n');
        const body = hasNewline ? piece.slice(0, -1) : piece;
        const blank = body === '';
        if (keys.has('s') && blank && lastBlank) continue;
        lastBlank = blank;
        const numbered = keys.has('b') ? !blank : keys.has('n');
        stdout += `${numbered ? `${String(++lineNo).padStart(6)}\t` : ''}${body}${keys.has('E') && hasNewline ? '$' : ''}${hasNewline ? '\n' : ''}`;
      }
    }
    return { stdout, stderr, exitCode: stderr ? 1 : 0 };
  },
};

function pager(name: 'less' | 'more', missing: (file: string) => string): Command {
  return {
    name,
    execute(args: readonly string[], ctx: CommandContext): ExecResult {
      // Pager options (-R, -S, -N, +G ...) only change interactive display.
      const files = args.filter((a) => !a.startsWith('-') && !a.startsWith('+'));
      let stdout = '';
      let stderr = '';
      const shown: string[] = [];
      for (const input of readInputs(ctx, files)) {
        if (input.text === undefined) stderr += `${missing(input.name)}\n`;
        else {
          stdout += input.text;
          shown.push(input.name);
        }
      }
      // Several files are paged as one text (no `:n` between them), so only a single file is named.
      const file = files.length === 1 && shown.length === 1 && shown[0] !== '-' ? shown[0] : undefined;
      const page = ctx.canFollow && stdout !== '' ? { page: { pager: name, ...(file !== undefined ? { file } : {}) } } : {};
      return { stdout, stderr, exitCode: 0, ...page };
    },
  };
}

/** `less` copies its input (less exits 0 even for a missing file, printing `FILE: No such file or directory`). */
export const lessCommand = pager('less', (file) => `${file}: No such file or directory`);
/** `more` copies its input. */
export const moreCommand = pager('more', (file) => `more: cannot open ${file}: No such file or directory`);
