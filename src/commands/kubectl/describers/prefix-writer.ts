/**
 * kubectl describe's PrefixWriter over a tabwriter (kubernetes/kubectl pkg/describe/describe.go
 * NewPrefixWriter, tabbedString): each level indents 2 spaces; the whole text is aligned at the
 * end with tabwriter Init(buf, 0, 8, 2, ' ', 0), so alignment follows Go's column blocks.
 */
import { DESCRIBE_TABWRITER, tabwrite } from '../output/tabwriter.js';

/** Nesting levels of describe output. */
export const LEVEL_0 = 0;
/** One level in (2 spaces). */
export const LEVEL_1 = 1;
/** Two levels in (4 spaces). */
export const LEVEL_2 = 2;
/** Three levels in (6 spaces). */
export const LEVEL_3 = 3;
/** Four levels in (8 spaces). */
export const LEVEL_4 = 4;

/** Collects describe text; `toString()` aligns it as the flushed tabwriter would. */
export class PrefixWriter {
  private readonly chunks: string[] = [];

  /** Writes `text` (already formatted, tabs as cell ends) indented by `level`. */
  write(level: number, text: string): void {
    this.chunks.push('  '.repeat(level) + text);
  }

  /** fmt.Fprintln of the raw writer: the values space-joined plus a newline, no indent. */
  writeLine(...values: string[]): void {
    this.chunks.push(values.join(' ') + '\n');
  }

  /** The text as written, tabs kept: what a PrefixWriter straight on a buffer gives (rollout history's printTemplate). */
  raw(): string {
    return this.chunks.join('');
  }

  /** The aligned text. */
  toString(): string {
    return tabwrite(this.chunks.join(''), DESCRIBE_TABWRITER);
  }
}

/** Runs `fn` on a fresh PrefixWriter and returns the aligned text (describe.go tabbedString). */
export function tabbedString(fn: (w: PrefixWriter) => void): string {
  const w = new PrefixWriter();
  fn(w);
  return w.toString();
}
