import type {
  Diagnosis,
  DiagnosisComponent,
  GradeResult,
  PracticeExecOptions,
  PracticeSession,
  PracticeSnapshot,
  ScenarioSummary,
  TerminalEntry,
  Completion,
} from '../../src/practice/types.js';

/** A scenario summary for tests. */
export function fakeScenario(overrides: Partial<ScenarioSummary> = {}): ScenarioSummary {
  return {
    id: 'node-notready',
    title: 'A node went NotReady overnight',
    difficulty: 'intermediate',
    topics: ['kubelet', 'certificates'],
    estimatedMinutes: 20,
    file: '/scenarios/node-notready.yaml',
    ...overrides,
  };
}

/** The grade a {@link FakeSession} returns unless told otherwise. */
export function fakeGrade(scenarioId = 'node-notready'): GradeResult {
  return {
    scenarioId,
    attempt: 1,
    score: 70,
    maxScore: 100,
    parts: [
      { name: 'diagnosis', points: 40, max: 40, explanation: 'You named the kubelet and its expired client certificate.' },
      { name: 'fix', points: 30, max: 40, explanation: 'node-2 is Ready, but checkout has 3 of 4 replicas available.' },
      { name: 'evidence', points: 10, max: 20, explanation: 'You never read the kubelet journal on node-2.' },
      { name: 'hints', points: -10, max: 0, explanation: 'Two hints used.' },
    ],
    explanation: 'The kubelet authenticates with a client certificate that expired.',
    simulatedSeconds: 600,
  };
}

const WORKSTATION = 'learner@workstation:~$ ';

/** Options of {@link FakeSession}. */
export interface FakeSessionOptions {
  /** `reset` resolves only once this does (a cluster warming up again). */
  resetGate?: Promise<void>;
  scenario?: ScenarioSummary;
  briefing?: string;
  /** Output per exact command line; other commands answer like bash's "command not found". */
  outputs?: Record<string, string>;
  hints?: string[];
  choices?: DiagnosisComponent[];
  grade?: GradeResult;
  /** When set, exec waits for this promise before answering. */
  gate?: Promise<void>;
  /**
   * Commands that follow when exec is asked to: per exact line, the output
   * each tick adds (one element per tick, then nothing).
   */
  follows?: Record<string, string[]>;
  /** How many faults (diagnoses) the scenario declares; 1 unless told. */
  diagnosisCount?: number;
  /**
   * What Tab completes: the candidates for the last word of a line, keyed by
   * the line before that word (`'kubectl get '` → pod names); filtered by the word's prefix.
   */
  completions?: Record<string, string[]>;
  /** Keep every grade in the snapshot (`grades`, with `attempt` numbers), as a revisable session does. */
  keepsGrades?: boolean;
}

/**
 * A scripted PracticeSession for UI tests: canned outputs, `ssh <host>` and
 * `exit` change the prompt, and every call is recorded.
 */
export class FakeSession implements PracticeSession {
  readonly scenario: ScenarioSummary;
  readonly briefing: string;
  readonly execCalls: string[] = [];
  /** Every diagnosis submitted, in call order (the snapshot holds what is recorded). */
  readonly diagnoses: Diagnosis[] = [];
  ticks = 0;
  resets = 0;
  /** How many times a following command was stopped (Ctrl+C). */
  stops = 0;
  /** The options of each exec call, in order. */
  readonly execOptions: PracticeExecOptions[] = [];
  /** Output of the following command not yet polled: per tick, and how many ticks have passed. */
  private following: { chunks: string[]; ticked: number; polled: number } | undefined;
  grades = 0;
  private snapshot: PracticeSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly options: FakeSessionOptions;
  private elapsedMs = 0;

  constructor(options: FakeSessionOptions = {}) {
    this.options = options;
    this.scenario = options.scenario ?? fakeScenario();
    this.briefing = options.briefing ?? 'The checkout team says half their pods were rescheduled. Find out why node-2 stopped.';
    this.snapshot = this.initialSnapshot();
  }

  private initialSnapshot(): PracticeSnapshot {
    return { prompt: WORKSTATION, clock: clockText(0), hintsShown: [], hintsLeft: this.options.hints?.length ?? 0, diagnoses: [], diagnosisCount: this.options.diagnosisCount ?? 1, grades: [] };
  }

  private set(next: Partial<PracticeSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    for (const l of [...this.listeners]) l();
  }

  async exec(line: string, options: PracticeExecOptions = {}): Promise<TerminalEntry> {
    this.execCalls.push(line);
    this.execOptions.push(options);
    this.following = undefined;
    const prompt = this.snapshot.prompt;
    if (this.options.gate) await this.options.gate;
    const follows = this.options.follows?.[line];
    if (follows && options.follow) {
      this.following = { chunks: follows, ticked: 0, polled: 0 };
      return { prompt, command: line, output: this.options.outputs?.[line] ?? '', exitCode: 0, following: true };
    }
    const ssh = /^ssh (\S+)$/.exec(line);
    if (ssh) {
      this.set({ prompt: `root@${ssh[1]}:~# ` });
      return { prompt, command: line, output: '', exitCode: 0 };
    }
    if (line === 'exit' && prompt !== WORKSTATION) {
      this.set({ prompt: WORKSTATION });
      return { prompt, command: line, output: 'logout\n', exitCode: 0 };
    }
    if (line === 'explode') throw new Error('simulated failure');
    const output = this.options.outputs?.[line];
    if (output !== undefined) return { prompt, command: line, output, exitCode: 0 };
    const word = line.split(' ')[0];
    return { prompt, command: line, output: `bash: ${word}: command not found\n`, exitCode: 127 };
  }

  /** Lines completion was asked for, with the cursor. */
  readonly completeCalls: { line: string; cursor: number }[] = [];

  complete(line: string, cursor: number): Completion {
    this.completeCalls.push({ line, cursor });
    const before = line.slice(0, cursor);
    const start = before.lastIndexOf(' ') + 1;
    const word = before.slice(start);
    const names = this.options.completions?.[before.slice(0, start)] ?? [];
    return { start, end: cursor, candidates: names.filter((n) => n.startsWith(word)).sort(), filenames: false };
  }

  async pollFollow(): Promise<string | undefined> {
    const f = this.following;
    if (!f) return undefined;
    const text = f.chunks.slice(f.polled, f.ticked).join('');
    f.polled = Math.max(f.polled, Math.min(f.ticked, f.chunks.length));
    return text;
  }

  stopFollow(): void {
    if (!this.following) return;
    this.stops++;
    this.following = undefined;
  }

  tick(ms: number, _maxEvents?: number): boolean {
    this.ticks++;
    if (this.following) this.following.ticked++;
    this.elapsedMs += ms;
    this.set({ clock: clockText(this.elapsedMs) });
    return true;
  }

  nextHint(): string | undefined {
    const hints = this.options.hints ?? [];
    const next = hints[this.snapshot.hintsShown.length];
    if (next === undefined) return undefined;
    this.set({ hintsShown: [...this.snapshot.hintsShown, next], hintsLeft: hints.length - this.snapshot.hintsShown.length - 1 });
    return next;
  }

  async reset(): Promise<void> {
    this.resets++;
    await this.options.resetGate;
    this.elapsedMs = 0;
    this.snapshot = this.initialSnapshot();
    for (const l of [...this.listeners]) l();
  }

  diagnosisChoices(): DiagnosisComponent[] {
    return this.options.choices ?? [];
  }

  submitDiagnosis(diagnosis: Diagnosis, index?: number): number {
    this.diagnoses.push(diagnosis);
    const recorded = this.snapshot.diagnoses;
    if (index !== undefined && (index < 0 || index >= recorded.length)) throw new RangeError(`no diagnosis ${index + 1}`);
    const at = index ?? Math.min(recorded.length, this.snapshot.diagnosisCount - 1);
    this.setDiagnoses([...recorded.slice(0, at), diagnosis, ...recorded.slice(at + 1)]);
    return at;
  }

  removeDiagnosis(index: number): void {
    if (index < 0 || index >= this.snapshot.diagnoses.length) throw new RangeError(`no diagnosis ${index + 1}`);
    this.setDiagnoses(this.snapshot.diagnoses.filter((_, i) => i !== index));
  }

  clearDiagnoses(): void {
    this.setDiagnoses([]);
  }

  private setDiagnoses(diagnoses: readonly Diagnosis[]): void {
    const latest = diagnoses.at(-1);
    this.snapshot = { ...this.snapshot, diagnoses };
    if (latest === undefined) delete (this.snapshot as { diagnosis?: Diagnosis }).diagnosis;
    this.set(latest === undefined ? {} : { diagnosis: latest });
  }

  grade(): GradeResult {
    this.grades++;
    const base = this.options.grade ?? fakeGrade(this.scenario.id);
    if (!this.options.keepsGrades) {
      this.set({ result: base, grades: [...this.snapshot.grades, base] });
      return base;
    }
    const result = { ...base, attempt: this.grades, score: base.score - 5 * (this.grades - 1) };
    this.set({ result, grades: [...this.snapshot.grades, result] });
    return result;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): PracticeSnapshot {
    return this.snapshot;
  }
}

/** A fixed simulated date moved on by `ms`, formatted like `date` prints. */
function clockText(ms: number): string {
  const base = Date.UTC(2026, 10, 30, 9, 12, 4);
  const d = new Date(base + ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
}

/** Diagnosis choices for tests. */
export const FAKE_CHOICES: DiagnosisComponent[] = [
  {
    id: 'scheduler',
    label: 'Scheduler',
    causes: [{ id: 'insufficient-resources', label: 'No node has room' }],
  },
  {
    id: 'kubelet',
    label: 'Kubelet',
    causes: [
      { id: 'stopped', label: 'The kubelet service is stopped' },
      { id: 'client-certificate-expired', label: 'Its client certificate expired' },
    ],
  },
];
