import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quizCommand } from '../../src/cli/quiz.js';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { sink } from '../helpers/sink.js';

const DAY = 86_400_000;
/** The draws below are pinned to the sample bank alone, whatever other banks ship. */
const SAMPLE_BANK = join(shippedScenariosDir(), 'quizzes', 'sample.yaml');
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);

let home: string;
let previous: string | undefined;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'quiz-engine-cli-'));
  previous = process.env.KUBEDRILL_HOME;
  process.env.KUBEDRILL_HOME = home;
});
afterEach(() => {
  if (previous === undefined) delete process.env.KUBEDRILL_HOME;
  else process.env.KUBEDRILL_HOME = previous;
  rmSync(home, { recursive: true, force: true });
});

/** Runs `kubedrill quiz` with these input lines (not a terminal) at wall time `now`. */
async function quiz(topics: string[], options: Parameters<typeof quizCommand>[1], input: string[], now = T0) {
  const out = sink();
  const err = sink();
  const code = await quizCommand(topics, options, { input: Readable.from(input.map((l) => `${l}\n`)), out, err, now: () => now, bankFiles: [SAMPLE_BANK] });
  return { code, out: out.text(), err: err.text() };
}

const saved = () => JSON.parse(readFileSync(join(home, 'progress.json'), 'utf8')) as { version: number; quiz: Record<string, unknown>[]; leitner: Record<string, unknown>[] };

describe('kubedrill quiz (line mode)', () => {
  it('asks the drawn questions, echoes each answer, explains, scores, and records answers with their review boxes', async () => {
    // Seed 1 over these topics: the etcd short answer, the authn single choice, the architecture matching.
    const r = await quiz(['authn', 'architecture', 'etcd'], { seed: '1' }, ['/REGISTRY ', '2', 'nine', 'a1 b2 c3 d4']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^Quiz: 3 questions on authn, architecture, etcd \(seed 1; --seed 1 asks the same again\)\.\n/);
    expect(r.out).toContain('Question 1 of 3 · short · advanced · sample, etcd\nUnder which etcd key prefix');
    expect(r.out).toContain('answer> /REGISTRY \nRight.\n');
    expect(r.out).toContain('answer> 2\nWrong.\nThe answer: 1) 401 Unauthorized\n');
    // A malformed answer is explained and asked again, not graded.
    expect(r.out).toContain('answer> nine\nexpected a letter-number pair for each of a, b, c, d, each number once, like a2 b1 (or skip)\nanswer> a1 b2 c3 d4\nWrong (');
    expect(r.out).toMatch(/The pairs: a\d b\d c\d d\d\n  kube-scheduler -> chooses a node for each unscheduled pod\n/);
    expect(r.out.endsWith('\nScore: 1 of 3 right (33%).\n')).toBe(true);
    const file = saved();
    expect(file.version).toBe(2);
    expect(file.quiz.map((q) => [q.questionId, q.correct, q.answeredAt])).toEqual([
      ['sample-registry-prefix', true, '2026-12-01T09:00:00.000Z'],
      ['sample-unknown-ca-status', false, '2026-12-01T09:00:00.000Z'],
      ['sample-component-duties', false, '2026-12-01T09:00:00.000Z'],
    ]);
    expect(file.leitner.map((c) => [c.questionId, c.box, c.dueAt])).toEqual([
      ['sample-registry-prefix', 2, '2026-12-03T09:00:00.000Z'],
      ['sample-unknown-ca-status', 1, '2026-12-02T09:00:00.000Z'],
      ['sample-component-duties', 1, '2026-12-02T09:00:00.000Z'],
    ]);
  });

  it('draws the same questions in the same order for the same seed, and by default seeds with the answers recorded so far', async () => {
    const skips = ['skip', 'skip', 'skip', 'skip'];
    const byDefault = await quiz(['sample'], { count: '4' }, skips);
    expect(byDefault.out).toMatch(/^Quiz: 4 questions on sample \(seed 0;/);
    const first = await quiz(['sample'], { seed: '5', count: '4' }, skips);
    const again = await quiz(['sample'], { seed: '5', count: '4' }, skips);
    const asked = (out: string) => [...out.matchAll(/^Question \d of \d · .*\n(.*)$/gm)].map((m) => m[1]);
    expect(asked(again.out)).toEqual(asked(first.out));
    expect(asked(first.out)).toHaveLength(4);
    expect(asked(byDefault.out)).not.toEqual(asked(first.out));
    // Twelve answers are recorded now: the default seed moved on with them.
    expect((await quiz(['sample'], { count: '1' }, [])).out).toMatch(/^Quiz: 1 question on sample \(seed 12;/);
  });

  it('--review asks what is due, most overdue first, and says when nothing is', async () => {
    expect((await quiz([], { review: true }, [])).out).toBe('Nothing to review yet: answer some questions first (kubedrill quiz).\n');
    await quiz(['authn', 'architecture', 'etcd'], { seed: '1' }, ['/registry', '2', 'skip']);
    const soon = await quiz([], { review: true }, [], T0 + DAY / 2);
    expect(soon.out).toBe('Nothing is due for review. The next question falls due at 2026-12-02T09:00:00.000Z.\n');
    // A day later the two wrong answers (box 1, due at the same time: by id) are due; the right one (box 2) waits another day.
    const due = await quiz([], { review: true }, ['skip', '1'], T0 + DAY);
    expect(due.out).toMatch(/^Review: 2 questions due \(all topics\)\.\n/);
    expect([...due.out.matchAll(/^Question \d of 2 · (\w+)/gm)].map((m) => m[1])).toEqual(['matching', 'single']);
    expect(due.out).toContain('answer> 1\nRight.\n');
    expect(saved().leitner.find((c) => c.questionId === 'sample-unknown-ca-status')).toMatchObject({ box: 2, dueAt: '2026-12-04T09:00:00.000Z' });
  });

  it('filters by difficulty', async () => {
    const r = await quiz([], { difficulty: 'advanced', count: '50', seed: '2' }, []);
    const kinds = [...r.out.matchAll(/^Question \d+ of (\d+) · \S+ · (\w+)/gm)];
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((m) => m[2] === 'advanced')).toBe(true);
  });

  it('refuses an unknown topic, a bad count and a bad difficulty, saying what is allowed', async () => {
    const topic = await quiz(['no-such-topic'], {}, []);
    expect(topic.code).toBe(2);
    expect(topic.err).toMatch(/^kubedrill quiz: no questions on "no-such-topic"; topics: .*\bapiserver\b.*\bsample\b/);
    expect((await quiz([], { count: '0' }, [])).err).toBe('kubedrill quiz: --count must be a whole number of at least 1, got "0"\n');
    expect((await quiz([], { difficulty: 'hard' }, [])).err).toBe('kubedrill quiz: --difficulty must be one of beginner, intermediate, advanced, got "hard"\n');
  });
});
