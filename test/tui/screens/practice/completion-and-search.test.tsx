/**
 * Tab and Ctrl+R drawn on the practice screen, as bash shows them: a double
 * Tab lists the matches under the line and draws the prompt and the line
 * again (readline complete.c display_matches), and Ctrl+R puts the search in
 * place of the prompt (isearch.c rl_display_search). Persisted history reaches
 * ↑ and Ctrl+R; `!!` is kept as the line it ran.
 */
import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { FakeSession } from '../../../helpers/fake-session.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const TAB = '\t';
const CTRL_R = '\u0012';
const CTRL_G = '\u0007';
const ESC = '\u001b';
const rows = (frame: string) => frame.split('\n').map((l) => l.trimEnd());
const inputLine = (frame: string) => rows(frame).filter((l) => /^\S+@\S+:~[$#]/.test(l)).at(-1);

const PODS = ['checkout-779bcbc85d-rwg8j', 'web-d999fc89d-fgfd6', 'web-d999fc89d-pqz4d'];

function setup(options: { lines?: string[] } = {}) {
  const session = new FakeSession({
    outputs: { 'kubectl get pods': 'NAME   READY\n', 'ssh node-2': '' },
    completions: { 'kubectl get ': ['pods', 'services'], 'kubectl get pods ': PODS },
  });
  const added: string[] = [];
  const history = { lines: () => options.lines ?? [], add: (l: string) => void added.push(l) };
  const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} history={history} />);
  return { ui, session, added };
}

describe('Tab completion on the practice screen', () => {
  it('kubectl get po<Tab> completes to pods, asking the session with the cursor', async () => {
    const { ui, session } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press('kubectl get po', TAB);
    await ui.waitForFrame((f) => inputLine(f) === 'learner@workstation:~$ kubectl get pods');
    expect(session.completeCalls).toEqual([{ line: 'kubectl get po', cursor: 14 }]);
    expect(session.execCalls).toEqual([]);
  });

  it('a second Tab lists the names in columns, then the prompt and the line again', async () => {
    const { ui } = setup();
    await ui.waitForText('learner@workstation:~$');
    await ui.press('kubectl get pods ', TAB, TAB);
    await ui.waitForText('web-d999fc89d-pqz4d');
    const lines = rows(ui.frame());
    const at = lines.indexOf('learner@workstation:~$ kubectl get pods');
    expect(at).toBeGreaterThanOrEqual(0);
    // 100 columns (renderInk's width) hold three 27-column cells.
    expect(lines.slice(at + 1, at + 3)).toEqual(['checkout-779bcbc85d-rwg8j  web-d999fc89d-fgfd6        web-d999fc89d-pqz4d', 'learner@workstation:~$ kubectl get pods']);
  });
});

describe('Ctrl+R on the practice screen', () => {
  it('shows (reverse-i-search) with the match, and Enter runs it', async () => {
    const { ui, session, added } = setup({ lines: ['kubectl get pods', 'ssh node-2'] });
    await ui.waitForText('learner@workstation:~$');
    await ui.press(CTRL_R, 'get');
    await ui.waitForFrame((f) => rows(f).includes("(reverse-i-search)`get': kubectl get pods"));
    await ui.press(KEYS.enter);
    await ui.waitForText('NAME   READY');
    expect(session.execCalls).toEqual(['kubectl get pods']);
    expect(added).toEqual(['kubectl get pods']);
  });

  it('says failed when nothing matches, and Ctrl+G gives the line back', async () => {
    const { ui, session } = setup({ lines: ['ssh node-2'] });
    await ui.waitForText('learner@workstation:~$');
    await ui.press('draft', CTRL_R, 'zz');
    await ui.waitForFrame((f) => rows(f).includes("(failed reverse-i-search)`zz': draft"));
    await ui.press(CTRL_G);
    await ui.waitForFrame((f) => inputLine(f) === 'learner@workstation:~$ draft');
    expect(session.execCalls).toEqual([]);
  });

  it('Esc keeps the match on the line to edit', async () => {
    const { ui } = setup({ lines: ['ssh node-2'] });
    await ui.waitForText('learner@workstation:~$');
    await ui.press(CTRL_R, 'node', ESC);
    await ui.waitForFrame((f) => inputLine(f) === 'learner@workstation:~$ ssh node-2');
  });
});
