import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openProgress } from '../../src/progress/store.js';
import type { AttemptRecord } from '../../src/progress/schema.js';

const WORKER = join(import.meta.dirname, 'fixtures', 'record-worker.ts');

function attempt(scenarioId: string, score: number): AttemptRecord {
  return { scenarioId, startedAt: '2026-01-02T03:00:00.000Z', finishedAt: '2026-01-02T03:10:00.000Z', score, maxScore: 100, hintsUsed: 0, parts: [] };
}

function worker(file: string, id: string, count: number) {
  return spawn(process.execPath, ['--import', 'tsx', WORKER, file, id, String(count)], { stdio: ['ignore', 'pipe', 'pipe'] });
}

function finished(child: ReturnType<typeof worker>): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kubedrill-concurrent-'));
  file = join(dir, 'progress.json');
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('progress written by several processes at once', () => {
  it('keeps every attempt of 6 concurrent processes (3 each), and leaves no lock or temp file', async () => {
    const runs = Array.from({ length: 6 }, (_, k) => finished(worker(file, `s${k}`, 3)));
    const results = await Promise.all(runs);
    for (const r of results) expect(r).toEqual({ code: 0, stderr: '' });
    const saved = JSON.parse(await readFile(file, 'utf8')) as { attempts: AttemptRecord[] };
    expect(saved.attempts).toHaveLength(18);
    for (let k = 0; k < 6; k++) expect(saved.attempts.filter((a) => a.scenarioId === `s${k}`).map((a) => a.score)).toEqual([0, 1, 2]);
    expect(await readdir(dir)).toEqual(['progress.json']);
  }, 60_000);

  it('a store opened earlier still merges what others wrote since, instead of overwriting it', async () => {
    const early = await openProgress({ file });
    const other = await openProgress({ file });
    await other.recordAttempt(attempt('other', 1));
    await early.recordAttempt(attempt('early', 2));
    const saved = JSON.parse(await readFile(file, 'utf8')) as { attempts: AttemptRecord[] };
    expect(saved.attempts.map((a) => a.scenarioId)).toEqual(['other', 'early']);
    expect(early.listAttempts().map((a) => a.scenarioId)).toEqual(['other', 'early']);
  });

  it('a process killed with SIGKILL mid-write leaves a valid file, and the next writer takes over its lock', async () => {
    await writeFile(file, `${JSON.stringify({ version: 1, attempts: [attempt('before', 1)], quiz: [] })}\n`);
    const child = worker(file, 'killed', 100_000);
    const done = finished(child);
    // Kill it once it has written a few attempts, while it is busy writing more.
    await new Promise<void>((resolve) => {
      let lines = 0;
      child.stdout!.on('data', (d: Buffer) => {
        lines += d.toString().split('\n').length - 1;
        if (lines >= 5) resolve();
      });
    });
    child.kill('SIGKILL');
    await done;
    const text = await readFile(file, 'utf8');
    const saved = JSON.parse(text) as { attempts: AttemptRecord[] };
    expect(saved.attempts[0]!.scenarioId).toBe('before');
    expect(saved.attempts.length).toBeGreaterThanOrEqual(6);
    // A lock left by the dead process goes stale; the next write still lands.
    const store = await openProgress({ file });
    expect(store.warning).toBeUndefined();
    await store.recordAttempt(attempt('after', 3));
    const after = JSON.parse(await readFile(file, 'utf8')) as { attempts: AttemptRecord[] };
    expect(after.attempts.at(-1)!.scenarioId).toBe('after');
    expect(after.attempts).toHaveLength(saved.attempts.length + 1);
  }, 60_000);
});

describe('what the store does not know survives a save', () => {
  it('keeps unknown top-level fields and unknown fields of attempts (and a version-1 file\'s reserved quiz entries, under quizV1)', async () => {
    const extra = { ...attempt('s1', 5), reviewedBy: 'coach' };
    await writeFile(file, JSON.stringify({ version: 1, attempts: [extra], quiz: [{ q: 1 }], theme: 'dark' }));
    const store = await openProgress({ file });
    await store.recordAttempt(attempt('s2', 7));
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(saved.theme).toBe('dark');
    expect(saved.version).toBe(2);
    expect(saved.quiz).toEqual([]);
    expect(saved.quizV1).toEqual([{ q: 1 }]);
    expect((saved.attempts as Record<string, unknown>[])[0]!.reviewedBy).toBe('coach');
    expect((saved.attempts as unknown[]).length).toBe(2);
  });
});

describe.skipIf(process.getuid?.() === 0)('a progress folder that cannot be written (skipped as root, who writes through mode 0555; the file-in-its-place case below runs everywhere)', () => {
  it('is reported when the store opens, and a failed save is the store\'s problem()', async () => {
    await chmod(dir, 0o555);
    const store = await openProgress({ file });
    expect(store.warning).toBe(`progress cannot be saved: ${dir} is not writable (EACCES); results of this run will be lost`);
    expect(store.problem()).toBe(store.warning);
    await expect(store.recordAttempt(attempt('s1', 1))).rejects.toThrow(`progress could not be saved to ${file} (EACCES)`);
    expect(store.problem()).toBe(`progress could not be saved to ${file} (EACCES)`);
    // The attempt still counts for this run.
    expect(store.listAttempts()).toHaveLength(1);
  });
});

describe('a progress folder that is not a folder (a file in its place)', () => {
  it('is reported when the store opens, and a failed save becomes problem() while the attempt stays for this run', async () => {
    await writeFile(join(dir, 'home'), 'not a folder');
    const blocked = join(dir, 'home', 'progress.json');
    const store = await openProgress({ file: blocked });
    expect(store.warning).toBe(`progress cannot be saved: ${join(dir, 'home')} is not writable (ENOTDIR); results of this run will be lost`);
    await expect(store.recordAttempt(attempt('s1', 1))).rejects.toThrow(/^progress could not be saved to .*progress\.json \((EEXIST|ENOTDIR)\)$/);
    expect(store.problem()).toMatch(/^progress could not be saved to /);
    expect(store.listAttempts()).toHaveLength(1);
  });
});
