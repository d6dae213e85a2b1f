/**
 * grep: print lines that match patterns (GNU grep 3.x behaviour and output:
 * `file:line:text` prefixes, `-` for context lines, `--` between context
 * groups, exit 0 when something was selected, 1 when nothing, 2 on errors).
 * Reads stdin or files through the file seam; no recursion (-r).
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { freshBudget } from '../budget.js';
import { getopt, type OptionSpec } from './lib/getopt.js';
import { readInputs, splitLines } from './lib/inputs.js';
import { readHostFile } from './lib/file-access.js';
import { escapeLiteral, translatePosixRegex } from './lib/posix-regex.js';
import { allMatches, compileUserRegex, regexFromFind, type UserRegex } from './lib/user-regex.js';

const SPECS: readonly OptionSpec[] = [
  { key: 'E', short: 'E', long: 'extended-regexp' },
  { key: 'F', short: 'F', long: 'fixed-strings' },
  { key: 'G', short: 'G', long: 'basic-regexp' },
  { key: 'P', short: 'P', long: 'perl-regexp' },
  { key: 'e', short: 'e', long: 'regexp', arg: 'required' },
  { key: 'f', short: 'f', long: 'file', arg: 'required' },
  { key: 'i', short: 'i', long: 'ignore-case' },
  { key: 'i', short: 'y' },
  { key: 'no-i', long: 'no-ignore-case' },
  { key: 'v', short: 'v', long: 'invert-match' },
  { key: 'w', short: 'w', long: 'word-regexp' },
  { key: 'x', short: 'x', long: 'line-regexp' },
  { key: 'c', short: 'c', long: 'count' },
  { key: 'color', long: 'color', arg: 'optional' },
  { key: 'color', long: 'colour', arg: 'optional' },
  { key: 'L', short: 'L', long: 'files-without-match' },
  { key: 'l', short: 'l', long: 'files-with-matches' },
  { key: 'm', short: 'm', long: 'max-count', arg: 'required' },
  { key: 'o', short: 'o', long: 'only-matching' },
  { key: 'q', short: 'q', long: 'quiet' },
  { key: 'q', long: 'silent' },
  { key: 's', short: 's', long: 'no-messages' },
  { key: 'n', short: 'n', long: 'line-number' },
  { key: 'H', short: 'H', long: 'with-filename' },
  { key: 'h', short: 'h', long: 'no-filename' },
  { key: 'label', long: 'label', arg: 'required' },
  { key: 'a', short: 'a', long: 'text' },
  { key: 'line-buffered', long: 'line-buffered' },
  { key: 'z', short: 'z', long: 'null-data' },
  { key: 'A', short: 'A', long: 'after-context', arg: 'required' },
  { key: 'B', short: 'B', long: 'before-context', arg: 'required' },
  { key: 'C', short: 'C', long: 'context', arg: 'required' },
];

const USAGE = (tool: string): string => `Usage: ${tool} [OPTION]... PATTERNS [FILE]...\nTry '${tool} --help' for more information.\n`;

interface GrepSettings {
  matcher: 'G' | 'E' | 'F' | 'P';
  patterns: string[];
  ignoreCase: boolean;
  invert: boolean;
  word: boolean;
  line: boolean;
  count: boolean;
  listMatching: 'l' | 'L' | undefined;
  maxCount: number;
  only: boolean;
  quiet: boolean;
  noMessages: boolean;
  lineNumbers: boolean;
  withFilename: boolean | undefined;
  label: string;
  after: number;
  before: number;
  /** -z: records end in NUL instead of newline. */
  nul: boolean;
}

function parseContext(value: string): number | undefined {
  return /^[0-9]+$/.test(value) ? Number(value) : undefined;
}

/** GNU grep's word constituents: the match must not touch one on either side (-w). */
const NOT_AFTER_WORD = '(?<![0-9A-Za-z_])';
// "Not followed by a word character" without a lookahead (RE2 has none): a boundary after a
// word character, or no boundary after a non-word character (end of line counts as non-word).
const NOT_BEFORE_WORD = '(?:\\b(?<=[0-9A-Za-z_])|\\B(?<![0-9A-Za-z_]))';

/** Patterns with no special characters in any syntax grep reads. */
const PLAIN = /^[^\\^$.*+?()[\]{}|]*$/;

/**
 * Fixed strings matched with indexOf: same leftmost-longest answers, without
 * compiling an automaton for a 100,000-character literal.
 */
function literalMatcher(literals: readonly string[]): UserRegex {
  const find = (text: string, from = 0): { start: number; end: number } | undefined => {
    let best: { start: number; end: number } | undefined;
    for (const l of literals) {
      const at = text.indexOf(l, from);
      if (at >= 0 && (!best || at < best.start || (at === best.start && at + l.length > best.end))) best = { start: at, end: at + l.length };
    }
    return best;
  };
  return regexFromFind(find);
}

function buildRegex(s: GrepSettings): UserRegex | string {
  if (!s.ignoreCase && !s.word && !s.line && (s.matcher === 'F' || s.patterns.every((p) => PLAIN.test(p)))) return literalMatcher(s.patterns);
  const sources: string[] = [];
  let backrefs = false;
  for (const p of s.patterns) {
    let source: string;
    if (s.matcher === 'F') source = escapeLiteral(p);
    else if (s.matcher === 'P') source = p;
    else {
      const t = translatePosixRegex(p, s.matcher === 'E');
      if (!t.ok) return t.message;
      source = t.source;
      backrefs ||= t.backrefs;
    }
    if (s.line) source = `^(?:${source})$`;
    else if (s.word) source = `${NOT_AFTER_WORD}(?:${source})${NOT_BEFORE_WORD}`;
    sources.push(source);
  }
  const source = sources.map((x) => `(?:${x})`).join('|');
  let compiled = compileUserRegex(source, { ignoreCase: s.ignoreCase, backrefs });
  // PCRE has lookaheads and back-references RE2 lacks: those patterns take the bounded fallback.
  if (!compiled.ok && s.matcher === 'P') compiled = compileUserRegex(source, { ignoreCase: s.ignoreCase, backrefs: true });
  return compiled.ok ? compiled.regex : compiled.message;
}

function runGrep(tool: string, args: readonly string[], ctx: CommandContext, forced?: 'E' | 'F'): ExecResult {
  const warning = forced ? `${tool}: warning: ${tool} is obsolescent\n` : '';
  const parsed = getopt(tool, args, SPECS, { numberKey: 'NUM' });
  if (!parsed.ok) return { stdout: '', stderr: `${warning}${parsed.message}\n${USAGE(tool)}`, exitCode: 2 };
  const s: GrepSettings = {
    matcher: forced ?? 'G',
    patterns: [],
    ignoreCase: false,
    invert: false,
    word: false,
    line: false,
    count: false,
    listMatching: undefined,
    maxCount: Infinity,
    only: false,
    quiet: false,
    noMessages: false,
    lineNumbers: false,
    withFilename: undefined,
    label: '(standard input)',
    after: 0,
    before: 0,
    nul: false,
  };
  let stderr = warning;
  let explicitPatterns = false;
  for (const o of parsed.options) {
    const v = o.value ?? '';
    switch (o.key) {
      case 'E':
      case 'F':
      case 'G':
      case 'P':
        s.matcher = o.key;
        break;
      case 'e':
        s.patterns.push(...v.split('\n'));
        explicitPatterns = true;
        break;
      case 'f': {
        const text = readHostFile(ctx, v);
        if (text === undefined) return { stdout: '', stderr: `${stderr}${tool}: ${v}: No such file or directory\n`, exitCode: 2 };
        s.patterns.push(...splitLines(text));
        explicitPatterns = true;
        break;
      }
      case 'i':
        s.ignoreCase = true;
        break;
      case 'no-i':
        s.ignoreCase = false;
        break;
      case 'v':
      case 'w':
      case 'x':
      case 'c':
      case 'o':
      case 'q':
      case 's':
      case 'n': {
        const field = { v: 'invert', w: 'word', x: 'line', c: 'count', o: 'only', q: 'quiet', s: 'noMessages', n: 'lineNumbers' } as const;
        s[field[o.key]] = true;
        break;
      }
      case 'l':
      case 'L':
        s.listMatching = o.key;
        break;
      case 'H':
        s.withFilename = true;
        break;
      case 'h':
        s.withFilename = false;
        break;
      case 'z':
        s.nul = true;
        break;
      case 'label':
        s.label = v;
        break;
      case 'm':
        if (!/^-?[0-9]+$/.test(v)) return { stdout: '', stderr: `${stderr}${tool}: invalid max count\n`, exitCode: 2 };
        s.maxCount = Number(v) < 0 ? Infinity : Number(v);
        break;
      case 'A':
      case 'B':
      case 'C':
      case 'NUM': {
        const n = parseContext(v);
        if (n === undefined) return { stdout: '', stderr: `${stderr}${tool}: ${v}: invalid context length argument\n`, exitCode: 2 };
        if (o.key !== 'B') s.after = n;
        if (o.key !== 'A') s.before = n;
        break;
      }
      default:
        // --color, -a, --line-buffered: no effect on plain text output.
        break;
    }
  }
  const operands = [...parsed.operands];
  if (!explicitPatterns) {
    const first = operands.shift();
    if (first === undefined) return { stdout: '', stderr: `${stderr}${USAGE(tool)}`, exitCode: 2 };
    s.patterns.push(...first.split('\n'));
  }
  const regex = buildRegex(s);
  if (typeof regex === 'string') return { stdout: '', stderr: `${stderr}${tool}: ${regex}\n`, exitCode: 2 };

  const budget = ctx.budget ?? freshBudget();
  const showNames = s.withFilename ?? operands.length > 1;
  const useContext = (s.after > 0 || s.before > 0) && !s.only && !s.count && !s.listMatching && !s.quiet;
  let stdout = '';
  let selectedAny = false;
  let errors = false;
  let printedSomething = false;

  for (const input of readInputs(ctx, operands)) {
    const name = input.name === '-' ? s.label : input.name;
    if (input.text === undefined) {
      errors = true;
      if (!s.noMessages) stderr += `${tool}: ${input.name}: No such file or directory\n`;
      continue;
    }
    const lines = s.nul ? input.text.split('\0').filter((l, k, all) => l !== '' || k < all.length - 1) : splitLines(input.text);
    const prefix = (n: number, sep: ':' | '-'): string =>
      `${showNames ? `${name}${sep}` : ''}${s.lineNumbers ? `${n + 1}${sep}` : ''}`;
    let selected = 0;
    let lastPrinted = -1;
    let afterLeft = 0;
    for (let i = 0; i < lines.length; i++) {
      if (selected >= s.maxCount) {
        // GNU grep still prints the trailing context of the last selected line.
        if (afterLeft > 0 && useContext) {
          stdout += `${prefix(i, '-')}${lines[i]}\n`;
          lastPrinted = i;
          afterLeft--;
          continue;
        }
        break;
      }
      const text = lines[i];
      budget.step();
      const isMatch = regex.test(text);
      if (isMatch === s.invert) {
        if (useContext && afterLeft > 0) {
          stdout += `${prefix(i, '-')}${text}\n`;
          lastPrinted = i;
          afterLeft--;
        }
        continue;
      }
      selected++;
      selectedAny = true;
      if (s.quiet) return { stdout: '', stderr, exitCode: 0 };
      if (s.count || s.listMatching) continue;
      if (s.only) {
        if (s.invert) continue;
        for (const m of allMatches(regex, text, budget)) {
          if (m.end > m.start) stdout += `${prefix(i, ':')}${text.slice(m.start, m.end)}\n`;
        }
        continue;
      }
      if (useContext) {
        const from = Math.max(lastPrinted + 1, i - s.before);
        if (printedSomething && from > lastPrinted + 1) stdout += '--\n';
        for (let k = from; k < i; k++) stdout += `${prefix(k, '-')}${lines[k]}\n`;
        afterLeft = s.after;
      }
      stdout += `${prefix(i, ':')}${text}\n`;
      lastPrinted = i;
      printedSomething = true;
    }
    if (s.count) stdout += `${showNames ? `${name}:` : ''}${selected}\n`;
    if (s.listMatching === 'l' && selected > 0) stdout += `${name}\n`;
    if (s.listMatching === 'L' && selected === 0) stdout += `${name}\n`;
  }
  const exitCode = errors && !(s.quiet && selectedAny) ? 2 : selectedAny ? 0 : 1;
  return { stdout, stderr, exitCode };
}

/** `grep`. */
export const grepCommand: Command = { name: 'grep', execute: (args, ctx) => runGrep('grep', args, ctx) };
/** `egrep` (grep -E, with the obsolescence warning grep ≥ 3.8 prints). */
export const egrepCommand: Command = { name: 'egrep', execute: (args, ctx) => runGrep('egrep', args, ctx, 'E') };
/** `fgrep` (grep -F, with the obsolescence warning grep ≥ 3.8 prints). */
export const fgrepCommand: Command = { name: 'fgrep', execute: (args, ctx) => runGrep('fgrep', args, ctx, 'F') };
