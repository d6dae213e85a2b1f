/** Errors as the CLI and the progress store word them: a system error's code, or one line of message. */

/** The `code` of a Node system error (EPIPE, ENOSPC, EACCES, ...), if any. */
export function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'string' ? (e as { code: string }).code : undefined;
}

/** An error as one line: its message without stack or newlines. */
export function oneLineError(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? '';
}
