/**
 * Translates POSIX basic (BRE) and extended (ERE) regular expressions, with the
 * GNU extensions grep accepts (`\+ \? \|` in BRE, `\< \> \b \w \s`), into
 * JavaScript RegExp source. Error texts are glibc regcomp's, as grep prints them.
 */

/**
 * A translation: source both RE2 (re2js with lookbehinds) and JavaScript accept,
 * whether it uses back-references, or the message grep prints (exit status 2).
 */
export type RegexTranslation = { readonly ok: true; readonly source: string; readonly backrefs: boolean } | { readonly ok: false; readonly message: string };

/** POSIX bracket classes (`[[:alpha:]]`) as bracket-expression ranges, for regexes and wildcards alike. */
const CLASSES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: '0-9A-Za-z',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  print: ' -~',
  graph: '!-~',
  cntrl: '\\x00-\\x1f\\x7f',
  xdigit: '0-9A-Fa-f',
});

/** The ranges of a POSIX class by name (own keys only: `[[:constructor:]]` is no class), or undefined. */
export function posixClass(name: string): string | undefined {
  return Object.hasOwn(CLASSES, name) ? CLASSES[name] : undefined;
}

const UNMATCHED_BRACKET = 'Unmatched [, [^, [:, [., or [=';

/** Escapes a string so it matches literally (grep -F). */
export function escapeLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

function bracket(pattern: string, start: number): { source: string; end: number } | { error: string } {
  let i = start + 1;
  let out = '[';
  if (pattern[i] === '^') {
    out += '^';
    i++;
  }
  let first = true;
  for (; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === ']' && !first) return { source: `${out}]`, end: i + 1 };
    first = false;
    if (c === '[' && (pattern[i + 1] === ':' || pattern[i + 1] === '.' || pattern[i + 1] === '=')) {
      const kind = pattern[i + 1];
      const close = pattern.indexOf(`${kind}]`, i + 2);
      if (close < 0) return { error: UNMATCHED_BRACKET };
      const name = pattern.slice(i + 2, close);
      if (kind === ':') {
        const cls = posixClass(name);
        if (cls === undefined) return { error: 'Invalid character class name' };
        out += cls;
      } else {
        out += escapeLiteral(name);
      }
      i = close + 1;
      continue;
    }
    // Inside brackets a backslash is an ordinary character in POSIX.
    if (c === '\\' || c === '[' || c === ']') out += `\\${c}`;
    else out += c;
  }
  return { error: UNMATCHED_BRACKET };
}

/** Translates a BRE (`extended` false) or ERE into JavaScript RegExp source. */
export function translatePosixRegex(pattern: string, extended: boolean): RegexTranslation {
  let out = '';
  let depth = 0;
  // Whether the next token starts an expression (where `*` is literal and `^` anchors in a BRE).
  let atStart = true;
  let lastWasQuantifier = false;
  let backrefs = false;
  const emit = (s: string, quantifier = false): void => {
    if (quantifier && lastWasQuantifier) return;
    out += s;
    lastWasQuantifier = quantifier;
    atStart = false;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '[') {
      const b = bracket(pattern, i);
      if ('error' in b) return { ok: false, message: b.error };
      emit(b.source);
      i = b.end - 1;
      continue;
    }
    if (c === '\\') {
      const e = pattern[i + 1];
      if (e === undefined) return { ok: false, message: 'Trailing backslash' };
      i++;
      if (!extended && e === '(') {
        out += '(';
        depth++;
        atStart = true;
        lastWasQuantifier = false;
      } else if (!extended && e === ')') {
        if (depth === 0) return { ok: false, message: 'Unmatched ) or \\)' };
        depth--;
        emit(')');
      } else if (!extended && e === '|') {
        out += '|';
        atStart = true;
        lastWasQuantifier = false;
      } else if (!extended && (e === '+' || e === '?')) {
        if (atStart) emit(`\\${e}`);
        else emit(e, true);
      } else if (!extended && e === '{') {
        const close = pattern.indexOf('\\}', i + 1);
        if (close < 0) return { ok: false, message: 'Unmatched \\{' };
        const body = pattern.slice(i + 1, close);
        if (!/^[0-9]*(,[0-9]*)?$/.test(body)) return { ok: false, message: 'Invalid content of \\{\\}' };
        emit(`{${body.startsWith(',') ? `0${body}` : body}}`, true);
        i = close + 1;
      } else if (e === '<') {
        // A word boundary not preceded by a word character (RE2 has lookbehinds, not lookaheads).
        emit('\\b(?<![0-9A-Za-z_])');
      } else if (e === '>') {
        emit('\\b(?<=[0-9A-Za-z_])');
      } else if (/[1-9]/.test(e)) {
        backrefs = true;
        emit(`\\${e}`);
      } else if ('bBwWsS'.includes(e)) {
        emit(`\\${e}`);
      } else {
        emit(escapeLiteral(e));
      }
      continue;
    }
    if (c === '*') {
      if (atStart) emit('\\*');
      else emit('*', true);
      continue;
    }
    if (c === '^') {
      if (extended || atStart) {
        out += '^';
        lastWasQuantifier = false;
      } else {
        emit('\\^');
      }
      continue;
    }
    if (c === '$') {
      const next = pattern.slice(i + 1, i + 3);
      const atEnd = i === pattern.length - 1 || (!extended && (next === '\\)' || next === '\\|'));
      if (extended || atEnd) {
        out += '$';
        lastWasQuantifier = false;
        atStart = false;
      } else {
        emit('\\$');
      }
      continue;
    }
    if (extended) {
      if (c === '(') {
        out += '(';
        depth++;
        atStart = true;
        lastWasQuantifier = false;
        continue;
      }
      if (c === ')' && depth > 0) {
        depth--;
        emit(')');
        continue;
      }
      if (c === '|') {
        out += '|';
        atStart = true;
        lastWasQuantifier = false;
        continue;
      }
      if (c === '+' || c === '?') {
        if (atStart) emit(`\\${c}`);
        else emit(c, true);
        continue;
      }
      if (c === '{') {
        const m = /^\{([0-9]*)(,[0-9]*)?\}/.exec(pattern.slice(i));
        if (m && !atStart && (m[1] !== '' || m[2])) {
          emit(`{${m[1] || '0'}${m[2] ?? ''}}`, true);
          i += m[0].length - 1;
        } else {
          emit('\\{');
        }
        continue;
      }
    }
    emit(c === '.' ? '.' : escapeLiteral(c));
  }
  if (depth > 0) return { ok: false, message: 'Unmatched ( or \\(' };
  try {
    new RegExp(out);
  } catch {
    return { ok: false, message: 'Invalid regular expression' };
  }
  return { ok: true, source: out, backrefs };
}
