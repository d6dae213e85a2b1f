/**
 * `kubedrill progress --reset` asks before it forgets (on a terminal only y or
 * yes does), refuses without a terminal unless --yes, and keeps the old file
 * beside the new one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressCommand } from '../../src/cli/progress.js';
import { openProgress } from '../../src/progress/store.js';
import { withProgressHome } from '../helpers/progress-home.js';
import { sink } from '../helpers/sink.js';

const NOW = Date.UTC(2026, 11, 2, 12, 30, 0);
const attempt = { scenarioId: 'imagepull-wrong-tag', startedAt: 'a', finishedAt: 'b', score: 9, maxScore: 10, hintsUsed: 1, parts: [] };

/** A terminal stdin on which the learner types `typed` (or closes it, when undefined). */
function terminal(typed: string | undefined): PassThrough & { isTTY: boolean } {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  if (typed === undefined) input.end();
  else input.write(typed);
  return input;
}

async function reset(options: { yes?: boolean }, input: (PassThrough & { isTTY?: boolean }) | undefined) {
  const out = sink();
  const err = sink();
  const code = await progressCommand({ reset: true, ...options }, { out, err, input, now: () => NOW });
  return { code, out: out.text(), err: err.text() };
}

const BACKUP = 'progress.json.reset-2026-12-02T12-30-00-000Z';

describe('kubedrill progress --reset', () => {
  for (const typed of ['y\n', 'YES\n', ' yes \n']) {
    it(`forgets after ${JSON.stringify(typed)}, keeping the old file beside the new`, async () => {
      await withProgressHome([attempt], async (home) => {
        const before = readFileSync(join(home, 'progress.json'), 'utf8');
        const r = await reset({}, terminal(typed));
        expect(r.err).toBe(`Forget all progress in ${home}/progress.json? [y/N] `);
        expect(r.out).toBe(`Progress forgotten; the old file is kept as ${home}/${BACKUP}\n`);
        expect(r.code).toBe(0);
        expect(readFileSync(join(home, BACKUP), 'utf8')).toBe(before);
        expect(existsSync(join(home, 'progress.json'))).toBe(false);
        expect((await openProgress()).listAttempts()).toEqual([]);
      });
    });
  }

  for (const typed of ['\n', 'n\n', 'yep\n', undefined]) {
    it(`keeps everything after ${typed === undefined ? 'end of input' : JSON.stringify(typed)}`, async () => {
      await withProgressHome([attempt], async (home) => {
        const before = readFileSync(join(home, 'progress.json'), 'utf8');
        const r = await reset({}, terminal(typed));
        expect(r.out).toBe(`Progress kept in ${home}/progress.json.\n`);
        expect(r.code).toBe(0);
        expect(readFileSync(join(home, 'progress.json'), 'utf8')).toBe(before);
        expect(readdirSync(home)).toEqual(['progress.json']);
      });
    });
  }

  it('refuses without a terminal to ask on, and resets with --yes', async () => {
    await withProgressHome([attempt], async (home) => {
      const piped = Object.assign(new PassThrough(), { isTTY: false });
      piped.end('y\n');
      const refused = await reset({}, piped);
      expect(refused.code).toBe(1);
      expect(refused.err).toBe(`kubedrill: not resetting ${home}/progress.json: stdin is not a terminal to ask on; add --yes to reset without asking\n`);
      expect(readdirSync(home)).toEqual(['progress.json']);

      const confirmed = await reset({ yes: true }, undefined);
      expect(confirmed).toEqual({ code: 0, out: `Progress forgotten; the old file is kept as ${home}/${BACKUP}\n`, err: '' });
      expect(readdirSync(home)).toEqual([BACKUP]);
    });
  });

  it('never overwrites an earlier backup, and has nothing to do without a file', async () => {
    await withProgressHome([attempt], async (home) => {
      await reset({ yes: true }, undefined);
      expect(await reset({ yes: true }, undefined)).toEqual({ code: 0, out: `No progress to forget: ${home}/progress.json does not exist.\n`, err: '' });
      await (await openProgress()).recordAttempt(attempt);
      await reset({ yes: true }, undefined);
      expect(readdirSync(home).sort()).toEqual([BACKUP, `${BACKUP}-1`]);
    });
  });
});
