/**
 * Budgets every command runs under. Commands run synchronously on the event
 * loop, so a runaway program (`awk 'BEGIN{while(1){}}'`) would freeze the
 * terminal beyond Ctrl+C; with budgets it ends within about a second with a
 * message on stderr and a non-zero status, and the session carries on.
 * Wall time is read here (commands may), never in src/cluster.
 */

/** The limits of one command line. */
export interface BudgetLimits {
  /** Interpreter steps (awk statements, loop turns, calls, records) per command. */
  readonly steps: number;
  /** Wall-clock milliseconds a command may compute for, checked every few thousand steps. */
  readonly wallMs: number;
  /** Characters a command line may print (all its commands together). */
  readonly outputChars: number;
  /** Characters in one string an interpreter builds (awk concatenation, printf padding). */
  readonly stringChars: number;
  /** Nesting depth of interpreters' recursion (awk function calls, nested expressions). */
  readonly depth: number;
}

/** The limits commands get unless a test says otherwise. */
export const DEFAULT_LIMITS: BudgetLimits = Object.freeze({
  steps: 2_000_000,
  wallMs: 1_000,
  outputChars: 4 * 1024 * 1024,
  stringChars: 8 * 1024 * 1024,
  depth: 1_000,
});

/** Which budget ran out. */
export type BudgetKind = 'steps' | 'time' | 'output' | 'string' | 'depth';

const MESSAGES: Record<BudgetKind, (limits: BudgetLimits) => string> = {
  steps: (l) => `program exceeded the simulator's step budget (${l.steps} steps)`,
  time: (l) => `program exceeded the simulator's time budget (${l.wallMs} ms)`,
  output: (l) => `output exceeded the simulator's budget (${l.outputChars} characters per command line)`,
  string: (l) => `string exceeded the simulator's size budget (${l.stringChars} characters)`,
  depth: (l) => `nesting exceeded the simulator's depth budget (${l.depth} levels)`,
};

/** Thrown by a command whose budget ran out; the shell turns it into `<cmd>: <message>` on stderr. */
export class BudgetExceeded extends Error {
  constructor(readonly kind: BudgetKind, limits: BudgetLimits = DEFAULT_LIMITS) {
    super(MESSAGES[kind](limits));
    this.name = 'BudgetExceeded';
  }
}

/** How often (in steps) the wall clock is read: cheap enough, and well under a millisecond apart. */
const CLOCK_EVERY = 1024;

/**
 * A monotonic clock in milliseconds. Not `performance.now()`: the global
 * `performance` loads Node's perf_hooks on first use, some 3-6 ms of the
 * first command of every process (a process started from a warmed
 * cluster's snapshot runs just one).
 */
export function monotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

/** The budget of one command line, handed to each command through its context. */
export class CommandBudget {
  private steps = 0;
  private deadline = Infinity;
  private printed = 0;

  constructor(
    readonly limits: BudgetLimits = DEFAULT_LIMITS,
    private readonly clock: () => number = monotonicMs,
  ) {}

  /** A command starts: its steps and wall time count from zero (output keeps adding up over the line). */
  startCommand(): void {
    this.steps = 0;
    this.deadline = this.clock() + this.limits.wallMs;
  }

  /** Counts `n` interpreter steps; throws when the step or time budget is spent. */
  step(n = 1): void {
    const before = this.steps;
    this.steps += n;
    if (this.steps > this.limits.steps) throw new BudgetExceeded('steps', this.limits);
    if (Math.floor(before / CLOCK_EVERY) !== Math.floor(this.steps / CLOCK_EVERY) && this.clock() > this.deadline) {
      throw new BudgetExceeded('time', this.limits);
    }
  }

  /** Throws when a string of `length` characters would break the string budget. */
  checkString(length: number): void {
    if (length > this.limits.stringChars) throw new BudgetExceeded('string', this.limits);
  }

  /** Throws when a recursion `depth` levels deep would break the depth budget. */
  checkDepth(depth: number): void {
    if (depth > this.limits.depth) throw new BudgetExceeded('depth', this.limits);
  }

  /** Characters the line may still print. */
  outputLeft(): number {
    return Math.max(0, this.limits.outputChars - this.printed);
  }

  /** Counts printed characters; throws when the line printed more than its budget. */
  print(length: number): void {
    this.printed += length;
    if (this.printed > this.limits.outputChars) throw new BudgetExceeded('output', this.limits);
  }
}

/** A budget for code that runs outside a shell (tests, direct calls): default limits, counting from now. */
export function freshBudget(limits: BudgetLimits = DEFAULT_LIMITS): CommandBudget {
  const budget = new CommandBudget(limits);
  budget.startCommand();
  return budget;
}
