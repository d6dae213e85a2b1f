/**
 * Scalar styling of go-yaml v2 (the emitter behind sigs.k8s.io/yaml, hence `kubectl -o yaml`):
 * which strings need quotes (yaml.v2 resolve.go + encode.go stringv), how the emitter picks
 * plain / single / double / literal (emitterc.go yaml_emitter_analyze_scalar and
 * yaml_emitter_select_scalar_style), and how it writes them, folding at column 80.
 */

const BEST_WIDTH = 80;
const BEST_INDENT = 2;

const RESOLVE_MAP = new Set([
  '~', 'null', 'Null', 'NULL',
  'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE',
  'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** Go strconv.ParseInt/ParseUint(s, 0, 64) acceptance (underscores already removed). */
function parsesAsGoInt(s: string): boolean {
  const m = /^([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!m) return false;
  let body = m[2];
  let v: bigint;
  if (/^0[oO]/.test(body)) v = BigInt('0o' + body.slice(2));
  else if (/^0[0-7]+$/.test(body)) v = BigInt('0o' + body.slice(1));
  else v = BigInt(body);
  if (m[1] === '-') return v <= 2n ** 63n;
  return v < 2n ** 64n && (m[1] === '' || v < 2n ** 63n);
}

/** yaml.v2 parseTimestamp: the four allowed layouts, YYYY- first. */
function parsesAsTimestamp(s: string): boolean {
  const date = '(\\d{4})-(\\d{1,2})-(\\d{1,2})';
  const time = '(\\d{1,2}):(\\d{1,2}):(\\d{1,2})(\\.\\d+)?';
  const m =
    new RegExp(`^${date}$`).exec(s) ??
    new RegExp(`^${date}[Tt]${time}(Z|[+-]\\d{2}:\\d{2})$`).exec(s) ??
    new RegExp(`^${date} ${time}$`).exec(s);
  if (!m) return false;
  const [, , mo, d, h = '0', mi = '0', se = '0'] = m;
  return +mo >= 1 && +mo <= 12 && +d >= 1 && +d <= 31 && +h < 24 && +mi < 60 && +se < 60;
}

/** True when a plain `s` would read back as something other than a string (yaml.v2 resolve). */
export function resolvesToNonString(s: string): boolean {
  if (s === '') return true; // null
  const c = s[0];
  let hint: 'M' | '.' | 'D' | 'S' | undefined;
  if ('yYnNtTfFoO~'.includes(c)) hint = 'M';
  else if (c === '.') hint = '.';
  else if (c >= '0' && c <= '9') hint = 'D';
  else if (c === '+' || c === '-') hint = 'S';
  if (!hint) return false;
  if (RESOLVE_MAP.has(s)) return true;
  if (hint === 'M') return false;
  if (hint === '.') return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(s);
  if (parsesAsTimestamp(s)) return true;
  const plain = s.replaceAll('_', '');
  if (parsesAsGoInt(plain)) return true;
  if (YAML_STYLE_FLOAT.test(plain)) return true;
  return false;
}

/** go-yaml's is_printable on a code point. */
const isPrintable = (cp: number): boolean =>
  cp === 0x0a ||
  (cp >= 0x20 && cp <= 0x7e) ||
  (cp >= 0xa0 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);

const isBreakCp = (cp: number | undefined): boolean => cp === 0x0a || cp === 0x0d || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
const isSpaceCp = (cp: number | undefined): boolean => cp === 0x20;
const isBlankzCp = (cp: number | undefined): boolean => cp === undefined || cp === 0x20 || cp === 0x09 || isBreakCp(cp) || cp === 0;

interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** yaml_emitter_analyze_scalar, block context only. */
function analyze(value: string): Analysis {
  const cps = [...value].map((ch) => ch.codePointAt(0)!);
  if (cps.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  if (value.startsWith('---') || value.startsWith('...')) {
    blockIndicators = true;
    flowIndicators = true;
  }
  let precededByWhitespace = true;
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    const followedByWhitespace = isBlankzCp(cps[i + 1]);
    const ch = String.fromCodePoint(cp);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) {
        flowIndicators = true;
        blockIndicators = true;
      } else if (ch === '?' || ch === ':') {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      } else if (ch === '-' && followedByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    } else {
      if (',?[]{}'.includes(ch)) flowIndicators = true;
      else if (ch === ':') {
        flowIndicators = true;
        if (followedByWhitespace) blockIndicators = true;
      } else if (ch === '#' && precededByWhitespace) {
        flowIndicators = true;
        blockIndicators = true;
      }
    }
    if (!isPrintable(cp) || (i === 0 && cp === 0xfeff)) special = true;
    if (isBreakCp(cp)) lineBreaks = true;
    if (isSpaceCp(cp)) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreakCp(cp)) {
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = cp === 0x20 || cp === 0x09 || isBreakCp(cp);
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  void flowIndicators;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

/** The style go-yaml v2 ends up using for a string. */
export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

/** encode.go stringv + yaml_emitter_select_scalar_style, in block context. */
export function selectStyle(s: string, isKey: boolean): ScalarStyle {
  let style: ScalarStyle;
  if (s.includes('\n')) style = 'literal';
  else if (!resolvesToNonString(s) && !BASE60_FLOAT.test(s)) style = 'plain';
  else style = 'double';
  const a = analyze(s);
  if (style === 'plain') {
    if (!a.blockPlainAllowed) style = 'single';
    if (s.length === 0 && isKey) style = 'single';
  }
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || isKey)) style = 'double';
  return style;
}

const DOUBLE_ESCAPES: Record<number, string> = {
  0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e',
  0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

const hex = (v: number, n: number): string => v.toString(16).toUpperCase().padStart(n, '0');

/**
 * Renders a string scalar starting at `column` (where its first character goes); continuation
 * lines (folding, literal blocks) are indented to `indent`. Keys never fold.
 */
export function renderString(s: string, column: number, indent: number, isKey: boolean): string {
  const style = selectStyle(s, isKey);
  const cps = [...s];
  const allowBreaks = !isKey;
  let out = '';
  let col = column;
  const newline = (): void => {
    out += '\n' + ' '.repeat(indent);
    col = indent;
  };
  const put = (t: string): void => {
    out += t;
    col += [...t].length;
  };
  switch (style) {
    case 'plain': {
      let spaces = false;
      for (let i = 0; i < cps.length; i++) {
        if (cps[i] === ' ') {
          if (allowBreaks && !spaces && col > BEST_WIDTH && cps[i + 1] !== ' ') newline();
          else put(' ');
          spaces = true;
        } else {
          put(cps[i]);
          spaces = false;
        }
      }
      return out;
    }
    case 'single': {
      put("'");
      let spaces = false;
      for (let i = 0; i < cps.length; i++) {
        if (cps[i] === ' ') {
          if (allowBreaks && !spaces && col > BEST_WIDTH && i > 0 && i < cps.length - 1 && cps[i + 1] !== ' ') newline();
          else put(' ');
          spaces = true;
        } else {
          put(cps[i] === "'" ? "''" : cps[i]);
          spaces = false;
        }
      }
      put("'");
      return out;
    }
    case 'double': {
      put('"');
      let spaces = false;
      for (let i = 0; i < cps.length; i++) {
        const cp = cps[i].codePointAt(0)!;
        if (!isPrintable(cp) || cp === 0xfeff || isBreakCp(cp) || cp === 0x22 || cp === 0x5c) {
          const e = DOUBLE_ESCAPES[cp];
          put('\\' + (e ?? (cp <= 0xff ? 'x' + hex(cp, 2) : cp <= 0xffff ? 'u' + hex(cp, 4) : 'U' + hex(cp, 8))));
          spaces = false;
        } else if (cps[i] === ' ') {
          if (allowBreaks && !spaces && col > BEST_WIDTH && i !== 0 && i !== cps.length - 1) {
            newline();
            if (cps[i + 1] === ' ') put('\\');
          } else {
            put(' ');
          }
          spaces = true;
        } else {
          put(cps[i]);
          spaces = false;
        }
      }
      put('"');
      return out;
    }
    case 'literal': {
      let hints = '|';
      if (cps[0] === ' ' || isBreakCp(cps[0].codePointAt(0))) hints += String(BEST_INDENT);
      const last = cps.length - 1;
      if (!isBreakCp(cps[last].codePointAt(0))) hints += '-';
      else if (last === 0 || isBreakCp(cps[last - 1].codePointAt(0))) hints += '+';
      // Lines get the indent; empty lines stay empty; the text's own final break ends the block.
      const body = s.endsWith('\n') ? s.slice(0, -1) : s;
      const lines = body.split('\n').map((l) => (l === '' ? '' : ' '.repeat(indent) + l));
      return hints + '\n' + lines.join('\n');
    }
  }
}
