/**
 * A program in a pseudo-terminal, driven like a person at a keyboard: util-linux
 * `script` gives the program a terminal (sized with stty), relays the keys we
 * write to its stdin and the frames it draws to our stdout, each stamped with
 * the time it arrived.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { completedFrames, typedInput } from './frames.js';

/** The terminal size every TUI figure uses. */
export const TERMINAL = { columns: 100, rows: 30 } as const;

/** A frame that satisfied a wait, with the time (performance.now) its last byte arrived. */
export interface Seen {
  at: number;
  frame: string;
}

/** Single-quotes a word for sh. */
function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** One program running in a pseudo-terminal. */
export class PtySession {
  /** When the session was spawned (performance.now). */
  readonly startedAt: number;
  /** Resolves with `script`'s exit time (performance.now) and code. */
  readonly exited: Promise<{ at: number; code: number | null }>;
  private raw = '';
  private lastAt = 0;
  private child: ChildProcessWithoutNullStreams;
  private waiter: (() => void) | undefined;
  private done = false;

  private constructor(argv: readonly string[], env: NodeJS.ProcessEnv) {
    // Terminal apps read these when the tty reports no size. In CI (any CI variable set) Ink draws only
    // the last frame and chalk drops colours: a person's terminal has neither, so neither has ours.
    const ptyEnv: NodeJS.ProcessEnv = { ...env, TERM: 'xterm-256color', COLUMNS: String(TERMINAL.columns), LINES: String(TERMINAL.rows) };
    for (const key of Object.keys(ptyEnv)) if (key === 'CI' || key === 'CONTINUOUS_INTEGRATION' || key.startsWith('CI_')) delete ptyEnv[key];
    const command = `stty cols ${TERMINAL.columns} rows ${TERMINAL.rows} 2>/dev/null; exec ${argv.map(shellQuote).join(' ')}`;
    this.startedAt = performance.now();
    this.child = spawn('script', ['-qfec', command, '-E', 'never', '/dev/null'], { env: ptyEnv, stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d: string) => {
      this.lastAt = performance.now();
      this.raw += d;
      this.waiter?.();
    });
    this.child.stderr.resume();
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code) => {
        this.done = true;
        resolve({ at: performance.now(), code });
        this.waiter?.();
      });
    });
  }

  /** Starts `argv` (no shell involved in its words) in a fresh pseudo-terminal. */
  static start(argv: readonly string[], env: NodeJS.ProcessEnv): PtySession {
    return new PtySession(argv, env);
  }

  /** An offset into the output: waits can look only at what came after it. */
  mark(): number {
    return this.raw.length;
  }

  /** Types text (a key, or several at once as a paste would). */
  write(text: string): void {
    this.child.stdin.write(text);
  }

  /**
   * Waits for the first completed frame after `since` that satisfies `test`;
   * rejects after `timeoutMs` or when the program exits first.
   */
  waitFrame(since: number, test: (frame: string) => boolean, timeoutMs: number, what: string): Promise<Seen> {
    return new Promise((resolve, reject) => {
      let checked = 0;
      const timer = setTimeout(() => finish(new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`)), timeoutMs);
      const finish = (outcome: Seen | Error): void => {
        clearTimeout(timer);
        this.waiter = undefined;
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const check = (): void => {
        const frames = completedFrames(this.raw.slice(since));
        for (let i = checked; i < frames.length; i++) {
          if (test(frames[i])) return finish({ at: this.lastAt, frame: frames[i] });
        }
        // Without synchronized updates the single "frame" grows: re-test it on the next chunk.
        checked = frames.length > 0 && this.raw.includes('\u001b[?2026h') ? frames.length : 0;
        if (this.done) finish(new Error(`the program exited while waiting for ${what}: ${this.tail()}`));
      };
      this.waiter = check;
      check();
    });
  }

  /** The last visible text, for error messages. */
  tail(): string {
    const frames = completedFrames(this.raw);
    const last = (frames[frames.length - 1] ?? '').trim().split('\n').filter((l) => l.trim() !== '');
    return last.slice(-3).join(' | ').slice(0, 300);
  }

  /** Ends the session: the given keys first (a polite quit), SIGKILL if it has not exited after `graceMs`. */
  async close(keys = '', graceMs = 3000): Promise<void> {
    if (this.done) return;
    if (keys) this.write(keys);
    const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(killer);
  }
}

/** Types `text`, waits until the prompt shows `expected`, and returns the latency in ms. */
export async function typeAndWait(pty: PtySession, text: string, expected: string): Promise<number> {
  const since = pty.mark();
  const t = performance.now();
  pty.write(text);
  const seen = await pty.waitFrame(since, (f) => typedInput(f) === expected, 10_000, `the prompt to show "${expected}"`);
  return seen.at - t;
}

/** A spread of pauses (ms) so that keys land at every phase of the once-a-second tick. */
export const pause = (i: number, min: number, span: number): number => min + ((i * 617) % span);
