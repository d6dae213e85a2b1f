/**
 * `kubedrill verify`: proves a scenario sound. On a fresh run the goal does
 * not hold; each declared fact of evidence is shown by its suggested command
 * (by the rule learners are graded by); and after the reference solution the
 * goal holds.
 */
import type { Scenario } from '../scenario/schema.js';
import { ScenarioRun, COMMAND_STEP_MS } from './run.js';
import { evaluateGoal } from '../scenario/predicates.js';
import { describeFact } from '../grading/evidence.js';

/** How long after the last solution command the goal may take to hold (the simulation reconciles). */
export const SETTLE_LIMIT_MS = 10 * 60_000;

/** Verifies a loaded scenario; returns the problems found. */
export async function verifyScenario(scenario: Scenario, seed?: number): Promise<string[]> {
  return [...(await checkStart(new ScenarioRun(scenario, { seed }))), ...(await checkSolution(new ScenarioRun(scenario, { seed })))];
}

/** The part of verify on a fresh run: the goal does not hold yet, and each fact of evidence is shown by its command. */
export async function checkStart(start: ScenarioRun): Promise<string[]> {
  const scenario = start.scenario;
  const problems: string[] = [];
  const initial = evaluateGoal(start.cluster.adminClient(), scenario.goal, start.cluster.network);
  if (initial.every((g) => g.holds)) problems.push('the goal already holds at the start: there is nothing to fix');

  // Each fact must be shown by its own suggested command, judged by the same rule as the learner's lines.
  for (const [i, e] of scenario.evidence.entries()) {
    if (e.host !== start.shell.host()) {
      if (start.shell.host() !== 'workstation') await start.exec('exit');
      if (e.host !== 'workstation') await start.exec(`ssh ${e.host}`);
    }
    const r = await start.exec(e.command);
    if (!start.log[start.log.length - 1].seen[i]) {
      problems.push(`evidence ${describeFact(e)} is not shown by \`${e.command}\` on ${e.host}:\n${indent(r.output)}`);
    }
  }

  return problems;
}

/** The part of verify on another fresh run: after the reference solution the goal holds. */
export async function checkSolution(fix: ScenarioRun): Promise<string[]> {
  const scenario = fix.scenario;
  const problems: string[] = [];
  for (const line of scenario.solution) {
    const r = await fix.exec(line);
    if (r.exitCode !== 0) problems.push(`solution step \`${line}\` failed (exit ${r.exitCode}):\n${indent(r.output)}`);
    fix.cluster.advance(COMMAND_STEP_MS);
  }
  let goal = evaluateGoal(fix.cluster.adminClient(), scenario.goal, fix.cluster.network);
  for (let waited = 0; waited < SETTLE_LIMIT_MS && !goal.every((g) => g.holds); waited += 10_000) {
    fix.cluster.advance(10_000);
    goal = evaluateGoal(fix.cluster.adminClient(), scenario.goal, fix.cluster.network);
  }
  for (const g of goal) if (!g.holds) problems.push(`after the solution the goal does not hold: ${g.description}`);
  return problems;
}

function indent(text: string): string {
  const lines = text.trimEnd().split('\n');
  const shown = lines.slice(0, 12).map((l) => `    ${l}`);
  if (lines.length > 12) shown.push(`    ... (${lines.length - 12} more lines)`);
  return shown.join('\n');
}
