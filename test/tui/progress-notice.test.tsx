import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from '../../src/tui/app.js';
import { openProgress } from '../../src/progress/store.js';
import { FakeSession, fakeScenario } from '../helpers/fake-session.js';
import { renderInk } from '../helpers/ink.js';

afterEach(() => cleanup());

describe('App with a progress folder that cannot be written', () => {
  it('says so on the home screen before the learner starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubedrill-notice-'));
    try {
      // A file where the data folder should be: nothing can be saved below it.
      writeFileSync(join(dir, 'home'), '');
      const progress = await openProgress({ file: join(dir, 'home', 'kubedrill', 'progress.json') });
      const ui = renderInk(<App scenarios={[fakeScenario()]} openSession={async () => new FakeSession()} progress={progress} now={() => 0} />);
      await ui.waitForText('progress cannot be saved');
      expect(ui.frame()).toContain('is not writable (ENOTDIR)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
