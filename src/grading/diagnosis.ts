/**
 * Grades a diagnosis against the scenario's. A guided answer must name the
 * broken component and cause as any accepted taxonomy entry does; free text
 * must name every concept of the diagnosis (the cause, and the object,
 * resource or component where the scenario asks for them), without denying
 * it. A scenario with several faults grades each for its share of the points.
 */
import type { Diagnosis, GradePartItem } from './types.js';
import { diagnosisItems } from '../scenario/model.js';
import type { DiagnosisItemSpec, DiagnosisSpec } from '../scenario/schema.js';
import { findCause, findComponent } from '../scenario/taxonomy.js';
import { clausesOf, matchConcept, type Concept } from './concepts.js';

/** Points for a correct diagnosis (shared equally between several declared faults). */
export const DIAGNOSIS_POINTS = 40;
/** Points for the right component with the wrong cause (shared likewise). */
export const COMPONENT_ONLY_POINTS = 15;

/** Result of grading a diagnosis. */
export interface DiagnosisGrade {
  /** Points earned, out of {@link DIAGNOSIS_POINTS}. */
  points: number;
  /** What was right or wrong, in a sentence or two for the learner. */
  explanation: string;
  /** What was not named: concepts of a free-text answer, or whole faults when several are declared. */
  missing?: string[];
  /** Each declared fault's own grade, in the scenario's order, when several are declared. */
  items?: DiagnosisItemGrade[];
}

/** One declared fault's share of a several-fault diagnosis grade (its `label`, else its component and cause). */
export type DiagnosisItemGrade = GradePartItem;

/** One declared fault graded against one submission. */
interface ItemGrade {
  /** Fraction of the fault's share earned: 1, the component-only fraction, or 0. */
  fraction: number;
  explanation: string;
  missing: string[];
}

/**
 * Grades what the learner submitted: one diagnosis, or a list (one per
 * declared fault, in any order). Each declared fault takes the best grade any
 * submission earns for it.
 */
export function gradeDiagnosis(spec: DiagnosisSpec, submitted: Diagnosis | readonly Diagnosis[] | undefined): DiagnosisGrade {
  const items = diagnosisItems(spec);
  const given = submitted === undefined ? [] : Array.isArray(submitted) ? (submitted as readonly Diagnosis[]) : [submitted as Diagnosis];
  if (given.length === 0) {
    const what = items.map(expectedText).join('; ');
    return { points: 0, explanation: `No diagnosis was submitted. The broken link${items.length > 1 ? 's were' : ' was'} ${what}.`, missing: items.map(itemName) };
  }
  const grades = items.map((item) => best(given.map((d) => gradeItem(item, d))));
  const points = Math.round(grades.reduce((n, g) => n + g.fraction, 0) * (DIAGNOSIS_POINTS / items.length));
  if (items.length === 1) {
    const g = grades[0];
    return g.missing.length > 0 ? { points, explanation: g.explanation, missing: g.missing } : { points, explanation: g.explanation };
  }
  const named = items.filter((_, i) => grades[i].fraction === 1).map(itemName);
  const missing = items.flatMap((item, i) => (grades[i].fraction === 1 ? [] : [itemName(item)]));
  const details = items.map((item, i) => `${itemName(item)}: ${grades[i].explanation}`).join(' ');
  const head = `Named ${named.length} of ${items.length} faults${named.length > 0 ? ` (${named.join(', ')})` : ''}.`;
  const share = DIAGNOSIS_POINTS / items.length;
  const each = items.map((item, i) => ({ label: itemName(item), points: Math.round(grades[i].fraction * share), max: Math.round(share), explanation: grades[i].explanation }));
  return missing.length > 0 ? { points, explanation: `${head} ${details}`, missing, items: each } : { points, explanation: `${head} ${details}`, items: each };
}

function best(grades: ItemGrade[]): ItemGrade {
  return grades.reduce((a, b) => (b.fraction > a.fraction || (b.fraction === a.fraction && b.missing.length < a.missing.length) ? b : a));
}

function gradeItem(item: DiagnosisItemSpec, submitted: Diagnosis): ItemGrade {
  const expected = expectedText(item);
  const entries = acceptedEntries(item);
  if (submitted.kind === 'guided') {
    const givenText = entryText(submitted.component, submitted.cause);
    if (entries.some((e) => e.component === submitted.component && e.cause === submitted.cause)) {
      return { fraction: 1, explanation: `Correct: ${givenText}.`, missing: [] };
    }
    if (entries.some((e) => e.component === submitted.component)) {
      const cause = findCause(submitted.component, submitted.cause)?.label ?? submitted.cause;
      return { fraction: COMPONENT_ONLY_POINTS / DIAGNOSIS_POINTS, explanation: `Right component, wrong cause: you said "${cause}"; it was ${expected}.`, missing: ['the cause'] };
    }
    const component = findComponent(submitted.component)?.label ?? submitted.component;
    return { fraction: 0, explanation: `You pointed at ${component}; the broken link was ${expected}.`, missing: ['the component', 'the cause'] };
  }
  const clauses = clausesOf(submitted.text);
  const missing: string[] = [];
  for (const concept of conceptsOf(item)) {
    const m = matchConcept(clauses, concept);
    if (m === 'named') continue;
    const name = `${concept.kind} (${concept.phrasings[0]})`;
    missing.push(m === 'negated' ? `${name}, which your answer denies` : name);
  }
  if (missing.length === 0) return { fraction: 1, explanation: `Correct: "${submitted.text}" names ${expected}.`, missing: [] };
  return { fraction: 0, explanation: `"${submitted.text}" does not name ${expected}; missing: ${missing.join(', ')}.`, missing };
}

/** The concepts a free-text answer must name: always the cause, then whatever the scenario adds. */
export function conceptsOf(item: DiagnosisItemSpec): Concept[] {
  const concepts = item.concepts ?? {};
  const causeWords = acceptedEntries(item).flatMap((e) => {
    const cause = findCause(e.component, e.cause);
    return cause ? [...cause.synonyms, cause.label] : [e.cause.replace(/-/g, ' ')];
  });
  // The first taxonomy synonym is the clearest name of the cause (it names it in explanations); scenario phrasings still count.
  const primary = findCause(item.component, item.cause)?.synonyms.slice(0, 1) ?? [];
  const out: Concept[] = [{ kind: 'the cause', phrasings: dedupe([...primary, ...(concepts.cause ?? []), ...(item.accept ?? []), ...causeWords]) }];
  if (concepts.object) out.push({ kind: 'the object', phrasings: concepts.object, deniable: false });
  if (concepts.resource) out.push({ kind: 'the resource', phrasings: concepts.resource });
  if (concepts.component) out.push({ kind: 'the component', phrasings: concepts.component });
  return out;
}

function acceptedEntries(item: DiagnosisItemSpec): { component: string; cause: string }[] {
  return [{ component: item.component, cause: item.cause }, ...(item.also ?? [])];
}

function entryText(component: string, cause: string): string {
  return `${findComponent(component)?.label ?? component}: ${findCause(component, cause)?.label ?? cause}`;
}

function expectedText(item: DiagnosisItemSpec): string {
  return entryText(item.component, item.cause);
}

function itemName(item: DiagnosisItemSpec): string {
  return item.label ?? expectedText(item);
}

function dedupe(list: readonly string[]): string[] {
  return [...new Set(list)];
}
