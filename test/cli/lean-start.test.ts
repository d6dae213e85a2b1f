/**
 * Start-up stays lean (PERFORMANCE.md): `kubedrill list` and loading the
 * play command (the home screen's path to its first frame) import neither the
 * zod schemas, the YAML parser, the simulation, Ink nor the lock library.
 * Each of those is mocked here with a factory that records being imported.
 */
import { describe, it, expect, vi } from 'vitest';
import { sink } from '../helpers/sink.js';
import { withProgressHome } from '../helpers/progress-home.js';

const imported = vi.hoisted(() => [] as string[]);
vi.mock('zod', () => (imported.push('zod'), {}));
vi.mock('js-yaml', () => (imported.push('js-yaml'), {}));
vi.mock('ink', () => (imported.push('ink'), {}));
vi.mock('proper-lockfile', () => (imported.push('proper-lockfile'), {}));
vi.mock('../../src/scenario/validate.js', () => (imported.push('validate'), {}));
vi.mock('../../src/practice/practice.js', () => (imported.push('practice'), {}));
vi.mock('../../src/practice/run.js', () => (imported.push('run'), {}));

describe('lean start-up', () => {
  it('`list` with a progress file reads no zod, YAML parser, simulation, Ink or lock library', async () => {
    const attempt = { scenarioId: 'imagepull-wrong-tag', startedAt: 'a', finishedAt: 'b', score: 9, maxScore: 10, hintsUsed: 1, parts: [{ name: 'fix', points: 9, max: 10 }] };
    await withProgressHome([attempt], async () => {
      const { listCommand } = await import('../../src/cli/list.js');
      const out = sink();
      expect(await listCommand({ json: true }, out, sink())).toBe(0);
      expect(JSON.parse(out.text())).toContainEqual(expect.objectContaining({ id: 'imagepull-wrong-tag', best: { score: 9, maxScore: 10 } }));
      expect(imported).toEqual([]);
    });
  });

  it('`progress` with scenario attempts reads none of them either (quiz banks load only when there are answers to place)', async () => {
    const attempt = { scenarioId: 'imagepull-wrong-tag', startedAt: 'a', finishedAt: '2026-12-01T09:00:00.000Z', score: 9, maxScore: 10, hintsUsed: 1, simulatedSeconds: 60, parts: [] };
    await withProgressHome([attempt], async () => {
      const { progressCommand } = await import('../../src/cli/progress.js');
      const out = sink();
      expect(await progressCommand({ json: true }, { out, err: sink(), now: () => Date.UTC(2026, 11, 2) })).toBe(0);
      expect(JSON.parse(out.text())).toMatchObject({ topics: [{ topic: 'images' }, { topic: 'kubelet' }, { topic: 'registry' }], streak: { days: 1 } });
      expect(imported).toEqual([]);
    });
  });

  it('loading the play command imports none of them either (they load when a scenario opens)', async () => {
    await import('../../src/cli/play.js');
    const { listShipped } = await import('../../src/cli/catalogue.js');
    expect((await listShipped()).length).toBeGreaterThan(0);
    expect(imported).toEqual([]);
  });

  it('loading `exec` (which a warmed cluster from the cache answers) imports none of them: they load only to warm up in process', async () => {
    await import('../../src/cli/exec.js');
    expect(imported).toEqual([]);
  });

  it("`exec`'s fast path (a warmed cluster answers the simple shapes) imports none of them either", async () => {
    await import('../../src/cli/exec-fast.js');
    expect(imported).toEqual([]);
  });

  it('the TUI (Ink and every screen) loads for the first frame without the simulation, the schemas or the YAML parser', async () => {
    await import('../../src/tui/render.js');
    expect(imported).toEqual(['ink']);
  });
});
