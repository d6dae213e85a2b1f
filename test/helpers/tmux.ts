/**
 * Driving kubedrill in a real terminal: a private tmux server (its own socket,
 * so the learner's sessions are never touched), keys sent with `send-keys`,
 * the screen read back with `capture-pane`, polling for content with a
 * timeout (never a fixed sleep as an assertion).
 */
import { execFileSync, spawnSync } from 'node:child_process';

/** Whether tmux is installed (tmux-driven suites are skipped, saying so, where it is not). */
export const HAS_TMUX = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;

/** One tmux server and session. */
export interface TmuxDriver {
  /** Runs a tmux command on this server. */
  tmux(...args: string[]): string;
  /** The visible screen, one string per row, trailing blanks removed. */
  screen(): string[];
  /** The scrollback and the screen, oldest row first. */
  history(): string[];
  /** Whether the session still runs. */
  alive(): boolean;
  /** Polls until `condition(rows)` holds; fails with the last screen after `timeoutMs`. */
  waitForScreen(condition: (rows: string[]) => boolean, what: string, timeoutMs?: number, read?: () => string[]): Promise<string[]>;
}

/** A driver for session `session` on a private server named `socket`. */
export function tmuxDriver(socket: string, session: string): TmuxDriver {
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', stdio: 'pipe' });
  const rows = (text: string) => text.split('\n').map((l) => l.trimEnd());
  const alive = () => spawnSync('tmux', ['-L', socket, 'has-session', '-t', session], { stdio: 'ignore' }).status === 0;
  const screen = () => rows(tmux('capture-pane', '-p', '-t', session));
  return {
    tmux,
    screen,
    history: () => rows(tmux('capture-pane', '-p', '-S', '-', '-t', session)),
    alive,
    async waitForScreen(condition, what, timeoutMs = 60_000, read = screen) {
      const start = Date.now();
      let seen: string[] = [];
      for (;;) {
        seen = alive() ? read() : [];
        if (condition(seen)) return seen;
        if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}; screen:\n${seen.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
