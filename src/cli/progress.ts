/** `kubedrill progress [--json]`: attempts and best scores so far. */
import { openProgress } from '../progress/index.js';

/** Prints progress; returns the exit code. */
export async function progressCommand(options: { json?: boolean }, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const progress = await openProgress();
  if (progress.warning) err.write(`kubedrill: ${progress.warning}\n`);
  const attempts = progress.listAttempts();
  if (options.json) {
    out.write(`${JSON.stringify({ file: progress.file, attempts, best: Object.fromEntries(progress.bestScores()) }, null, 2)}\n`);
    return 0;
  }
  if (attempts.length === 0) {
    out.write(`No attempts yet (progress file: ${progress.file}).\n`);
    return 0;
  }
  for (const [id, best] of progress.bestScores()) out.write(`${id.padEnd(36)} best ${best.score}/${best.maxScore}\n`);
  out.write(`${attempts.length} attempt${attempts.length === 1 ? '' : 's'} recorded in ${progress.file}\n`);
  return 0;
}
