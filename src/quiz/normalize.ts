/**
 * How typed answers are compared: trimmed, whitespace collapsed, case folded.
 * The same rule judges duplicates in a bank, so two entries that would accept
 * the same answer are reported as one written twice.
 */

/** An answer or bank text as compared: trimmed, runs of whitespace made one space, lower-cased. */
export function normalizeAnswer(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
