/**
 * Compiles a learner's regular expression (already translated from POSIX by
 * posix-regex.ts) for linear-time matching with re2js, as GNU grep's DFA never
 * backtracks: `.*.*.*.*$` on a long line takes microseconds, not forever.
 * Matches are leftmost-longest, as POSIX regexec and grep -o report them.
 * Back-references are beyond RE2; those patterns alone run on a JavaScript
 * RegExp, kept to shapes and line lengths where backtracking stays small.
 */
import { RE2JS } from 're2js';
import { BudgetExceeded, type CommandBudget } from '../../budget.js';

/** A compiled user regex. */
export interface UserRegex {
  /** Whether `text` contains a match. */
  test(text: string): boolean;
  /** The leftmost-longest match starting at or after `from`, as [start, end) UTF-16 offsets. */
  find(text: string, from?: number): { start: number; end: number } | undefined;
  /** Successive matches from the start (an empty one after each, as the engine reports them), in one pass. */
  scan(text: string): Iterable<{ start: number; end: number }>;
}

/** A compiled regex, or the message the tool prints for a pattern it cannot take. */
export type CompiledRegex = { readonly ok: true; readonly regex: UserRegex } | { readonly ok: false; readonly message: string };

/** Options of {@link compileUserRegex}. */
export interface UserRegexOptions {
  readonly ignoreCase?: boolean;
  /** The pattern uses back-references (`\1`...): RE2 cannot run it. */
  readonly backrefs?: boolean;
}

/** Longest line a back-reference pattern is tried on: a bound on the JavaScript engine's backtracking. */
const BACKREF_MAX_LINE = 1000;

/** Message for back-reference patterns whose backtracking could run away. */
const BACKREF_UNSUPPORTED = "back-references with more than one repetition are beyond kubedrill's linear-time matcher";

/** Unbounded repetitions (`*`, `+`, `{n,}`) in JavaScript regex source, outside brackets and escapes. */
function countRepetitions(source: string): number {
  let count = 0;
  let inBracket = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inBracket) {
      if (c === ']') inBracket = false;
      continue;
    }
    if (c === '[') inBracket = true;
    else if (c === '*' || c === '+') count++;
    else if (c === '{' && /^\{[0-9]+,\}/.test(source.slice(i))) count++;
  }
  return count;
}

function re2Regex(source: string, ignoreCase: boolean): CompiledRegex {
  let re: RE2JS;
  // Lookbehinds cost a pass from the start of the text per search: only patterns with one pay for it.
  const lookbehinds = source.includes('(?<') ? RE2JS.LOOKBEHINDS : 0;
  try {
    re = RE2JS.compile(source, RE2JS.LONGEST_MATCH | lookbehinds | (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0));
  } catch (err) {
    // RE2 caps repeat counts at 1000 where glibc goes to RE_DUP_MAX (0x7fff): say what glibc says past its cap.
    const message = err instanceof Error && /invalid repeat count/.test(err.message) ? 'Regular expression too big' : 'Invalid regular expression';
    return { ok: false, message };
  }
  const find = (text: string, from = 0): { start: number; end: number } | undefined => {
    if (from > text.length) return undefined;
    const m = re.matcher(text);
    return m.find(from) ? { start: m.start(), end: m.end() } : undefined;
  };
  function* scan(text: string): Iterable<{ start: number; end: number }> {
    // One matcher for the whole walk: lookbehind state carries over instead of restarting per match.
    const m = re.matcher(text);
    while (m.find()) yield { start: m.start(), end: m.end() };
  }
  return { ok: true, regex: { test: (text) => find(text) !== undefined, find, scan } };
}

function backtrackingRegex(source: string, ignoreCase: boolean): CompiledRegex {
  if (countRepetitions(source) > 1) return { ok: false, message: BACKREF_UNSUPPORTED };
  let re: RegExp;
  try {
    re = new RegExp(source, ignoreCase ? 'gi' : 'g');
  } catch {
    return { ok: false, message: 'Invalid regular expression' };
  }
  const find = (text: string, from = 0): { start: number; end: number } | undefined => {
    // One repetition and a back-reference cost up to n³ steps: kept to lines where that is small.
    if (text.length > BACKREF_MAX_LINE) throw new BudgetExceeded('steps');
    if (from > text.length) return undefined;
    re.lastIndex = from;
    const m = re.exec(text);
    return m ? { start: m.index, end: m.index + m[0].length } : undefined;
  };
  return { ok: true, regex: regexFromFind(find) };
}

/** Compiles translated regex source for matching in time linear in the text (back-references aside). */
export function compileUserRegex(source: string, options: UserRegexOptions = {}): CompiledRegex {
  const ignoreCase = options.ignoreCase ?? false;
  return options.backrefs ? backtrackingRegex(source, ignoreCase) : re2Regex(source, ignoreCase);
}

/**
 * Every non-overlapping match in `text`, as grep -o and awk gsub walk them;
 * each counts a step against `budget` (a string of millions of matches takes time).
 */
export function allMatches(regex: UserRegex, text: string, budget?: CommandBudget): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let lastEnd = -1;
  for (const m of regex.scan(text)) {
    budget?.step();
    // POSIX: an empty match right where the previous match ended does not count.
    if (m.end > m.start || m.start !== lastEnd) out.push(m);
    if (m.end > m.start) lastEnd = m.end;
  }
  return out;
}

/** A matcher from its `find`: every non-overlapping match left to right, an empty match stepping one character on. */
export function regexFromFind(find: UserRegex['find']): UserRegex {
  function* scan(text: string): Iterable<{ start: number; end: number }> {
    for (let from = 0; from <= text.length; ) {
      const m = find(text, from);
      if (!m) return;
      yield m;
      from = m.end > m.start ? m.end : m.end + 1;
    }
  }
  return { test: (text) => find(text) !== undefined, find, scan };
}
