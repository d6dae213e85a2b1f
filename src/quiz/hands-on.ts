/**
 * The cluster of a hands-on question: the named scenario's simulated cluster,
 * warmed up as `kubedrill exec` and play do, with the learner's shell on top.
 * Each command moves the simulated clock on as in line mode; a goal is judged
 * after giving the cluster time to act on the learner's change.
 */
import { COMMAND_STEP_MS, ScenarioRun } from '../practice/run.js';
import { evaluateGoal, type PredicateResult } from '../scenario/predicates.js';
import type { GoalPredicate, Scenario } from '../scenario/schema.js';

/** How long a goal check lets the simulation settle (controllers, kubelets, backoffs) before it judges. */
export const GOAL_SETTLE_MS = 120_000;

/** A hands-on question's live cluster. */
export interface HandsOnCluster {
  /** The shell prompt, e.g. `learner@workstation:~$ `. */
  prompt(): string;
  /** Runs one command line; its combined output and exit code. */
  exec(line: string): Promise<{ output: string; exitCode: number }>;
  /** Judges goal predicates, letting simulated time pass (up to {@link GOAL_SETTLE_MS}) until they all hold. */
  checkGoal(goal: readonly GoalPredicate[]): PredicateResult[];
}

/** Builds the scenario's cluster (the warm-up runs here) with the scenario's own seed. */
export function openHandsOn(scenario: Scenario): HandsOnCluster {
  const run = new ScenarioRun(scenario);
  const evaluate = (goal: readonly GoalPredicate[]) => evaluateGoal(run.cluster.adminClient(), goal, run.cluster.network);
  return {
    prompt: () => run.shell.prompt(),
    async exec(line) {
      const r = await run.exec(line);
      // Time passes between commands, as in `kubedrill exec` and line mode.
      run.cluster.advance(COMMAND_STEP_MS);
      return { output: r.output, exitCode: r.exitCode };
    },
    checkGoal(goal) {
      let results = evaluate(goal);
      for (let waited = 0; waited < GOAL_SETTLE_MS && !results.every((g) => g.holds); waited += 10_000) {
        run.cluster.advance(10_000);
        results = evaluate(goal);
      }
      return results;
    },
  };
}
