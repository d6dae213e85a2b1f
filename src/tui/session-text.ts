import type { Diagnosis, DiagnosisComponent, PracticeSnapshot } from '../practice/types.js';

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

/**
 * What the learner is told after recording a diagnosis at `at` (0-based).
 * A single-fault scenario keeps its one-line wording; with several faults it
 * says which of how many, and whether it replaced one.
 */
export function recordedText(snapshot: Pick<PracticeSnapshot, 'diagnoses' | 'diagnosisCount'>, at: number, replaced: boolean, choices: readonly DiagnosisComponent[]): string {
  const diagnosis = snapshot.diagnoses[at];
  const what = diagnosis ? describeDiagnosis(diagnosis, choices) : '';
  if (snapshot.diagnosisCount <= 1) return `Diagnosis recorded: ${what}.`;
  return `Diagnosis ${at + 1} of ${snapshot.diagnosisCount} ${replaced ? 'replaced' : 'recorded'}: ${what}.`;
}

/** A sentence telling a learner how many faults to find, or undefined for a single-fault scenario. */
export function faultCountText(diagnosisCount: number): string | undefined {
  if (diagnosisCount <= 1) return undefined;
  return `This scenario has ${diagnosisCount} faults: record one diagnosis for each.`;
}

/** The recorded diagnoses as numbered lines (`diagnose --list`). */
export function listDiagnosesText(snapshot: Pick<PracticeSnapshot, 'diagnoses' | 'diagnosisCount'>, choices: readonly DiagnosisComponent[]): string {
  const { diagnoses, diagnosisCount } = snapshot;
  const of = diagnosisCount > 1 ? ` (${diagnoses.length} of ${diagnosisCount} faults)` : '';
  if (diagnoses.length === 0) return `No diagnosis recorded yet${diagnosisCount > 1 ? ` (this scenario has ${diagnosisCount} faults)` : ''}.\n`;
  return [`Diagnoses recorded${of}:`, ...diagnoses.map((d, i) => `  ${i + 1}. ${describeDiagnosis(d, choices)}`)].join('\n') + '\n';
}
