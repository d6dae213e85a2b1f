/**
 * `kubedrill validate`: scenario ids are unique across the shipped scenarios
 * and the files named on the command line; the later file is refused at its
 * `metadata.id`, naming the first.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateCommand } from '../../src/cli/validate.js';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { sink } from '../helpers/sink.js';

const ID = 'pending-insufficient-cpu';
const SOURCE = scenarioFilesIn(shippedScenariosDir()).find((f) => f.endsWith(`/${ID}.yaml`))!;
const TEXT = readFileSync(SOURCE, 'utf8');
/** 1-based line and column of the value of `metadata.id` in the shipped file's layout. */
const idLine = TEXT.split('\n').findIndex((l) => /^  id: /.test(l)) + 1;
let dir: string;

const write = (sub: string, name: string, text: string) => {
  mkdirSync(join(dir, sub), { recursive: true });
  const file = join(dir, sub, `${name}.yaml`);
  writeFileSync(file, text);
  return file;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kubedrill-validate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(paths: string[]): { code: number; out: string; err: string } {
  const out = sink();
  const err = sink();
  const code = validateCommand(paths, out, err);
  return { code, out: out.text(), err: err.text() };
}

describe('kubedrill validate: duplicate scenario ids', () => {
  it('refuses a file that reuses a shipped scenario id, at its metadata.id, naming the shipped file', () => {
    expect(idLine).toBeGreaterThan(0);
    const copy = write('mine', ID, TEXT);
    const r = run([copy]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(`${copy}:${idLine}:7: metadata.id: duplicate scenario id "${ID}" (already used by ${SOURCE})\n`);
  });

  it('among the files named, the first keeps the id and the later one is refused', () => {
    const text = TEXT.replace(`id: ${ID}`, 'id: my-new-case');
    const first = write('a', 'my-new-case', text);
    const second = write('b', 'my-new-case', text);
    const r = run([first, second]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(`${first}: ok\n`);
    expect(r.err).toBe(`${second}:${idLine}:7: metadata.id: duplicate scenario id "my-new-case" (already used by ${first})\n`);
  });

  it('the shipped file itself, and the same file named twice, are fine', () => {
    const r = run([SOURCE, SOURCE]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });
});
