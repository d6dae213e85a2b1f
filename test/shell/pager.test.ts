import { describe, it, expect } from 'vitest';
import { fakeSession } from './fakes.js';

/** A shell on the workstation with notes.txt; `interactive` is the TUI (setCanFollow). */
async function shell(interactive: boolean) {
  const s = fakeSession();
  await s.exec("printf 'one\\ntwo\\n' > notes.txt");
  s.setCanFollow(interactive);
  return s;
}

describe('less and more on the terminal', () => {
  it('in the TUI, a pager writing to the terminal hands its text on as a paged piece, in order with the rest', async () => {
    const s = await shell(true);
    const r = await s.exec('echo before; less notes.txt; echo after');
    expect(r.output).toBe('before\none\ntwo\nafter\n');
    expect(r.pieces).toEqual([{ text: 'before\n' }, { text: 'one\ntwo\n', page: { pager: 'less', file: 'notes.txt' } }, { text: 'after\n' }]);
    expect((await s.exec('cat notes.txt | more')).pieces).toEqual([{ text: 'one\ntwo\n', page: { pager: 'more' } }]);
  });

  it('piped on or redirected, a pager copies, as less does when stdout is not a tty; so it does outside the TUI', async () => {
    const s = await shell(true);
    const piped = await s.exec('less notes.txt | wc -l');
    expect(piped).toMatchObject({ output: '2\n' });
    expect(piped.pieces).toBeUndefined();
    expect((await s.exec('less notes.txt > copy.txt')).pieces).toBeUndefined();
    expect((await s.exec('cat copy.txt')).output).toBe('one\ntwo\n');
    // Nothing to page (a missing file): the error is plain output.
    expect((await s.exec('less nofile')).pieces).toBeUndefined();
    const plain = await (await shell(false)).exec('less notes.txt');
    expect(plain.output).toBe('one\ntwo\n');
    expect(plain.pieces).toBeUndefined();
  });
});
