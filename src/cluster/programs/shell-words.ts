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
