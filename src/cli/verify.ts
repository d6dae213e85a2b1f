/** `kubedrill verify <path…>`: proves each scenario solvable and its evidence real. */
import { verifyScenarioFile } from '../scenario/verify.js';
import { expandScenarioPaths } from '../scenario/catalog.js';
import { stripControlSequences } from '../shell/sanitize.js';

/** Verifies scenario files; returns the exit code. */
export async function verifyCommand(paths: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const files = expandScenarioPaths(paths);
  if (files.length === 0) {
    err.write('kubedrill verify: no scenario files found\n');
    return 1;
  }
  let failed = 0;
  for (const file of files) {
    const r = await verifyScenarioFile(file);
    if (r.ok) out.write(`ok    ${r.id} (${file})\n`);
    else {
      failed++;
      err.write(`FAIL  ${r.id ?? file} (${file})\n`);
      // Problems quote command output: it reaches the terminal only through the sanitiser.
      for (const p of r.problems) err.write(`  - ${stripControlSequences(p)}\n`);
    }
  }
  out.write(`${files.length - failed} verified, ${failed} failed\n`);
  return failed ? 1 : 0;
}
