import { useEffect, useState } from 'react';

/** Timer functions, injectable for tests. */
export interface FrameTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const REAL_TIMERS: FrameTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Gathers the state updates of one command into one frame. While held,
 * updates handed to {@link defer} (re-renders of the terminal pane, the
 * session's change notices, the screen's own state) wait; when the last hold
 * is released they all run in one synchronous pass, which React commits as
 * one render and Ink draws as one frame. A command still running after
 * `slowMs` shows what it has so far (its echoed line, `running…`), and again
 * every `slowMs`, so a slow command is never a frozen screen.
 *
 * Without it, Enter, the echoed line, `running…`, the session's new snapshot
 * and the output each rendered on their own, and Ink's frame throttle (30 fps,
 * leading and trailing edge) pushed the output a frame or two later.
 */
export class FrameBatch {
  private depth = 0;
  // A Set: the same re-render requested twice runs once; distinct updates keep their order.
  private readonly pending = new Set<() => void>();
  private timer: unknown;

  constructor(
    private readonly slowMs: number,
    private readonly timers: FrameTimers = REAL_TIMERS,
  ) {}

  /** Whether updates are being held. */
  get held(): boolean {
    return this.depth > 0;
  }

  /** Holds updates until the matching {@link release}; holds nest (lines pasted together). */
  hold(): void {
    if (this.depth++ === 0) this.arm();
  }

  /** Ends one hold; the last one runs every held update now. */
  release(): void {
    if (this.depth === 0) return;
    if (--this.depth > 0) return;
    this.disarm();
    this.flush();
  }

  /** Runs `update` now, or when the hold ends (or the slow-command timer fires). */
  defer(update: () => void): void {
    if (this.depth > 0) this.pending.add(update);
    else update();
  }

  /** Stops the timer and drops held updates (the screen is going away). */
  dispose(): void {
    this.disarm();
    this.pending.clear();
    this.depth = 0;
  }

  private flush(): void {
    const updates = [...this.pending];
    this.pending.clear();
    for (const update of updates) update();
  }

  private arm(): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (this.depth === 0) return;
      this.flush();
      this.arm();
    }, this.slowMs);
  }

  private disarm(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** How long a command may run before the screen shows it running (about two frames at Ink's 30 fps). */
export const SLOW_COMMAND_MS = 50;

/** A {@link FrameBatch} for the life of a component. */
export function useFrameBatch(slowMs = SLOW_COMMAND_MS): FrameBatch {
  const [batch] = useState(() => new FrameBatch(slowMs));
  useEffect(() => () => batch.dispose(), [batch]);
  return batch;
}
