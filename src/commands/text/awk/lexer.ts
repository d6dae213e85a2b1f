/**
 * awk tokens (POSIX awk grammar, "Lexical Conventions"). A `/` starts a regex
 * literal where an operand is expected, and divides after one.
 */

/** A token of an awk program. */
export interface AwkToken {
  /** `number`, `string`, `regex`, `name`, `builtin`, `keyword`, `newline`, `eof`, or the punctuation itself. */
  readonly type: string;
  /** The text (a string's value with escapes applied, a regex's source). */
  readonly value: string;
  /** 1-based line in the program, for diagnostics. */
  readonly line: number;
}

/** Words with a meaning of their own. */
export const KEYWORDS = new Set([
  'BEGIN', 'END', 'function', 'func', 'if', 'else', 'while', 'for', 'do', 'break', 'continue',
  'next', 'nextfile', 'exit', 'return', 'delete', 'in', 'getline', 'print', 'printf',
]);

/** Built-in functions. */
export const BUILTINS = new Set([
  'length', 'substr', 'index', 'split', 'sub', 'gsub', 'match', 'sprintf', 'tolower', 'toupper',
  'int', 'sqrt', 'exp', 'log', 'sin', 'cos', 'atan2', 'rand', 'srand', 'system',
]);

const PUNCTUATION = [
  '+=', '-=', '*=', '/=', '%=', '^=', '**=', '==', '<=', '>=', '!=', '++', '--', '&&', '||', '!~', '>>', '**',
  '{', '}', '(', ')', '[', ']', ';', ',', '+', '-', '*', '/', '%', '^', '!', '>', '<', '|', '?', ':', '~', '$', '=',
].sort((a, b) => b.length - a.length);

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', '/': '/', a: '\x07', b: '\b', f: '\f', v: '\v' };

/** Thrown for a program that cannot be read; the message is mawk's wording without the `awk: ` prefix. */
export class AwkSyntaxError extends Error {}

/** Splits an awk program into tokens. */
export function lexAwk(source: string): AwkToken[] {
  const tokens: AwkToken[] = [];
  let line = 1;
  let i = 0;
  const operandEnd = (): boolean => {
    const last = tokens[tokens.length - 1];
    if (!last) return false;
    return ['number', 'string', 'regex', 'name', 'builtin', ')', ']', '$', '++', '--'].includes(last.type) ||
      (last.type === 'keyword' && last.value === 'getline');
  };
  while (i < source.length) {
    const c = source[i];
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && source[i + 1] === '\n') {
      i += 2;
      line++;
      continue;
    }
    if (c === '#') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '\n') {
      tokens.push({ type: 'newline', value: '\n', line });
      line++;
      i++;
      continue;
    }
    if (c === '"') {
      let value = '';
      i++;
      while (i < source.length && source[i] !== '"') {
        if (source[i] === '\n') throw new AwkSyntaxError(`line ${line}: runaway string constant "${value} ...`);
        if (source[i] === '\\' && i + 1 < source.length) {
          const e = source[i + 1];
          const oct = /^[0-7]{1,3}/.exec(source.slice(i + 1, i + 4));
          if (oct) {
            value += String.fromCharCode(parseInt(oct[0], 8));
            i += 1 + oct[0].length;
            continue;
          }
          value += ESCAPES[e] ?? `\\${e}`;
          i += 2;
          continue;
        }
        value += source[i++];
      }
      if (i >= source.length) throw new AwkSyntaxError(`line ${line}: runaway string constant "${value} ...`);
      i++;
      tokens.push({ type: 'string', value, line });
      continue;
    }
    if (c === '/' && !operandEnd()) {
      let value = '';
      i++;
      let inBracket = false;
      while (i < source.length && (source[i] !== '/' || inBracket)) {
        if (source[i] === '\n') throw new AwkSyntaxError(`line ${line}: runaway regular expression /${value} ...`);
        if (source[i] === '\\' && source[i + 1] === '/') {
          value += '/';
          i += 2;
          continue;
        }
        if (source[i] === '\\') {
          value += source.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (source[i] === '[') inBracket = true;
        else if (source[i] === ']') inBracket = false;
        value += source[i++];
      }
      if (i >= source.length) throw new AwkSyntaxError(`line ${line}: runaway regular expression /${value} ...`);
      i++;
      tokens.push({ type: 'regex', value, line });
      continue;
    }
    const num = /^(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/.exec(source.slice(i));
    if (num) {
      tokens.push({ type: 'number', value: num[0], line });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (word) {
      const w = word[0];
      const type = KEYWORDS.has(w) ? 'keyword' : BUILTINS.has(w) ? 'builtin' : 'name';
      tokens.push({ type, value: w === 'func' ? 'function' : w, line });
      i += w.length;
      continue;
    }
    const p = PUNCTUATION.find((op) => source.startsWith(op, i));
    if (!p) throw new AwkSyntaxError(`line ${line}: syntax error at or near ${c}`);
    tokens.push({ type: p, value: p, line });
    i += p.length;
  }
  // mawk reports the end of the program as the line after the last one.
  tokens.push({ type: 'eof', value: 'end of file', line: line + 1 });
  return tokens;
}
