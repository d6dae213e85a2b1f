/** `kubedrill progress [--json]`: attempts, best scores and quiz answers so far. */
import { openProgress } from '../progress/index.js';

/** Prints progress; returns the exit code. `now` (the UI edge) says what is due for review. */
export async function progressCommand(options: { json?: boolean }, out: NodeJS.WritableStream, err: NodeJS.WritableStream, now: () => number = Date.now): Promise<number> {
  const progress = await openProgress();
  if (progress.warning) err.write(`kubedrill: ${progress.warning}\n`);
  const attempts = progress.listAttempts();
  const quiz = progress.listQuizResults();
  const leitner = progress.leitnerRecords();
  const due = leitner.length > 0 ? await dueCount(leitner, now()) : 0;
  if (options.json) {
    out.write(`${JSON.stringify({ file: progress.file, attempts, best: Object.fromEntries(progress.bestScores()), quiz, review: { due, boxes: leitner } }, null, 2)}\n`);
    return 0;
  }
  if (attempts.length === 0 && quiz.length === 0) {
    out.write(`No attempts yet (progress file: ${progress.file}).\n`);
    return 0;
  }
  for (const [id, best] of progress.bestScores()) out.write(`${id.padEnd(36)} best ${best.score}/${best.maxScore}\n`);
  if (quiz.length > 0) {
    const right = quiz.filter((q) => q.correct).length;
    out.write(`Quiz: ${quiz.length} answer${quiz.length === 1 ? '' : 's'}, ${right} right; ${due} question${due === 1 ? '' : 's'} due for review (kubedrill quiz --review)\n`);
  }
  out.write(`${attempts.length} attempt${attempts.length === 1 ? '' : 's'} recorded in ${progress.file}\n`);
  return 0;
}

async function dueCount(records: Parameters<typeof import('../quiz/records.js').cardOf>[0][], now: number): Promise<number> {
  const [{ cardOf }, { dueCards }] = await Promise.all([import('../quiz/records.js'), import('../quiz/leitner.js')]);
  return dueCards(records.map(cardOf), now).length;
}
