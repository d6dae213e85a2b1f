/**
 * `kubedrill list` and the home screen read each scenario's metadata block
 * only; a file that cannot be read that way is validated in full, and an
 * invalid scenario is still reported as file:line:col, at the latest when opened.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCatalogue, listShipped, listShippedEntries } from '../../src/cli/catalogue.js';
import { loadScenarioArg } from '../../src/cli/load.js';
import { listCommand } from '../../src/cli/list.js';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { sink } from '../helpers/sink.js';
import { withProgressHome } from '../helpers/progress-home.js';

const SOURCE = scenarioFilesIn(shippedScenariosDir()).find((f) => f.endsWith('/pending-insufficient-cpu.yaml'))!;
const ID = 'pending-insufficient-cpu';
let dir: string;
const write = (sub: string, text: string) => {
  const file = join(dir, sub, `${ID}.yaml`);
  rmSync(join(dir, sub), { recursive: true, force: true });
  mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(file, text);
  return file;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kubedrill-list-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the scenario catalogue', () => {
  it('lists a scenario whose metadata is fine but whose body is not, and opening it reports file:line:col', async () => {
    const text = readFileSync(SOURCE, 'utf8').replace(/^cluster:\n/m, 'cluster:\n  nodez: 3\n');
    const file = write('body', text);
    const [item] = await readCatalogue([file]);
    expect(item).toMatchObject({ ok: true, entry: { id: ID, title: 'The new checkout service never starts', file } });
    const opened = loadScenarioArg(file);
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+: cluster: unknown field "nodez"`, 'm'));
  });

  it('reports bad metadata with the full validator, as file:line:col', async () => {
    const file = write('meta', readFileSync(SOURCE, 'utf8').replace('difficulty: beginner', 'difficulty: hard'));
    const [item] = await readCatalogue([file]);
    expect(item?.ok).toBe(false);
    if (item && !item.ok) expect(item.errors).toEqual([expect.stringMatching(/:\d+:\d+: metadata\.difficulty: .*expected one of beginner, intermediate, advanced/)]);
  });

  it('validates in full, and lists, a valid file laid out in a way the metadata read declines', async () => {
    const file = write('marker', `---\n${readFileSync(SOURCE, 'utf8')}`);
    const [item] = await readCatalogue([file]);
    expect(item).toMatchObject({ ok: true, entry: { id: ID, difficulty: 'beginner', estimatedMinutes: 10, topics: ['scheduler', 'resources'] } });
  });

  it('lists an id once: a later file with the same id is left out and reported, naming the first', async () => {
    const first = write('one', readFileSync(SOURCE, 'utf8'));
    const second = write('two', readFileSync(SOURCE, 'utf8'));
    const { entries, errors } = await listShippedEntries([first, second]);
    expect(entries.map((e) => e.file)).toEqual([first]);
    expect(errors).toEqual([`${second}: metadata.id: duplicate scenario id "${ID}" (already used by ${first})`]);
  });

  it('shows every shipped scenario on the home screen', async () => {
    const ids = (await listShipped()).map((s) => s.id);
    expect(ids).toEqual(scenarioFilesIn(shippedScenariosDir()).map((f) => f.replace(/^.*\/|\.yaml$/g, '')));
  });
});

describe('kubedrill list', () => {
  it('prints the shipped scenarios with their best score', async () => {
    const attempt = { scenarioId: ID, startedAt: 'a', finishedAt: 'b', score: 70, maxScore: 100, hintsUsed: 0, parts: [] };
    await withProgressHome([attempt], async () => {
      const out = sink();
      const err = sink();
      expect(await listCommand({}, out, err)).toBe(0);
      expect(err.text()).toBe('');
      const lines = out.text().split('\n');
      expect(lines[0]).toMatch(/^ID +DIFFICULTY +MIN +BEST +TOPICS +TITLE$/);
      expect(lines.find((l) => l.startsWith(`${ID} `))).toMatch(/^pending-insufficient-cpu +beginner +10 +70\/100 +scheduler,resources +The new checkout service never starts$/);
      expect(lines.filter((l) => l !== '')).toHaveLength(scenarioFilesIn(shippedScenariosDir()).length + 1);
    });
  });
});
