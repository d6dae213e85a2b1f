/**
 * The lexer of Go's text/template (src/text/template/parse/lex.go, Go 1.23)
 * for kubectl's `-o go-template`: text, `{{ }}` actions with `{{- ` / ` -}}`
 * trim markers, comments, and the action tokens. Positions are offsets into
 * the template string; errors carry lex.go's wording.
 */

/** Token kinds, as lex.go's itemType (keywords after `keyword`). */
export type ItemType =
  | 'error'
  | 'bool'
  | 'char'
  | 'charConstant'
  | 'assign'
  | 'declare'
  | 'eof'
  | 'field'
  | 'identifier'
  | 'leftDelim'
  | 'leftParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'rightDelim'
  | 'rightParen'
  | 'space'
  | 'string'
  | 'text'
  | 'variable'
  | 'dot'
  | 'nil'
  | KeywordType;

/** Keyword token kinds (lex.go's `item > itemKeyword`). */
export type KeywordType = 'block' | 'break' | 'continue' | 'define' | 'else' | 'end' | 'if' | 'range' | 'template' | 'with';

const KEYWORDS: ReadonlySet<string> = new Set(['block', 'break', 'continue', 'define', 'else', 'end', 'if', 'range', 'template', 'with']);

/** One token. */
export interface Item {
  readonly typ: ItemType;
  /** Offset of the token's first character in the template. */
  readonly pos: number;
  readonly val: string;
  /** 1-based line the token starts on. */
  readonly line: number;
}

/** Whether a token kind is a keyword (printed as `<if>` in errors). */
export const isKeyword = (t: ItemType): boolean => KEYWORDS.has(t);

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isAlphaNumeric = (c: string | undefined): boolean => c !== undefined && (c === '_' || /^[\p{L}\p{Nd}]$/u.test(c));
const isPrintAscii = (c: string): boolean => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) < 0x7f;

/** Go's %#U: `U+007D '}'`. */
export function goRuneU(c: string): string {
  const cp = c.codePointAt(0) ?? 0;
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  return /\p{L}|\p{N}|\p{P}|\p{S}|\p{Zs}/u.test(c) ? `U+${hex} '${c}'` : `U+${hex}`;
}

/** Tokenizes a whole template (the lexer goroutine, run to its end or first error). */
export function lex(input: string): Item[] {
  const items: Item[] = [];
  let pos = 0;
  let start = 0;
  let parenDepth = 0;
  const newlines: number[] = [];
  for (let i = input.indexOf('\n'); i >= 0; i = input.indexOf('\n', i + 1)) newlines.push(i);
  /** 1 + the newlines before offset p (binary search). */
  const lineAt = (p: number): number => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid] < p) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const emit = (typ: ItemType, val = input.slice(start, pos)): void => {
    items.push({ typ, pos: start, val, line: lineAt(start) });
    start = pos;
  };
  const fail = (message: string): Item[] => {
    items.push({ typ: 'error', pos: start, val: message, line: lineAt(start) });
    return items;
  };
  const atRightDelim = (): { delim: boolean; trim: boolean } => {
    if (isSpace(input[pos]) && input[pos + 1] === '-' && input.startsWith('}}', pos + 2)) return { delim: true, trim: true };
    return { delim: input.startsWith('}}', pos), trim: false };
  };
  const atTerminator = (): boolean => {
    const c = input[pos];
    if (c === undefined || isSpace(c) || '.,|:)('.includes(c)) return true;
    return input.startsWith('}}', pos);
  };
  const leftTrimLength = (p: number): number => {
    let n = 0;
    while (isSpace(input[p + n])) n++;
    return n;
  };

  for (;;) {
    // lexText
    const x = input.indexOf('{{', pos);
    if (x < 0) {
      pos = input.length;
      if (pos > start) emit('text');
      emit('eof', '');
      return items;
    }
    if (x > pos) {
      pos = x;
      let trim = 0;
      if (input[x + 2] === '-' && isSpace(input[x + 3])) {
        let end = x;
        while (end > start && isSpace(input[end - 1])) end--;
        trim = x - end;
      }
      pos -= trim;
      if (pos > start) emit('text');
      pos += trim;
      start = pos;
    }
    // lexLeftDelim
    pos += 2;
    const trimLeft = input[pos] === '-' && isSpace(input[pos + 1]);
    const after = trimLeft ? 2 : 0;
    if (input.startsWith('/*', pos + after)) {
      pos += after;
      start = pos;
      const end = input.indexOf('*/', pos + 2);
      if (end < 0) return fail('unclosed comment');
      pos = end + 2;
      const r = atRightDelim();
      if (!r.delim) return fail('comment ends before closing delimiter');
      if (r.trim) pos += 2;
      pos += 2;
      if (r.trim) pos += leftTrimLength(pos);
      start = pos;
      continue;
    }
    emit('leftDelim');
    pos += after;
    start = pos;
    parenDepth = 0;
    // lexInsideAction
    for (;;) {
      const r = atRightDelim();
      if (r.delim) {
        if (parenDepth !== 0) return fail('unclosed left paren');
        if (r.trim) {
          pos += 2;
          start = pos;
        }
        pos += 2;
        emit('rightDelim', '}}');
        if (r.trim) {
          pos += leftTrimLength(pos);
          start = pos;
        }
        break;
      }
      const c = input[pos];
      if (c === undefined) return fail('unclosed action');
      if (isSpace(c)) {
        let n = 0;
        while (isSpace(input[pos])) {
          pos++;
          n++;
        }
        // A trim-marked right delimiter starts with a space: leave that space for it.
        if (input[pos] === '-' && input.startsWith('}}', pos + 1)) {
          pos--;
          if (n === 1) continue;
        }
        emit('space');
        continue;
      }
      pos++;
      if (c === '=') emit('assign');
      else if (c === ':') {
        if (input[pos] !== '=') return fail('expected :=');
        pos++;
        emit('declare');
      } else if (c === '|') emit('pipe');
      else if (c === '"' || c === "'") {
        // lexQuote / lexChar: to the closing quote; a newline or the end first is an error.
        const what = c === '"' ? 'quoted string' : 'character constant';
        for (;;) {
          const d = input[pos++];
          if (d === '\\' && input[pos] !== undefined && input[pos] !== '\n') pos++;
          else if (d === '\\' || d === undefined || d === '\n') return fail(`unterminated ${what}`);
          else if (d === c) break;
        }
        emit(c === '"' ? 'string' : 'charConstant');
      } else if (c === '`') {
        const end = input.indexOf('`', pos);
        if (end < 0) return fail('unterminated raw quoted string');
        pos = end + 1;
        emit('rawString');
      } else if (c === '$' || (c === '.' && !(input[pos] >= '0' && input[pos] <= '9'))) {
        // lexVariable / lexField → lexFieldOrVariable
        const typ: ItemType = c === '$' ? 'variable' : 'field';
        if (atTerminator()) {
          emit(typ === 'variable' ? 'variable' : 'dot');
          continue;
        }
        while (isAlphaNumeric(input[pos])) pos++;
        if (!atTerminator()) return fail(`bad character ${goRuneU(input[pos])}`);
        emit(typ);
      } else if (c === '.' || c === '+' || c === '-' || (c >= '0' && c <= '9')) {
        pos--;
        const m = /^[+-]?(0[xX][0-9a-fA-F_]*(\.[0-9a-fA-F_]*)?([pP][+-]?[0-9_]+)?|0[oObB][0-7_]*|[0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9_]+)?)i?/.exec(input.slice(pos))!;
        pos += m[0].length;
        if (isAlphaNumeric(input[pos])) {
          pos++;
          return fail(`bad number syntax: ${JSON.stringify(input.slice(start, pos))}`);
        }
        emit('number');
      } else if (isAlphaNumeric(c)) {
        while (isAlphaNumeric(input[pos])) pos++;
        if (!atTerminator()) return fail(`bad character ${goRuneU(input[pos])}`);
        const word = input.slice(start, pos);
        if (KEYWORDS.has(word)) emit(word as KeywordType);
        else if (word === 'true' || word === 'false') emit('bool');
        else if (word === 'nil') emit('nil');
        else emit('identifier');
      } else if (c === '(') {
        emit('leftParen');
        parenDepth++;
      } else if (c === ')') {
        emit('rightParen');
        parenDepth--;
        if (parenDepth < 0) return fail('unexpected right paren');
      } else if (c.charCodeAt(0) <= 0x7f && isPrintAscii(c)) emit('char');
      else {
        const cp = String.fromCodePoint(input.codePointAt(pos - 1) ?? 0);
        return fail(`unrecognized character in action: ${goRuneU(cp)}`);
      }
    }
  }
}
