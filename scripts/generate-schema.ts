/**
 * Writes scenarios/scenario.schema.json from the zod scenario schema, so editors
 * can validate and autocomplete scenario files. Run: `npx tsx scripts/generate-schema.ts`
 * (add `--check` to fail instead of writing when the committed file is stale).
 * A test asserts the committed file equals a fresh generation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { scenarioSchema } from '../src/scenario/schema.js';

/** Where the generated JSON Schema lives, relative to the repository root. */
export const SCHEMA_FILE = 'scenarios/scenario.schema.json';

/** The JSON Schema text for scenario files, exactly as committed (2-space JSON, trailing newline). */
export function generateScenarioJsonSchema(): string {
  const json = z.toJSONSchema(scenarioSchema(), {
    // Describe what authors write: defaults make fields optional, transforms are invisible.
    io: 'input',
    target: 'draft-2020-12',
    override: (ctx) => {
      const schema = ctx.jsonSchema as Record<string, unknown>;
      // A goal item holds exactly one predicate; zod expresses that as a refinement, JSON Schema as bounds.
      if (schema.properties && 'podsReady' in (schema.properties as object) && 'not' in (schema.properties as object)) {
        schema.minProperties = 1;
        schema.maxProperties = 1;
      }
    },
  }) as Record<string, unknown>;
  const out = {
    $schema: json.$schema,
    $id: 'https://kubedrill.dev/schemas/scenario-v1.json',
    title: 'kubedrill scenario (kubedrill/v1)',
    ...json,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const target = join(root, SCHEMA_FILE);
  const fresh = generateScenarioJsonSchema();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== fresh) {
      process.stderr.write(`${SCHEMA_FILE} is stale; run: npx tsx scripts/generate-schema.ts\n`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(target, fresh);
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
