/**
 * Word expansion at run time: tilde, parameters (`$VAR`, `${VAR}`, `$?`),
 * command substitution (run beforehand by the session, see {@link ExpansionScope.resolved}),
 * field splitting of unquoted expansions, quote removal (already done by the
 * tokenizer), and pathname expansion of unquoted `*`, `?`, `[...]` against the
 * host's files (an unmatched pattern stays as typed, as bash leaves it).
 */
import type { Word, WordPart } from './ast.js';
import { compileWildcard, type WildcardPattern } from '../commands/text/lib/fnmatch.js';

/** Values parameter expansion reads. */
export interface ExpansionScope {
  /** Variables of the current host's shell. */
  readonly env: Readonly<Record<string, string>>;
  /** `$?`: the exit status of the last pipeline. */
  readonly lastExitCode: number;
  /** Pathname expansion: the sorted paths matching a pattern, or [] (optional: no filesystem, no globbing). */
  readonly glob?: (pattern: string) => string[];
  /**
   * Values fixed before expansion, by part: each command substitution's output
   * (trailing newlines removed), and `$?` as it was at that point of the word
   * list, since a substitution to its left changes it (`echo $(false) $?` prints 1).
   */
  readonly resolved?: ReadonlyMap<WordPart, string>;
}

const GLOB_CHARS = /[*?[]/;

/** Does the word contain a pattern character outside quotes? */
function hasUnquotedGlob(word: Word): boolean {
  return word.parts.some((p) => p.kind === 'text' && !p.quoted && GLOB_CHARS.test(p.text));
}

function valueOf(part: Exclude<WordPart, { kind: 'text' }>, scope: ExpansionScope): string {
  const fixed = scope.resolved?.get(part);
  if (fixed !== undefined) return fixed;
  // A substitution not run (no session to run it) expands to nothing.
  return part.kind === 'var' ? lookup(part.name, scope) : '';
}

function lookup(name: string, scope: ExpansionScope): string {
  if (name === '?') return String(scope.lastExitCode);
  if (name === '0') return 'bash';
  if (name === '#') return '0';
  return Object.hasOwn(scope.env, name) ? (scope.env[name] ?? '') : '';
}

/** Expands a word into fields (zero fields when an unquoted expansion is empty). */
export function expandWord(word: Word, scope: ExpansionScope): string[] {
  const fields: string[] = [];
  let current = '';
  // Whether the current field exists even if empty ("" or a quoted piece).
  let started = false;
  word.parts.forEach((part, index) => {
    if (part.kind === 'text') {
      let text = part.text;
      if (index === 0 && !part.quoted && (text === '~' || text.startsWith('~/'))) {
        text = (scope.env.HOME ?? '~') + text.slice(1);
      }
      current += text;
      started = started || part.quoted || text !== '';
      return;
    }
    const value = valueOf(part, scope);
    if (part.quoted) {
      current += value;
      started = true;
      return;
    }
    // Unquoted expansion (variables and substitutions alike) is split on IFS whitespace (bash "Word Splitting").
    const pieces = value.split(/[ \t\n]+/);
    pieces.forEach((piece, k) => {
      if (k > 0) {
        if (started) fields.push(current);
        current = '';
        started = false;
      }
      current += piece;
      started = started || piece !== '';
    });
  });
  if (started) fields.push(current);
  if (!scope.glob || !hasUnquotedGlob(word)) return fields;
  return fields.flatMap((f) => {
    if (!GLOB_CHARS.test(f)) return [f];
    const matches = scope.glob!(f);
    return matches.length ? matches : [f];
  });
}

/**
 * Compiles one path segment of a glob pattern (bash: `*`, `?`, bracket
 * expressions); never throws, an invalid range just matches nothing.
 */
export function globSegment(pattern: string): WildcardPattern {
  return compileWildcard(pattern, true);
}

/** Expands a word into one string, without field splitting (assignments, redirection targets). */
export function expandWordToString(word: Word, scope: ExpansionScope): string {
  return word.parts
    .map((part, index) => {
      if (part.kind !== 'text') return valueOf(part, scope);
      if (index === 0 && !part.quoted && (part.text === '~' || part.text.startsWith('~/'))) {
        return (scope.env.HOME ?? '~') + part.text.slice(1);
      }
      return part.text;
    })
    .join('');
}
