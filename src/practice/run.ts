/**
 * A scenario run: a fresh simulated cluster built from a scenario and seed,
 * with the learner's shell on top, and the log of every command and what it
 * showed (for evidence and transcripts).
 */
import { createCluster, createClusterAsync, type Cluster } from '../cluster/cluster.js';
import type { WarmUpOptions as ClusterWarmUpOptions, WarmUpProgress } from '../cluster/warm-up.js';
import type { ApiClient } from '../cluster/apiserver/types.js';
import type { ClusterView, CommandContext } from '../commands/types.js';
import { createShellSession, type ShellExecResult, type ShellSession } from '../shell/session.js';
import { hostFiles } from '../shell/host-files.js';
import type { Scenario } from '../scenario/schema.js';
import { scenarioWorld, simulationSeed } from '../scenario/world.js';
import { factsSeen, type ObjectRead, type Observation } from '../grading/evidence.js';
import type { CommandRecord } from '../grading/types.js';

export type { CommandRecord };
import type { OutputChunk } from '../shell/pipeline.js';

/** What the command line now running displayed and read. */
interface Current {
  shown: string[];
  shownErr: string[];
  reads: ObjectRead[];
  podLogs: { namespace: string; name: string }[];
}

function emptyCurrent(): Current {
  return { shown: [], shownErr: [], reads: [], podLogs: [] };
}

export { COMMAND_STEP_MS } from './command-step.js';

/** Options of a run. */
export interface RunOptions {
  seed?: number;
  /** Editor hook for `kubectl edit` (the TUI suspends itself and runs $EDITOR). */
  openEditor?: CommandContext['openEditor'];
  /** Lines typed in earlier sessions (the history file), oldest first: the shell's `history` and `!n` see them. */
  history?: readonly string[];
  /** Expand `!!` and friends as an interactive bash does (the TUI); scripts run without. */
  historyExpansion?: boolean;
}

/** How far a run's warm-up is (src/cluster/warm-up.ts). */
export type { WarmUpProgress };

/** Options of {@link ScenarioRun.create}: progress of the warm-up and a way to stop it. */
export type WarmUpOptions = Omit<ClusterWarmUpOptions, 'sliceEvents'>;

/**
 * The scenario's cluster, warmed up synchronously to "now" with `seed` (the
 * scenario's own by default): what a new run starts from. `fold` false
 * replays the steady state event by event (the reference for tests).
 */
export function warmCluster(scenario: Scenario, seed: number = scenario.cluster.seed, fold = true): Cluster {
  const { world, timeline } = scenarioWorld(scenario);
  return createCluster(world, { seed: simulationSeed(scenario, seed), timeline, fold });
}

/** A live scenario: cluster + shell + command log. */
export class ScenarioRun {
  readonly cluster: Cluster;
  readonly shell: ShellSession;
  readonly log: CommandRecord[] = [];
  readonly seed: number;
  /**
   * Every API read so far, by key: a value shown later (a `cat` of a file
   * saved from `kubectl get -o yaml`) still comes from an object read.
   */
  private readonly reads = new Map<string, ObjectRead>();
  /** What the command line now running displayed and read, for its record. */
  private current: Current = emptyCurrent();

  /**
   * Builds the run; the cluster's warm-up runs here, synchronously, unless a
   * cluster already warmed up from this scenario and seed is given ({@link ScenarioRun.create}).
   */
  constructor(readonly scenario: Scenario, options: RunOptions = {}, warmed?: Cluster) {
    this.seed = options.seed ?? scenario.cluster.seed;
    this.cluster = warmed ?? warmCluster(scenario, this.seed);
    const cluster = this.cluster;
    const view: ClusterView = {
      now: () => cluster.now(),
      adminClient: (impersonate) => this.recordingClient(cluster.adminClient(impersonate)),
      nodeNames: () => cluster.nodeNames(),
      advance: (ms) => cluster.advance(ms),
      node: (name) => cluster.nodes.get(name),
      net: () => cluster.network,
      nameSuffix: (length) => cluster.random.kubeSuffix(length),
      dialApiServer: (from) => cluster.dialApiServer(from),
      apiServerAddress: cluster.apiServerAddress,
    };
    const openEditor = options.openEditor;
    this.shell = createShellSession({
      cluster: view,
      // The buffer kubectl edit opens is on the learner's screen, rendered from what kubectl read.
      openEditor: openEditor
        ? (text, editorOptions) => {
            this.current.shown.push(text);
            return openEditor(text, editorOptions);
          }
        : undefined,
      files: hostFiles(cluster),
      history: options.history,
      historyExpansion: options.historyExpansion,
      onOutput: (chunks) => this.noteOutput(chunks),
    });
  }

  /**
   * Builds a run with the warm-up in slices, reporting progress and giving the
   * event loop a turn between them (the TUI's spinner, Ctrl+C). Same cluster
   * as the constructor's.
   */
  static async create(scenario: Scenario, options: RunOptions & WarmUpOptions = {}): Promise<ScenarioRun> {
    const seed = options.seed ?? scenario.cluster.seed;
    const { world, timeline } = scenarioWorld(scenario);
    const cluster = await createClusterAsync(world, { seed: simulationSeed(scenario, seed), timeline, onProgress: options.onProgress, signal: options.signal });
    return new ScenarioRun(scenario, options, cluster);
  }

  /** An API client that notes the reads commands make (get, list, watch), for objectField evidence. */
  private recordingClient(client: ApiClient): ApiClient {
    const note = (resource: string, namespace: string | undefined, name?: string) => {
      this.current.reads.push(name === undefined ? { resource, namespace } : { resource, namespace, name });
    };
    return {
      create: (...a) => client.create(...a),
      update: (...a) => client.update(...a),
      updateStatus: (...a) => client.updateStatus(...a),
      patch: (...a) => client.patch(...a),
      delete: (...a) => client.delete(...a),
      raw: (...a) => client.raw(...a),
      podExec: (...a) => client.podExec(...a),
      waitedMs: () => client.waitedMs?.() ?? 0,
      podLogs: (namespace, name, opts) => {
        this.current.podLogs.push({ namespace, name });
        return client.podLogs(namespace, name, opts);
      },
      get: (resource, namespace, name) => {
        note(resource, namespace, name);
        return client.get(resource, namespace, name);
      },
      list: (resource, namespace, opts) => {
        note(resource, namespace);
        return client.list(resource, namespace, opts);
      },
      watch: (resource, namespace, rv, handler, opts) => {
        note(resource, namespace);
        return client.watch(resource, namespace, rv, handler, opts);
      },
    };
  }

  private noteOutput(chunks: readonly OutputChunk[]): void {
    this.written?.push(...chunks);
    for (const c of chunks) {
      if (c.observed !== true || c.text === '') continue;
      (c.fd === 1 ? this.current.shown : this.current.shownErr).push(c.text);
    }
  }

  /** Runs one command line on the current host and records it. */
  async exec(line: string): Promise<ShellExecResult & { host: string; chunks: readonly OutputChunk[] }> {
    const host = this.shell.host();
    const empty: Observation = { host, line, shown: [], shownErr: [], reads: [], podLogs: [] };
    const written: OutputChunk[] = [];
    this.written = written;
    let ran;
    try {
      ran = await this.observe(empty, () => this.shell.exec(line));
    } finally {
      this.written = undefined;
    }
    const { result, observation, seen } = ran;
    // `!!` is recorded as the line it ran.
    this.log.push({ host, line: result.expanded ?? line, output: result.output, exitCode: result.exitCode, at: this.cluster.now(), observation, seen });
    return { ...result, host, chunks: written.filter((c) => c.text !== '') };
  }

  /** What the line being run has written so far, to either stream, in order (exec's `chunks`). */
  private written: OutputChunk[] | undefined;

  /**
   * More of a command line still running in the foreground (`journalctl -f`, the
   * rest of a line after `rollout status`) reached the screen: `poll` fetches it,
   * and it extends the line's record, showing more evidence where it is observed.
   */
  async follow(record: CommandRecord, poll: () => Promise<string>): Promise<string> {
    const { result: text, observation, seen } = await this.observe(record.observation, poll);
    record.output += text;
    record.observation = observation;
    record.seen = record.seen.map((was, i) => was || seen[i]);
    return text;
  }

  /**
   * Runs `work` while noting what it displayed (with provenance) and read, and
   * judges the evidence facts against the state right after it.
   */
  private async observe<T>(before: Observation, work: () => Promise<T>): Promise<{ result: T; observation: Observation; seen: boolean[] }> {
    this.current = emptyCurrent();
    const result = await work();
    // Watch deliveries and other immediate reactions to the command happen now.
    this.cluster.queue.drain();
    const { shown, shownErr, reads, podLogs } = this.current;
    this.current = emptyCurrent();
    for (const r of reads) this.reads.set(`${r.resource}/${r.namespace ?? ''}/${r.name ?? ''}`, r);
    const observation: Observation = {
      ...before,
      shown: [...before.shown, ...shown],
      shownErr: [...before.shownErr, ...shownErr],
      reads: [...this.reads.values()],
      podLogs: [...(before.podLogs ?? []), ...podLogs],
    };
    // Judged with the system identity: what the facts are does not depend on the learner's credentials.
    return { result, observation, seen: factsSeen(this.scenario.evidence, observation, this.cluster.systemClient()) };
  }
}
