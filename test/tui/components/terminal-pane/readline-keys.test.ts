/**
 * The pane's readline behaviours beyond plain editing: Tab completion and its
 * listing, the kill ring, word motion, Ctrl+R, and history after `!!`.
 * Each is pinned to GNU readline's source: complete.c (rl_complete,
 * rl_complete_internal, append_to_match, rl_display_match_list, display_matches),
 * kill.c (rl_yank, kill ring appends), text.c (rl_backward_word, rl_forward_word),
 * isearch.c (rl_display_search: "(reverse-i-search)`%s': ", "(failed reverse-i-search)").
 */
import { describe, expect, it } from 'vitest';
import {
  initialTerminalPaneState,
  terminalPaneReducer,
  type TerminalPaneAction,
  type TerminalPaneState,
} from '../../../../src/tui/components/terminal-pane/use-terminal-pane-state.js';
import { applyCompletion, commonPrefix, matchLabel, matchListRows } from '../../../../src/tui/components/terminal-pane/completion-list.js';
import { searchPrompt } from '../../../../src/tui/components/terminal-pane/reverse-search.js';
import type { Completion } from '../../../../src/practice/types.js';

const run = (state: TerminalPaneState, ...actions: TerminalPaneAction[]): TerminalPaneState => actions.reduce(terminalPaneReducer, state);
const type = (text: string): TerminalPaneAction => ({ type: 'insert', text });
const blank = initialTerminalPaneState(80, 10);
const PROMPT = 'learner@workstation:~$ ';

/** A Tab whose completion replaces the last word of `state.input` by one of `names`. */
function tab(state: TerminalPaneState, names: string[], filenames = false): TerminalPaneState {
  const start = state.input.slice(0, state.cursor).lastIndexOf(' ') + 1;
  const word = state.input.slice(start, state.cursor);
  const completion: Completion = { start, end: state.cursor, candidates: names.filter((n) => n.startsWith(word)), filenames };
  return terminalPaneReducer(state, { type: 'complete', completion, prompt: PROMPT });
}

const PODS = ['checkout-779bcbc85d-rwg8j', 'web-d999fc89d-fgfd6', 'web-d999fc89d-pqz4d', 'web-d999fc89d-sdplt', 'web-d999fc89d-ws8wz'];

describe('Tab completion in the pane', () => {
  it('completes a single match and adds a space at the end of the line', () => {
    const s = tab(run(blank, type('kubectl get po')), ['pods']);
    expect([s.input, s.cursor]).toEqual(['kubectl get pods ', 17]);
  });

  it('adds no space after a directory, nor in the middle of the line (append_to_match)', () => {
    expect(tab(run(blank, type('cat /etc/kub')), ['/etc/kubernetes/'], true).input).toBe('cat /etc/kubernetes/');
    const mid = run(blank, type('kubec get pods'), ...Array<TerminalPaneAction>(9).fill({ type: 'cursor-left' }));
    const s = tab(mid, ['kubectl']);
    expect([s.input, s.cursor]).toEqual(['kubectl get pods', 7]);
  });

  // bash 5.2.15 in tmux: `ls w<Tab>` → `ls web-aaa`; a second Tab shows nothing; the third lists.
  it('inserts the common prefix of several matches, lists them only on a Tab that changed nothing', () => {
    let s = run(blank, type('kubectl get pods w'));
    s = tab(s, PODS);
    expect(s.input).toBe('kubectl get pods web-d999fc89d-');
    expect(s.lines).toEqual([]);
    // This Tab changed the line, so the next one completes again (and changes nothing) ...
    s = tab(s, PODS);
    expect(s.lines).toEqual([]);
    // ... and the one after lists, under the line as typed, the input kept.
    s = tab(s, PODS);
    expect(s.lines).toEqual([`${PROMPT}kubectl get pods web-d999fc89d-`, 'web-d999fc89d-fgfd6  web-d999fc89d-sdplt  ', 'web-d999fc89d-pqz4d  web-d999fc89d-ws8wz  ']);
    expect(s.input).toBe('kubectl get pods web-d999fc89d-');
  });

  it('lists at the second Tab when the first could add nothing', () => {
    let s = tab(run(blank, type('kubectl get pods ')), PODS);
    expect(s.input).toBe('kubectl get pods ');
    s = tab(s, PODS);
    expect(s.lines).toEqual([
      `${PROMPT}kubectl get pods `,
      // Columns of the longest match + 2; down the columns like ls; every column but the last padded.
      'checkout-779bcbc85d-rwg8j  web-d999fc89d-sdplt',
      'web-d999fc89d-fgfd6        web-d999fc89d-ws8wz',
      'web-d999fc89d-pqz4d        ',
    ]);
  });

  it('does not list after a Tab followed by another key', () => {
    let s = tab(run(blank, type('kubectl get pods ')), PODS);
    s = run(s, type('x'), { type: 'delete-backward' });
    s = tab(s, PODS);
    expect(s.lines).toEqual([]);
  });

  it('asks before listing 100 matches or more, and lists on y, not on n', () => {
    const many = Array.from({ length: 120 }, (_, i) => `pod-${String(i).padStart(3, '0')}`);
    // `pod-` is common: the first Tab inserts it, the second changes nothing, the third would list.
    let s = tab(tab(tab(run(blank, type('kubectl get pods ')), many), many), many);
    expect(s.asking).toHaveLength(120);
    expect(s.lines).toEqual([`${PROMPT}kubectl get pods pod-`]);
    // Other keys are not an answer and do not reach the line.
    s = run(s, type('x'), { type: 'submit' });
    expect(s.asking).toHaveLength(120);
    expect(s.input).toBe('kubectl get pods pod-');
    const no = run(s, type('n'));
    expect(no.asking).toBeUndefined();
    expect(no.lines).toEqual([`${PROMPT}kubectl get pods pod-`, 'Display all 120 possibilities? (y or n)']);
    const yes = run(s, type('y'));
    // 9-column cells, 8 to a row of 80 (80 / 9), 15 rows.
    expect(yes.lines.slice(0, 3)).toEqual([`${PROMPT}kubectl get pods pod-`, 'Display all 120 possibilities? (y or n)', 'pod-000  pod-015  pod-030  pod-045  pod-060  pod-075  pod-090  pod-105']);
    expect(yes.lines).toHaveLength(2 + 15);
    expect(yes.input).toBe('kubectl get pods pod-');
  });

  it('does nothing without matches', () => {
    const s = run(blank, type('kubectl get xyz'));
    expect(tab(tab(s, []), [])).toMatchObject({ input: 'kubectl get xyz', lines: [] });
  });
});

describe("readline's completion helpers", () => {
  it('matches a capture of bash 5.2.15 at 80 columns (tmux capture-pane -N, trailing blanks kept)', () => {
    // `ls <Tab><Tab>` in a folder holding checkout-x, web-aaa1, web-aaa2:
    expect(matchListRows(['checkout-x', 'web-aaa1', 'web-aaa2'], 80)).toEqual(['checkout-x  web-aaa1    web-aaa2    ']);
    // `ls p<Tab><Tab><Tab>` over pod-001-abcdefgh … pod-030-abcdefgh: 8 rows of 4, down the columns.
    const pods = Array.from({ length: 30 }, (_, i) => `pod-${String(i + 1).padStart(3, '0')}-abcdefgh`);
    const rows = matchListRows(pods, 80);
    expect(rows.map((r) => r.trimEnd())).toEqual([
      'pod-001-abcdefgh  pod-009-abcdefgh  pod-017-abcdefgh  pod-025-abcdefgh',
      'pod-002-abcdefgh  pod-010-abcdefgh  pod-018-abcdefgh  pod-026-abcdefgh',
      'pod-003-abcdefgh  pod-011-abcdefgh  pod-019-abcdefgh  pod-027-abcdefgh',
      'pod-004-abcdefgh  pod-012-abcdefgh  pod-020-abcdefgh  pod-028-abcdefgh',
      'pod-005-abcdefgh  pod-013-abcdefgh  pod-021-abcdefgh  pod-029-abcdefgh',
      'pod-006-abcdefgh  pod-014-abcdefgh  pod-022-abcdefgh  pod-030-abcdefgh',
      'pod-007-abcdefgh  pod-015-abcdefgh  pod-023-abcdefgh',
      'pod-008-abcdefgh  pod-016-abcdefgh  pod-024-abcdefgh',
    ]);
  });

  it('lays out matches as rl_display_match_list does', () => {
    // 8-character labels are 10-column cells: 4 would fill 40 columns exactly, so readline uses 3.
    expect(matchListRows(['aaaaaaa1', 'aaaaaaa2', 'aaaaaaa3', 'aaaaaaa4'], 40)).toEqual(['aaaaaaa1  aaaaaaa3  ', 'aaaaaaa2  aaaaaaa4  ']);
    expect(matchListRows(['b', 'a', 'c'], 80)).toEqual(['a  b  c  ']);
    // Wider than the screen: one per row.
    expect(matchListRows(['x'.repeat(30), 'y'.repeat(30)], 20)).toEqual(['x'.repeat(30), 'y'.repeat(30)]);
  });

  it('shows a file match by its last component', () => {
    expect(matchLabel('/etc/kubernetes/manifests/', true)).toBe('manifests/');
    expect(matchLabel('/etc/kubernetes/kubelet.conf', true)).toBe('kubelet.conf');
    expect(matchLabel('pod/web-1', false)).toBe('pod/web-1');
  });

  it('finds the common prefix, and keeps a typed word longer than it', () => {
    expect(commonPrefix(['deployments', 'describe'])).toBe('de');
    expect(applyCompletion('kubectl xyz', 11, { start: 8, end: 11, candidates: ['a', 'b'], filenames: false })).toMatchObject({ input: 'kubectl xyz', changed: false, ambiguous: true });
  });
});

describe('kill ring and word motion', () => {
  it('yanks what Ctrl+U, Ctrl+K or Ctrl+W killed', () => {
    let s = run(blank, type('kubectl get pods'), { type: 'kill-word-backward' });
    expect(s.input).toBe('kubectl get ');
    s = run(s, { type: 'cursor-start' }, { type: 'yank' });
    expect([s.input, s.cursor]).toEqual(['podskubectl get ', 4]);
    s = run(blank, type('ls -la'), { type: 'kill-to-start' }, type('echo '), { type: 'yank' });
    expect(s.input).toBe('echo ls -la');
  });

  it('gathers a run of kills into one, as readline appends to the kill ring', () => {
    const s = run(blank, type('kubectl get pods -A'), { type: 'kill-word-backward' }, { type: 'kill-word-backward' }, { type: 'yank' });
    expect(s.input).toBe('kubectl get pods -A');
    // A key in between starts a new kill.
    const t = run(blank, type('a b c'), { type: 'kill-word-backward' }, { type: 'cursor-left' }, { type: 'kill-word-backward' }, { type: 'cursor-end' }, { type: 'yank' });
    expect(t.input).toBe('a  b');
  });

  it('yanks nothing before any kill', () => {
    expect(run(blank, type('x'), { type: 'yank' }).input).toBe('x');
  });

  it('moves by words with Alt+B and Alt+F (letters and digits are word characters)', () => {
    let s = run(blank, type('kubectl get pods/web-1 -n'));
    s = run(s, { type: 'word-left' });
    expect(s.cursor).toBe(24); // before `n`
    s = run(s, { type: 'word-left' }, { type: 'word-left' });
    expect(s.cursor).toBe(17); // before `web`
    s = run(s, { type: 'word-right' });
    expect(s.cursor).toBe(20); // after `web`
    s = run(s, { type: 'cursor-start' }, { type: 'word-left' });
    expect(s.cursor).toBe(0);
    s = run(s, { type: 'word-right' }, { type: 'word-right' });
    expect(s.cursor).toBe(11);
  });
});

// bash 5.2.15 in tmux, history `echo one`, `echo two`, line `draft`: C-r o n shows "(reverse-i-search)`on': echo one";
// then z z: "(failed reverse-i-search)`onzz': echo one"; Backspace twice and Esc: the line is `echo one` (not `draft`).
describe('Ctrl+R reverse search', () => {
  const withHistory = run(blank, ...['kubectl get pods', 'ssh node-2', 'kubectl describe pod web', 'journalctl -u kubelet'].flatMap((l): TerminalPaneAction[] => [type(l), { type: 'submit' }]));

  it('finds the newest line holding the query, the cursor on the match', () => {
    let s = run(withHistory, type('draft'), { type: 'search-start' }, type('kub'));
    expect(s.search).toMatchObject({ query: 'kub', index: 3, at: 14, failed: false });
    expect(searchPrompt(s.search!)).toBe("(reverse-i-search)`kub': ");
    s = run(s, type('ectl'));
    expect(s.search).toMatchObject({ query: 'kubectl', index: 2, at: 0 });
  });

  it('looks further back on Ctrl+R, and says failed when nothing older matches', () => {
    let s = run(withHistory, { type: 'search-start' }, type('kubectl'), { type: 'search-start' });
    expect(s.search).toMatchObject({ index: 0, failed: false });
    s = run(s, { type: 'search-start' });
    expect(s.search).toMatchObject({ index: 0, failed: true });
    expect(searchPrompt(s.search!)).toBe("(failed reverse-i-search)`kubectl': ");
    s = run(s, type('zzz'));
    expect(s.search).toMatchObject({ query: 'kubectlzzz', index: 0, failed: true });
    // Backspace goes back to a query that matches.
    s = run(s, { type: 'delete-backward' }, { type: 'delete-backward' }, { type: 'delete-backward' });
    expect(s.search).toMatchObject({ query: 'kubectl', index: 2, failed: false });
  });

  it('Ctrl+G cancels: the line as it was', () => {
    const s = run(withHistory, type('draft'), { type: 'search-start' }, type('ssh'), { type: 'search-cancel' });
    expect(s.search).toBeUndefined();
    expect([s.input, s.cursor]).toEqual(['draft', 5]);
  });

  it('Esc or an arrow accepts the match for editing; the arrow then moves', () => {
    const found = run(withHistory, { type: 'search-start' }, type('node'));
    const esc = run(found, { type: 'search-accept' });
    expect([esc.input, esc.cursor, esc.search]).toEqual(['ssh node-2', 4, undefined]);
    const right = run(found, { type: 'cursor-right' });
    expect([right.input, right.cursor]).toEqual(['ssh node-2', 5]);
    // ↓ from the line found goes to the one after it, as history browsing from there.
    const down = run(found, { type: 'history-next' });
    expect(down.input).toBe('kubectl describe pod web');
  });

  it('Enter submits the match', () => {
    const s = run(withHistory, { type: 'search-start' }, type('ssh'), { type: 'submit' });
    expect(s.history.at(-1)).toBe('ssh node-2');
    expect(s.input).toBe('');
  });
});

describe('history after history expansion', () => {
  it('keeps the expanded line in place of `!!`, and nothing for a failed expansion', () => {
    let s = run(blank, type('kubectl get pods'), { type: 'submit' }, type('!-1 -A'), { type: 'submit' });
    s = run(s, { type: 'history-expanded', typed: '!-1 -A', line: 'kubectl get pods -A' });
    expect(s.history).toEqual(['kubectl get pods', 'kubectl get pods -A']);
    s = run(s, type('!!'), { type: 'submit' }, { type: 'history-expanded', typed: '!!', line: 'kubectl get pods -A' });
    expect(s.history).toEqual(['kubectl get pods', 'kubectl get pods -A']);
    s = run(s, type('!nope'), { type: 'submit' }, { type: 'history-expanded', typed: '!nope', line: undefined });
    expect(s.history).toEqual(['kubectl get pods', 'kubectl get pods -A']);
  });
});
