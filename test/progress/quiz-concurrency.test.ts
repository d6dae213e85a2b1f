/**
 * Quiz answers from several kubedrill processes at once (a quiz in one
 * terminal, a review in another): every answer is kept, and each Leitner move
 * starts from the record in the file at that moment, under the store's lock.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const WORKER = join(import.meta.dirname, 'fixtures', 'quiz-worker.ts');

function run(file: string, id: string, count: number): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, file, id, String(count)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quiz-engine-concurrent-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('quiz answers written by several processes at once', () => {
  it('keeps every answer and moves the shared question up once per right answer, whoever wrote it', async () => {
    const file = join(dir, 'progress.json');
    // Two processes answer the same question right twice each: four moves from box 1 reach box 5;
    // had a process moved the copy it loaded at start, overlapping runs would stop at box 3 (the stale case is pinned in migrate.test.ts).
    const results = await Promise.all([run(file, 'shared', 2), run(file, 'shared', 2), run(file, 'own', 1)]);
    for (const r of results) expect(r).toEqual({ code: 0, stderr: '' });
    const saved = JSON.parse(await readFile(file, 'utf8')) as { quiz: { questionId: string }[]; leitner: { questionId: string; box: number }[] };
    expect(saved.quiz.filter((q) => q.questionId === 'shared')).toHaveLength(4);
    expect(saved.quiz).toHaveLength(5);
    expect(saved.leitner.map((c) => [c.questionId, c.box]).sort()).toEqual([['own', 2], ['shared', 5]]);
    expect(await readdir(dir)).toEqual(['progress.json']);
  }, 60_000);
});
