/** A ScenarioRun of an unshipped fixture, and a way to run a line on a given host of it. */
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { ScenarioRun } from '../../src/practice/run.js';

/** Starts a run of a fixture scenario file (throws when it does not load). */
export function startFixture(file: string): ScenarioRun {
  const loaded = loadValidScenarioFile(file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return new ScenarioRun(loaded.scenario);
}

/** Runs `line` on `host` (the workstation or a node, reached with ssh) and returns its output. */
export async function onHost(run: ScenarioRun, host: string, line: string): Promise<string> {
  if (run.shell.host() !== 'workstation') await run.exec('exit');
  if (host !== 'workstation') await run.exec(`ssh ${host}`);
  return (await run.exec(line)).output;
}

/** Runs `commands` in turn, each as the terminal shows it: the prompt and the line, then its output (without the last newline). */
export async function transcriptLines(run: ScenarioRun, ...commands: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const c of commands) {
    const prompt = run.shell.prompt();
    const r = await run.exec(c);
    out.push(`${prompt}${c}`, ...(r.output ? [r.output.replace(/\n$/, '')] : []));
  }
  return out;
}
