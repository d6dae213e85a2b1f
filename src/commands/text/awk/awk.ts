/**
 * awk: the command (option parsing as mawk does it: `-F fs`, `-v var=value`,
 * `-f progfile`, then the program text, then `var=value` or file operands).
 * Messages use mawk's wording, as `awk` is mawk on Debian and Ubuntu.
 */
import type { Command, CommandContext } from '../../types.js';
import { BudgetExceeded, freshBudget } from '../../budget.js';
import { readHostFile, writeHostFile } from '../lib/file-access.js';
import { AwkRuntimeError, runAwk, type AwkInput } from './interpreter.js';
import { AwkSyntaxError } from './lexer.js';
import { parseAwk } from './parser.js';

const USAGE = 'usage: awk [-F value] [-v var=value] [--] \'program text\' [file ...]\nusage: awk [-F value] [-v var=value] [-f program-file] [--] [file ...]\n';

/** Unescapes `-F` and `-v` values as awk does (`-F'\t'` is a tab). */
function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', '\\': '\\' })[c] ?? `\\${c}`);
}

/** `awk`. */
export const awkCommand: Command = {
  name: 'awk',
  execute(args, ctx) {
    const vars: Record<string, string> = Object.create(null); // -v names come from the command line
    let program: string | undefined;
    let i = 0;
    for (; i < args.length; i++) {
      const a = args[i];
      if (a === '--') {
        i++;
        break;
      }
      if (!a.startsWith('-') || a === '-') break;
      const flag = a[1];
      const inline = a.length > 2 ? a.slice(2) : undefined;
      const value = inline ?? args[++i];
      if (flag !== 'F' && flag !== 'v' && flag !== 'f') {
        return { stdout: '', stderr: `awk: not an option: ${a}\n`, exitCode: 2 };
      }
      if (value === undefined) return { stdout: '', stderr: `awk: option requires an argument -- ${flag}\n${USAGE}`, exitCode: 2 };
      if (flag === 'F') vars.FS = value === 't' ? '\t' : unescape(value);
      else if (flag === 'v') {
        const eq = value.indexOf('=');
        if (eq <= 0) return { stdout: '', stderr: `awk: improper assignment: -v ${value}\n`, exitCode: 2 };
        vars[value.slice(0, eq)] = unescape(value.slice(eq + 1));
      } else {
        const text = readHostFile(ctx, value);
        if (text === undefined) return { stdout: '', stderr: `awk: couldn't open file ${value}\n`, exitCode: 2 };
        program = (program ?? '') + text;
      }
    }
    if (program === undefined) {
      if (i >= args.length) return { stdout: '', stderr: USAGE, exitCode: 2 };
      program = args[i++];
    }
    const budget = ctx.budget ?? freshBudget();
    let parsed;
    try {
      parsed = parseAwk(program, budget.limits.depth);
    } catch (e) {
      if (e instanceof AwkSyntaxError) return { stdout: '', stderr: `awk: ${e.message}\n`, exitCode: 2 };
      throw e;
    }
    // Operands: `var=value` assignments (applied here, before reading) and files.
    const inputs: AwkInput[] = [];
    const operands = args.slice(i);
    for (const op of operands) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(op);
      if (m) {
        vars[m[1]] = unescape(m[2]);
        continue;
      }
      if (op === '-') {
        inputs.push(stdinInput(ctx));
        continue;
      }
      const text = readHostFile(ctx, op);
      if (text === undefined) return { stdout: '', stderr: `awk: cannot open ${op} (No such file or directory)\n`, exitCode: 2 };
      inputs.push({ name: op, text });
    }
    if (!operands.some((op) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(op))) inputs.push(stdinInput(ctx));

    let stdout = '';
    let stderr = '';
    // What the program printed must fit what the command line may still print.
    const room = (text: string): string => {
      if (stdout.length + stderr.length + text.length > budget.outputLeft()) throw new BudgetExceeded('output', budget.limits);
      return text;
    };
    try {
      const code = runAwk(
        parsed,
        inputs,
        vars,
        {
          write: (text) => {
            stdout += room(text);
          },
          writeTo: (name, text, append) => {
            if (name === '/dev/stderr') stderr += room(text);
            else if (name === '/dev/stdout' || name === '-') stdout += room(text);
            else if (!writeHostFile(ctx, name, room(text), append)) stderr += `awk: cannot open "${name}" for output\n`;
          },
        },
        budget,
      );
      return { stdout, stderr, exitCode: code };
    } catch (e) {
      // mawk's run time errors and the simulator's budgets both end the program with status 2,
      // the message after what the program had printed.
      if (e instanceof AwkRuntimeError || e instanceof BudgetExceeded) {
        const message = `awk: ${e.message}\n`;
        const chunks = [
          { fd: 2 as const, text: stderr },
          { fd: 1 as const, text: stdout },
          { fd: 2 as const, text: message },
        ].filter((c) => c.text !== '');
        return { stdout, stderr: stderr + message, exitCode: 2, chunks };
      }
      throw e;
    }
  },
};

/** Standard input, read only when the program gets past BEGIN (`awk 'BEGIN{print 1}'` never reads it). */
function stdinInput(ctx: CommandContext): AwkInput {
  return {
    name: '-',
    get text() {
      return ctx.stdin;
    },
  };
}
