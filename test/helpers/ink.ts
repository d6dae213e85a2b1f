import { render as inkRender } from 'ink-testing-library';
import type { ReactElement } from 'react';

/** Escape sequences a terminal sends for keys. */
export const KEYS = {
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  backspace: '\u007F',
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
  ctrlA: '\u0001',
  ctrlE: '\u0005',
  ctrlL: '\u000C',
  ctrlU: '\u0015',
  ctrlW: '\u0017',
} as const;

/** Waits until `condition` holds, polling on the event loop; fails with `describe()` after `timeoutMs`. */
export async function waitFor(condition: () => boolean, describe: () => string = () => '', timeoutMs = 5000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) {
      throw new Error(`waitFor timed out after ${timeoutMs} ms${describe() ? `; last frame:\n${describe()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets React flush passive effects (useInput subscribes in one) before the next keystroke. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Removes SGR colour/style sequences, so tests compare the text a person reads. */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001B\[[0-9;]*m/g, '');
}

/** A rendered Ink tree with helpers that type keys and wait on content (never on fixed delays). */
export function renderInk(tree: ReactElement) {
  const instance = inkRender(tree);
  const frame = () => stripAnsi(instance.lastFrame() ?? '');
  return {
    ...instance,
    frame,
    /** Waits until the last frame contains `text`. */
    async waitForText(text: string, timeoutMs?: number): Promise<void> {
      await waitFor(() => frame().includes(text), frame, timeoutMs);
    },
    /** Waits until `condition(frame)` holds. */
    async waitForFrame(condition: (frame: string) => boolean, timeoutMs?: number): Promise<void> {
      await waitFor(() => condition(frame()), frame, timeoutMs);
    },
    /** Sends keys or text, one write each, letting effects settle in between. */
    async press(...inputs: string[]): Promise<void> {
      for (const input of inputs) {
        await settle();
        instance.stdin.write(input);
      }
      await settle();
    },
    /** Types a line and presses Enter. */
    async typeLine(line: string): Promise<void> {
      await this.press(line, KEYS.enter);
    },
  };
}
