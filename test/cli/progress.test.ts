/**
 * `kubedrill progress`: the report as text (aligned, unstyled unless on a
 * terminal without NO_COLOR) and as JSON. The format is kubedrill's own (no
 * upstream tool prints it); the columns follow `kubedrill list`.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressCommand } from '../../src/cli/progress.js';
import { simulatedTime } from '../../src/cli/progress-text.js';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { withProgressHome } from '../helpers/progress-home.js';
import { sink } from '../helpers/sink.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const SAMPLE_BANK = join(shippedScenariosDir(), 'quizzes', 'sample.yaml');
const iso = (ms: number) => new Date(ms).toISOString();

const attempts = [
  { scenarioId: 'imagepull-wrong-tag', startedAt: iso(T0), finishedAt: iso(T0 + 250_000), score: 9, maxScore: 10, hintsUsed: 1, simulatedSeconds: 250, parts: [] },
  // Recorded before simulated time was kept.
  { scenarioId: 'crashloop-bad-command', startedAt: iso(T0 - DAY), finishedAt: iso(T0 - DAY + 60_000), score: 5, maxScore: 10, hintsUsed: 0, parts: [] },
];
const quiz = [
  { questionId: 'sample-kubelet-port', bankId: 'sample', answeredAt: iso(T0), correct: true, earned: 1, possible: 1 },
  { questionId: 'sample-registry-prefix', bankId: 'sample', answeredAt: iso(T0), correct: false, earned: 0, possible: 1 },
];
const leitner = [
  { questionId: 'sample-kubelet-port', box: 2, dueAt: iso(T0 + 2 * DAY), reviewedAt: iso(T0) },
  { questionId: 'sample-registry-prefix', box: 1, dueAt: iso(T0 + DAY), reviewedAt: iso(T0) },
];

/** Runs `run` with a progress file holding the records above. */
async function withRecords<T>(run: (home: string) => Promise<T>): Promise<T> {
  return withProgressHome(attempts, async (home) => {
    writeFileSync(join(home, 'progress.json'), JSON.stringify({ version: 2, attempts, quiz, leitner }));
    return run(home);
  });
}

const io = (out: ReturnType<typeof sink>, extra: object = {}) => ({ out, err: sink(), now: () => T0 + DAY + 3_600_000, bankFiles: [SAMPLE_BANK], ...extra });

describe('kubedrill progress', () => {
  it('prints mastery per topic, the history, what is due and the streak, in aligned columns', async () => {
    await withRecords(async (home) => {
      const out = sink();
      expect(await progressCommand({}, io(out))).toBe(0);
      expect(out.text()).toBe(
        [
          'Mastery by topic',
          'TOPIC             MASTERY  SCENARIOS         QUIZ',
          'containers        50%      1 scenario, 50%   -',
          'crashloopbackoff  50%      1 scenario, 50%   -',
          'etcd              0%       -                 0/1 right',
          'images            90%      1 scenario, 90%   -',
          // Scenarios (90% + 50%) / 2 = 70%, quiz 1/1: together 85%.
          'kubelet           85%      2 scenarios, 70%  1/1 right',
          'registry          90%      1 scenario, 90%   -',
          'sample            50%      -                 1/2 right',
          '',
          'Scenario history (UTC)',
          'DATE              SCENARIO               SCORE  TIME   HINTS',
          '2026-12-01 09:04  imagepull-wrong-tag    9/10   4m10s  1',
          '2026-11-30 09:01  crashloop-bad-command  5/10   -      0',
          '',
          'Quiz: 2 answers, 1 right',
          'Review: 1 question due now (kubedrill quiz --review); next due 2026-12-03 09:00 UTC',
          'Streak: 2 days (last active 2026-12-01, UTC days)',
          `Progress file: ${home}/progress.json`,
          '',
        ].join('\n'),
      );
    });
  });

  it('exports the same report as JSON, keys in a documented order', async () => {
    await withRecords(async (home) => {
      const out = sink();
      expect(await progressCommand({ json: true }, io(out))).toBe(0);
      const data = JSON.parse(out.text()) as Record<string, unknown>;
      expect(Object.keys(data)).toEqual(['format', 'file', 'generatedAt', 'topics', 'history', 'quiz', 'review', 'streak']);
      expect(data).toMatchObject({ format: 'kubedrill.progress/v1', file: `${home}/progress.json`, generatedAt: '2026-12-02T10:00:00.000Z' });
      expect((data.topics as { topic: string }[]).find((t) => t.topic === 'kubelet')).toEqual({
        topic: 'kubelet',
        mastery: 85,
        scenarios: { attempted: 2, percent: 70 },
        quiz: { answered: 1, right: 1, percent: 100 },
      });
      expect(data.history).toEqual([
        { finishedAt: iso(T0 + 250_000), scenarioId: 'imagepull-wrong-tag', score: 9, maxScore: 10, simulatedSeconds: 250, hintsUsed: 1 },
        { finishedAt: iso(T0 - DAY + 60_000), scenarioId: 'crashloop-bad-command', score: 5, maxScore: 10, simulatedSeconds: null, hintsUsed: 0 },
      ]);
      expect(data.review).toEqual({ due: [{ questionId: 'sample-registry-prefix', box: 1, dueAt: iso(T0 + DAY) }], nextDueAt: iso(T0 + 2 * DAY) });
      expect(data.streak).toEqual({ days: 2, lastDay: '2026-12-01', timeZone: 'UTC' });
      // Pretty-printed, one key per line, as an instructor's diff would want.
      expect(out.text().startsWith('{\n  "format": "kubedrill.progress/v1",\n  "file": ')).toBe(true);
    });
  });

  it('styles headings only on a terminal without NO_COLOR', async () => {
    await withRecords(async () => {
      const styled = sink();
      await progressCommand({}, io(styled, { color: true }));
      expect(styled.text()).toContain('\x1b[1mMastery by topic\x1b[22m\n');
      const tty = Object.assign(sink(), { isTTY: true });
      const previous = process.env.NO_COLOR;
      process.env.NO_COLOR = '1';
      try {
        await progressCommand({}, io(tty));
      } finally {
        if (previous === undefined) delete process.env.NO_COLOR;
        else process.env.NO_COLOR = previous;
      }
      expect(tty.text()).not.toContain('\x1b');
      const pipe = sink();
      await progressCommand({}, io(pipe));
      expect(pipe.text()).not.toContain('\x1b');
    });
  });

  it('takes control sequences out of ids read from the file', async () => {
    const evil = { ...attempts[0], scenarioId: 'x\x1b]52;c;ZWNobyBwd25lZA==\x07y\x1b[2J' };
    await withProgressHome([evil], async () => {
      const out = sink();
      await progressCommand({}, io(out));
      expect(out.text()).not.toContain('\x1b');
      expect(out.text()).toContain('  xy  ');
      // An id the catalogue does not know has no topic: no mastery table at all.
      expect(out.text().startsWith('Scenario history (UTC)\n')).toBe(true);
    });
  });

  it('says so when there is nothing yet', async () => {
    await withProgressHome([], async (home) => {
      const out = sink();
      expect(await progressCommand({}, io(out))).toBe(0);
      expect(out.text()).toBe(`No attempts or quiz answers yet (progress file: ${home}/progress.json).\n`);
    });
  });

  it('reports a version-1 file (migrated on reading) like any other', async () => {
    await withProgressHome([], async (home) => {
      copyFileSync(join(import.meta.dirname, '..', 'progress', 'fixtures', 'versions', 'v1.json'), join(home, 'progress.json'));
      const out = sink();
      const err = sink();
      expect(await progressCommand({}, { ...io(out), err })).toBe(0);
      expect(err.text()).toBe('');
      expect(out.text()).toContain('2026-11-01 10:12  pending-insufficient-cpu  80/100  -     1\n');
    });
  });
});

describe('simulated time', () => {
  it('reads as seconds, minutes and seconds, or hours and minutes', () => {
    expect([0, 45.4, 60, 250, 3599, 3600, 3900].map(simulatedTime)).toEqual(['0s', '45s', '1m00s', '4m10s', '59m59s', '1h00m', '1h05m']);
  });
});
