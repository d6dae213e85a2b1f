/**
 * Writes scenarios/scenario.schema.json and scenarios/quiz.schema.json from the
 * zod schemas, so editors can validate and autocomplete scenario files and quiz
 * banks. Run: `npx tsx scripts/generate-schema.ts` (add `--check` to fail
 * instead of writing when a committed file is stale). A test asserts each
 * committed file equals a fresh generation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { scenarioSchema } from '../src/scenario/schema.js';
import { quizBankSchema } from '../src/quiz/schema.js';

/** Where the generated scenario JSON Schema lives, relative to the repository root. */
export const SCHEMA_FILE = 'scenarios/scenario.schema.json';

/** Where the generated quiz bank JSON Schema lives, relative to the repository root. */
export const QUIZ_SCHEMA_FILE = 'scenarios/quiz.schema.json';

/** JSON Schema of a zod schema, as committed: authors' view (input), draft 2020-12. */
function toJsonSchema(schema: z.core.$ZodType, id: string, title: string): string {
  const json = z.toJSONSchema(schema, {
    // Describe what authors write: defaults make fields optional, transforms are invisible.
    io: 'input',
    target: 'draft-2020-12',
    override: (ctx) => {
      const s = ctx.jsonSchema as Record<string, unknown>;
      // A goal item holds exactly one predicate; zod expresses that as a refinement, JSON Schema as bounds.
      if (s.properties && 'podsReady' in (s.properties as object) && 'not' in (s.properties as object)) {
        s.minProperties = 1;
        s.maxProperties = 1;
      }
    },
  }) as Record<string, unknown>;
  const out = { $schema: json.$schema, $id: id, title, ...json };
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** The JSON Schema text for scenario files, exactly as committed (2-space JSON, trailing newline). */
export function generateScenarioJsonSchema(): string {
  return toJsonSchema(scenarioSchema(), 'https://kubedrill.dev/schemas/scenario-v1.json', 'kubedrill scenario (kubedrill/v1)');
}

/** The JSON Schema text for quiz banks, exactly as committed. */
export function generateQuizJsonSchema(): string {
  return toJsonSchema(quizBankSchema(), 'https://kubedrill.dev/schemas/quiz-bank-v1.json', 'kubedrill quiz bank (kubedrill/v1)');
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const targets: [string, string][] = [
    [SCHEMA_FILE, generateScenarioJsonSchema()],
    [QUIZ_SCHEMA_FILE, generateQuizJsonSchema()],
  ];
  for (const [file, fresh] of targets) {
    const target = join(root, file);
    if (process.argv.includes('--check')) {
      let current = '';
      try {
        current = readFileSync(target, 'utf8');
      } catch {
        // missing counts as stale
      }
      if (current !== fresh) {
        process.stderr.write(`${file} is stale; run: npx tsx scripts/generate-schema.ts\n`);
        process.exitCode = 1;
      }
      continue;
    }
    writeFileSync(target, fresh);
    process.stdout.write(`wrote ${file}\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
