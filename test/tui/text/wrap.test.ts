import { describe, it, expect } from 'vitest';
import { normalizeTerminalLine, outputLines, wrapRows, wrapText } from '../../../src/tui/text/wrap.js';

describe('wrapText', () => {
  it('wraps words at the width and keeps blank lines', () => {
    expect(wrapText('the quick brown fox jumps\n\nover', 10)).toEqual(['the quick', 'brown fox', 'jumps', '', 'over']);
  });
  it('keeps a paragraph indent and breaks over-long words', () => {
    expect(wrapText('  - abcdefghij kl', 6)).toEqual(['  -', '  abcd', '  efgh', '  ij', '  kl']);
  });
});

describe('terminal lines', () => {
  it('hard-wraps rows', () => {
    expect(wrapRows('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(wrapRows('', 3)).toEqual(['']);
  });
  it('expands tabs to 8-column stops and drops carriage returns', () => {
    expect(normalizeTerminalLine('ab\tc\r')).toBe('ab      c');
  });
  it('splits output without a phantom last line', () => {
    expect(outputLines('a\nb\n')).toEqual(['a', 'b']);
    expect(outputLines('a\n\n')).toEqual(['a', '']);
    expect(outputLines('')).toEqual([]);
  });
});
