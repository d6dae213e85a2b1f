/**
 * A keystroke re-renders the input line, not the screen around it: the
 * scrollback rows, briefing, hints and status line are memoised, so on a
 * large screen (or a large cluster) typing costs the same as on an empty one.
 * Counted as the `<Text>` elements React renders (work done, not time).
 */
import { describe, it, expect, afterEach, vi } from 'vitest';
import { cleanup } from 'ink-testing-library';
import type { ReactNode } from 'react';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { FakeSession } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

/** The text of each `<Text>` rendered since the last reset, its nested elements as `<>`. */
const rendered = vi.hoisted(() => [] as string[]);

vi.mock('ink', async (importOriginal) => {
  const ink = await importOriginal<typeof import('ink')>();
  const { createElement } = await import('react');
  const label = (children: ReactNode): string =>
    (Array.isArray(children) ? children : [children]).map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : c ? '<>' : '')).join('');
  function Text(props: Parameters<typeof ink.Text>[0]) {
    rendered.push(label(props.children));
    return createElement(ink.Text, props);
  }
  return { ...ink, Text };
});

afterEach(() => cleanup());

/** A session that records which of its methods the screen calls. */
class RecordingSession extends FakeSession {
  readonly calls: string[] = [];
}
for (const name of Object.getOwnPropertyNames(FakeSession.prototype)) {
  if (name === 'constructor') continue;
  const method = (FakeSession.prototype as unknown as Record<string, unknown>)[name];
  if (typeof method !== 'function') continue;
  (RecordingSession.prototype as unknown as Record<string, unknown>)[name] = function (this: RecordingSession, ...args: unknown[]) {
    // The constructor calls some before `calls` exists.
    this.calls?.push(name);
    return (method as (...a: unknown[]) => unknown).apply(this, args);
  };
}

function setup() {
  const session = new RecordingSession({ outputs: { 'echo hi': 'hi\n' }, hints: ['Look at the kubelet.', 'Read its journal.'] });
  const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} tickMs={3_600_000} />);
  return { ui, session };
}

describe('a keystroke on the practice screen', () => {
  it('re-renders only the input line: no scrollback row, briefing, hint or status line', async () => {
    const { ui, session } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('echo hi');
    await ui.waitForFrame((f) => f.split('\n').some((l) => l.trimEnd() === 'hi'));
    await ui.typeLine('hint');
    await ui.waitForText('Hint 1/2: Look at the kubelet.');
    rendered.length = 0;
    session.calls.length = 0;
    await ui.press('k');
    await ui.waitForText('learner@workstation:~$ k');
    // Nothing that reads the cluster: the snapshot the session keeps is all a keystroke looks at.
    expect(new Set(session.calls)).toEqual(new Set(['getSnapshot']));
    // The input line: its outer Text (prompt, typed text, cursor as elements), the prompt, the cursor block.
    expect(rendered.length).toBeLessThanOrEqual(3);
    expect(rendered.filter((t) => t !== '<>k<>' && t !== 'learner@workstation:~$ ' && t !== ' ')).toEqual([]);
    // A clock tick redraws the status line, still not the rows above it.
    rendered.length = 0;
    session.tick(1000);
    await ui.waitForText('09:12:05');
    expect(rendered).toHaveLength(1);
    expect(rendered[0]).toContain('09:12:05');
    // Enter does draw the rows: the work is skipped, not the output.
    await ui.press(KEYS.enter);
    await ui.waitForText('bash: k: command not found');
  });
});
