/**
 * How long a test that warms up a shipped scenario may take: vitest's 30 s
 * for the small ones, more for a scenario of hundreds of nodes, whose warm-up
 * takes minutes of CPU on a loaded 2-core machine until warm-up costs what
 * changed (issue 7). A time budget, not a performance target.
 */
import type { Scenario } from '../../src/scenario/schema.js';
import { clusterNodeCount } from '../../src/scenario/schema.js';

const BASE_MS = 30_000;
/** Per node beyond the first ten (a 300-node scenario gets about ten minutes). */
const PER_NODE_MS = 2_000;

/** The timeout for one test that builds `runs` clusters of the scenario. */
export function scenarioTestTimeout(scenario: Scenario, runs = 1): number {
  return BASE_MS + runs * Math.max(0, clusterNodeCount(scenario.cluster) - 10) * PER_NODE_MS;
}
