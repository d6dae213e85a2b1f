import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { FAKE_CHOICES, FakeSession } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

async function openDialog() {
  const session = new FakeSession({ choices: FAKE_CHOICES });
  const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} />);
  await ui.waitForText('learner@workstation:~$');
  await ui.typeLine('diagnose');
  await ui.waitForText('Which component is broken?');
  return { ui, session };
}

describe('the diagnose dialog', () => {
  it('submits the picked component and cause', async () => {
    const { ui, session } = await openDialog();
    expect(ui.frame()).toContain('❯ Scheduler');
    await ui.press(KEYS.down);
    await ui.waitForText('❯ Kubelet');
    await ui.press(KEYS.enter);
    await ui.waitForText('Why is Kubelet broken?');
    await ui.press(KEYS.down, KEYS.enter);
    await ui.waitForText('Diagnosis recorded: Kubelet / Its client certificate expired. Type submit to be graded.');
    expect(session.diagnoses).toEqual([{ kind: 'guided', component: 'kubelet', cause: 'client-certificate-expired' }]);
    // The terminal pane is back and takes input again.
    await ui.typeLine('ls');
    await ui.waitForText('bash: ls: command not found');
  });

  it('goes back from causes to components with ←', async () => {
    const { ui } = await openDialog();
    await ui.press(KEYS.enter);
    await ui.waitForText('Why is Scheduler broken?');
    await ui.press(KEYS.left);
    await ui.waitForText('Which component is broken?');
  });

  it('takes free text after Tab', async () => {
    const { ui, session } = await openDialog();
    await ui.press(KEYS.tab);
    await ui.waitForText('Type what is broken and why');
    await ui.press('kubelet cert expirde', KEYS.backspace, KEYS.backspace, 'ed', KEYS.enter);
    await ui.waitForText('Diagnosis recorded: "kubelet cert expired"');
    expect(session.diagnoses).toEqual([{ kind: 'free-text', text: 'kubelet cert expired' }]);
  });

  it('submits free text that arrives with its Enter in one chunk', async () => {
    const { ui, session } = await openDialog();
    await ui.press(KEYS.tab);
    await ui.waitForText('Type what is broken and why');
    await ui.press('disk full\r');
    await ui.waitForText('Diagnosis recorded: "disk full"');
    expect(session.diagnoses).toEqual([{ kind: 'free-text', text: 'disk full' }]);
  });

  it('cancels with Esc and records nothing', async () => {
    const { ui, session } = await openDialog();
    await ui.press(KEYS.escape);
    await ui.waitForFrame((f) => !f.includes('Which component is broken?') && f.includes('learner@workstation:~$'));
    expect(session.diagnoses).toEqual([]);
  });

  it('accepts `diagnose <component> <cause>` typed at the prompt', async () => {
    const session = new FakeSession({ choices: FAKE_CHOICES });
    const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} />);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('diagnose kubelet stopped');
    await ui.waitForText('Diagnosis recorded: Kubelet / The kubelet service is stopped.');
    expect(session.diagnoses).toEqual([{ kind: 'guided', component: 'kubelet', cause: 'stopped' }]);
  });

  it('refuses a typed component or cause that is not in the taxonomy', async () => {
    const session = new FakeSession({ choices: FAKE_CHOICES });
    const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} />);
    await ui.waitForText('learner@workstation:~$');
    await ui.typeLine('diagnose kublet stopped');
    await ui.waitForText('unknown component "kublet"; one of: scheduler, kubelet. Type diagnose to pick from a list.');
    expect(session.diagnoses).toEqual([]);
  });
});
