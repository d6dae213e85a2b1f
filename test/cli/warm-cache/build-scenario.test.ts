/**
 * The builder loads the scenario for the snapshot process (which runs the
 * simulation bundle, without validator): it checks the bytes against the
 * key's digest, validates them, and hands them on as JSON only if JSON
 * carries them whole.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { scenarioForBuild, wholeJson } from '../../../src/cli/warm-cache/build-scenario.js';
import { scenarioDigest } from '../../../src/cli/warm-cache/key.js';
import { loadValidScenarioFile } from '../../../src/scenario/validate.js';

const CPU = resolve('scenarios/scheduling/pending-insufficient-cpu.yaml');
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'kd-build-scenario-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const orderFor = (file: string, digest = scenarioDigest(readFileSync(file))) => ({ key: 'k', file, digest, seed: undefined });

describe('scenarioForBuild', () => {
  it('gives the validated scenario as JSON that parses back to exactly what validation gives', async () => {
    const r = await scenarioForBuild(orderFor(CPU));
    const loaded = loadValidScenarioFile(CPU);
    if (!r.ok || !loaded.ok) throw new Error('expected both to load');
    expect(isDeepStrictEqual(JSON.parse(r.json), loaded.scenario)).toBe(true);
  });

  it('refuses bytes other than those the key was computed from', async () => {
    expect(await scenarioForBuild(orderFor(CPU, scenarioDigest('something else')))).toEqual({ ok: false, why: 'the scenario changed while its cluster was being warmed up' });
  });

  it('refuses a scenario that does not validate, and one it cannot read', async () => {
    const bad = join(work, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: kubedrill/v1\nkind: Scenario\nmetadata: {id: bad}\n');
    expect(await scenarioForBuild(orderFor(bad))).toEqual({ ok: false, why: 'the scenario does not validate' });
    expect(await scenarioForBuild({ key: 'k', file: join(work, 'missing.yaml'), digest: scenarioDigest(''), seed: undefined })).toEqual({ ok: false, why: 'cannot read the scenario' });
  });
});

describe('wholeJson', () => {
  it('passes plain data', () => {
    expect(wholeJson({ a: [1, 'x', null, { b: true }] })).toBe('{"a":[1,"x",null,{"b":true}]}');
  });

  it('refuses what JSON would change: NaN, Infinity, -0, an undefined member, a Date, a null-prototype record', () => {
    for (const v of [{ a: Number.NaN }, { a: Infinity }, { a: -0 }, { a: undefined }, { a: new Date(0) }, Object.assign(Object.create(null), { a: 1 }), undefined]) {
      expect(wholeJson(v)).toBeUndefined();
    }
  });
});
