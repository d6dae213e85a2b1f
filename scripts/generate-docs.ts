/**
 * Rewrites the generated parts of docs/authoring.md (authoring-sections.ts).
 * Run: `npx tsx scripts/generate-docs.ts` (`--check` fails instead of writing
 * when the guide is stale). A test asserts the committed guide is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTHORING_DOC, renderAuthoringDoc } from './authoring-sections.js';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', AUTHORING_DOC);
const current = readFileSync(file, 'utf8');
const fresh = renderAuthoringDoc(current);
if (process.argv.includes('--check')) {
  if (fresh !== current) {
    process.stderr.write(`${AUTHORING_DOC} is stale; run: npx tsx scripts/generate-docs.ts\n`);
    process.exitCode = 1;
  }
} else if (fresh !== current) {
  writeFileSync(file, fresh);
  process.stdout.write(`wrote ${AUTHORING_DOC}\n`);
}
