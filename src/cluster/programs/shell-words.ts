/**
 * The words of the small shell scripts container specs carry (`sh -c '...'`):
 * statements and words, quotes removed. Not a shell: the simulation reads
 * scripts only to recognize well-known idioms in them.
 */

/**
 * Splits a `sh -c` script into statements (on `;` and newlines outside
 * quotes), each a list of words with quotes removed; undefined when a quote
 * is left open. Enough for the one-line scripts containers are given.
 */
export function shellStatements(script: string): string[][] | undefined {
  const statements: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  for (const ch of script) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === ';' || ch === '\n') {
      endWord();
      if (words.length) statements.push(words);
      words = [];
    } else if (ch === ' ' || ch === '\t') endWord();
    else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) return undefined;
  endWord();
  if (words.length) statements.push(words);
  return statements;
}

/** The shells container images carry, by name or path (`sh`, `/bin/ash`, `bash`, ...). */
const SHELLS = new Set(['sh', 'ash', 'bash', 'dash', 'zsh']);

/** Is `argv0` a shell (a bare name or any path to one)? */
export function isShell(argv0: string): boolean {
  return SHELLS.has(argv0.slice(argv0.lastIndexOf('/') + 1));
}

/** The script of a `<shell> -c '<script>'` command line, or undefined for any other. */
export function shellScript(argv: readonly string[] | undefined): string | undefined {
  return argv && argv.length === 3 && isShell(argv[0]) && argv[1] === '-c' ? argv[2] : undefined;
}
