/**
 * Issue 9, "done when": `kubedrill quiz` in tmux — a learner answers a mix of
 * question types, one of them hands-on, sees explanations and a score;
 * `kubedrill progress` then shows the answers. On a real terminal (80×24),
 * through tsx, with a temporary KUBEDRILL_HOME. Skipped, saying so, where tmux
 * is not installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, tmuxDriver } from '../helpers/tmux.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOCKET = `kubedrill-quiz-e2e-${process.pid}`;
const SESSION = 'quiz';
const { tmux, alive, history, waitForScreen } = tmuxDriver(SOCKET, SESSION);
const last = (rows: string[]) => rows.filter((r) => r !== '').at(-1) ?? '';
const type = (text: string) => {
  tmux('send-keys', '-t', SESSION, '-l', text);
  tmux('send-keys', '-t', SESSION, 'Enter');
};

describe.skipIf(!HAS_TMUX)(`kubedrill quiz in tmux at 80×24${HAS_TMUX ? '' : ' (skipped: tmux is not installed)'}`, () => {
  let home: string;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'quiz-engine-e2e-'));
    const kubedrill = `env KUBEDRILL_HOME='${home}' node --import tsx src/cli/main.ts`;
    // Seed 26 over the sample bank: a single choice, a hands-on question, a multiple choice.
    const command = `cd '${ROOT}' && ${kubedrill} quiz sample --count 3 --seed 26; ${kubedrill} progress; echo END-OF-RUN; sleep 120`;
    tmux('new-session', '-d', '-s', SESSION, '-x', '80', '-y', '24', command);
  });

  afterAll(() => {
    if (alive()) tmux('kill-server');
    rmSync(home, { recursive: true, force: true });
  });

  it('asks a single choice, a hands-on and a multiple choice question, explains each, scores, and progress shows it', async () => {
    await waitForScreen((r) => r.some((l) => l.startsWith('Question 1 of 3 · single')) && last(r) === 'answer>', 'the first question', 90_000);
    type('2');
    await waitForScreen((r) => r.includes('Right.') && r.some((l) => l.startsWith('Question 2 of 3 · hands-on')), 'the hands-on question');
    await waitForScreen((r) => last(r) === 'learner@workstation:~$', 'the scenario\'s shell prompt', 90_000);
    type('kubectl get nodes');
    await waitForScreen((r) => r.some((l) => /^node-2 +NotReady /.test(l)) && last(r) === 'learner@workstation:~$', 'kubectl get nodes');
    type('answer node-2');
    await waitForScreen((r) => r.some((l) => l.startsWith('Question 3 of 3 · multiple')) && last(r) === 'answer>', 'the third question');
    type('1,2,3');
    const rows = await waitForScreen((r) => r.includes('END-OF-RUN'), 'the score and the progress summary', 60_000, history);
    const after = (line: string) => rows[rows.indexOf(line) + 1];
    // A terminal echoes what was typed; the quiz does not echo it again.
    expect(rows.filter((l) => l === 'answer> 2')).toHaveLength(1);
    expect(after('answer> 2')).toBe('Right.');
    expect(after('learner@workstation:~$ answer node-2')).toBe('Right.');
    expect(after('answer> 1,2,3')).toBe('Right.');
    expect(rows).toContain('Score: 3 of 3 right (100%).');
    expect(rows).toContain('Quiz: 3 answers, 3 right');
    // The next review is a day after the answers, by the wall clock.
    expect(rows.some((l) => /^Review: nothing due now; next due \d{4}-\d\d-\d\d \d\d:\d\d UTC$/.test(l))).toBe(true);
  }, 240_000);
});
