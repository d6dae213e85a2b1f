/**
 * Verifying a scenario file: load it (its errors as file:line:col), then
 * judge the scenario. Light on purpose: the CLI passes a judge that runs on
 * the simulation bundle (src/cli/simulation.ts), tests and the sources pass
 * verify.ts's own, and the YAML parser and schemas load only for a file that
 * is not a shipped one the build validated.
 */
import type { Scenario } from '../scenario/schema.js';
import { loadCheckedScenarioFile } from '../scenario/load-checked.js';

/** The verdict on one scenario file. */
export interface VerifyResult {
  file: string;
  id?: string;
  ok: boolean;
  /** What is wrong, one sentence each. */
  problems: string[];
}

/** Verifies one scenario file with `judge`, which returns the problems it finds in the loaded scenario. */
export async function verifyFileWith(file: string, judge: (scenario: Scenario) => Promise<string[]>): Promise<VerifyResult> {
  const loaded = await loadCheckedScenarioFile(file);
  if (!loaded.ok) {
    const { formatError } = await import('../scenario/load.js');
    return { file, ok: false, problems: loaded.errors.map(formatError) };
  }
  const problems = await judge(loaded.scenario);
  return { file, id: loaded.scenario.metadata.id, ok: problems.length === 0, problems };
}
