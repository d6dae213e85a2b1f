/** Go's strconv.Quote (and fmt's %q of a string), shared by the cluster's texts and kubectl's. */

const QUOTE_ESCAPES: Readonly<Record<string, string>> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"' };

/** strconv.Quote: Go escapes, `\x` for other control bytes, printable Unicode as is. */
export function goQuote(s: string): string {
  let out = '"';
  for (const c of s) {
    const cp = c.codePointAt(0)!;
    if (c in QUOTE_ESCAPES) out += QUOTE_ESCAPES[c];
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp >= 0x80 && cp < 0xa0) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else if (cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return out + '"';
}
