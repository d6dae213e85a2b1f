/**
 * What a front-end (the Ink TUI, the plain line mode) sees of one practice
 * attempt. The session owns the simulation; the UI is a view of it.
 */
import type { ScenarioSummary } from '../scenario/metadata.js';
import type { Diagnosis, GradePart, GradePartItem, GradeResult } from '../grading/types.js';
import type { Completion } from '../shell/complete.js';
import type { OutputPiece } from '../shell/session.js';

export type { ScenarioSummary, Completion, OutputPiece, Diagnosis, GradePart, GradePartItem, GradeResult };

/** One line of the terminal pane's scrollback. */
export interface TerminalEntry {
  /** The prompt shown before the command, e.g. `learner@workstation:~$ `. */
  prompt: string;
  command: string;
  /** stdout and stderr, in the order written. */
  output: string;
  exitCode: number;
  /**
   * The command keeps running (`journalctl -f` asked with `{ follow: true }`):
   * its further output comes from {@link PracticeSession.pollFollow} until
   * {@link PracticeSession.stopFollow}; `exitCode` is not final until then.
   */
  following?: boolean;
  /**
   * `output` in pieces when a pager wrote to the terminal (`less` asked with
   * `{ follow: true }`): the terminal shows each in turn, a paged one through its pager.
   */
  pieces?: readonly OutputPiece[];
  /** `clear` ran: the terminal clears the screen and its scrollback before showing `output`. */
  clearScreen?: boolean;
  /** The line as history expansion made it (`!!` → `kubectl get pods`), when it changed: what ran and what history keeps. */
  expanded?: string;
  /** History expansion failed (`!x: event not found`): nothing ran, and the line is not remembered. */
  expansionFailed?: boolean;
}

/** Options of {@link PracticeSession.exec}. */
export interface PracticeExecOptions {
  /**
   * The front-end can show a command that keeps running and interrupt it
   * with Ctrl+C (the TUI); without it `-f`/`-w` print once and return.
   */
  follow?: boolean;
}

/** A choice in the guided diagnosis: a component, and its causes. */
export interface DiagnosisComponent {
  id: string;
  label: string;
  causes: { id: string; label: string }[];
}

/** A snapshot of the session for rendering (immutable; a new object on every change). */
export interface PracticeSnapshot {
  prompt: string;
  /** The simulated clock, e.g. `Mon 30 Nov 2026 09:12:04 UTC`. */
  clock: string;
  hintsShown: string[];
  hintsLeft: number;
  /** The latest diagnosis recorded (the last of `diagnoses`). */
  diagnosis?: Diagnosis;
  /** Every diagnosis recorded, in order (at most `diagnosisCount`; reset clears them). */
  diagnoses: readonly Diagnosis[];
  /**
   * How many faults the scenario declares, each with its own diagnosis. Told
   * to the learner when it is more than one ("2 faults to find"): without it
   * they cannot know when to stop looking, and it names none of them.
   */
  diagnosisCount: number;
  /** The latest grade (the last of `grades`). */
  result?: GradeResult;
  /** Every grade of this attempt so far, oldest first ([] before the first; reset clears it). */
  grades: readonly GradeResult[];
}

/** One practice attempt, driven by a front-end. */
export interface PracticeSession {
  readonly scenario: ScenarioSummary;
  readonly briefing: string;
  /** Runs one command line; resolves with what the terminal should show. */
  exec(line: string, options?: PracticeExecOptions): Promise<TerminalEntry>;
  /**
   * Output the following command produced since the last call ('' when none
   * yet), or undefined when nothing is following. Call after each tick.
   */
  pollFollow(): Promise<string | undefined>;
  /** Tab completion of the word before `cursor` on the shell's current host; only reads (src/shell/complete.ts). */
  complete(line: string, cursor: number): Completion;
  /** Interrupts the following command (Ctrl+C); a no-op when none is. */
  stopFollow(): void;
  /**
   * Moves simulated time `ms` further (wall time following, in the TUI),
   * running at most `maxEvents` events now; true when the clock has caught
   * up. Time still owed carries over: `tick(0, n)` runs the next slice, and
   * a sliced tick runs the same events as a whole one. A front-end slices it
   * so a keystroke never waits for a whole second of simulation.
   */
  tick(ms: number, maxEvents?: number): boolean;
  /** Reveals the next hint, or undefined when none are left. */
  nextHint(): string | undefined;
  /** Restarts the scenario exactly as it began (same seed). */
  reset(): Promise<void>;
  diagnosisChoices(): DiagnosisComponent[];
  /**
   * Records a diagnosis: with `index`, replaces the one at that 0-based
   * position; without, appends it, or replaces the latest when the scenario's
   * `diagnosisCount` are already recorded (so a single-fault scenario revises
   * its one diagnosis, as before). Resolves with the position it took.
   * Throws a RangeError for an index that names no recorded diagnosis.
   */
  submitDiagnosis(diagnosis: Diagnosis, index?: number): number;
  /** Forgets the recorded diagnosis at a 0-based position; throws a RangeError when there is none. */
  removeDiagnosis(index: number): void;
  /** Forgets every recorded diagnosis. */
  clearDiagnoses(): void;
  /**
   * Grades the attempt as it stands. Not final: the learner may keep
   * investigating, revise the diagnosis and grade again, each extra grade
   * costing points (the `attempts` part); every grade is kept in `grades`.
   */
  grade(): GradeResult;
  /** External-store protocol for useSyncExternalStore. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): PracticeSnapshot;
}
