import { describe, it, expect } from 'vitest';
import { fit, normalizeTerminalLine, outputLines, wrapRows, wrapText } from '../../../src/tui/text/wrap.js';

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

describe('wide characters (a Chinese briefing)', () => {
  const columns = (s: string) => [...s].reduce((n, ch) => n + (/[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]/.test(ch) ? 2 : 1), 0);

  it('wrapText measures columns, not characters, and breaks runs without spaces between characters', () => {
    const text = '节点 node-2 的 kubelet 证书已经过期，所以节点变成了 NotReady 状态，请找出原因并修复。';
    const lines = wrapText(text, 20);
    for (const line of lines) expect(columns(line)).toBeLessThanOrEqual(20);
    expect(lines.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    expect(lines.length).toBeGreaterThan(3);
  });

  it('wrapRows cuts a terminal line at the column a terminal wraps it', () => {
    expect(wrapRows('状态正常状态正常', 6)).toEqual(['状态正', '常状态', '正常']);
    expect(wrapRows('abcdefgh', 3)).toEqual(['abc', 'def', 'gh']);
  });

  it('fit cuts by columns with an ellipsis', () => {
    expect(fit('节点变成了', 6)).toBe('节点…');
    expect(fit('node-2', 6)).toBe('node-2');
  });
});
