/**
 * `sed`, the subset learners use to fix a file on a node: one or more `s`
 * commands (`-e`, or the first operand; several joined by `;`), any
 * delimiter, flags `g`, `i`/`I` and a number; basic regular expressions
 * (`-E`/`-r`: extended); `-i[SUFFIX]` edits files in place; `-n` with the
 * `p` flag. Messages are GNU sed 4.8's.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { getopt, type OptionSpec } from './lib/getopt.js';
import { readHostFile, writeHostFile } from './lib/file-access.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'expression', short: 'e', long: 'expression', arg: 'required' },
  { key: 'in-place', short: 'i', long: 'in-place', arg: 'optional' },
  { key: 'extended', short: 'E', long: 'regexp-extended' },
  { key: 'extended', short: 'r' },
  { key: 'quiet', short: 'n', long: 'quiet' },
];

/** One `s` command. */
interface Substitution {
  re: RegExp;
  replacement: string;
  global: boolean;
  nth: number;
  print: boolean;
}

/** Translates a POSIX basic regular expression into a JavaScript one (GNU's `\+`, `\?`, `\|` included). */
function fromBasic(re: string): string {
  let out = '';
  for (let i = 0; i < re.length; i++) {
    const c = re[i];
    if (c === '\\' && i + 1 < re.length) {
      const n = re[++i];
      out += '(){}+?|'.includes(n) ? n : n === 'n' ? '\\n' : `\\${n}`;
    } else out += '(){}+?|'.includes(c) ? `\\${c}` : c;
  }
  return out;
}

/** Parses a script of `s` commands, or answers GNU sed's error. */
function parseScript(script: string, extended: boolean): Substitution[] | string {
  const subs: Substitution[] = [];
  let i = 0;
  const at = () => `-e expression #1, char ${i}`;
  while (i < script.length) {
    while (i < script.length && /[\s;]/.test(script[i])) i++;
    if (i >= script.length) break;
    if (script[i] !== 's') {
      i++;
      return `sed: ${at()}: unknown command: \`${script[i - 1]}'`;
    }
    const delim = script[++i];
    if (delim === undefined || delim === '\n' || delim === '\\') return `sed: ${at()}: unterminated \`s' command`;
    const parts: string[] = [];
    let cur = '';
    i++;
    while (parts.length < 2) {
      if (i >= script.length) return `sed: -e expression #1, char ${script.length}: unterminated \`s' command`;
      const c = script[i];
      if (c === '\\' && script[i + 1] === delim) {
        cur += delim;
        i += 2;
        continue;
      }
      if (c === '\\' && i + 1 < script.length) {
        cur += c + script[i + 1];
        i += 2;
        continue;
      }
      if (c === delim) {
        parts.push(cur);
        cur = '';
      } else cur += c;
      i++;
    }
    let global = false;
    let nth = 1;
    let print = false;
    let flags = '';
    while (i < script.length && !/[\s;}]/.test(script[i])) {
      const f = script[i++];
      if (f === 'g') global = true;
      else if (f === 'p') print = true;
      else if (f === 'i' || f === 'I') flags += 'i';
      else if (/\d/.test(f)) nth = Number(f);
      else return `sed: ${at()}: unknown option to \`s'`;
    }
    let re: RegExp;
    try {
      re = new RegExp(extended ? parts[0] : fromBasic(parts[0]), `g${flags}`);
    } catch {
      return `sed: ${at()}: Invalid preceding regular expression`;
    }
    subs.push({ re, replacement: parts[1], global, nth, print });
  }
  return subs;
}

/** The replacement for one match: `&` the match, `\1`..`\9` groups, `\n` newline, `\x` x. */
function expand(replacement: string, match: string, groups: readonly (string | undefined)[]): string {
  let out = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '&') out += match;
    else if (c === '\\' && i + 1 < replacement.length) {
      const n = replacement[++i];
      out += /[1-9]/.test(n) ? (groups[Number(n) - 1] ?? '') : n === 'n' ? '\n' : n;
    } else out += c;
  }
  return out;
}

/** Applies the script to one line; answers the new line and whether a `p` flag printed it. */
function applyLine(line: string, subs: readonly Substitution[]): { line: string; printed: boolean } {
  let printed = false;
  for (const s of subs) {
    let count = 0;
    let changed = false;
    line = line.replace(s.re, (match: string, ...rest: unknown[]) => {
      count++;
      if (!s.global && count !== s.nth) return match;
      if (s.global && count < s.nth) return match;
      changed = true;
      return expand(s.replacement, match, rest.slice(0, -2) as (string | undefined)[]);
    });
    if (changed && s.print) printed = true;
  }
  return { line, printed };
}

/** Applies the script to a text (lines kept with their ending). */
function applyText(text: string, subs: readonly Substitution[], quiet: boolean): string {
  if (text === '') return '';
  const endsWithNewline = text.endsWith('\n');
  const lines = (endsWithNewline ? text.slice(0, -1) : text).split('\n');
  let out = '';
  lines.forEach((l, i) => {
    const r = applyLine(l, subs);
    const eol = i < lines.length - 1 || endsWithNewline ? '\n' : '';
    if (r.printed) out += r.line + eol;
    if (!quiet) out += r.line + eol;
  });
  return out;
}

/** Runs sed. */
export function runSed(args: readonly string[], ctx: CommandContext): ExecResult {
  // `-iSUFFIX`: GNU sed's short option takes an optional attached argument (getopt's optional arguments are long only).
  const spelled = args.map((a) => (/^-i.+/.test(a) ? `--in-place=${a.slice(2)}` : a));
  const parsed = getopt('sed', spelled, SPECS);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n${USAGE}`, exitCode: 1 };
  const expressions = parsed.options.filter((o) => o.key === 'expression').map((o) => o.value ?? '');
  const operands = [...parsed.operands];
  if (expressions.length === 0) {
    if (operands.length === 0) return { stdout: '', stderr: USAGE, exitCode: 1 };
    expressions.push(operands.shift()!);
  }
  const subs = parseScript(expressions.join('\n'), parsed.options.some((o) => o.key === 'extended'));
  if (typeof subs === 'string') return { stdout: '', stderr: `${subs}\n`, exitCode: 1 };
  const quiet = parsed.options.some((o) => o.key === 'quiet');
  const inPlace = parsed.options.find((o) => o.key === 'in-place');
  if (inPlace && operands.length === 0) return { stdout: '', stderr: 'sed: no input files\n', exitCode: 1 };
  if (operands.length === 0) return { stdout: applyText(ctx.stdin, subs, quiet), stderr: '', exitCode: 0 };
  let stdout = '';
  let stderr = '';
  for (const file of operands) {
    const text = readHostFile(ctx, file);
    if (text === undefined) {
      stderr += `sed: can't read ${file}: No such file or directory\n`;
      continue;
    }
    const result = applyText(text, subs, quiet);
    if (!inPlace) {
      stdout += result;
      continue;
    }
    if (inPlace.value) writeHostFile(ctx, file + inPlace.value, text, false);
    if (!writeHostFile(ctx, file, result, false)) stderr += `sed: couldn't open temporary file ${file.replace(/[^/]*$/, '')}sedXXXXXX: Permission denied\n`;
  }
  return { stdout, stderr, exitCode: stderr ? 2 : 0 };
}

const USAGE = 'Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n';

/** The sed command. */
export const sedCommand: Command = { name: 'sed', execute: runSed };
