/**
 * Reading Ink's output in a pseudo-terminal: where frames end and what they
 * show. Ink wraps each frame in the synchronized-output mode
 * (`ESC[?2026h` … `ESC[?2026l`) on a terminal; a program that does not is read
 * chunk by chunk. Pure, so test/bench/frames.test.ts can pin it down.
 */

const SYNC_BEGIN = '\u001b[?2026h';
const SYNC_END = '\u001b[?2026l';
// CSI sequences, OSC strings and the two-byte escapes Ink and chalk emit.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** The text without terminal escapes and carriage returns. */
export function stripAnsi(s: string): string {
  return s.replace(ANSI, '').replace(/\r/g, '');
}

/**
 * The frames completed in `raw` (output received since some moment), as plain
 * text: each synchronized update when the program uses them, else the whole
 * text so far as one frame (ended by the latest chunk).
 */
export function completedFrames(raw: string): string[] {
  if (!raw.includes(SYNC_BEGIN)) return raw.length > 0 ? [stripAnsi(raw)] : [];
  const frames: string[] = [];
  let from = 0;
  for (;;) {
    const begin = raw.indexOf(SYNC_BEGIN, from);
    if (begin < 0) break;
    const end = raw.indexOf(SYNC_END, begin);
    if (end < 0) break;
    frames.push(stripAnsi(raw.slice(begin + SYNC_BEGIN.length, end)));
    from = end + SYNC_END.length;
  }
  return frames;
}

/** A shell prompt line of the practice screen (`learner@workstation:~$ `), capturing what is typed after it. */
const PROMPT = /^\S+@[\w.-]+:[^$#\n]*[$#](?: (.*))?$/;

/** What the last prompt line of a frame shows as typed (cursor block trimmed); undefined without a prompt. */
export function typedInput(frame: string): string | undefined {
  const lines = frame.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = PROMPT.exec(lines[i]);
    if (m) return (m[1] ?? '').trimEnd();
  }
  return undefined;
}

/** Whether a frame has a line that is exactly `text` (a command's output, not the echo of its command line). */
export function hasLine(frame: string, text: string): boolean {
  return frame.split('\n').some((l) => l.trimEnd() === text);
}
