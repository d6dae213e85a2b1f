/**
 * Builds the syntax tree of a command line from tokens (bash's grammar,
 * restricted to simple commands, pipelines, and/or lists and redirections).
 * Errors carry bash's interactive wording, e.g.
 * `bash: syntax error near unexpected token `|'` (bash/parse.y report_syntax_error).
 */
import type { AndOrList, Assignment, Pipeline, Redirect, Script, SimpleCommand, Word, WordPart } from './ast.js';
import { MAX_SUBSTITUTION_DEPTH, SUBSTITUTION_TOO_DEEP, tokenize, type Token } from './tokenize.js';

/** A parse outcome: the script, or the message bash prints (exit status 2). */
export type ParseResult =
  | { readonly ok: true; readonly script: Script }
  | { readonly ok: false; readonly error: string };

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

class SyntaxError extends Error {}

/** Parses a command line; an empty or comment-only line is a script with no lists. */
export function parse(line: string, depth = 0): ParseResult {
  if (depth > MAX_SUBSTITUTION_DEPTH) return { ok: false, error: `bash: ${SUBSTITUTION_TOO_DEEP}` };
  const tokenized = tokenize(line);
  if (!tokenized.ok) return { ok: false, error: `bash: ${tokenized.error}` };
  // bash parses a `$(…)` with the line that holds it (parse.y parse_comsub): its syntax errors are the line's.
  // Backticks are only parsed when they run (subst.c), as here.
  const tokens: Token[] = [];
  for (const token of tokenized.tokens) {
    if (token.type !== 'word' || !token.word.parts.some((p) => p.kind === 'subst' && !p.raw.startsWith('`'))) {
      tokens.push(token);
      continue;
    }
    const parts: WordPart[] = [];
    for (const part of token.word.parts) {
      if (part.kind !== 'subst' || part.raw.startsWith('`')) {
        parts.push(part);
        continue;
      }
      const inner = parse(part.source, depth + 1);
      if (!inner.ok) return inner;
      parts.push({ ...part, script: inner.script });
    }
    tokens.push({ ...token, word: { parts } });
  }
  try {
    return { ok: true, script: new Parser(tokens).script() };
  } catch (err) {
    if (err instanceof SyntaxError) return { ok: false, error: `bash: ${err.message}` };
    throw err;
  }
}

function describe(token: Token | undefined): string {
  if (token === undefined) return 'newline';
  if (token.type === 'op') return token.op === '\n' ? 'newline' : token.op;
  return token.raw;
}

class Parser {
  private pos = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  script(): Script {
    const lists: AndOrList[] = [];
    this.skipNewlines();
    while (this.peek() !== undefined) {
      lists.push(this.andOr());
      const t = this.peek();
      if (t === undefined) break;
      if (t.type === 'op' && (t.op === ';' || t.op === '&' || t.op === '\n')) {
        this.pos++;
        this.skipNewlines();
        continue;
      }
      throw this.unexpected(t);
    }
    return { type: 'script', lists };
  }

  private andOr(): AndOrList {
    const first = this.pipeline();
    const rest: { op: '&&' | '||'; pipeline: Pipeline }[] = [];
    for (;;) {
      const t = this.peek();
      if (t?.type !== 'op' || (t.op !== '&&' && t.op !== '||')) break;
      this.pos++;
      this.skipNewlines();
      rest.push({ op: t.op, pipeline: this.pipeline() });
    }
    return { type: 'and-or', first, rest };
  }

  private pipeline(): Pipeline {
    let negated = false;
    const t = this.peek();
    if (t?.type === 'word' && t.raw === '!') {
      negated = true;
      this.pos++;
    }
    const commands: SimpleCommand[] = [];
    for (;;) {
      const command = this.command();
      const next = this.peek();
      if (next?.type === 'op' && (next.op === '|' || next.op === '|&')) {
        this.pos++;
        this.skipNewlines();
        commands.push({ ...command, pipeStderr: next.op === '|&' });
        continue;
      }
      commands.push(command);
      break;
    }
    return { type: 'pipeline', negated, commands };
  }

  private command(): SimpleCommand {
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const t = this.peek();
      if (t === undefined) break;
      if (t.type === 'op') break;
      this.pos++;
      if (t.type === 'redir') {
        redirects.push(this.redirect(t));
        continue;
      }
      const first = t.word.parts[0];
      const m = words.length === 0 && first?.kind === 'text' && !first.quoted ? ASSIGNMENT.exec(first.text) : null;
      if (m) {
        const rest = first.kind === 'text' ? first.text.slice(m[0].length) : '';
        const parts = [...(rest ? [{ kind: 'text' as const, text: rest, quoted: false }] : []), ...t.word.parts.slice(1)];
        assignments.push({ name: m[1], value: { parts } });
        continue;
      }
      words.push(t.word);
    }
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) {
      const t = this.peek();
      if (t === undefined) throw new SyntaxError('syntax error: unexpected end of file');
      throw this.unexpected(t);
    }
    return { type: 'command', assignments, words, redirects, pipeStderr: false };
  }

  private redirect(t: Extract<Token, { type: 'redir' }>): Redirect {
    if (t.op === '>&') {
      const fd = t.fd ?? 1;
      const to = t.dupTo ?? 1;
      if ((fd !== 1 && fd !== 2) || (to !== 1 && to !== 2)) {
        throw new SyntaxError(`${to}: Bad file descriptor`);
      }
      return { kind: 'dup', fd, to };
    }
    const target = this.peek();
    if (target?.type !== 'word') throw this.unexpected(target);
    this.pos++;
    if (t.op === '<') return { kind: 'input', target: target.word };
    const append = t.op === '>>' || t.op === '&>>';
    if (t.op === '&>' || t.op === '&>>') return { kind: 'file', fd: 'both', target: target.word, append };
    const fd = t.fd ?? 1;
    // Descriptors other than 1 and 2 exist in bash; nothing here writes to them, so they go nowhere.
    return { kind: 'file', fd: fd === 2 ? 2 : 1, target: fd > 2 ? { parts: [{ kind: 'text', text: '/dev/null', quoted: true }] } : target.word, append };
  }

  private skipNewlines(): void {
    while (this.peek()?.type === 'op' && (this.peek() as { op: string }).op === '\n') this.pos++;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private unexpected(t: Token | undefined): SyntaxError {
    return new SyntaxError(`syntax error near unexpected token \`${describe(t)}'`);
  }
}
