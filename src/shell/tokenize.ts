/**
 * Splits a command line into words, operators and redirections.
 *
 * Hand-written rather than `shell-quote`: shell-quote's `parse` expands `$VAR`
 * at tokenizing time (we must expand per command, after an earlier `export` on
 * the same line ran), loses whether a word was quoted (needed for `~`, field
 * splitting and `NAME=value` detection), turns `*` into glob objects, and has
 * no `&>`, `|&` or `N>&M` tokens. bash's own rules (bash/parse.y, "Quoting" in
 * bash(1)) are small enough to follow directly.
 */
import type { Word, WordPart } from './ast.js';

/** An operator token. */
export type ControlOp = '|' | '|&' | '&&' | '||' | ';' | ';;' | '&' | '\n' | '(' | ')';

/** A token of the command line. */
export type Token =
  | {
      readonly type: 'word';
      /** The word with its quoting recorded. */
      readonly word: Word;
      /** The source text, for error messages and reserved words. */
      readonly raw: string;
    }
  | {
      readonly type: 'op';
      /** The operator. */
      readonly op: ControlOp;
    }
  | {
      readonly type: 'redir';
      /** `>`, `>>`, `<`, `&>`, `&>>`, or `>&` (a descriptor copy). */
      readonly op: '>' | '>>' | '<' | '&>' | '&>>' | '>&';
      /** The descriptor written before the operator (`2>`), if any. */
      readonly fd?: number;
      /** For `>&N`: the descriptor copied. */
      readonly dupTo?: number;
      /** The source text, for error messages. */
      readonly raw: string;
    };

/** What tokenizing produced: tokens, or bash's error text. */
export type TokenizeResult =
  | { readonly ok: true; readonly tokens: readonly Token[] }
  | { readonly ok: false; readonly error: string };

const OPERATOR_START = new Set(['|', '&', ';', '<', '>', '(', ')', '\n']);
const BLANK = new Set([' ', '\t']);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

/** Tokenizes one command line the way bash reads it (no history or brace expansion). */
export function tokenize(line: string): TokenizeResult {
  const tokens: Token[] = [];
  let i = 0;
  const n = line.length;

  while (i < n) {
    const c = line[i];
    if (BLANK.has(c)) {
      i++;
      continue;
    }
    if (c === '\\' && line[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '#') {
      // A comment runs to the end of the line.
      while (i < n && line[i] !== '\n') i++;
      continue;
    }
    if (OPERATOR_START.has(c)) {
      i = readOperator(line, i, tokens);
      continue;
    }
    const read = readWord(line, i);
    if (!read.ok) return read;
    i = read.end;
    // `2>`, `2>>`, `2>&1`: an all-digit unquoted word touching a redirection is its descriptor.
    if (/^[0-9]+$/.test(read.raw) && (line[i] === '>' || line[i] === '<')) {
      i = readOperator(line, i, tokens, Number(read.raw));
      continue;
    }
    tokens.push({ type: 'word', word: { parts: read.parts }, raw: read.raw });
  }
  return { ok: true, tokens };
}

function readOperator(line: string, start: number, tokens: Token[], fd?: number): number {
  const two = line.slice(start, start + 2);
  const three = line.slice(start, start + 3);
  const push = (t: Token, len: number): number => {
    tokens.push(t);
    return start + len;
  };
  if (fd === undefined) {
    if (three === '&>>') return push({ type: 'redir', op: '&>>', raw: '&>>' }, 3);
    if (two === '&>') return push({ type: 'redir', op: '&>', raw: '&>' }, 2);
    for (const op of ['||', '|&', '&&', ';;'] as const) {
      if (two === op) return push({ type: 'op', op }, 2);
    }
    const c = line[start];
    if (c === '|' || c === '&' || c === ';' || c === '\n' || c === '(' || c === ')') {
      return push({ type: 'op', op: c }, 1);
    }
  }
  const prefix = fd === undefined ? '' : String(fd);
  if (two === '>&') {
    // `>&2` copies a descriptor; `>& file` is bash's old spelling of `&> file`.
    const m = /^[0-9]+/.exec(line.slice(start + 2));
    if (m) {
      return push({ type: 'redir', op: '>&', fd, dupTo: Number(m[0]), raw: `${prefix}>&${m[0]}` }, 2 + m[0].length);
    }
    if (fd === undefined) return push({ type: 'redir', op: '&>', raw: '>&' }, 2);
    return push({ type: 'redir', op: '>', fd, raw: `${prefix}>&` }, 2);
  }
  if (two === '>>') return push({ type: 'redir', op: '>>', fd, raw: `${prefix}>>` }, 2);
  if (two === '>|') return push({ type: 'redir', op: '>', fd, raw: `${prefix}>|` }, 2);
  if (line[start] === '>') return push({ type: 'redir', op: '>', fd, raw: `${prefix}>` }, 1);
  return push({ type: 'redir', op: '<', fd, raw: `${prefix}<` }, 1);
}

type WordRead =
  | { readonly ok: true; readonly parts: WordPart[]; readonly raw: string; readonly end: number }
  | { readonly ok: false; readonly error: string };

function readWord(line: string, start: number): WordRead {
  const parts: WordPart[] = [];
  let i = start;
  const n = line.length;
  const addText = (text: string, quoted: boolean): void => {
    const last = parts[parts.length - 1];
    if (last && last.kind === 'text' && last.quoted === quoted) {
      parts[parts.length - 1] = { kind: 'text', text: last.text + text, quoted };
    } else {
      parts.push({ kind: 'text', text, quoted });
    }
  };

  while (i < n) {
    const c = line[i];
    if (BLANK.has(c) || OPERATOR_START.has(c)) break;
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) return { ok: false, error: "unexpected EOF while looking for matching `''" };
      addText(line.slice(i + 1, close), true);
      i = close + 1;
      continue;
    }
    if (c === '"') {
      i++;
      let closed = false;
      // An empty "" still makes a (quoted, empty) word.
      addText('', true);
      while (i < n) {
        const d = line[i];
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < n) {
          const e = line[i + 1];
          // Inside double quotes a backslash only escapes $ ` " \ and newline.
          if (e === '$' || e === '`' || e === '"' || e === '\\') addText(e, true);
          else if (e !== '\n') addText(d + e, true);
          i += 2;
          continue;
        }
        if ((d === '$' && line[i + 1] === '(') || d === '`') {
          const sub = readSubstitution(line, i, true);
          if (!sub.ok) return sub;
          parts.push(sub.part);
          i = sub.end;
          continue;
        }
        if (d === '$') {
          const v = readVariable(line, i, true);
          if (v) {
            parts.push(v.part);
            i = v.end;
            continue;
          }
        }
        addText(d, true);
        i++;
      }
      if (!closed) return { ok: false, error: 'unexpected EOF while looking for matching `"\'' };
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= n) {
        i++;
        continue;
      }
      if (line[i + 1] !== '\n') addText(line[i + 1], true);
      i += 2;
      continue;
    }
    if ((c === '$' && line[i + 1] === '(') || c === '`') {
      const sub = readSubstitution(line, i, false);
      if (!sub.ok) return sub;
      parts.push(sub.part);
      i = sub.end;
      continue;
    }
    if (c === '$') {
      const v = readVariable(line, i, false);
      if (v) {
        parts.push(v.part);
        i = v.end;
        continue;
      }
    }
    addText(c, false);
    i++;
  }
  return { ok: true, parts, raw: line.slice(start, i), end: i };
}

type SubstitutionRead =
  | { readonly ok: true; readonly part: WordPart; readonly end: number }
  | { readonly ok: false; readonly error: string };

/** bash's words when a `$(` or a backtick is never closed (parse.y parse_matched_pair / parse_comsub). */
const unclosed = (close: string): { ok: false; error: string } => ({ ok: false, error: `unexpected EOF while looking for matching \`${close}'` });

/**
 * How deeply `$(…)` may nest: bash has no limit, but each level costs a parse of
 * what it holds, and the simulator's budgets keep a typed line from exhausting the stack.
 */
export const MAX_SUBSTITUTION_DEPTH = 100;

/** The error of a line whose `$(…)` nest deeper than that. */
export const SUBSTITUTION_TOO_DEEP = `nesting exceeded the simulator's depth budget (${MAX_SUBSTITUTION_DEPTH} levels)`;

/** Reads `$(…)` or `` `…` `` starting at `start`; the command's source is parsed when it runs. */
function readSubstitution(line: string, start: number, quoted: boolean): SubstitutionRead {
  if (line[start] === '`') {
    // Inside backticks a backslash keeps its meaning only before $ ` \ (bash "Command Substitution").
    let source = '';
    let i = start + 1;
    while (i < line.length && line[i] !== '`') {
      const next = line[i + 1];
      if (line[i] === '\\' && (next === '$' || next === '`' || next === '\\' || (quoted && next === '"'))) {
        source += next;
        i += 2;
        continue;
      }
      source += line[i];
      i++;
    }
    if (i >= line.length) return unclosed('`');
    return { ok: true, part: { kind: 'subst', source, quoted, raw: line.slice(start, i + 1) }, end: i + 1 };
  }
  const end = closingParen(line, start + 2, 0);
  if (end === TOO_DEEP) return { ok: false, error: SUBSTITUTION_TOO_DEEP };
  if (end < 0) return unclosed(')');
  return { ok: true, part: { kind: 'subst', source: line.slice(start + 2, end), quoted, raw: line.slice(start, end + 1) }, end: end + 1 };
}

const TOO_DEEP = -2;

/**
 * The index of the `)` closing a `$(` whose contents start at `from`, -1 when
 * none does, or TOO_DEEP: quotes, escapes, backticks and nested parentheses
 * inside do not close it.
 */
function closingParen(line: string, from: number, nesting: number): number {
  if (nesting > MAX_SUBSTITUTION_DEPTH) return TOO_DEEP;
  let depth = 1;
  let i = from;
  const n = line.length;
  while (i < n) {
    const c = line[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) return -1;
      i = close + 1;
      continue;
    }
    if (c === '`') {
      let j = i + 1;
      while (j < n && line[j] !== '`') j += line[j] === '\\' ? 2 : 1;
      if (j >= n) return -1;
      i = j + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < n && line[j] !== '"') {
        if (line[j] === '\\') j += 2;
        else if (line[j] === '$' && line[j + 1] === '(') {
          const inner = closingParen(line, j + 2, nesting + 1);
          if (inner < 0) return inner;
          j = inner + 1;
        } else j++;
      }
      if (j >= n) return -1;
      i = j + 1;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    i++;
  }
  return -1;
}

function readVariable(line: string, start: number, quoted: boolean): { part: WordPart; end: number } | undefined {
  const next = line[start + 1];
  if (next === undefined) return undefined;
  if (next === '{') {
    const close = line.indexOf('}', start + 2);
    if (close < 0) return undefined;
    const name = line.slice(start + 2, close);
    if (!/^([A-Za-z_][A-Za-z0-9_]*|[0-9?#$])$/.test(name)) return undefined;
    return { part: { kind: 'var', name, quoted }, end: close + 1 };
  }
  if (next === '?' || next === '$' || next === '#' || /[0-9]/.test(next)) {
    return { part: { kind: 'var', name: next, quoted }, end: start + 2 };
  }
  if (!NAME_START.test(next)) return undefined;
  let j = start + 1;
  while (j < line.length && NAME_CHAR.test(line[j])) j++;
  return { part: { kind: 'var', name: line.slice(start + 1, j), quoted }, end: j };
}
