/**
 * Issue 9, home screen, in tmux at 80×24 through tsx with a temporary
 * KUBEDRILL_HOME: search, a topic filter, Esc, then q opens a quiz whose
 * answer is recorded, Esc ends it with the score, and the learner comes back
 * home and quits with Esc. Skipped, saying so, where tmux is not installed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, tmuxDriver } from '../helpers/tmux.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOCKET = `kubedrill-home-e2e-${process.pid}`;
const SESSION = 'home';
const { tmux, alive, waitForScreen } = tmuxDriver(SOCKET, SESSION);
const keys = (...k: string[]) => tmux('send-keys', '-t', SESSION, ...k);
const text = (t: string) => tmux('send-keys', '-t', SESSION, '-l', t);

describe.skipIf(!HAS_TMUX)(`the home screen in tmux at 80×24${HAS_TMUX ? '' : ' (skipped: tmux is not installed)'}`, () => {
  let home: string;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'home-screen-e2e-'));
    const command = `cd '${ROOT}' && env KUBEDRILL_HOME='${home}' node --import tsx src/cli/main.ts; echo END-OF-RUN; sleep 120`;
    tmux('new-session', '-d', '-s', SESSION, '-x', '80', '-y', '24', command);
  });

  afterAll(() => {
    if (alive()) tmux('kill-server');
    rmSync(home, { recursive: true, force: true });
  });

  it('searches, filters by topic, opens a quiz with q, records the answer, and quits with Esc', async () => {
    await waitForScreen((r) => r.some((l) => l.startsWith('q quiz · r review · Esc quit')), 'the home screen', 90_000);
    text('/dns');
    await waitForScreen((r) => r.some((l) => /^search: dns▏ · \d+ of \d+$/.test(l)) && r.some((l) => l.startsWith('❯ dns-')), 'the search');
    keys('Enter');
    keys('Escape');
    await waitForScreen((r) => !r.some((l) => l.startsWith('search:')) && r.some((l) => l.endsWith('Esc quit')), 'the search cleared');
    text('t');
    await waitForScreen((r) => r.some((l) => /^topic: \S+ · \d+ of \d+$/.test(l)), 'a topic filter');
    keys('Escape');
    await waitForScreen((r) => r.some((l) => l.endsWith('Esc quit')), 'the filter cleared');
    text('q');
    await waitForScreen((r) => r.includes('What should the questions be about?') && r.includes('❯ All topics'), 'the topic pick', 30_000);
    keys('Enter');
    await waitForScreen((r) => r.some((l) => l.startsWith('Question 1 of 10 · ')), 'the first question');
    text('skip');
    keys('Enter');
    await waitForScreen((r) => r.includes('Skipped.'), 'the feedback');
    keys('Escape');
    await waitForScreen((r) => r.includes('Score: 0 of 1 right (0%).') && r.includes('9 questions not asked: the quiz was ended early.'), 'the score');
    keys('Enter');
    await waitForScreen((r) => r.some((l) => l.startsWith('q quiz · r review · Esc quit')), 'back home');
    keys('Escape');
    await waitForScreen((r) => r.includes('END-OF-RUN'), 'the app quit');
    const saved = JSON.parse(readFileSync(join(home, 'progress.json'), 'utf8')) as { quiz: { correct: boolean }[]; leitner: unknown[] };
    expect(saved.quiz.map((q) => q.correct)).toEqual([false]);
    expect(saved.leitner).toHaveLength(1);
  }, 240_000);
});
