/**
 * The progress file migrates forward from every earlier version. Each version
 * has a fixture written as that version's build wrote it (fixtures/versions/vN.json);
 * a new version must add the fixture of the one it replaces.
 */
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateProgress } from '../../src/progress/migrate.js';
import { PROGRESS_VERSION, plainProgress } from '../../src/progress/document.js';
import { openProgress } from '../../src/progress/store.js';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'versions');
const fixture = (v: number) => JSON.parse(readFileSync(join(FIXTURES, `v${v}.json`), 'utf8')) as Record<string, unknown>;
const EARLIER = Array.from({ length: PROGRESS_VERSION - 1 }, (_, i) => i + 1);

describe('migrating the progress file', () => {
  it('has a fixture for every earlier version', () => {
    expect(EARLIER).toEqual([1]);
  });

  for (const v of EARLIER) {
    it(`reads a version-${v} file as the current version, attempts and unknown fields kept`, () => {
      const r = migrateProgress(fixture(v));
      if (!r.ok) throw new Error(`not migrated: ${JSON.stringify(r.problem)}`);
      expect(r.data.version).toBe(PROGRESS_VERSION);
      expect(r.data.attempts.map((a) => [a.scenarioId, a.score])).toEqual([['pending-insufficient-cpu', 80]]);
      expect(r.data.quiz).toEqual([]);
      expect(r.data.leitner).toEqual([]);
      expect(r.raw.theme).toBe('dark');
      expect((r.raw.attempts as Record<string, unknown>[])[0]!.note).toBe('kept');
    });

    it(`opens a version-${v} file, and the first save writes the current version with everything kept`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'quiz-engine-migrate-'));
      try {
        const file = join(dir, 'progress.json');
        await copyFile(join(FIXTURES, `v${v}.json`), file);
        const store = await openProgress({ file });
        expect(store.warning).toBeUndefined();
        await store.recordQuizAnswer(
          { questionId: 'q1', bankId: 'b', answeredAt: '2026-12-01T09:00:00.000Z', correct: true, earned: 1, possible: 1 },
          () => ({ questionId: 'q1', box: 2, dueAt: '2026-12-03T09:00:00.000Z', reviewedAt: '2026-12-01T09:00:00.000Z' }),
        );
        const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
        expect(saved.version).toBe(PROGRESS_VERSION);
        expect(saved.theme).toBe('dark');
        expect((saved.attempts as unknown[]).length).toBe(1);
        expect(saved.quiz).toEqual([{ questionId: 'q1', bankId: 'b', answeredAt: '2026-12-01T09:00:00.000Z', correct: true, earned: 1, possible: 1 }]);
        expect(saved.leitner).toEqual([{ questionId: 'q1', box: 2, dueAt: '2026-12-03T09:00:00.000Z', reviewedAt: '2026-12-01T09:00:00.000Z' }]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  }

  it('1 → 2 keeps quiz entries that are results, and the rest of the reserved list under quizV1', () => {
    const result = { questionId: 'q', bankId: 'b', answeredAt: 't', correct: false, earned: 0, possible: 1 };
    const r = migrateProgress({ ...fixture(1), quiz: [result, { q: 1 }] });
    expect(r.ok && [r.data.quiz, r.raw.quizV1]).toEqual([[result], [{ q: 1 }]]);
  });

  it('refuses an invalid earlier version and an unknown one, saying which', () => {
    expect(migrateProgress({ version: 1, attempts: 'no', quiz: [] })).toEqual({ ok: false, problem: { kind: 'invalid' } });
    expect(migrateProgress({ version: 0, attempts: [] })).toEqual({ ok: false, problem: { kind: 'unknown-version', version: 0 } });
    expect(migrateProgress({ version: PROGRESS_VERSION + 1 })).toEqual({ ok: false, problem: { kind: 'unknown-version', version: PROGRESS_VERSION + 1 } });
    expect(migrateProgress([])).toEqual({ ok: false, problem: { kind: 'invalid' } });
  });
  it('reads version-2 attempts with and without simulatedSeconds (an optional field: no new version), by the plain check and the schema alike', async () => {
    const base = { scenarioId: 's', startedAt: 'a', finishedAt: 'b', score: 1, maxScore: 2, hintsUsed: 0, parts: [] };
    const doc = { version: 2, attempts: [base, { ...base, simulatedSeconds: 95 }], quiz: [], leitner: [] };
    const r = migrateProgress(doc);
    if (!r.ok) throw new Error('not read');
    expect(r.data.attempts.map((a) => a.simulatedSeconds)).toEqual([undefined, 95]);
    expect(plainProgress(doc)?.attempts.map((a) => a.simulatedSeconds)).toEqual([undefined, 95]);
    expect(migrateProgress({ ...doc, attempts: [{ ...base, simulatedSeconds: -1 }] }).ok).toBe(false);
  });
});

describe('quiz answers in the progress store', () => {
  it('appends results and replaces the question\'s Leitner record with what review makes of the one in the file now', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quiz-engine-store-'));
    try {
      const file = join(dir, 'progress.json');
      const a = await openProgress({ file });
      const b = await openProgress({ file });
      const answer = (questionId: string, correct: boolean) => ({ questionId, bankId: 'b', answeredAt: 't', correct, earned: correct ? 1 : 0, possible: 1 });
      const up = (c: { box: number } | undefined) => ({ questionId: 'q', box: (c?.box ?? 1) + 1, dueAt: 'd', reviewedAt: 'r' });
      await a.recordQuizAnswer(answer('q', true), up);
      // b opened before a's answer: the box it moves is the one in the file (2), not the one it loaded (none).
      await b.recordQuizAnswer(answer('q', true), up);
      expect(b.leitnerRecords()).toEqual([{ questionId: 'q', box: 3, dueAt: 'd', reviewedAt: 'r' }]);
      expect(b.listQuizResults().map((r) => r.correct)).toEqual([true, true]);
      const reopened = await openProgress({ file });
      expect(reopened.leitnerRecords()).toHaveLength(1);
      expect(reopened.listQuizResults()).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
