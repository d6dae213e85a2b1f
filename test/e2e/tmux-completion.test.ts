/**
 * Issue 9, "done when", in a real terminal (tmux at 80×24, as tmux.test.ts):
 * `kubectl get po<Tab>` completes to `pods`, Tabs after `kubectl get pods `
 * list the pod names, Ctrl+R finds an earlier command, and the history is in
 * the data directory afterwards. Skipped, and says so, where tmux is absent.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HAS_TMUX, PROMPT, ROOT, inputLine, tmuxServer } from './tmux-helpers.js';

const { tmux, waitForScreen, SESSION, alive } = tmuxServer('kubedrill-e2e-complete');

describe.skipIf(!HAS_TMUX)(`Tab completion and Ctrl+R in tmux at 80×24${HAS_TMUX ? '' : ' (skipped: tmux is not installed)'}`, () => {
  let home: string;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'kubedrill-e2e-complete-'));
    const command = `cd '${ROOT}' && exec env -u CI KUBEDRILL_HOME='${home}' node --import tsx src/cli/main.ts play pending-insufficient-cpu`;
    tmux('new-session', '-d', '-s', SESSION, '-x', '80', '-y', '24', command);
  });

  afterAll(() => {
    if (alive()) tmux('kill-server');
    rmSync(home, { recursive: true, force: true });
  });

  it('completes kubectl get po<Tab> to pods, lists the pod names, and Ctrl+R runs an earlier line', async () => {
    await waitForScreen((r) => inputLine(r) === PROMPT && r.some((l) => l.includes('^D quit')), 'the practice prompt', 90_000);

    tmux('send-keys', '-t', SESSION, '-l', 'kubectl get po');
    await waitForScreen((r) => inputLine(r) === `${PROMPT} kubectl get po`, 'the half-typed line');
    tmux('send-keys', '-t', SESSION, 'Tab');
    await waitForScreen((r) => inputLine(r) === `${PROMPT} kubectl get pods`, 'po completed to pods');

    // The first Tab after `pods ` finds nothing common to add; the next lists the names.
    tmux('send-keys', '-t', SESSION, 'Tab');
    tmux('send-keys', '-t', SESSION, 'Tab');
    let rows = await waitForScreen((r) => r.some((l) => /^checkout-\S+\s+web-/.test(l)), 'the pod names listed');
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
    expect(inputLine(rows)).toBe(`${PROMPT} kubectl get pods`);

    tmux('send-keys', '-t', SESSION, 'Enter');
    await waitForScreen((r) => r.some((l) => /^checkout-\S+\s+0\/1\s+Pending/.test(l)) && inputLine(r) === PROMPT, 'kubectl get pods output');
    tmux('send-keys', '-t', SESSION, '-l', 'kubectl get nodes');
    tmux('send-keys', '-t', SESSION, 'Enter');
    await waitForScreen((r) => r.some((l) => /^node-2\s+Ready/.test(l)) && inputLine(r) === PROMPT, 'kubectl get nodes output');

    tmux('send-keys', '-t', SESSION, 'C-r');
    tmux('send-keys', '-t', SESSION, '-l', 'po');
    rows = await waitForScreen((r) => r.some((l) => l === "(reverse-i-search)`po': kubectl get pods"), 'the search finding kubectl get pods');
    tmux('send-keys', '-t', SESSION, 'Enter');
    await waitForScreen((r) => r.lastIndexOf(`${PROMPT} kubectl get pods`) > r.indexOf(`${PROMPT} kubectl get nodes`) && inputLine(r) === PROMPT, 'the found line run again');

    tmux('send-keys', '-t', SESSION, 'C-d');
    await waitForScreen((r) => r.some((l) => l.startsWith('Leave this scenario?')), 'the leave question');
    tmux('send-keys', '-t', SESSION, '-l', 'y');
    await waitForScreen(() => !alive(), 'kubedrill to exit', 30_000);
    // What ran is in the history file for the next session; the repeat of the last line only once.
    expect(readFileSync(join(home, 'history'), 'utf8')).toBe('kubectl get pods \nkubectl get nodes\nkubectl get pods \n');
  }, 180_000);
});
