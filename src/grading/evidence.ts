/**
 * Evidence: did the learner actually look at what proves the diagnosis? An
 * observation counts when a command they ran on the right host printed it.
 */
import type { CommandRecord } from '../scenario/run.js';
import type { EvidenceSpec } from '../scenario/schema.js';

/** Points for having seen every piece of evidence. */
export const EVIDENCE_POINTS = 20;

/** Which evidence items the learner saw. */
export function evidenceSeen(evidence: readonly EvidenceSpec[], log: readonly CommandRecord[]): boolean[] {
  return evidence.map((e) => log.some((r) => r.host === e.host && r.output.toLowerCase().includes(e.shows.toLowerCase())));
}

/** Grades evidence: points in proportion to the observations seen. */
export function gradeEvidence(evidence: readonly EvidenceSpec[], log: readonly CommandRecord[]): { points: number; explanation: string } {
  const seen = evidenceSeen(evidence, log);
  const count = seen.filter(Boolean).length;
  const points = Math.round((EVIDENCE_POINTS * count) / Math.max(1, evidence.length));
  const missed = evidence.filter((_, i) => !seen[i]);
  if (missed.length === 0) return { points, explanation: 'You looked at the decisive evidence before concluding.' };
  const where = (e: EvidenceSpec) => (e.host === 'workstation' ? '' : ` on ${e.host}`);
  return { points, explanation: `Not seen: ${missed.map((e) => `"${e.shows}" (for example from \`${e.command}\`${where(e)})`).join('; ')}.` };
}
