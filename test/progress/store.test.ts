import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openProgress } from '../../src/progress/store.js';
import type { AttemptRecord } from '../../src/progress/schema.js';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5, 6);
const STAMP = '2026-01-02T03-04-05-006Z';

function attempt(scenarioId: string, score: number, maxScore = 100): AttemptRecord {
  return {
    scenarioId,
    startedAt: '2026-01-02T03:00:00.000Z',
    finishedAt: '2026-01-02T03:10:00.000Z',
    score,
    maxScore,
    hintsUsed: 1,
    parts: [{ name: 'diagnosis', points: score, max: maxScore }],
  };
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kubedrill-progress-'));
  file = join(dir, 'progress.json');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openProgress', () => {
  it('starts empty when there is no file, and creates it on the first write', async () => {
    const nested = join(dir, 'a', 'b', 'progress.json');
    const store = await openProgress({ file: nested, now: () => NOW });
    expect(store.warning).toBeUndefined();
    expect(store.listAttempts()).toEqual([]);
    expect(store.bestScores().size).toBe(0);
    await store.recordAttempt(attempt('s1', 40));
    expect(JSON.parse(await readFile(nested, 'utf8'))).toEqual({ version: 2, attempts: [attempt('s1', 40)], quiz: [], leitner: [] });
  });

  it('resolves the path from KUBEDRILL_HOME', async () => {
    const store = await openProgress({ env: { KUBEDRILL_HOME: dir } });
    expect(store.file).toBe(file);
  });

  it('records attempts, lists them, and keeps the best score per scenario', async () => {
    const store = await openProgress({ file, now: () => NOW });
    await store.recordAttempt(attempt('s1', 40));
    await store.recordAttempt(attempt('s1', 80));
    await store.recordAttempt(attempt('s1', 60));
    await store.recordAttempt(attempt('s2', 5, 10));
    expect(store.listAttempts().map((a) => a.score)).toEqual([40, 80, 60, 5]);
    expect(store.listAttempts('s2')).toEqual([attempt('s2', 5, 10)]);
    expect(store.bestScores()).toEqual(
      new Map([
        ['s1', { score: 80, maxScore: 100 }],
        ['s2', { score: 5, maxScore: 10 }],
      ]),
    );
    const reopened = await openProgress({ file, now: () => NOW });
    expect(reopened.warning).toBeUndefined();
    expect(reopened.listAttempts()).toHaveLength(4);
    expect(reopened.bestScores().get('s1')).toEqual({ score: 80, maxScore: 100 });
  });

  it('returns copies, so callers cannot change the stored attempts', async () => {
    const store = await openProgress({ file, now: () => NOW });
    await store.recordAttempt(attempt('s1', 40));
    store.listAttempts()[0]!.score = 999;
    expect(store.bestScores().get('s1')).toEqual({ score: 40, maxScore: 100 });
  });

  it('writes atomically: no temp file is left beside the progress file', async () => {
    const store = await openProgress({ file, now: () => NOW });
    await Promise.all([store.recordAttempt(attempt('s1', 1)), store.recordAttempt(attempt('s1', 2))]);
    expect(await readdir(dir)).toEqual(['progress.json']);
    expect(JSON.parse(await readFile(file, 'utf8')).attempts).toHaveLength(2);
  });
});

describe('a file that cannot be used is kept aside, never deleted', () => {
  async function expectKeptAside(content: string, warning: string): Promise<void> {
    await writeFile(file, content);
    const store = await openProgress({ file, now: () => NOW });
    const aside = `${file}.corrupt-${STAMP}`;
    expect(store.warning).toBe(`${warning}; kept it as ${aside}`);
    expect(await readFile(aside, 'utf8')).toBe(content);
    expect(store.listAttempts()).toEqual([]);
    await store.recordAttempt(attempt('s1', 10));
    expect(JSON.parse(await readFile(file, 'utf8')).attempts).toHaveLength(1);
    expect(await readFile(aside, 'utf8')).toBe(content);
  }

  it('moves aside a file that is not JSON', async () => {
    await expectKeptAside('{"version": 1, "attempts": [', 'progress file was corrupt');
  });

  it('moves aside an empty file', async () => {
    await expectKeptAside('', 'progress file was corrupt');
  });

  it('moves aside JSON that is not a progress document', async () => {
    await expectKeptAside('{"version": 1, "attempts": "lots"}', 'progress file was corrupt');
    await rm(file);
  });

  it('moves aside JSON null', async () => {
    await expectKeptAside('null', 'progress file was corrupt');
  });

  it('moves aside a file of an unknown version', async () => {
    await expectKeptAside('{"version": 3, "attempts": [], "quiz": [], "leitner": []}', 'progress file has an unknown version (3)');
  });

  it('does not overwrite an earlier kept-aside file from the same instant', async () => {
    await writeFile(`${file}.corrupt-${STAMP}`, 'older');
    await writeFile(file, 'garbage');
    const store = await openProgress({ file, now: () => NOW });
    expect(store.warning).toBe(`progress file was corrupt; kept it as ${file}.corrupt-${STAMP}-1`);
    expect(await readFile(`${file}.corrupt-${STAMP}`, 'utf8')).toBe('older');
    expect(await readFile(`${file}.corrupt-${STAMP}-1`, 'utf8')).toBe('garbage');
  });

  it('moves aside a path that cannot be read as a file (a directory)', async () => {
    await mkdir(file);
    const store = await openProgress({ file, now: () => NOW });
    expect(store.warning).toBe(`progress file could not be read (EISDIR); kept it as ${file}.corrupt-${STAMP}`);
    await store.recordAttempt(attempt('s1', 10));
    expect(JSON.parse(await readFile(file, 'utf8')).attempts).toHaveLength(1);
  });
});
