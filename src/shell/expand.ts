/**
 * Word expansion at run time: tilde, parameters (`$VAR`, `${VAR}`, `$?`),
 * field splitting of unquoted expansions, quote removal (already done by the
 * tokenizer). No globbing: without a directory listing bash would leave an
 * unmatched pattern as typed, which is what we do.
 */
import type { Word } from './ast.js';

/** Values parameter expansion reads. */
export interface ExpansionScope {
  /** Variables of the current host's shell. */
  readonly env: Readonly<Record<string, string>>;
  /** `$?`: the exit status of the last pipeline. */
  readonly lastExitCode: number;
}

function lookup(name: string, scope: ExpansionScope): string {
  if (name === '?') return String(scope.lastExitCode);
  if (name === '0') return 'bash';
  if (name === '#') return '0';
  return scope.env[name] ?? '';
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
    const value = lookup(part.name, scope);
    if (part.quoted) {
      current += value;
      started = true;
      return;
    }
    // Unquoted expansion is split on IFS whitespace (bash "Word Splitting").
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
  return fields;
}

/** Expands a word into one string, without field splitting (assignments, redirection targets). */
export function expandWordToString(word: Word, scope: ExpansionScope): string {
  return word.parts
    .map((part, index) => {
      if (part.kind === 'var') return lookup(part.name, scope);
      if (index === 0 && !part.quoted && (part.text === '~' || part.text.startsWith('~/'))) {
        return (scope.env.HOME ?? '~') + part.text.slice(1);
      }
      return part.text;
    })
    .join('');
}
