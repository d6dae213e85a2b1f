/**
 * The practice session a front-end drives: a scenario run plus hints,
 * diagnosis and grading, exposed as an external store for the TUI.
 */
import type { Diagnosis, DiagnosisComponent, GradeResult, PracticeExecOptions, PracticeSession, PracticeSnapshot, ScenarioSummary, TerminalEntry } from './types.js';
import type { ShellFollow } from '../shell/session.js';
import type { CommandRecord } from './run.js';
import { diagnosisItems } from '../scenario/model.js';
import type { Scenario } from '../scenario/schema.js';
import { ScenarioRun, type RunOptions, type WarmUpOptions } from './run.js';
import { TAXONOMY } from '../scenario/taxonomy.js';
import { evaluateGoal } from '../scenario/predicates.js';
import { chainTrace } from '../grading/chain-trace.js';
import { gradeAttempt } from '../grading/score.js';
import { summaryOf } from '../scenario/metadata.js';

/** The catalogue entry of a loaded scenario. */
export function summarize(scenario: Scenario, file: string): ScenarioSummary {
  return summaryOf(scenario.metadata, file);
}

/** Formats the simulated clock like `date` does: `Mon Nov 30 09:00:05 UTC 2026`. */
export function clockText(ms: number): string {
  const d = new Date(ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

/** Creates a practice session over a scenario (its cluster warmed up here, or given already warmed up by {@link openPracticeSession}). */
export function createPracticeSession(scenario: Scenario, file: string, options: RunOptions = {}, warmed?: ScenarioRun): PracticeSession {
  let run = warmed ?? new ScenarioRun(scenario, options);
  let startedAt = run.cluster.now();
  // Where the goal's request broke when the learner first looked (before anything they typed).
  let traceAtStart = chainTrace(run.cluster.adminClient(), scenario.goal, run.cluster.network);
  let hintsShown: string[] = [];
  let diagnoses: readonly Diagnosis[] = [];
  // Never more diagnoses than faults: grading takes each fault's best match, so a list of guesses must not pay.
  const diagnosisCount = diagnosisItems(scenario.diagnosis).length;
  let grades: readonly GradeResult[] = [];
  // The command still running in the foreground, and the log record its output extends.
  let following: { follow: ShellFollow; record: CommandRecord | undefined } | undefined;
  // Where a sliced tick is heading while it has not caught up.
  let owedUntil: number | undefined;
  const listeners = new Set<() => void>();
  let snapshot: PracticeSnapshot;

  const refresh = () => {
    snapshot = { prompt: run.shell.prompt(), clock: clockText(run.cluster.now()), hintsShown, hintsLeft: scenario.hints.length - hintsShown.length, diagnosis: diagnoses.at(-1), diagnoses, diagnosisCount, result: grades.at(-1), grades };
    for (const l of listeners) l();
  };
  refresh();

  const stop = (): void => {
    following?.follow.stop();
    following = undefined;
  };

  return {
    scenario: summarize(scenario, file),
    briefing: scenario.briefing.trim(),
    async exec(line: string, execOptions: PracticeExecOptions = {}): Promise<TerminalEntry> {
      stop();
      const prompt = run.shell.prompt();
      // The shell asks commands to follow only for a front-end that can show it.
      run.shell.setCanFollow(execOptions.follow === true);
      let r;
      try {
        r = await run.exec(line);
      } finally {
        run.shell.setCanFollow(false);
      }
      if (r.follow) following = { follow: r.follow, record: run.log[run.log.length - 1] };
      refresh();
      return {
        prompt,
        command: line,
        output: r.output,
        exitCode: r.exitCode,
        ...(r.follow ? { following: true } : {}),
        ...(r.clearScreen ? { clearScreen: true } : {}),
        ...(r.pieces ? { pieces: r.pieces } : {}),
        ...(r.expanded !== undefined ? { expanded: r.expanded } : {}),
        ...(r.expansionFailed ? { expansionFailed: true } : {}),
      };
    },
    complete(line: string, cursor: number) {
      return run.shell.complete(line, cursor);
    },
    async pollFollow() {
      const current = following;
      if (!current) return undefined;
      // What streamed by was on the learner's screen: observed output of it counts as evidence they saw.
      const text = current.record ? await run.follow(current.record, () => current.follow.next()) : await current.follow.next();
      run.cluster.queue.drain();
      // A job that ended by itself (`rollout status` done): the next poll finds nothing following.
      if (current.follow.exitCode() !== undefined && following === current) {
        following = undefined;
        refresh();
      }
      return text;
    },
    stopFollow() {
      stop();
      refresh();
    },
    tick(ms: number, maxEvents = Infinity) {
      // The time owed runs in slices that resume exactly where they stopped (EventQueue.runUntil).
      const target = (owedUntil ?? run.cluster.now()) + ms;
      const done = run.cluster.queue.runUntil(target, maxEvents);
      owedUntil = done ? undefined : target;
      // Drawn once the clock has caught up, not once per slice.
      if (done) refresh();
      return done;
    },
    nextHint() {
      const next = scenario.hints[hintsShown.length];
      if (next === undefined) return undefined;
      hintsShown = [...hintsShown, next];
      refresh();
      return next;
    },
    async reset() {
      stop();
      // The warm-up runs in slices, so a front-end keeps drawing (and queues what is typed) meanwhile.
      // The terminal's history outlives the cluster it was typed at.
      run = await ScenarioRun.create(scenario, { ...options, history: run.shell.history() });
      owedUntil = undefined;
      startedAt = run.cluster.now();
      traceAtStart = chainTrace(run.cluster.adminClient(), scenario.goal, run.cluster.network);
      hintsShown = [];
      diagnoses = [];
      grades = [];
      refresh();
    },
    diagnosisChoices(): DiagnosisComponent[] {
      return TAXONOMY.map((c) => ({ id: c.id, label: c.label, causes: c.causes.map((x) => ({ id: x.id, label: x.label })) }));
    },
    submitDiagnosis(d: Diagnosis, index?: number) {
      if (index !== undefined) checkIndex(index, diagnoses.length);
      const at = index ?? Math.min(diagnoses.length, diagnosisCount - 1);
      diagnoses = [...diagnoses.slice(0, at), d, ...diagnoses.slice(at + 1)];
      refresh();
      return at;
    },
    removeDiagnosis(index: number) {
      checkIndex(index, diagnoses.length);
      diagnoses = diagnoses.filter((_, i) => i !== index);
      refresh();
    },
    clearDiagnoses() {
      diagnoses = [];
      refresh();
    },
    grade(): GradeResult {
      const result = gradeAttempt({
        scenario,
        diagnosis: diagnoses,
        goal: evaluateGoal(run.cluster.adminClient(), scenario.goal, run.cluster.network),
        log: run.log,
        hintsUsed: hintsShown.length,
        simulatedSeconds: Math.round((run.cluster.now() - startedAt) / 1000),
        attempt: grades.length + 1,
      });
      const traced: GradeResult = { ...result, trace: { atStart: traceAtStart, now: chainTrace(run.cluster.adminClient(), scenario.goal, run.cluster.network) } };
      grades = [...grades, traced];
      refresh();
      return traced;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}

/**
 * {@link createPracticeSession} with the cluster's warm-up in slices, reporting
 * progress and stoppable: for a front-end that keeps drawing while it runs.
 */
export async function openPracticeSession(scenario: Scenario, file: string, options: RunOptions & WarmUpOptions = {}): Promise<PracticeSession> {
  return createPracticeSession(scenario, file, options, await ScenarioRun.create(scenario, options));
}

function checkIndex(index: number, length: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= length) {
    throw new RangeError(length === 0 ? 'no diagnosis is recorded' : `no diagnosis ${index + 1}: ${length} recorded`);
  }
}
