/**
 * A program's output as it writes it: stdout and stderr chunks in order, so
 * a terminal (or a container log) shows them interleaved the way the real
 * tool writes them (wget's "Connecting to" on stderr before the body on stdout).
 */
import type { ProgramRun } from './types.js';

/** Collects a program's writes. */
export class ProgramOutput {
  private readonly chunks: { fd: 1 | 2; text: string }[] = [];

  /** Writes to stdout. */
  out(text: string): this {
    if (text) this.chunks.push({ fd: 1, text });
    return this;
  }

  /** Writes to stderr. */
  err(text: string): this {
    if (text) this.chunks.push({ fd: 2, text });
    return this;
  }

  /** The run's result: what was written, its exit status and how long it took (simulated ms). */
  done(exitCode: number, durationMs: number): ProgramRun {
    let stdout = '';
    let stderr = '';
    for (const c of this.chunks) {
      if (c.fd === 1) stdout += c.text;
      else stderr += c.text;
    }
    return { stdout, stderr, exitCode, durationMs, chunks: this.chunks };
  }
}
