/**
 * What a container wrote to stdout, kept as the writes that made it: each
 * write is a time and its lines. Most containers write once, when they start
 * (an image's startup lines, nine for nginx), and a line object per line
 * with its own boxed time was about 60 bytes a line, most of an application
 * pod's runtime state. The lines with their times are made when read
 * (`kubectl logs`, `crictl logs`, the CRI log file), which is rare.
 */

/** A log line and when it was written (ms since the epoch, by the simulation's clock). */
export interface LogLine {
  readonly time: number;
  readonly line: string;
}

/** One write: lines written at one time. */
interface LogWrite {
  readonly time: number;
  readonly lines: readonly string[];
}

/** A container's log, in the order it was written. */
export class ContainerLog {
  /** Undefined until the first write (then exactly as long as the writes: most logs have one). */
  private writes: LogWrite[] | undefined;

  /**
   * Appends `lines`, written at `time`. The log keeps the array itself (an
   * image's startup lines are shared by all its containers): the caller
   * hands it over and never changes it afterwards.
   */
  append(time: number, lines: readonly string[]): void {
    if (lines.length === 0) return;
    const write: LogWrite = { time, lines };
    if (this.writes) this.writes.push(write);
    else this.writes = [write];
  }

  /** Every line with its time, in order (a new array each call). */
  lines(): LogLine[] {
    const out: LogLine[] = [];
    for (const { time, lines } of this.writes ?? []) for (const line of lines) out.push({ time, line });
    return out;
  }
}
