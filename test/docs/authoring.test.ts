import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHORING_DOC, authoringSections, generatedKeys, renderAuthoringDoc } from '../../scripts/authoring-sections.js';
import { faultPrimitives } from '../../src/faults/registry.js';
import { EVIDENCE_FACTS, GOAL_PREDICATES } from '../../src/scenario/schema.js';

const ROOT = join(import.meta.dirname, '../..');
const guide = readFileSync(join(ROOT, AUTHORING_DOC), 'utf8');
const sections = authoringSections();

/** The text of the guide's `### heading` section, up to the next heading of level 2 or 3. */
function section(heading: string): string | undefined {
  const start = guide.indexOf(`\n### ${heading}\n`);
  if (start < 0) return undefined;
  const rest = guide.slice(start + 1);
  const end = rest.slice(4).search(/\n##+ /);
  return end < 0 ? rest : rest.slice(0, end + 4);
}

describe('docs/authoring.md, the author guide', () => {
  it('documents every registered fault type under its own heading, with its generated parameter table', () => {
    for (const name of Object.keys(faultPrimitives())) {
      const text = section(`\`${name}\``);
      // On failure: add a "### `<fault>`" section saying what the fault bends and what the learner sees,
      // followed by "<!-- generated:fault:<fault> -->" and "<!-- /generated:fault:<fault> -->", then run `npm run docs`.
      expect(text, `fault type ${name} is not documented in ${AUTHORING_DOC}`).toBeDefined();
      expect(text, `the section of fault ${name} lacks its generated parameter table`).toContain(`<!-- generated:fault:${name} -->`);
    }
  });

  it('lists every goal predicate and every kind of evidence', () => {
    const goal = sections.get('goal')!;
    for (const p of GOAL_PREDICATES) expect(goal, `goal predicate ${p}`).toContain(`- \`${p}\`:`);
    const evidence = sections.get('evidence')!;
    for (const f of EVIDENCE_FACTS) expect(evidence, `evidence fact ${f}`).toContain(`- \`${f}\``);
    for (const key of ['goal', 'evidence', 'image', 'catalog', 'kinds', 'fields']) expect(generatedKeys(guide)).toContain(key);
  });

  it('has every generated part current and no part the generator does not know (regenerate: npm run docs)', () => {
    for (const key of generatedKeys(guide)) expect(sections.has(key), `unknown generated part ${key}`).toBe(true);
    expect(renderAuthoringDoc(guide, sections) === guide, `${AUTHORING_DOC} is stale: run npm run docs`).toBe(true);
  });

  it('is linked from the README section on writing a scenario', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const writing = readme.slice(readme.indexOf('## Writing a scenario'));
    expect(writing.slice(0, writing.indexOf('\n## ', 5))).toContain('](docs/authoring.md)');
  });
});
