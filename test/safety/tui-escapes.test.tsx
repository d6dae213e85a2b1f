import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../src/tui/screens/practice/practice-screen.js';
import { FAKE_CHOICES, FakeSession } from '../helpers/fake-session.js';
import { renderInk } from '../helpers/ink.js';

afterEach(() => cleanup());

const OSC52 = '\x1b]52;c;ZWNobyBwd25lZA==\x07';
// Once Ink's own SGR styling is removed (renderInk's frame()), nothing but text and newlines may remain.
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

describe('the practice screen', () => {
  it('renders briefing, hints and command output without their control sequences', async () => {
    const session = new FakeSession({
      briefing: `Find out why${OSC52} node-2 stopped.\x1b]0;pwned\x07`,
      hints: [`Look at the\x1b[2J\x1b[H nodes.`],
      outputs: { 'kubectl get nodes': `NAME     STATUS\x1b[3J\nnode-2   NotReady${OSC52}\n` },
      choices: FAKE_CHOICES,
    });
    const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} />);
    await ui.waitForText('learner@workstation:~$');
    expect(ui.frame()).toContain('Find out why node-2 stopped.');
    await ui.typeLine('kubectl get nodes');
    await ui.waitForText('node-2   NotReady');
    await ui.typeLine('hint');
    await ui.waitForText('Look at the nodes.');
    expect(ui.frame()).not.toMatch(CONTROL);
    expect(ui.frames.map((f) => f.replace(/\x1b\[[0-9;]*m/g, '')).join('')).not.toMatch(CONTROL);
  });
});
