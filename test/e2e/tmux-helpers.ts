/**
 * What the practice-screen tmux tests share beyond the driver
 * (test/helpers/tmux.ts): the repository root, the workstation prompt, the
 * input line, and a private server named per test file and process.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HAS_TMUX, tmuxDriver } from '../helpers/tmux.js';

export { HAS_TMUX };
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROMPT = 'learner@workstation:~$';

/** The input line: the last row that starts with a prompt. */
export function inputLine(rows: string[]): string | undefined {
  return rows.filter((l) => /^\S+@\S+:~[$#]/.test(l)).at(-1);
}

/** A private tmux server (its own socket), so the learner's own sessions are never touched. */
export function tmuxServer(name: string) {
  const SOCKET = `${name}-${process.pid}`;
  const SESSION = 'kd';
  const driver = tmuxDriver(SOCKET, SESSION);
  /** The screen, or nothing once the session has ended (it may end between a check and the capture). */
  const capture = (): string[] => {
    try {
      return driver.screen();
    } catch {
      return [];
    }
  };
  return {
    SOCKET,
    SESSION,
    tmux: driver.tmux,
    screen: driver.screen,
    alive: driver.alive,
    waitForScreen: (condition: (rows: string[]) => boolean, what: string, timeoutMs = 60_000) => driver.waitForScreen(condition, what, timeoutMs, capture),
  };
}
