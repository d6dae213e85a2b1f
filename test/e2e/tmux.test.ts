/**
 * End to end in a real terminal: kubedrill runs in a detached tmux session at
 * 80×24, keys are sent with `send-keys`, and the screen is read back with
 * `capture-pane`, polling for content with a timeout (never a fixed sleep as
 * an assertion). Issue 6, "done when": Ctrl+C at a half-typed prompt prints
 * `^C` and a fresh prompt, and the session continues.
 *
 * It runs the sources through tsx (nothing is built), with its progress file
 * in a temporary KUBEDRILL_HOME (helpers: tmux-helpers.ts). Where tmux is not installed the suite is
 * skipped, and its name says so.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HAS_TMUX, PROMPT, ROOT, inputLine, tmuxServer } from './tmux-helpers.js';

const { tmux, waitForScreen, SESSION, alive: isAlive } = tmuxServer('kubedrill-e2e');

describe.skipIf(!HAS_TMUX)(`kubedrill in tmux at 80×24${HAS_TMUX ? '' : ' (skipped: tmux is not installed)'}`, () => {
  let home: string;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'kubedrill-e2e-'));
    // CI is unset so Ink draws every frame, as on a learner's terminal.
    const command = `cd '${ROOT}' && exec env -u CI KUBEDRILL_HOME='${home}' node --import tsx src/cli/main.ts play pending-insufficient-cpu`;
    tmux('new-session', '-d', '-s', SESSION, '-x', '80', '-y', '24', command);
  });

  afterAll(() => {
    if (isAlive()) tmux('kill-server');
    rmSync(home, { recursive: true, force: true });
  });

  it('Ctrl+C at a half-typed prompt prints ^C and a fresh prompt; the session continues; Ctrl+D asks, y leaves', async () => {
    // `play <id>` goes straight to the practice screen.
    let rows = await waitForScreen((r) => inputLine(r) === PROMPT && r.some((l) => l.includes('^D quit')), 'the practice prompt', 90_000);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);

    tmux('send-keys', '-t', SESSION, '-l', 'kubectl get po');
    await waitForScreen((r) => inputLine(r) === `${PROMPT} kubectl get po`, 'the half-typed line');
    tmux('send-keys', '-t', SESSION, 'C-c');
    rows = await waitForScreen((r) => r.includes(`${PROMPT} kubectl get po^C`) && inputLine(r) === PROMPT, '^C and a fresh prompt');
    const at = rows.indexOf(`${PROMPT} kubectl get po^C`);
    expect(rows[at + 1]).toBe(PROMPT);
    expect(isAlive()).toBe(true);

    // The session continues: the next command runs against the same cluster.
    tmux('send-keys', '-t', SESSION, '-l', 'kubectl get pods');
    tmux('send-keys', '-t', SESSION, 'Enter');
    rows = await waitForScreen((r) => r.some((l) => /^checkout-\S+\s+0\/1\s+Pending/.test(l)) && inputLine(r) === PROMPT, 'kubectl get pods output');
    expect(rows).toContain(`${PROMPT} kubectl get po^C`);

    // Ctrl+D at an empty prompt leaves, but asks first: a command was run.
    tmux('send-keys', '-t', SESSION, 'C-d');
    await waitForScreen((r) => r.some((l) => l.startsWith('Leave this scenario?') && l.endsWith('(y/N)')), 'the leave question');
    tmux('send-keys', '-t', SESSION, '-l', 'y');
    await waitForScreen(() => !isAlive(), 'kubedrill to exit', 30_000);
  }, 180_000);
});
