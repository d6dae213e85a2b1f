/**
 * The seam between commands and a host's files. The CommandContext contract
 * (src/commands/types.ts) has no filesystem yet; the shell session passes these
 * optional members on the context object it builds, and commands reach them
 * only through the two functions below. When the per-host virtual filesystem
 * lands, these members belong on CommandContext itself.
 */
import type { CommandContext } from '../../types.js';

/** Optional file access the shell offers beside the CommandContext members. */
export interface FileAccess {
  /** Contents of `path` on the current host (relative to the home directory), or undefined when absent. */
  readonly readFile?: (path: string) => string | undefined;
  /** Writes (or appends to) `path` on the current host; false when it cannot be written. */
  readonly writeFile?: (path: string, text: string, append: boolean) => boolean;
}

/** Reads a file through the context's seam; undefined when there is no such file (or no filesystem). */
export function readHostFile(ctx: CommandContext, path: string): string | undefined {
  return (ctx as CommandContext & FileAccess).readFile?.(path);
}

/** Writes a file through the context's seam; false when there is no filesystem or it refused. */
export function writeHostFile(ctx: CommandContext, path: string, text: string, append: boolean): boolean {
  return (ctx as CommandContext & FileAccess).writeFile?.(path, text, append) ?? false;
}
