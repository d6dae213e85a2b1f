/**
 * How kubectl turns a server Status into text: kubectl pkg/cmd/util/helpers.go
 * (StandardErrorMessage, checkErr, MultilineError). Every verb reports API
 * failures through these helpers, so the learner reads what real kubectl prints.
 */
import type { Status } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';

/** One stderr line (with newline) for a failed request, as checkErr prints it. */
export function statusMessage(status: Status): string {
  if (status.reason === 'Unauthorized' || status.code === 401) return `error: You must be logged in to the server (${status.message})\n`;
  if (status.reason === 'Invalid' && status.details) {
    // checkErr: `The %s %q is invalid` with details.Kind (the bare kind; the server's
    // message carries `Kind.group`), then the causes as `field: message`.
    const kind = (status.details.kind ?? '').split('.')[0];
    const prefix = kind || status.details.name ? `The ${kind} "${status.details.name ?? ''}" is invalid: ` : 'The request is invalid: ';
    // statusCausesToAggrError: `%s: %s` of field and message, even for the empty field of a whole-object error.
    const causes = (status.details.causes ?? []).map((c) => (c.field !== undefined ? `${c.field}: ${c.message}` : c.message));
    if (causes.length === 0) return `${prefix}${status.message}\n`;
    if (causes.length === 1) return `${prefix}${causes[0]}\n`;
    return `${prefix}\n${causes.map((c) => `* ${c}\n`).join('')}`;
  }
  // kubectl's StandardErrorMessage omits the parentheses when the Status has no reason.
  if (!status.reason) return `Error from server: ${status.message}\n`;
  return `Error from server (${status.reason}): ${status.message}\n`;
}

/** Same as statusMessage, with the message wrapped as cmdutil.AddSourceToErr does (`error when creating "STDIN": ...`). */
export function statusMessageWithSource(status: Status, verb: string, source: string): string {
  if (status.reason === 'Invalid' || status.code === 401) return statusMessage(status);
  return statusMessage({ ...status, message: `error when ${verb} "${source}": ${status.message}` });
}

/** A failed result carrying a Status. */
export function statusFailure(status: Status, stdout = ''): ExecResult {
  return { stdout, stderr: statusMessage(status), exitCode: 1 };
}

/** `error: <message>` on stderr, exit 1 (cmdutil.CheckErr of a plain error). */
export function errorResult(message: string, stdout = ''): ExecResult {
  return { stdout, stderr: `error: ${message}\n`, exitCode: 1 };
}

/** A flag error as cobra reports it: the message then the usage hint for the command. */
export function usageError(message: string, commandPath: string): ExecResult {
  return { stdout: '', stderr: `error: ${message}\nSee '${commandPath} --help' for usage.\n`, exitCode: 1 };
}
