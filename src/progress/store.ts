import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { Memory } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { migrateProgress } from './migrate.js';
import { progressFilePath } from './paths.js';
import { emptyProgress, type AttemptRecord, type ProgressData } from './schema.js';

/** The best result on one scenario. */
export interface BestScore {
  score: number;
  maxScore: number;
}

/** The learner's saved progress. */
export interface ProgressStore {
  /** The file this store reads and writes. */
  readonly file: string;
  /** Set when the file on disk could not be used; a sentence for the UI to show. */
  readonly warning: string | undefined;
  /** Appends a graded attempt and writes the file (atomically, via steno). */
  recordAttempt(attempt: AttemptRecord): Promise<void>;
  /** The best attempt per scenario id, by fraction of the maximum, then by points. */
  bestScores(): Map<string, BestScore>;
  /** Recorded attempts, oldest first, optionally of one scenario only. */
  listAttempts(scenarioId?: string): AttemptRecord[];
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

/**
 * Opens the progress store. A file that is not JSON, not a progress document,
 * or of an unknown version is renamed to `<file>.corrupt-<timestamp>` (never
 * deleted), a fresh store is started, and `warning` says where the old file went.
 */
export async function openProgress(options: OpenProgressOptions = {}): Promise<ProgressStore> {
  const file = options.file ?? progressFilePath(options.env ?? process.env);
  // The UI edge: wall time is only used to name a kept-aside file.
  const now = options.now ?? Date.now;
  const loaded = await load(file, now);
  // When the file could not even be moved aside, keep progress in memory for
  // this run rather than overwrite a file we could not read.
  const adapter = loaded.writable ? new JSONFile<ProgressData>(file) : new Memory<ProgressData>();
  const db = new Low<ProgressData>(adapter, loaded.data);
  return {
    file,
    warning: loaded.warning,
    async recordAttempt(attempt) {
      await mkdir(dirname(file), { recursive: true });
      db.data.attempts.push(copyAttempt(attempt));
      await db.write();
    },
    bestScores() {
      return bestScoresOf(db.data.attempts);
    },
    listAttempts(scenarioId) {
      const all = db.data.attempts;
      return (scenarioId === undefined ? all : all.filter((a) => a.scenarioId === scenarioId)).map(copyAttempt);
    },
  };
}

/** The best attempt per scenario id: highest fraction of the maximum, ties broken by points. */
export function bestScoresOf(attempts: readonly AttemptRecord[]): Map<string, BestScore> {
  const best = new Map<string, BestScore>();
  for (const a of attempts) {
    const prev = best.get(a.scenarioId);
    if (!prev || better(a, prev)) best.set(a.scenarioId, { score: a.score, maxScore: a.maxScore });
  }
  return best;
}

function better(a: BestScore, b: BestScore): boolean {
  const fa = a.maxScore > 0 ? a.score / a.maxScore : 0;
  const fb = b.maxScore > 0 ? b.score / b.maxScore : 0;
  return fa > fb || (fa === fb && a.score > b.score);
}

function copyAttempt(a: AttemptRecord): AttemptRecord {
  return { ...a, parts: a.parts.map((p) => ({ name: p.name, points: p.points, max: p.max })) };
}

interface Loaded {
  data: ProgressData;
  warning?: string;
  writable: boolean;
}

async function load(file: string, now: () => number): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return { data: emptyProgress(), writable: true };
    return keepAside(file, now, `progress file could not be read (${errorCode(e) ?? String(e)})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return keepAside(file, now, 'progress file was corrupt');
  }
  const migrated = migrateProgress(raw);
  if (migrated.ok) return { data: migrated.data, writable: true };
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
      data: emptyProgress(),
      writable: false,
      warning: `${reason}, and could not be moved aside (${errorCode(e) ?? String(e)}); progress will not be saved this time`,
    };
  }
  return { data: emptyProgress(), writable: true, warning: `${reason}; kept it as ${aside}` };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}
