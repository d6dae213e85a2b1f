/**
 * `kubedrill verify <path…>`: proves each scenario solvable and its evidence
 * real, on warmed clusters from the cache (./warm-cache) where it can, else
 * warmed up here; both print the same. One file (an author's edit-verify
 * loop) starts building its snapshot in the background on its second miss. A run over many files uses the
 * snapshots it finds but builds none: after the first few scenarios this
 * process's JIT is warm, and a small cluster warms up here in about the time
 * two processes take to start from a snapshot (measured: seven scheduling
 * scenarios, 2.2 s of CPU in process against 7.2 s building their snapshots).
 */
import { expandScenarioPaths } from '../scenario/catalog.js';
import { stripControlSequences } from '../shell/sanitize.js';
import { verifyFromWarmCache } from './warm-cache/client.js';
import type { VerifyResult } from '../practice/verify-file.js';

/** Verifies scenario files; returns the exit code. */
export async function verifyCommand(paths: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const files = expandScenarioPaths(paths);
  if (files.length === 0) {
    err.write('kubedrill verify: no scenario files found\n');
    return 1;
  }
  let failed = 0;
  for (const file of files) {
    const r = await verifyFile(file, files.length === 1);
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

async function verifyFile(file: string, build: boolean): Promise<VerifyResult> {
  const cached = verifyFromWarmCache(file, { build });
  if (cached) return { file, id: cached.id, ok: cached.problems.length === 0, problems: cached.problems };
  const [{ verifyFileWith }, { loadSimulation }] = await Promise.all([import('../practice/verify-file.js'), import('./simulation.js')]);
  return verifyFileWith(file, async (scenario) => {
    const { simulation, saveCodeCache } = await loadSimulation();
    const problems = await simulation.verifyScenario(scenario);
    saveCodeCache();
    return problems;
  });
}
