/**
 * A scenario run: a fresh simulated cluster built from a scenario and seed,
 * with the learner's shell on top, and the log of every command and what it
 * showed (for evidence and transcripts).
 */
import { createCluster, type Cluster } from '../cluster/cluster.js';
import type { ClusterView, CommandContext } from '../commands/types.js';
import { createShellSession, type ShellExecResult, type ShellSession } from '../shell/session.js';
import { hostFiles } from '../shell/host-files.js';
import type { Scenario } from './schema.js';
import { scenarioWorld } from './world.js';

/** One command the learner ran and what it showed. */
export interface CommandRecord {
  host: string;
  line: string;
  output: string;
  exitCode: number;
  /** Simulated time when it ran. */
  at: number;
}

/** In non-interactive runs, each command moves the clock on by this much. */
export const COMMAND_STEP_MS = 5_000;

/** Options of a run. */
export interface RunOptions {
  seed?: number;
  /** Editor hook for `kubectl edit` (the TUI suspends itself and runs $EDITOR). */
  openEditor?: CommandContext['openEditor'];
}

/** A live scenario: cluster + shell + command log. */
export class ScenarioRun {
  readonly cluster: Cluster;
  readonly shell: ShellSession;
  readonly log: CommandRecord[] = [];
  readonly seed: number;

  constructor(readonly scenario: Scenario, options: RunOptions = {}) {
    this.seed = options.seed ?? scenario.cluster.seed;
    const { world, timeline } = scenarioWorld(scenario);
    this.cluster = createCluster(world, { seed: this.seed, timeline });
    const cluster = this.cluster;
    const view: ClusterView = {
      now: () => cluster.now(),
      adminClient: () => cluster.adminClient(),
      nodeNames: () => cluster.nodeNames(),
      advance: (ms) => cluster.advance(ms),
      node: (name) => cluster.nodes.get(name),
    };
    this.shell = createShellSession({ cluster: view, openEditor: options.openEditor, files: hostFiles(cluster) });
  }

  /** Runs one command line on the current host and records it. */
  async exec(line: string): Promise<ShellExecResult & { host: string }> {
    const host = this.shell.host();
    const result = await this.shell.exec(line);
    // Watch deliveries and other immediate reactions to the command happen now.
    this.cluster.queue.drain();
    this.log.push({ host, line, output: result.output, exitCode: result.exitCode, at: this.cluster.now() });
    return { ...result, host };
  }
}
