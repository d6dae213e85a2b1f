/**
 * Shell-style wildcard patterns (`*`, `?`, `[...]`) as bash's pathname
 * expansion and glibc fnmatch read them, compiled for linear-time matching.
 * No pattern is an error: an unclosed `[` is a literal bracket, and a range
 * whose ends are out of order (`[z-a]`) matches no character, so bash leaves
 * `echo [z-a]` as typed.
 */
import { RE2JS } from 're2js';
import { posixClass } from './posix-regex.js';

/** A compiled wildcard pattern. */
export interface WildcardPattern {
  /** Whether the whole of `text` matches. */
  test(text: string): boolean;
}


const hex = (c: string): string => `\\x{${c.codePointAt(0)!.toString(16)}}`;

/** A bracket expression starting at `pattern[start]` (`[`): its RE2 source and where it ends, or undefined when unclosed. */
function bracket(pattern: string, start: number, pathname: boolean): { source: string; end: number } | undefined {
  let i = start + 1;
  let negate = false;
  if (pattern[i] === '!' || pattern[i] === '^') {
    negate = true;
    i++;
  }
  let body = '';
  let first = true;
  for (; i < pattern.length; i++) {
    let c = pattern[i];
    if (c === ']' && !first) {
      const slash = pathname ? hex('/') : '';
      // An empty set (every range out of order) matches nothing; its negation anything.
      if (body === '') return { source: negate ? (pathname ? `[^${slash}]` : '(?s:.)') : '[^\\x00-\\x{10FFFF}]', end: i };
      return { source: negate ? `[^${body}${slash}]` : `[${body}]`, end: i };
    }
    first = false;
    if (c === '[' && pattern[i + 1] === ':') {
      const close = pattern.indexOf(':]', i + 2);
      if (close > 0) {
        body += wildcardClass(pattern.slice(i + 2, close)) ?? '';
        i = close + 1;
        continue;
      }
    }
    if (c === '\\' && i + 1 < pattern.length) c = pattern[++i];
    const cp = String.fromCodePoint(pattern.codePointAt(i)!);
    if (cp.length === 2) i++;
    if (pattern[i + 1] === '-' && i + 2 < pattern.length && pattern[i + 2] !== ']') {
      let hi = pattern[i + 2];
      let skip = 2;
      if (hi === '\\' && i + 3 < pattern.length) {
        hi = pattern[i + 3];
        skip = 3;
      }
      const hiCp = String.fromCodePoint(pattern.codePointAt(i + skip)!);
      if (hiCp.length === 2) skip++;
      i += skip;
      if (cp.codePointAt(0)! <= hiCp.codePointAt(0)!) body += `${hex(cp)}-${hex(hiCp)}`;
      continue;
    }
    body += hex(cp);
  }
  return undefined;
}

/**
 * Compiles a wildcard pattern matched against a whole string. With `pathname`
 * (bash pathname expansion, one path segment), `*`, `?` and brackets never match `/`.
 */
export function compileWildcard(pattern: string, pathname = false): WildcardPattern {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') source += pathname ? '[^/]*' : '(?s:.*)';
    else if (c === '?') source += pathname ? '[^/]' : '(?s:.)';
    else if (c === '[') {
      const b = bracket(pattern, i, pathname);
      if (b) {
        source += b.source;
        i = b.end;
      } else source += '\\[';
    } else if (c === '\\' && i + 1 < pattern.length) source += hex(pattern[++i]);
    else {
      const cp = String.fromCodePoint(pattern.codePointAt(i)!);
      if (cp.length === 2) i++;
      source += hex(cp);
    }
  }
  const re = RE2JS.compile(`^(?:${source})$`);
  return { test: (text) => re.matches(text) };
}

/** bash's globs know one class more than POSIX regexes: `[[:word:]]`. */
function wildcardClass(name: string): string | undefined {
  return name === 'word' ? '0-9A-Za-z_' : posixClass(name);
}
