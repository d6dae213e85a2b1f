import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../src/tui/app.js';
import { FakeSession, fakeScenario } from '../helpers/fake-session.js';
import { KEYS, renderInk } from '../helpers/ink.js';

afterEach(() => cleanup());

/** A session whose snapshot breaks once it has been asked for a hint. */
class BrokenSession extends FakeSession {
  broken = false;
  override nextHint(): string | undefined {
    this.broken = true;
    return super.nextHint();
  }
  override getSnapshot() {
    if (this.broken) throw new Error('snapshot exploded');
    return super.getSnapshot();
  }
}

describe('errors inside a screen', () => {
  it('are shown as one line of text, and Enter goes back home', async () => {
    const ui = renderInk(
      <App
        scenarios={[fakeScenario()]}
        openSession={async () => new BrokenSession({ hints: ['h'] })}
        progress={{ warning: undefined, bestScores: () => new Map(), recordAttempt: async () => {} }}
        now={() => 0}
      />,
    );
    await ui.waitForText('Enter play');
    await ui.press(KEYS.enter);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('hint');
    await ui.waitForText('kubedrill hit an internal error: snapshot exploded');
    expect(ui.frame()).not.toMatch(/\bat \w+ \(/);
    await ui.press(KEYS.enter);
    await ui.waitForText('Enter play');
  });
});
