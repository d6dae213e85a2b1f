/**
 * How soon V8 hands a hot function to its optimising compiler (TurboFan).
 * V8's default budget suits long-running servers; a kubedrill command runs a
 * simulation through a great deal of different code for a second or a few,
 * and TurboFan spent some 0.4 s of CPU on background threads in a 3-node
 * `exec` of about 1.2 s, without making the main thread faster. Eight times
 * the default budget leaves the optimiser to functions that stay hot, and
 * measured (CPU, medians, alternating runs): 3-node exec 1.26 -> 0.71 s,
 * 20 nodes 2.67 -> 1.58 s, 100 nodes 6.84 -> 6.2 s.
 *
 * Set just before the simulation's code is loaded (src/cli/simulation.ts):
 * the budget is read when a function's feedback is set up, so everything
 * loaded later gets it. It changes only when code is optimised, never what
 * it computes. Not earlier: Node's own modules come with a code cache,
 * which Node uses only while V8's cachedDataVersionTag (a hash of the
 * version and the flags) is the one it was made under, the defaults'. Any
 * flag changed, each module loaded after is compiled from source: loading
 * them all took 2.6 times the CPU (27 -> 70 ms). So the CLI, the TUI and the
 * Node modules the simulation needs load before the change, and the
 * warmed-cluster cache's processes start without flags (a snapshot loads
 * only under the flags it was built with) and raise the budget once their
 * standard streams are made.
 */
import { setFlagsFromString } from 'node:v8';

/** V8's default --interrupt-budget in Node 20 (V8 11.3), times eight. */
const INTERRUPT_BUDGET = 8 * 67_584;

/** The flags it sets. */
const TIERING_FLAGS: readonly string[] = [`--interrupt-budget=${INTERRUPT_BUDGET}`];

/** Raises the interrupt budget for this process. */
export function tuneTiering(): void {
  setFlagsFromString(TIERING_FLAGS.join(' '));
}
