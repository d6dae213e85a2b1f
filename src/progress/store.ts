import { access, constants, mkdir, readFile, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorCode, oneLineError } from '../error-text.js';
import { progressFilePath } from './paths.js';
import { writeAtomically } from './write-atomically.js';
import { emptyProgress, plainProgress } from './document.js';
import type { AttemptRecord, LeitnerRecord, ProgressData, QuizResultRecord } from './schema.js';

/** The best result on one scenario. */
export interface BestScore {
  score: number;
  maxScore: number;
}

/** The learner's saved progress. */
export interface ProgressStore {
  /** The file this store reads and writes. */
  readonly file: string;
  /**
   * Set when the file on disk could not be used or cannot be written (moved
   * aside as corrupt, read-only folder); a sentence for the UI to show.
   */
  readonly warning: string | undefined;
  /** The current problem: {@link warning}, or why the last write failed; undefined while all is well. */
  problem(): string | undefined;
  /**
   * Appends a graded attempt: under a lock, re-reads the file, adds the
   * attempt to what is there (other processes' attempts and fields this build
   * does not know included) and replaces the file atomically. Rejects when it
   * could not be written; the attempt is then kept for this run only.
   */
  recordAttempt(attempt: AttemptRecord): Promise<void>;
  /** The best attempt per scenario id, by fraction of the maximum, then by points. */
  bestScores(): Map<string, BestScore>;
  /** Recorded attempts, oldest first, optionally of one scenario only. */
  listAttempts(scenarioId?: string): AttemptRecord[];
  /**
   * Appends an answered quiz question and updates its Leitner record, under
   * the same lock as {@link recordAttempt}: `review` gets the question's record
   * as it is in the file now (another process may have moved it) and returns
   * the new one. Rejects when it could not be written; the answer is then kept
   * for this run only.
   */
  recordQuizAnswer(result: QuizResultRecord, review: (current: LeitnerRecord | undefined) => LeitnerRecord): Promise<void>;
  /** Answered quiz questions, oldest first. */
  listQuizResults(): QuizResultRecord[];
  /** The Leitner record of every question answered so far. */
  leitnerRecords(): LeitnerRecord[];
}

/** Options of {@link openProgress}. */
export interface OpenProgressOptions {
  /** The file to use; defaults to {@link progressFilePath} of `env`. */
  file?: string;
  /** Environment to resolve the default path from; defaults to process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Wall clock for the name of a kept-aside file (ms since epoch); injectable for tests. */
  now?: () => number;
}

/** A progress document as read: the checked data, and the raw object whose unknown fields a save keeps. */
interface Document {
  data: ProgressData;
  raw: Record<string, unknown>;
}

/** How long a lock may go without being refreshed before another process takes it over (a holder was killed). */
const LOCK_STALE_MS = 5_000;

/**
 * Opens the progress store. A file that is not JSON, not a progress document,
 * or of an unknown version is renamed to `<file>.corrupt-<timestamp>` (never
 * deleted), a fresh store is started, and `warning` says where the old file went.
 * A folder that cannot be written is reported in `warning` too.
 */
export async function openProgress(options: OpenProgressOptions = {}): Promise<ProgressStore> {
  const file = options.file ?? progressFilePath(options.env ?? process.env);
  // The UI edge: wall time is only used to name a kept-aside file.
  const now = options.now ?? Date.now;
  const loaded = await load(file, now);
  let doc: Document = loaded.doc;
  // When the file could not even be moved aside, keep progress in memory for
  // this run rather than overwrite a file we could not read.
  const writable = loaded.writable;
  let warning = loaded.warning ?? (writable ? await unwritable(file) : undefined);
  let lastFailure: string | undefined;
  // Writes of this process go one at a time; the file lock orders them with other processes'.
  let queue: Promise<void> = Promise.resolve();

  /** Applies `change` to the file as it is now (under the lock), or to memory when the file cannot be used. */
  const save = async (change: (d: Document) => Document): Promise<void> => {
    if (!writable) {
      doc = change(doc);
      return;
    }
    try {
      await mkdir(dirname(file), { recursive: true });
      // The lock library is loaded on the first save, not at start-up.
      // A CommonJS module: Node finds its named exports, a bundler may give only `default` (module.exports).
      const lockfile = await import('proper-lockfile');
      const { lock } = ('lock' in lockfile && typeof lockfile.lock === 'function' ? lockfile : (lockfile as unknown as { default: typeof lockfile }).default);
      const release = await lock(file, {
        realpath: false,
        stale: LOCK_STALE_MS,
        retries: { retries: 200, factor: 1.2, minTimeout: 10, maxTimeout: 100, randomize: true },
        // A lock taken over after a long stall: the write below is still atomic, so only ordering could suffer.
        onCompromised: () => undefined,
      });
      try {
        // What other processes wrote since we loaded counts: merge into the file as it is now.
        const current = await load(file, now);
        if (current.warning) warning = current.warning;
        const next = change(current.doc);
        await writeAtomically(file, `${JSON.stringify(next.raw, null, 2)}\n`);
        doc = next;
      } finally {
        await release().catch(() => undefined);
      }
      lastFailure = undefined;
    } catch (e) {
      // Keep the change for this run, say why it was not saved.
      doc = change(doc);
      lastFailure = `progress could not be saved to ${file} (${errorCode(e) ?? oneLineError(e)})`;
      throw new Error(lastFailure);
    }
  };
  const enqueue = (change: (d: Document) => Document): Promise<void> => {
    const run = queue.then(() => save(change));
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    file,
    get warning() {
      return warning;
    },
    problem() {
      return lastFailure ?? warning;
    },
    recordAttempt(attempt) {
      const copy = copyAttempt(attempt);
      return enqueue((d) => appended(d, copy));
    },
    recordQuizAnswer(result, review) {
      const copy = { ...result };
      return enqueue((d) => withQuizAnswer(d, copy, review));
    },
    listQuizResults() {
      return doc.data.quiz.map((r) => ({ ...r }));
    },
    leitnerRecords() {
      return doc.data.leitner.map((c) => ({ ...c }));
    },
    bestScores() {
      return bestScoresOf(doc.data.attempts);
    },
    listAttempts(scenarioId) {
      const all = doc.data.attempts;
      return (scenarioId === undefined ? all : all.filter((a) => a.scenarioId === scenarioId)).map(copyAttempt);
    },
  };
}

/** The best attempt per scenario id: highest fraction of the maximum, ties broken by points. */
export function bestScoresOf(attempts: readonly AttemptRecord[]): Map<string, BestScore> {
  const best = new Map<string, BestScore>();
  for (const a of attempts) {
    const prev = best.get(a.scenarioId);
    if (!prev || betterScore(a, prev)) best.set(a.scenarioId, { score: a.score, maxScore: a.maxScore });
  }
  return best;
}

/** Whether `a` beats `b`: a higher fraction of the maximum, or the same fraction and more points. */
export function betterScore(a: BestScore, b: BestScore): boolean {
  const fa = a.maxScore > 0 ? a.score / a.maxScore : 0;
  const fb = b.maxScore > 0 ? b.score / b.maxScore : 0;
  return fa > fb || (fa === fb && a.score > b.score);
}

function copyAttempt(a: AttemptRecord): AttemptRecord {
  return { ...a, parts: a.parts.map((p) => ({ name: p.name, points: p.points, max: p.max })) };
}

/** The document with one more attempt; unknown fields of the file and of its attempts are kept as they were. */
function appended(doc: Document, attempt: AttemptRecord): Document {
  const rawAttempts = Array.isArray(doc.raw.attempts) ? (doc.raw.attempts as unknown[]) : [];
  return {
    data: { ...doc.data, attempts: [...doc.data.attempts, attempt] },
    raw: { ...doc.raw, version: doc.data.version, attempts: [...rawAttempts, attempt], quiz: doc.raw.quiz ?? doc.data.quiz, leitner: doc.raw.leitner ?? doc.data.leitner },
  };
}

/**
 * The document with one more quiz answer and that question's Leitner record
 * replaced by what `review` makes of the current one; unknown fields are kept.
 */
function withQuizAnswer(doc: Document, result: QuizResultRecord, review: (current: LeitnerRecord | undefined) => LeitnerRecord): Document {
  const card = { ...review(doc.data.leitner.find((c) => c.questionId === result.questionId)) };
  const rawQuiz = Array.isArray(doc.raw.quiz) ? (doc.raw.quiz as unknown[]) : doc.data.quiz;
  const rawLeitner = Array.isArray(doc.raw.leitner) ? (doc.raw.leitner as unknown[]) : doc.data.leitner;
  const isCard = (c: unknown) => typeof c === 'object' && c !== null && (c as { questionId?: unknown }).questionId === result.questionId;
  const replaced = (list: readonly unknown[]) => [...list.filter((c) => !isCard(c)), card];
  return {
    data: { ...doc.data, quiz: [...doc.data.quiz, result], leitner: replaced(doc.data.leitner) as LeitnerRecord[] },
    raw: { ...doc.raw, version: doc.data.version, attempts: doc.raw.attempts ?? doc.data.attempts, quiz: [...rawQuiz, result], leitner: replaced(rawLeitner) },
  };
}

/** Why the progress file's folder cannot be written (checked on the nearest path that exists), or undefined. */
async function unwritable(file: string): Promise<string | undefined> {
  let dir = dirname(file);
  // Up to the nearest path that exists: the folder the file will be created in, or a file in the way.
  for (;;) {
    let isDir: boolean;
    try {
      isDir = (await stat(dir)).isDirectory();
    } catch (e) {
      const parent = dirname(dir);
      if ((errorCode(e) === 'ENOENT' || errorCode(e) === 'ENOTDIR') && parent !== dir) {
        dir = parent;
        continue;
      }
      return cannotSave(dir, errorCode(e) ?? oneLineError(e));
    }
    if (!isDir) return cannotSave(dir, 'ENOTDIR');
    try {
      await access(dir, constants.W_OK);
      return undefined;
    } catch (e) {
      return cannotSave(dir, errorCode(e) ?? oneLineError(e));
    }
  }
}

function cannotSave(dir: string, why: string): string {
  return `progress cannot be saved: ${dir} is not writable (${why}); results of this run will be lost`;
}

interface Loaded {
  doc: Document;
  warning?: string;
  writable: boolean;
}

function fresh(): Document {
  const data = emptyProgress();
  return { data, raw: { ...data } };
}

async function load(file: string, now: () => number): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    // No file (or a file where its folder should be, which the writability check reports).
    if (errorCode(e) === 'ENOENT' || errorCode(e) === 'ENOTDIR') return { doc: fresh(), writable: true };
    return keepAside(file, now, `progress file could not be read (${errorCode(e) ?? String(e)})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return keepAside(file, now, 'progress file was corrupt');
  }
  // A well-formed current file needs no zod; anything else goes through the schema and its migrations.
  const plain = plainProgress(raw);
  if (plain) return { doc: { data: plain, raw: raw as Record<string, unknown> }, writable: true };
  const { migrateProgress } = await import('./migrate.js');
  const migrated = migrateProgress(raw);
  if (migrated.ok) return { doc: { data: migrated.data, raw: migrated.raw }, writable: true };
  const reason =
    migrated.problem.kind === 'unknown-version'
      ? `progress file has an unknown version (${JSON.stringify(migrated.problem.version) ?? 'none'})`
      : 'progress file was corrupt';
  return keepAside(file, now, reason);
}

async function keepAside(file: string, now: () => number, reason: string): Promise<Loaded> {
  const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
  let aside = `${file}.corrupt-${stamp}`;
  // Never overwrite an earlier kept-aside file.
  for (let n = 1; await exists(aside); n++) aside = `${file}.corrupt-${stamp}-${n}`;
  try {
    await rename(file, aside);
  } catch (e) {
    return {
      doc: fresh(),
      writable: false,
      warning: `${reason}, and could not be moved aside (${errorCode(e) ?? String(e)}); progress will not be saved this time`,
    };
  }
  return { doc: fresh(), writable: true, warning: `${reason}; kept it as ${aside}` };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
