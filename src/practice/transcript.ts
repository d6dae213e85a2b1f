/**
 * Golden transcripts: a fixed list of investigation commands run against a
 * scenario at its start, printed as `$ cmd` followed by the output. They
 * guard output fidelity and preview a scenario for instructors.
 */
import type { Scenario } from '../scenario/schema.js';
import { ScenarioRun, COMMAND_STEP_MS } from './run.js';

/** Commands every transcript starts with. */
export const STANDARD_COMMANDS = ['kubectl get nodes', 'kubectl get pods -A -o wide', 'kubectl get events'];

/** Runs command lines against a fresh run and renders the transcript. */
export async function renderTranscript(scenario: Scenario, lines: readonly string[], seed?: number): Promise<string> {
  return renderRunTranscript(new ScenarioRun(scenario, { seed }), lines);
}

/** Runs command lines against a run (however its cluster was warmed up) and renders the transcript. */
export async function renderRunTranscript(run: ScenarioRun, lines: readonly string[]): Promise<string> {
  const out: string[] = [];
  for (const line of lines) {
    const prompt = run.shell.prompt();
    const r = await run.exec(line);
    out.push(`${prompt}${line}`);
    if (r.output) out.push(r.output.endsWith('\n') ? r.output.slice(0, -1) : r.output);
    run.cluster.advance(COMMAND_STEP_MS);
  }
  return `${out.join('\n')}\n`;
}

/** The snapshot command list of a scenario: the standard commands, then its evidence commands on their hosts. */
export function snapshotCommands(scenario: Scenario): string[] {
  const lines = [...STANDARD_COMMANDS];
  let host = 'workstation';
  for (const e of scenario.evidence) {
    if (e.host !== host) {
      if (host !== 'workstation') lines.push('exit');
      if (e.host !== 'workstation') lines.push(`ssh ${e.host}`);
      host = e.host;
    }
    lines.push(e.command);
  }
  if (host !== 'workstation') lines.push('exit');
  return lines;
}
