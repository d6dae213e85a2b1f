/**
 * In non-interactive runs (exec, line mode, transcripts), each command moves
 * the simulated clock on by this much. A module of its own so that line mode
 * can read it without loading the simulation.
 */
export const COMMAND_STEP_MS = 5_000;
