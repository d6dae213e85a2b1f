/**
 * The command contract: every command (kubectl, grep, crictl, ...) is a module
 * that parses its own arguments and returns an ExecResult computed from
 * simulated state. Bad input is a normal result with the real tool's message
 * and exit code, never a throw.
 */
import type { ApiClient } from '../cluster/apiserver/types.js';
import type { NodeHandle } from '../cluster/cluster.js';
import type { DialFailure, Network } from '../cluster/network/network.js';
import type { CommandBudget } from './budget.js';
import type { Impersonation } from '../cluster/apiserver/impersonation.js';

/** What a command run produced. */
export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /**
   * Set when the command was asked to follow (`journalctl -f`, `kubectl logs -f`,
   * `kubectl get -w`) and the context allows it (`ctx.canFollow`): the command has
   * printed its first output and keeps running until interrupted.
   */
  follow?: FollowCursor;
  /**
   * The same output in the order it was written, when the streams interleave
   * (`rollout status` prints its waiting lines, then its error). When absent,
   * stderr is taken to come first.
   */
  chunks?: readonly { readonly fd: 1 | 2; readonly text: string }[];
  /**
   * Set by `less`/`more` when the terminal is interactive (`ctx.canFollow`):
   * its stdout is shown through this pager when it reaches the terminal; piped
   * or redirected, it is plain text, as a pager whose stdout is not a tty copies.
   */
  page?: PagerRequest;
}

/** How an interactive pager shows its stdout on the terminal. */
export interface PagerRequest {
  readonly pager: 'less' | 'more';
  /** The file shown (less names it on its first screen, more shows a percentage); absent for a pipe. */
  readonly file?: string;
}

/**
 * A running command's further output. The command stays a pure function of
 * simulated state: the terminal calls `next()` as simulated time passes and
 * shows whatever was produced since the previous call ('' when nothing was).
 */
export interface FollowCursor {
  /** Output produced since the last call (or since the command's first output). */
  next(): string;
  /** The command was interrupted or its output is not followed: release what it holds (a watch). */
  stop?(): void;
  /**
   * Set once the command ended by itself (`kubectl rollout status` saw the
   * rollout finish or time out): its exit status. Undefined while it runs.
   */
  exitCode?(): number | undefined;
}

/** What the simulated cluster offers to commands (implemented by src/cluster/cluster.ts). */
export interface ClusterView {
  /** The simulated wall clock (ms since the epoch), as the cluster sees it. */
  now(): number;
  /** An API client with the learner's kubeconfig credentials; with `impersonate`, asking to act as that user (kubectl --as). */
  adminClient(impersonate?: Impersonation): ApiClient;
  /** Names of the cluster's nodes (hosts one can ssh to). */
  nodeNames(): string[];
  /** Advances the simulation by `ms` of simulated time. */
  advance(ms: number): void;
  /**
   * A node's machine (files, units, journal, clock, runtime, kubelet) for
   * node-side commands; undefined for unknown names. Optional so that test
   * doubles of the view need not build nodes.
   */
  node?(name: string): NodeHandle | undefined;
  /** The cluster's network (hosts, pods, packet filters) for tools that connect: curl on a node or the workstation. */
  net?(): Network;
  /**
   * A generated-name suffix (apimachinery rand.String) drawn from the
   * cluster's seeded random source, for names clients make up themselves
   * (`kubectl debug`'s node-debugger-NODE-xxxxx). Optional for test doubles.
   */
  nameSuffix?(length: number): string;
  /**
   * Dials the API server the kubeconfigs name from the workstation
   * (undefined) or a node's host: undefined when it connects, else how it
   * failed. Optional for test doubles (they always connect).
   */
  dialApiServer?(from: string | undefined): DialFailure | undefined;
  /** The API server's address in the kubeconfigs (`server: https://IP:PORT`). */
  readonly apiServerAddress?: { readonly ip: string; readonly port: number };
}

/** Everything a running command may use. */
export interface CommandContext {
  /** The simulated cluster. */
  readonly cluster: ClusterView;
  /** Host the shell is on: `workstation` (the learner's machine) or a node name after `ssh`. */
  readonly host: string;
  /** Text piped into the command ('' when none). */
  readonly stdin: string;
  /** Environment variables (HOME, USER, EDITOR, KUBECONFIG ...). */
  readonly env: Readonly<Record<string, string>>;
  /**
   * Opens an editor on `text` like kubectl edit does with $EDITOR; resolves to the
   * saved text, or undefined when the edit was cancelled or no editor is available.
   */
  readonly openEditor?: (text: string, options?: EditorOptions) => Promise<string | undefined>;
  /** Session hooks for commands that change the shell itself (`ssh`, `exit`). */
  readonly shell?: ShellControl;
  /**
   * The terminal can show a command that keeps running (the interactive TUI):
   * following commands then return a {@link FollowCursor}. False or absent in
   * `kubedrill exec`, line mode and scripts, where `-f` prints and returns.
   */
  readonly canFollow?: boolean;
  /**
   * Steps, time, output and string sizes the command may use (src/commands/budget.ts);
   * interpreters count against it and throw BudgetExceeded when it runs out.
   * Absent in test doubles: commands then use a fresh default budget.
   */
  readonly budget?: CommandBudget;
}

/** How an editor is opened on a buffer. */
export interface EditorOptions {
  /**
   * The extension of the file being edited (`conf`, `yaml`), so the editor's temporary file has it too
   * and the editor highlights it; kubectl edit's buffers are `.yaml` when absent.
   */
  readonly extension?: string;
}

/** What `ssh`, `exit` and `kubectl exec -it` may change in the interactive shell. */
export interface ShellControl {
  enterHost(host: string): void;
  leaveHost(): boolean;
  /**
   * Opens an interactive shell inside a container (`kubectl exec -it pod --
   * sh`): the learner's next lines run there until its `exit`. Absent where no
   * terminal could be attached (a command run on its own).
   */
  enterContainer?(shell: ContainerShell): void;
}

/** What one command run inside a container gave, and whether the shell's session ended with it. */
export interface ContainerRun {
  readonly result: ExecResult;
  /** The container (or its pod) is gone: the session is over, with `result` as its last words. */
  readonly ended?: boolean;
}

/**
 * A shell running inside a container, attached to the learner's terminal
 * through the API server and the kubelet. The interactive shell parses each
 * line; this runs its commands in the container and speaks for the container's
 * shell (its prompt, its words for a missing command, what its exit prints).
 */
export interface ContainerShell {
  /** Where its files live in the session's file map (a name no host has). */
  readonly host: string;
  /** The container's environment (HOSTNAME, PATH, HOME, its spec's variables). */
  readonly env: Readonly<Record<string, string>>;
  /** The prompt the shell shows in directory `cwd`. */
  prompt(cwd: string): string;
  /** Does the image have the executable `name`? */
  has(name: string): boolean;
  /** The shell's answer to a command the image lacks, for the `line`-th line typed into it. */
  notFound(name: string, line: number): ExecResult;
  /** The shell's answer to `cd` into a directory it cannot enter on the `line`-th line (undefined: it can). */
  cannotEnter(dir: string, line: number): ExecResult | undefined;
  /** Runs `argv` in the container, starting in the shell's working directory `cwd`. */
  run(argv: readonly string[], cwd: string): ContainerRun;
  /** What the shell and kubectl print when the shell exits with `status` (and any clean-up, e.g. `--rm`). */
  exit(status: number): ExecResult;
}

/**
 * How a command's output relates to the simulated state, for evidence
 * (src/grading/evidence.ts): `observes` tools read it (kubectl, journalctl,
 * crictl ...), so what they print is observed; a `filter` (grep, awk, head,
 * cat, tee ...) only transforms its stdin and the files it reads, so its
 * output is observed when those were.
 */
export type OutputProvenance = 'observes' | 'filter';

/** A command module. */
export interface Command {
  /** The name it is invoked by, e.g. `kubectl`. */
  readonly name: string;
  execute(args: readonly string[], ctx: CommandContext): ExecResult | Promise<ExecResult>;
}

/** Helpers to build results. */
export const ok = (stdout: string): ExecResult => ({ stdout, stderr: '', exitCode: 0 });
export const fail = (stderr: string, exitCode = 1, stdout = ''): ExecResult => ({ stdout, stderr, exitCode });
