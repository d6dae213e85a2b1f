import { describe, it, expect } from 'vitest';
import {
  initialTerminalPaneState,
  terminalPaneReducer,
  visibleRows,
  type TerminalPaneAction,
  type TerminalPaneState,
} from '../../../../src/tui/components/terminal-pane/use-terminal-pane-state.js';

function run(state: TerminalPaneState, ...actions: TerminalPaneAction[]): TerminalPaneState {
  return actions.reduce(terminalPaneReducer, state);
}
const type = (text: string): TerminalPaneAction => ({ type: 'insert', text });
const blank = initialTerminalPaneState(20, 3);

describe('terminalPaneReducer: line editing', () => {
  it('inserts at the cursor and moves it', () => {
    const s = run(blank, type('kubectl'), { type: 'cursor-left' }, { type: 'cursor-left' }, type('XY'));
    expect([s.input, s.cursor]).toEqual(['kubecXYtl', 7]);
  });

  it('deletes backwards and stops at the start', () => {
    const s = run(blank, type('ab'), { type: 'delete-backward' }, { type: 'delete-backward' }, { type: 'delete-backward' });
    expect([s.input, s.cursor]).toEqual(['', 0]);
  });

  it('moves to the start and end (Ctrl+A, Ctrl+E) and clamps arrows', () => {
    let s = run(blank, type('get pods'), { type: 'cursor-start' }, { type: 'cursor-left' });
    expect(s.cursor).toBe(0);
    s = run(s, { type: 'cursor-end' }, { type: 'cursor-right' });
    expect(s.cursor).toBe(8);
  });

  it('kills to the start of the line (Ctrl+U) and to its end (Ctrl+K)', () => {
    const base = run(blank, type('kubectl get pods'), { type: 'cursor-left' }, { type: 'cursor-left' }, { type: 'cursor-left' }, { type: 'cursor-left' });
    expect(run(base, { type: 'kill-to-start' })).toMatchObject({ input: 'pods', cursor: 0 });
    expect(run(base, { type: 'kill-to-end' })).toMatchObject({ input: 'kubectl get ', cursor: 12 });
  });

  it('rubs out the previous word with its trailing spaces (Ctrl+W)', () => {
    const s = run(blank, type('kubectl get  pods  '), { type: 'kill-word-backward' });
    expect([s.input, s.cursor]).toEqual(['kubectl get  ', 13]);
    expect(run(s, { type: 'kill-word-backward' }).input).toBe('kubectl ');
  });

  it('turns pasted newlines into spaces and drops control characters', () => {
    expect(run(blank, type('a\nb\u0007c')).input).toBe('a bc');
  });
});

describe('terminalPaneReducer: history', () => {
  const withHistory = run(blank, type('one'), { type: 'submit' }, type('two'), { type: 'submit' });

  it('submits: clears the line and remembers it', () => {
    expect(withHistory).toMatchObject({ input: '', cursor: 0, history: ['one', 'two'] });
  });

  it('recalls older lines with ↑ and stops at the oldest', () => {
    const s = run(withHistory, { type: 'history-previous' });
    expect([s.input, s.cursor]).toEqual(['two', 3]);
    expect(run(s, { type: 'history-previous' }, { type: 'history-previous' }).input).toBe('one');
  });

  it('restores the unsent draft with ↓ past the newest', () => {
    const s = run(withHistory, type('dra'), { type: 'history-previous' }, { type: 'history-previous' }, { type: 'history-next' });
    expect(s.input).toBe('two');
    expect(run(s, { type: 'history-next' })).toMatchObject({ input: 'dra', cursor: 3, historyIndex: undefined });
  });

  it('keeps blank lines and immediate repeats out of history', () => {
    const s = run(withHistory, type('  '), { type: 'submit' }, type('two'), { type: 'submit' });
    expect(s.history).toEqual(['one', 'two']);
  });

  it('does nothing on ↑ with no history or ↓ when not browsing', () => {
    expect(run(blank, { type: 'history-previous' })).toBe(blank);
    expect(run(withHistory, { type: 'history-next' })).toBe(withHistory);
  });
});

describe('scrollback and viewport', () => {
  const entry = (command: string, output: string): TerminalPaneAction => ({
    type: 'append-entry',
    entry: { prompt: '$ ', command, output, exitCode: 0 },
  });

  it('turns an entry into a prompt line and output lines, expanding tabs', () => {
    const s = run(blank, entry('ls', 'a\tb\nc\n'));
    expect(s.lines).toEqual(['$ ls', 'a       b', 'c']);
  });

  it('shows the last rows, hard-wrapped at the width', () => {
    const s = run(initialTerminalPaneState(5, 3), { type: 'append-text', text: 'abcdefgh\nxy\n' });
    expect(visibleRows(s)).toEqual({ rows: ['abcde', 'fgh', 'xy'], scrolled: false });
    const more = run(s, { type: 'append-text', text: 'z\n' });
    expect(visibleRows(more).rows).toEqual(['fgh', 'xy', 'z']);
  });

  it('pages up by a screen less one row, clamped to the top, and back down', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const s = run(initialTerminalPaneState(20, 4), { type: 'append-text', text: lines });
    expect(visibleRows(s).rows).toEqual(['line 6', 'line 7', 'line 8', 'line 9']);
    const up = run(s, { type: 'page-up' });
    expect(up.scroll).toBe(3);
    expect(visibleRows(up)).toEqual({ rows: ['line 3', 'line 4', 'line 5', 'line 6'], scrolled: true });
    const top = run(up, { type: 'page-up' }, { type: 'page-up' });
    expect(top.scroll).toBe(6);
    expect(visibleRows(top).rows).toEqual(['line 0', 'line 1', 'line 2', 'line 3']);
    expect(run(top, { type: 'page-down' }, { type: 'page-down' }, { type: 'page-down' }).scroll).toBe(0);
  });

  it('does not scroll when everything fits', () => {
    const s = run(blank, { type: 'append-text', text: 'one\n' }, { type: 'page-up' });
    expect(s.scroll).toBe(0);
  });

  it('follows new output and jumps back to the bottom on submit', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const up = run(initialTerminalPaneState(20, 4), { type: 'append-text', text: lines }, { type: 'page-up' });
    expect(run(up, { type: 'submit' }).scroll).toBe(0);
    expect(run(up, { type: 'append-text', text: 'new' }).scroll).toBe(0);
  });

  it('clears the screen with Ctrl+L but keeps the lines for PgUp', () => {
    const s = run(blank, { type: 'append-text', text: 'a\nb\n' }, { type: 'clear-screen' });
    expect(visibleRows(s).rows).toEqual([]);
    const after = run(s, { type: 'append-text', text: 'c\n' });
    expect(visibleRows(after).rows).toEqual(['c']);
    expect(visibleRows(run(after, { type: 'page-up' })).rows).toEqual(['a', 'b', 'c']);
  });

  it('clears the scrollback on reset', () => {
    const s = run(blank, { type: 'append-text', text: 'a\n' }, { type: 'clear-scrollback' });
    expect(s.lines).toEqual([]);
  });

  it('re-clamps the scroll on resize', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const up = run(initialTerminalPaneState(20, 4), { type: 'append-text', text: lines }, { type: 'page-up' }, { type: 'page-up' });
    const tall = run(up, { type: 'resize', width: 20, height: 9 });
    expect(tall.scroll).toBe(1);
    expect(visibleRows(tall).rows[0]).toBe('line 0');
  });

  it('draws a page of a 100,000-line scrollback without wrapping all of it', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => `pod-${i}`).join('\n');
    const s = run(initialTerminalPaneState(80, 30), { type: 'append-text', text: big }, { type: 'page-up' });
    const view = visibleRows(s);
    expect(view.rows).toHaveLength(30);
    expect(view.rows[29]).toBe('pod-99970');
  });
});
