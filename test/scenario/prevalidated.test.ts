import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { prevalidatedName, prevalidatedScenario } from '../../src/scenario/prevalidated.js';
import { writePrevalidated } from '../../src/scenario/write-prevalidated.js';
import { loadValidScenarioText } from '../../src/scenario/validate.js';
import { loadCheckedScenarioFile } from '../../src/scenario/load-checked.js';

let folder: string;
let work: string;
const shipped = scenarioFilesIn(shippedScenariosDir());

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kd-prevalidated-'));
  folder = join(work, 'validated');
  writePrevalidated(shippedScenariosDir(), folder);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('shipped scenarios validated by the build', () => {
  it('writes one file per shipped scenario, named by the SHA-256 of its bytes', () => {
    expect(readdirSync(folder).sort()).toEqual(shipped.map((f) => prevalidatedName(readFileSync(f, 'utf8'))).sort());
  });

  it('gives back for each shipped file exactly what validating it gives', () => {
    for (const file of shipped) {
      const text = readFileSync(file, 'utf8');
      const validated = loadValidScenarioText(text, file);
      if (!validated.ok) throw new Error(`${file} does not validate`);
      expect(isDeepStrictEqual(prevalidatedScenario(text, file, folder), validated.scenario), file).toBe(true);
    }
  });

  it('knows nothing of other text: one byte more is validated in full', () => {
    const file = shipped[0]!;
    expect(prevalidatedScenario(`${readFileSync(file, 'utf8')}\n`, file, folder)).toBeUndefined();
  });

  it('still checks that the id is the file name: a shipped file copied under another name is not taken as valid', () => {
    const file = shipped[0]!;
    const text = readFileSync(file, 'utf8');
    expect(prevalidatedScenario(text, join(work, 'renamed.yaml'), folder)).toBeUndefined();
    const copy = join(work, 'renamed.yaml');
    copyFileSync(file, copy);
    const loaded = loadValidScenarioText(text, copy);
    expect(loaded.ok).toBe(false);
  });

  it('running from the sources (no build) validates everything, and reports errors as file:line:col', async () => {
    expect(prevalidatedScenario(readFileSync(shipped[0]!, 'utf8'), shipped[0]!)).toBeUndefined();
    const bad = join(work, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: kubedrill/v1\nkind: Scenario\nmetadata: {id: bad}\n');
    const loaded = await loadCheckedScenarioFile(bad);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.errors[0]).toMatchObject({ file: bad, line: expect.any(Number) });
    expect(await loadCheckedScenarioFile(join(work, 'missing.yaml'))).toEqual({ ok: false, errors: [{ file: join(work, 'missing.yaml'), line: 0, col: 0, message: 'cannot read scenario: no such file' }] });
  });
});
