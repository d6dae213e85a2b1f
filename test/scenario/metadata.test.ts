/**
 * The scenario list's cheap metadata read (src/scenario/metadata.ts) must
 * agree with the full loader: whatever it reads, js-yaml and the zod schema
 * read the same way; whatever it cannot read with certainty it leaves to them.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { catalogueEntryOf, checkMetadata, metadataBlocks, METADATA_API_VERSION, plainBlock } from '../../src/scenario/metadata.js';
import { SCENARIO_API_VERSION, scenarioSchema } from '../../src/scenario/schema.js';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { summarize } from '../../src/practice/practice.js';

const FILE = '/s/node-late.yaml';
const METADATA = ['metadata:', '  id: node-late', '  title: A node, late', '  difficulty: beginner', '  topics: [kubelet, nodes]', '  estimatedMinutes: 10'];
const scenarioText = (metadata: readonly string[] = METADATA, apiVersion = 'apiVersion: kubedrill/v1') =>
  ['# a comment', apiVersion, 'kind: Scenario', ...metadata, 'briefing: |', '  metadata: not this one', 'hints: [a]', ''].join('\n');

describe('catalogue entries from the metadata block alone', () => {
  it('reads every shipped scenario without a YAML parser, exactly as the full loader summarises it', async () => {
    const files = scenarioFilesIn(shippedScenariosDir());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const blocks = metadataBlocks(text)!;
      expect(plainBlock(blocks.metadata), file).toBeDefined();
      expect(plainBlock(blocks.apiVersion), file).toBeDefined();
      const full = loadValidScenarioFile(file);
      if (!full.ok) throw new Error(`${file} does not load`);
      expect(await catalogueEntryOf(text, file)).toEqual(summarize(full.scenario, file));
    }
  });

  it('understands the same format version as the schema', () => {
    expect(METADATA_API_VERSION).toBe(SCENARIO_API_VERSION);
  });

  it('reads a block scalar line that looks like a key as part of the text above it', async () => {
    expect(await catalogueEntryOf(scenarioText(), FILE)).toEqual({
      id: 'node-late',
      title: 'A node, late',
      difficulty: 'beginner',
      topics: ['kubelet', 'nodes'],
      estimatedMinutes: 10,
      file: FILE,
    });
  });

  it('reads a layout the plain reader declines (quotes, a block list, comments) through js-yaml', async () => {
    const metadata = ['metadata:', '  id: "node-late"  # quoted', "  title: 'Why: late?'", '  difficulty: beginner', '  topics:', '    - kubelet', '  estimatedMinutes: 10'];
    const blocks = metadataBlocks(scenarioText(metadata))!;
    expect(plainBlock(blocks.metadata)).toBeUndefined();
    expect(await catalogueEntryOf(scenarioText(metadata), FILE)).toMatchObject({ id: 'node-late', title: 'Why: late?', topics: ['kubelet'] });
  });

  it('leaves to the full loader what it cannot read with certainty', async () => {
    const cases: Record<string, string> = {
      'another format version': scenarioText(METADATA, 'apiVersion: kubedrill/v2'),
      'an id that is not the file name': scenarioText(METADATA.map((l) => l.replace('id: node-late', 'id: node-early'))),
      'an unknown difficulty': scenarioText(METADATA.map((l) => l.replace('beginner', 'hard'))),
      'an unknown field': scenarioText([...METADATA, '  author: me']),
      'minutes that are not a whole number': scenarioText(METADATA.map((l) => l.replace('10', '1.5'))),
      'a title YAML reads as a boolean': scenarioText(METADATA.map((l) => l.replace('A node, late', 'True'))),
      'an alias to an anchor elsewhere': scenarioText(METADATA.map((l) => l.replace('[kubelet, nodes]', '*topics'))),
      'metadata twice': scenarioText([...METADATA, ...METADATA]),
      'a top-level flow mapping': `{apiVersion: kubedrill/v1,\nmetadata: {id: node-late}}\n`,
      'several documents': `---\n${scenarioText()}`,
      'no metadata': 'apiVersion: kubedrill/v1\nkind: Scenario\n',
    };
    for (const [why, text] of Object.entries(cases)) expect(await catalogueEntryOf(text, FILE), why).toBeUndefined();
  });
});

describe('the plain block reader', () => {
  // Values built from pieces YAML types in surprising ways, so that both readers are exercised.
  const piece = fc.constantFrom('a', 'node', 'Node', 'x1', '1', '0', '07', '12', '1.5', '1e3', '0x1f', '-', '.', ',', ' ', '  ', ':', ': ', '#', ' #', "'", '"', '[', ']', '{', '}', '&', '*', '!', '?', '(', ')', '/', 'true', 'True', 'null', 'NULL', 'no', '~', '%', '@', '|', '>', '\t');
  const value = fc.array(piece, { minLength: 0, maxLength: 6 }).map((p) => p.join(''));
  const key = fc.constantFrom('id', 'title', 'topics', 'estimatedMinutes', 'difficulty', 'true', 'a1');
  const line = fc.tuple(fc.constantFrom('  ', '  ', '   ', ''), key, value).map(([indent, k, v]) => `${indent}${k}:${v === '' ? '' : ` ${v}`}`);
  const block = fc.oneof(
    fc.tuple(value).map(([v]) => [`apiVersion: ${v}`]),
    fc.array(fc.oneof(line, fc.constant(''), fc.constant('  # note')), { minLength: 0, maxLength: 6 }).map((lines) => ['metadata:', ...lines]),
  );

  it('returns only what js-yaml returns for the same lines', () => {
    let read = 0;
    fc.assert(
      fc.property(block, (lines) => {
        const plain = plainBlock(lines);
        if (plain === undefined) return;
        read++;
        expect(plain).toEqual(load(lines.join('\n')));
      }),
      { seed: 7, numRuns: 3000 },
    );
    // The generator must reach the reader's accepting side, or the property says nothing.
    expect(read).toBeGreaterThan(100);
  });
});

describe('the metadata check', () => {
  const schema = (scenarioSchema().shape as unknown as { metadata: { safeParse(v: unknown): { success: boolean; data?: unknown } } }).metadata;
  // Mostly valid fields, each sometimes wrong in a way the schema cares about.
  const often = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) => fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 });
  const kebab = fc.constantFrom('a', 'node', 'node-1', 'x9-y');
  const notKebab = fc.constantFrom('Node', '-x', 'x-', '', 'a b', 'a--b');
  const candidate = fc.record(
    {
      id: often(kebab, fc.oneof(notKebab, fc.integer())),
      title: often(fc.constantFrom('A title', 'x', 'Why: late?'), fc.constantFrom('', null, 3)),
      difficulty: often(fc.constantFrom('beginner', 'intermediate', 'advanced'), fc.constantFrom('hard', 'Beginner', 3)),
      topics: often(fc.array(kebab, { minLength: 1, maxLength: 3 }), fc.oneof(fc.constant([]), fc.array(notKebab, { minLength: 1, maxLength: 2 }), kebab)),
      estimatedMinutes: often(fc.integer({ min: 1, max: 600 }), fc.constantFrom(0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, '10', Infinity, NaN)),
      extra: fc.constant(true),
    },
    { requiredKeys: ['id', 'title', 'difficulty', 'topics', 'estimatedMinutes'] },
  );
  const maybeMissing = fc.tuple(candidate, fc.constantFrom(undefined, undefined, undefined, 'id', 'title', 'topics')).map(([m, drop]) => {
    const copy: Record<string, unknown> = { ...m };
    if (drop) delete copy[drop];
    return copy;
  });

  it('accepts only metadata the schema accepts, with the same result', () => {
    let accepted = 0;
    fc.assert(
      fc.property(maybeMissing, (m) => {
        const checked = checkMetadata(m);
        if (checked === undefined) return;
        accepted++;
        const full = schema.safeParse(m);
        expect(full.success).toBe(true);
        expect(checked).toEqual(full.data);
      }),
      { seed: 11, numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });
});
