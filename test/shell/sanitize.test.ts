import { describe, expect, it } from 'vitest';
import { escapeControlCharacters, findControlCharacter, quote, stripControlSequences } from '../../src/shell/sanitize.js';

// Sequence forms from xterm's ctlseqs (ECMA-48): OSC ends at BEL or ST (ESC \),
// DCS/APC/PM/SOS at ST, CSI at a final byte 0x40-0x7E.
describe('stripControlSequences', () => {
  it('drops an OSC 52 clipboard write ended by BEL or by ST', () => {
    expect(stripControlSequences('a\x1b]52;c;ZWNobyBwd25lZA==\x07b')).toBe('ab');
    expect(stripControlSequences('a\x1b]52;c;ZWNobw==\x1b\\b')).toBe('ab');
  });
  it('drops title changes, screen clears, cursor moves and SGR colours', () => {
    expect(stripControlSequences('\x1b]0;pwned\x07\x1b[2J\x1b[H\x1b[3J\x1b[31mred\x1b[0m \x1b[?1049h\x1b[10;20Hx')).toBe('red x');
  });
  it('drops DCS, APC, PM and SOS strings and bare escape sequences (ESC c resets the terminal)', () => {
    expect(stripControlSequences('1\x1bPq#0;2;0;0;0\x1b\\2\x1b_apc\x1b\\3\x1b^pm\x1b\\4\x1bXsos\x1b\\5\x1bc6\x1b76\x1b(B7')).toBe('1234566' + '7');
  });
  it('drops 8-bit C1 forms', () => {
    expect(stripControlSequences('a\x9b2Jb\x9d0;t\x07c\x90x\x9cd\x85e')).toBe('abcde');
  });
  it('swallows an unterminated sequence to the end, as a terminal would', () => {
    expect(stripControlSequences('ok\x1b]52;c;AAAA')).toBe('ok');
    expect(stripControlSequences('ok\x1b[12')).toBe('ok');
    expect(stripControlSequences('ok\x1b')).toBe('ok');
  });
  it('keeps newlines and tabs, drops CR, BEL, backspace and DEL', () => {
    expect(stripControlSequences('a\tb\r\nc\x07d\be\x7ff\x00\n')).toBe('a\tb\ncdef\n');
  });
  it('returns clean text unchanged, including non-ASCII', () => {
    const t = 'NAME   READY   STATUS\nweb-1  1/1     Running  ✓ ümlaut 漢字\n';
    expect(stripControlSequences(t)).toBe(t);
  });
});

describe('findControlCharacter / escapeControlCharacters', () => {
  it('finds the first control character and shows it as an escape', () => {
    expect(findControlCharacter('ab\x1b]52;\x07')).toEqual({ index: 2, char: '\x1b' });
    expect(findControlCharacter('fine\n\ttext')).toBeUndefined();
    expect(escapeControlCharacters('a\x1b]0;t\x07\r\x9b')).toBe('a\\x1b]0;t\\x07\\r\\x9b');
  });
});

describe('quote', () => {
  it('quotes a value Go %q style: quotes, backslashes and every control character escaped, on one line', () => {
    expect(quote('node-1')).toBe('"node-1"');
    expect(quote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quote('x\ny\tz\r')).toBe('"x\\ny\\tz\\r"');
    expect(quote('\x1b]52;c;ZWNobw==\x07\x9b2J\x7f')).toBe('"\\x1b]52;c;ZWNobw==\\x07\\x9b2J\\x7f"');
    expect(quote(42)).toBe('"42"');
  });
});
