/**
 * Grades a diagnosis against the scenario's: a guided answer must name the
 * broken component and cause from the shared taxonomy; free text must carry
 * every significant word of one accepted phrasing (or of the cause's label).
 */
import type { Diagnosis } from '../scenario/practice-types.js';
import type { DiagnosisSpec } from '../scenario/schema.js';
import { findCause, findComponent } from '../scenario/taxonomy.js';

/** Points for a correct diagnosis. */
export const DIAGNOSIS_POINTS = 40;
/** Points for the right component with the wrong cause. */
export const COMPONENT_ONLY_POINTS = 15;

const STOPWORDS = new Set(['a', 'an', 'the', 'is', 'are', 'was', 'of', 'on', 'in', 'to', 'too', 'for', 'its', 'it', 'has', 'have', 'and', 'or', 'by', 'with', 'no', 'not', 'be', 'that', 'this', 'pod', 'pods']);

/** Result of grading a diagnosis. */
export interface DiagnosisGrade {
  points: number;
  explanation: string;
}

/** Grades what the learner submitted. */
export function gradeDiagnosis(spec: DiagnosisSpec, submitted: Diagnosis | undefined): DiagnosisGrade {
  const component = findComponent(spec.component);
  const cause = findCause(spec.component, spec.cause);
  const expected = `${component?.label ?? spec.component}: ${cause?.label ?? spec.cause}`;
  if (!submitted) return { points: 0, explanation: `No diagnosis was submitted. The broken link was ${expected}.` };
  if (submitted.kind === 'guided') {
    if (submitted.component === spec.component && submitted.cause === spec.cause) return { points: DIAGNOSIS_POINTS, explanation: `Correct: ${expected}.` };
    if (submitted.component === spec.component) {
      const given = findCause(submitted.component, submitted.cause)?.label ?? submitted.cause;
      return { points: COMPONENT_ONLY_POINTS, explanation: `Right component, wrong cause: you said "${given}"; it was ${expected}.` };
    }
    const given = findComponent(submitted.component)?.label ?? submitted.component;
    return { points: 0, explanation: `You pointed at ${given}; the broken link was ${expected}.` };
  }
  const phrasings = [...spec.accept, cause?.label ?? ''].filter(Boolean);
  if (phrasings.some((p) => matchesPhrase(submitted.text, p))) return { points: DIAGNOSIS_POINTS, explanation: `Correct: "${submitted.text}" names ${expected}.` };
  return { points: 0, explanation: `"${submitted.text}" does not name the cause; it was ${expected}.` };
}

/** Does `text` contain every significant word of `phrase` (case-insensitive, plural-tolerant)? */
export function matchesPhrase(text: string, phrase: string): boolean {
  const have = new Set(words(text));
  const need = words(phrase).filter((w) => !STOPWORDS.has(w));
  return need.length > 0 && need.every((w) => have.has(w));
}

function words(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9.-]+/)
    // Sentence punctuation is not part of a word ("cpu." is "cpu"), but inner dots and dashes are ("node-2", "1.27").
    .map((w) => w.replace(/^[.-]+|[.-]+$/g, ''))
    .filter(Boolean)
    .map(singular);
}

/** A crude singular, the same for both spellings: nodes→node, taints→taint, processes→process, addresses→address. */
function singular(w: string): string {
  if (w.length < 4 || /(ss|us|is)$/.test(w)) return w;
  if (/(sses|xes|zes|ches|shes)$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') ? w.slice(0, -1) : w;
}
