import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { createPracticeSession } from '../../../../src/practice/practice.js';
import type { PracticeSession } from '../../../../src/practice/types.js';
import { loadScenarioArg } from '../../../../src/cli/load.js';
import { renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const rows = (frame: string) => frame.split('\n').map((l) => l.trimEnd());

/** The practice screen on imagepull-wrong-tag, each 20 ms wall tick moving the simulation 2 s. */
function billingPractice() {
  const loaded = loadScenarioArg('imagepull-wrong-tag');
  if (!loaded.ok) throw new Error(loaded.message);
  const real = createPracticeSession(loaded.scenario, loaded.file);
  const session: PracticeSession = { ...real, tick: () => real.tick(2000) };
  return renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} tickMs={20} />);
}

describe('PracticeScreen: kubectl rollout status', () => {
  it('follows until the rollout is done, then gives the prompt back by itself (no Ctrl+C)', async () => {
    const ui = billingPractice();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl set image deployment/billing billing=shop/billing:2.1.0 && kubectl rollout status deploy/billing');
    await ui.waitForText('deployment "billing" successfully rolled out');
    await ui.waitForFrame((f) => {
      const r = rows(f);
      const done = r.indexOf('deployment "billing" successfully rolled out');
      return done >= 0 && r.slice(done + 1).includes('learner@workstation:~$');
    });
    expect(ui.frame()).not.toContain('^C stop');
    expect(ui.frame()).not.toContain('^C\n');
  }, 30_000);

  it('runs the rest of the line once the rollout ends by itself (`rollout status x && kubectl get deploy x`), as bash does', async () => {
    const ui = billingPractice();
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('kubectl set image deployment/billing billing=shop/billing:2.1.0 && kubectl rollout status deploy/billing && kubectl get deploy billing');
    await ui.waitForFrame((f) => {
      const r = rows(f);
      const done = r.indexOf('deployment "billing" successfully rolled out');
      return done >= 0 && /^billing\s+2\/2\s+2\s+2\s/.test(r[done + 2] ?? '') && r.slice(done + 3).includes('learner@workstation:~$');
    });
    const r = rows(ui.frame());
    const done = r.indexOf('deployment "billing" successfully rolled out');
    expect(r[done + 1]).toBe('NAME      READY   UP-TO-DATE   AVAILABLE   AGE');
  }, 30_000);
});
