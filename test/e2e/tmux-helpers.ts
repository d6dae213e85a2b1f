/** Driving kubedrill in a private tmux server: send keys, read the screen back, poll with a timeout. */
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HAS_TMUX = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
export const PROMPT = 'learner@workstation:~$';

/** The input line: the last row that starts with a prompt. */
export function inputLine(rows: string[]): string | undefined {
  return rows.filter((l) => /^\S+@\S+:~[$#]/.test(l)).at(-1);
}

/** Whether the session of the server on `socket` still runs. */
export function alive(socket: string, session = 'kd'): boolean {
  return spawnSync('tmux', ['-L', socket, 'has-session', '-t', session], { stdio: 'ignore' }).status === 0;
}

/** A private tmux server (its own socket), so the learner's own sessions are never touched. */
export function tmuxServer(name: string) {
  const SOCKET = `${name}-${process.pid}`;
  const SESSION = 'kd';
  const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', stdio: 'pipe' });
  /** The visible screen, one string per row, trailing blanks removed. */
  const screen = (): string[] => tmux('capture-pane', '-p', '-t', SESSION).split('\n').map((l) => l.trimEnd());
  /** The screen, or nothing once the session has ended (it may end between a check and the capture). */
  const capture = (): string[] => {
    try {
      return screen();
    } catch {
      return [];
    }
  };
  /** Polls until `condition(screen)` holds; fails with the last screen after `timeoutMs`. */
  async function waitForScreen(condition: (rows: string[]) => boolean, what: string, timeoutMs = 60_000): Promise<string[]> {
    const start = Date.now();
    let rows: string[] = [];
    for (;;) {
      rows = capture();
      if (condition(rows)) return rows;
      if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}; screen:\n${rows.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { SOCKET, SESSION, tmux, screen, waitForScreen, alive: () => alive(SOCKET, SESSION) };
}
