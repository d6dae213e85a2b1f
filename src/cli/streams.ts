/**
 * What happens when the terminal or pipe goes away: `kubedrill list | head`
 * closes stdout early (EPIPE), a full disk fails a redirected write (ENOSPC).
 * Like a C tool killed by SIGPIPE, kubedrill then stops quietly; other I/O
 * failures end it with one line on stderr, never a stack trace.
 */
import { errorCode, oneLineError } from '../error-text.js';

/** The process surface {@link guardStreams} needs (injectable for tests). */
export interface GuardedProcess {
  readonly stdout: NodeJS.EventEmitter & { write(text: string): boolean };
  readonly stderr: NodeJS.EventEmitter & { write(text: string): boolean };
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (e: unknown) => void): unknown;
  exit(code?: number): never;
}

/**
 * Installs the handlers: a closed stdout or stderr (EPIPE) exits at once with
 * status 141 (128 + SIGPIPE, as a shell reports a tool killed by the pipe);
 * any other stream or uncaught error prints `kubedrill: <message>` and exits 1.
 */
export function guardStreams(proc: GuardedProcess): void {
  let dying = false;
  const die = (e: unknown, from: 'stdout' | 'stderr' | 'other'): void => {
    if (dying) return;
    dying = true;
    if (errorCode(e) === 'EPIPE') proc.exit(141);
    // stderr itself failing leaves nowhere to say so.
    if (from !== 'stderr') {
      try {
        proc.stderr.write(`kubedrill: ${from === 'stdout' ? 'cannot write output: ' : ''}${oneLineError(e)}\n`);
      } catch {
        // nothing more to do
      }
    }
    proc.exit(1);
  };
  proc.stdout.on('error', (e: unknown) => die(e, 'stdout'));
  proc.stderr.on('error', (e: unknown) => die(e, 'stderr'));
  proc.on('uncaughtException', (e) => die(e, 'other'));
  proc.on('unhandledRejection', (e) => die(e, 'other'));
}
