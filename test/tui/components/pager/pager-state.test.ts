import { describe, it, expect } from 'vitest';
import type { Key } from 'ink';
import { atEnd, fitsOneScreen, matchSegments, openPager, pagerKeyAction, pagerReducer, promptLine, shownRows, type PagerAction, type PagerState } from '../../../../src/tui/components/pager/index.js';

const TEXT = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const key = (over: Partial<Key> = {}): Key => ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, ...over }) as Key;
const run = (state: PagerState, ...actions: PagerAction[]) => actions.reduce(pagerReducer, state);
/** A screen of 5 rows: 4 of text and the prompt. */
const less = (file?: string) => openPager({ pager: 'less', ...(file ? { file } : {}) }, TEXT, 80, 5);

describe('pager state', () => {
  it('pages forward and back a screen at a time, never past either end', () => {
    const s = less();
    expect(shownRows(s)).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
    const page2 = run(s, { type: 'forward', rows: 4 });
    expect(shownRows(page2)).toEqual(['line 5', 'line 6', 'line 7', 'line 8']);
    // The last screen ends with the last row.
    const end = run(page2, { type: 'forward', rows: 4 }, { type: 'forward', rows: 4 });
    expect(shownRows(end)).toEqual(['line 7', 'line 8', 'line 9', 'line 10']);
    expect(atEnd(end)).toBe(true);
    expect(shownRows(run(end, { type: 'back', rows: 4 }, { type: 'back', rows: 4 }))).toEqual(['line 1', 'line 2', 'line 3', 'line 4']);
    expect(shownRows(run(s, { type: 'forward', rows: 1 }))[0]).toBe('line 2');
    expect(shownRows(run(s, { type: 'bottom' }, { type: 'top' }))[0]).toBe('line 1');
  });

  it("less's bottom line: the file name first, ':' while paging, (END) at the end", () => {
    // less prompt.c s_proto `?n?f%f .?m(%T %i of %m) ..?e(END) ?x- Next\: %x..%t`; an empty prompt shows `:`.
    expect(promptLine(less('notes.txt'))).toBe('notes.txt');
    expect(promptLine(less())).toBe(':');
    expect(promptLine(run(less('notes.txt'), { type: 'forward', rows: 1 }))).toBe(':');
    expect(promptLine(run(less('notes.txt'), { type: 'bottom' }))).toBe('(END)');
    // A text shorter than the screen is at its end on the first screen.
    expect(promptLine(openPager({ pager: 'less', file: 'a' }, 'x\n', 80, 5))).toBe('a (END)');
  });

  it("more shows --More--(NN%) of the bytes shown for a file, --More-- for a pipe, and ends at the end", () => {
    // util-linux more.c more_prompt(): `--More--` then `(%d%%)` of file_position / file_size.
    const more = openPager({ pager: 'more', file: 'f' }, TEXT, 80, 5);
    // 4 rows of `line N\n` (7 bytes each) of 71 bytes.
    expect(promptLine(more)).toBe(`--More--(${Math.floor((28 * 100) / 71)}%)`);
    expect(promptLine(openPager({ pager: 'more' }, TEXT, 80, 5))).toBe('--More--');
    expect(run(more, { type: 'forward', rows: 4 }).done).toBe(false);
    expect(run(more, { type: 'forward', rows: 4 }, { type: 'forward', rows: 4 }).done).toBe(true);
    expect(fitsOneScreen(openPager({ pager: 'more' }, 'a\nb\n', 80, 5))).toBe(true);
    expect(fitsOneScreen(more)).toBe(false);
  });

  it('wraps long lines into rows of the screen width', () => {
    expect(openPager({ pager: 'less' }, 'abcdefgh\n', 3, 5).rows).toEqual(['abc', 'def', 'gh']);
  });

  it('searches forward from the second row, puts the match on top, n finds the next, and says when there is none', () => {
    const text = ['a', 'match 1', 'b', 'c', 'd', 'match 2', 'e', 'f', 'g', 'h', 'i'].join('\n') + '\n';
    const s = openPager({ pager: 'less' }, text, 80, 4);
    const typed = run(s, { type: 'search-start' }, { type: 'search-type', text: 'matcx' }, { type: 'search-erase' }, { type: 'search-type', text: 'h' });
    expect(promptLine(typed)).toBe('/match');
    const found = run(typed, { type: 'search-submit' });
    expect(shownRows(found)[0]).toBe('match 1');
    const next = run(found, { type: 'search-next' });
    expect(shownRows(next)[0]).toBe('match 2');
    const none = run(next, { type: 'search-next' });
    expect(promptLine(none)).toBe('Pattern not found  (press RETURN)');
    expect(shownRows(none)[0]).toBe('match 2');
    expect(promptLine(run(none, { type: 'dismiss' }))).toBe(':');
    // A pattern is text, not a regex: `.` matches only a dot.
    expect(promptLine(run(s, { type: 'search-start' }, { type: 'search-type', text: 'm.tch' }, { type: 'search-submit' }))).toBe('Pattern not found  (press RETURN)');
  });

  it('maps keys as less does; Ctrl+C is no action and q quits', () => {
    const s = less();
    expect(pagerKeyAction(' ', key(), s)).toEqual({ type: 'forward', rows: 4 });
    expect(pagerKeyAction('', key({ pageDown: true }), s)).toEqual({ type: 'forward', rows: 4 });
    expect(pagerKeyAction('b', key(), s)).toEqual({ type: 'back', rows: 4 });
    expect(pagerKeyAction('', key({ pageUp: true }), s)).toEqual({ type: 'back', rows: 4 });
    expect(pagerKeyAction('', key({ return: true }), s)).toEqual({ type: 'forward', rows: 1 });
    expect(pagerKeyAction('k', key(), s)).toEqual({ type: 'back', rows: 1 });
    expect(pagerKeyAction('G', key(), s)).toEqual({ type: 'bottom' });
    expect(pagerKeyAction('c', key({ ctrl: true }), s)).toBeUndefined();
    expect(pagerKeyAction('q', key(), s)).toEqual({ type: 'quit' });
    const typing = run(s, { type: 'search-start' });
    expect(pagerKeyAction('q', key(), typing)).toEqual({ type: 'search-type', text: 'q' });
    expect(pagerKeyAction('', key({ return: true }), typing)).toEqual({ type: 'search-submit' });
    expect(run(s, { type: 'quit' }, { type: 'forward', rows: 1 }).top).toBe(0);
  });

  it('cuts a row at each match of the last search, for the standout', () => {
    expect(matchSegments('a-x-a', 'a')).toEqual([{ text: 'a', match: true }, { text: '-x-', match: false }, { text: 'a', match: true }]);
    expect(matchSegments('none', 'a')).toEqual([{ text: 'none', match: false }]);
    expect(matchSegments('abc', undefined)).toEqual([{ text: 'abc', match: false }]);
  });
});
