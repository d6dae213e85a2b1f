/**
 * `kubedrill list [--json]`: the shipped scenarios with difficulty, topics and
 * best score. Only each file's `metadata:` block is read (no zod, no
 * simulation), so the list costs about a process start; a file whose
 * metadata cannot be read that way is fully validated and its errors printed.
 */
import { listShippedEntries } from './catalogue.js';
import { openProgress } from '../progress/store.js';

/** Lists scenarios; returns the exit code. */
export async function listCommand(options: { json?: boolean }, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const [{ entries, errors }, progress] = await Promise.all([listShippedEntries(), openProgress()]);
  for (const e of errors) err.write(`${e}\n`);
  if (progress.warning) err.write(`kubedrill: ${progress.warning}\n`);
  const best = progress.bestScores();
  const rows = entries.map((s) => {
    const b = best.get(s.id);
    return { ...s, best: b ? { score: b.score, maxScore: b.maxScore } : null };
  });
  if (options.json) {
    out.write(`${JSON.stringify(rows, null, 2)}\n`);
    return errors.length ? 1 : 0;
  }
  const table = [['ID', 'DIFFICULTY', 'MIN', 'BEST', 'TOPICS', 'TITLE'], ...rows.map((r) => [r.id, r.difficulty, String(r.estimatedMinutes), r.best ? `${r.best.score}/${r.best.maxScore}` : '-', r.topics.join(','), r.title])];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) out.write(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] + 2))).join('')}\n`);
  return errors.length ? 1 : 0;
}
