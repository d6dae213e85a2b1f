import type { Diagnosis, DiagnosisComponent } from '../scenario/practice-types.js';

/** A thrown value as one line of text (never a stack trace). */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

/** A diagnosis in words, using the taxonomy's labels where they are known. */
export function describeDiagnosis(diagnosis: Diagnosis, choices: readonly DiagnosisComponent[]): string {
  if (diagnosis.kind === 'free-text') return `"${diagnosis.text}"`;
  const component = choices.find((c) => c.id === diagnosis.component);
  const cause = component?.causes.find((c) => c.id === diagnosis.cause);
  return `${component?.label ?? diagnosis.component} / ${cause?.label ?? diagnosis.cause}`;
}

/**
 * Why a typed guided diagnosis names no known component or cause, or
 * undefined when it does (or when there is no taxonomy to check against).
 */
export function unknownDiagnosis(diagnosis: Diagnosis, choices: readonly DiagnosisComponent[]): string | undefined {
  if (diagnosis.kind !== 'guided' || choices.length === 0) return undefined;
  const component = choices.find((c) => c.id === diagnosis.component);
  if (!component) {
    return `unknown component "${diagnosis.component}"; one of: ${choices.map((c) => c.id).join(', ')}`;
  }
  if (!component.causes.some((c) => c.id === diagnosis.cause)) {
    return `unknown cause "${diagnosis.cause}" for ${component.id}; one of: ${component.causes.map((c) => c.id).join(', ')}`;
  }
  return undefined;
}
