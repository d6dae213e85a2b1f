/**
 * Concept matching for free-text diagnoses. A concept (the cause, the object,
 * the resource, the component) is named when one of its phrasings occurs in
 * one clause of the learner's text, its words in any order, singular/plural,
 * -ed/-ing and a few abbreviations alike. A phrasing in a clause that also
 * holds a negation it does not itself contain ("the cert did NOT expire",
 * "nothing to do with the taint") does not count.
 */

/** A concept the text must name, with its phrasings. */
export interface Concept {
  /** What it is, for the explanation: `the cause`, `the object`... */
  readonly kind: string;
  /** Phrasings; the first also names the concept in explanations. */
  readonly phrasings: readonly string[];
  /** An object named in a denial is still named ("node-2 is not ready" names node-2); a cause is not. */
  readonly deniable?: boolean;
}

const STOPWORDS = new Set([
  'a', 'an', 'the', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'of', 'on', 'in', 'at', 'to', 'for', 'its', 'it', 'has', 'have',
  'had', 'by', 'with', 'that', 'this', 'these', 'those', 'there', 'which', 'who', 'as', 'from', 'up', 'any', 'all', 'some', 'my', 'our', 'their',
  'his', 'her', 'do', 'does', 'did', 'will', 'would', 'should', 'could', 'can', 'got', 'gets', 'get', 'just', 'still', 'so', 'then', 'than', 'also',
  'i', 'we', 'they', 'he', 'she', 'you', 'me', 'us', 'them', 'pod', 'pods', 'because', 'since', 'due', 'caused', 'cause', 'why', 'what', 'problem',
  'issue',
]);

/**
 * Words that deny what follows them ("not the taint", "nothing to do with the
 * cert"), or what precedes them when they close the clause ("the taint is not
 * the problem"). A negator in the middle of a statement says something about
 * the rest of it instead: "the maintenance taint was never removed" names the
 * taint.
 */
const NEGATORS = new Set(['not', 'no', 'never', 'nobody', 'nothing', 'none', 'nor', 'neither', 'without']);
/** Words that deny the whole clause they stand in, wherever they stand ("the taint is irrelevant"). */
const CLAUSE_NEGATORS = new Set(['irrelevant', 'unrelated', 'fine', 'ok', 'okay']);

/** Spellings that mean the same word (after lower-casing, before stemming). */
const ALIASES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  cert: 'certificate',
  certs: 'certificate',
  config: 'config',
  configuration: 'config',
  cfg: 'config',
  mem: 'memory',
  ram: 'memory',
  cores: 'cpu',
  core: 'cpu',
  cpus: 'cpu',
  millicores: 'cpu',
  millicpu: 'cpu',
  filesystem: 'disk',
  fs: 'disk',
  rootfs: 'disk',
  nodefs: 'disk',
  partition: 'partition',
  storage: 'disk',
  time: 'clock',
  k8s: 'kubernetes',
  img: 'image',
  apiserver: 'apiserver',
});

// Clause boundaries: sentence punctuation followed by space or end (a comma before `which` or `that`
// continues the clause), and words that start a new statement (not after `not`: "not because of X" denies X).
const CLAUSE_BREAK = /[;!?()\n]|[.:](?=\s|$)|,(?!\s+(?:which|that|who|where)\b)(?=\s|$)|(?<!\bnot\s)\b(?:but|because|since|though|although|however|whereas|while|instead|rather|and|so|as)\b/;

/** One word position of a clause: its normalized form, and every form it can match (its parts too). */
interface Word {
  readonly whole: string;
  readonly forms: ReadonlySet<string>;
}
type Clause = readonly Word[];

// "not ready", "not running", "does not exist" describe a state, not a denial: they become one word.
const STATE_AFTER_NOT = /\bnot\s+(?:be\s+|been\s+|being\s+)?(ready|running|run|scheduled|schedulable|start|started|starting|working|work|responding|respond|reachable|healthy|found|exist|exists|available|synced|synchronized|synchronised|sync|tolerated|tolerate|bound|uncordoned|enough|fit|fits|parse|parsed|load|loaded|valid|reach|allowed)\b/g;

/** Splits text into clauses of normalized words. */
export function clausesOf(text: string): Clause[] {
  const expanded = text
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\bcan'?t\b|\bcannot\b/g, 'can not')
    .replace(/\bwon'?t\b/g, 'will not')
    .replace(/n't\b/g, ' not')
    .replace(STATE_AFTER_NOT, (_, w: string) => `not~${stem(w)}`);
  return expanded
    .split(new RegExp(CLAUSE_BREAK.source, 'g'))
    .filter((c): c is string => typeof c === 'string')
    .map((clause) => wordsOf(clause).map(word))
    .filter((c) => c.length > 0);
}

/** Normalized words of a phrasing (stopwords dropped, negators kept). */
export function phraseWords(phrase: string): string[] {
  return clausesOf(phrase.replace(new RegExp(CLAUSE_BREAK.source, 'g'), ' ')).flatMap((clause) => clause.map((w) => w.whole));
}

function wordsOf(clause: string): string[] {
  return clause
    .split(/[^a-z0-9._/'~-]+/)
    .map((w) => w.replace(/'s$/, '').replace(/^[.'/-]+|[.'/-]+$/g, ''))
    .filter((w) => w !== '' && !STOPWORDS.has(w));
}

/** The word itself, its path components and their dotted/dashed parts (`/var/log/debug.log` → ..., debug.log, debug, log). */
function word(w: string): Word {
  const whole = normalize(w);
  const forms = new Set<string>([whole]);
  for (const component of w.split('/').filter(Boolean)) {
    forms.add(normalize(component));
    for (const part of component.split(/[._-]+/)) if (part && !STOPWORDS.has(part)) forms.add(normalize(part));
  }
  return { whole, forms };
}

/** Lower-case word → alias → crude stem (the same for text and phrasings, so both sides agree). */
export function normalize(word: string): string {
  const w = ALIASES[word] ?? word;
  return stem(w);
}

function stem(w: string): string {
  if (w.length <= 3 || /[0-9~]/.test(w) || NEGATORS.has(w) || CLAUSE_NEGATORS.has(w)) return w;
  let s = w;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (/(xes|zes|ches|shes)$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('ly') && s.length > 5) s = s.slice(0, -2);
  else if (s.endsWith('ing') && s.length > 5) s = s.slice(0, -3);
  else if (s.endsWith('ed') && s.length > 4) s = s.slice(0, -2);
  // stopp → stop, runn → run; but keep fill, full, press.
  if (/([bdgmnprt])\1$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('e') && s.length > 4) s = s.slice(0, -1);
  return s;
}

/** How a phrasing fared in the text. */
export type PhraseMatch = 'named' | 'negated' | 'absent';

/** Whether the text names a phrasing: all its words in one clause, and no negation it does not carry itself. */
export function matchPhrase(clauses: readonly Clause[], phrase: string): PhraseMatch {
  const need = phraseWords(phrase);
  if (need.length === 0) return 'absent';
  let result: PhraseMatch = 'absent';
  for (const clause of clauses) {
    // A position may serve several words of the phrasing through different forms (debug.log: debug, log).
    const used = new Set<string>();
    const touched = new Set<number>();
    const at: number[] = [];
    const found = need.every((needed) => {
      const i = clause.findIndex((w, j) => !used.has(`${j} ${needed}`) && w.forms.has(needed));
      if (i < 0) return false;
      used.add(`${i} ${needed}`);
      touched.add(i);
      at.push(i);
      return true;
    });
    if (!found || !subjectsFirst(need, at)) continue;
    const negated = clause.some(
      (w, j) => !touched.has(j) && (CLAUSE_NEGATORS.has(w.whole) || (NEGATORS.has(w.whole) && (at.some((i) => i > j) || j === clause.length - 1))),
    );
    if (!negated) return 'named';
    result = 'negated';
  }
  return result;
}

/**
 * A state such as "does not exist" is said of what comes before it: in "image
 * not exist" the image must precede the state ("the binary does not exist in
 * the image" says nothing about the image).
 */
function subjectsFirst(need: readonly string[], at: readonly number[]): boolean {
  const state = need.findIndex((w) => w.startsWith('not~'));
  return state < 0 || at.slice(0, state).every((i) => i < at[state]!);
}

/** How a concept fared: named, only named in a negated statement, or not named. */
export function matchConcept(clauses: readonly Clause[], concept: Concept): PhraseMatch {
  let result: PhraseMatch = 'absent';
  for (const p of concept.phrasings) {
    const m = matchPhrase(clauses, p);
    if (m === 'negated' && concept.deniable === false) return 'named';
    if (m === 'named') return 'named';
    if (m === 'negated') result = 'negated';
  }
  return result;
}
