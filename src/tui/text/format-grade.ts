import type { GradePart, GradeResult } from '../../practice/types.js';
import { traceLines } from './format-trace.js';

/** `80/100`, the way scores are shown everywhere. */
export function formatScore(score: number, maxScore: number): string {
  return `${score}/${maxScore}`;
}

/** A part's points: `30/40`, or `-5` for a deduction (max 0). */
export function formatPartPoints(points: number, max: number): string {
  return max === 0 ? String(points) : formatScore(points, max);
}

/**
 * What a part's line says: its explanation, or for a diagnosis of several
 * faults only how many were named (each fault then gets a line of its own).
 */
export function partSummary(part: GradePart): string {
  const items = part.items ?? [];
  if (items.length === 0) return part.explanation;
  return `Named ${items.filter((it) => it.points >= it.max).length} of ${items.length} faults.`;
}

/** A fault's line under the diagnosis part: `✓ node-1 disk 20/20: Correct: ...`. */
export function itemLine(item: NonNullable<GradePart['items']>[number]): string {
  return `${item.points >= item.max ? '✓' : '✗'} ${item.label} ${formatScore(item.points, item.max)}: ${item.explanation}`;
}

/** A graded attempt as plain text (the line mode prints this). */
export function formatGrade(result: GradeResult): string {
  const nameWidth = Math.max(...result.parts.map((p) => p.name.length), 0) + 2;
  const pointsWidth = Math.max(...result.parts.map((p) => formatPartPoints(p.points, p.max).length), 0) + 2;
  const lines = [`Score: ${formatScore(result.score, result.maxScore)}`, ''];
  for (const p of result.parts) {
    lines.push(`  ${p.name.padEnd(nameWidth)}${formatPartPoints(p.points, p.max).padEnd(pointsWidth)}${partSummary(p)}`);
    for (const item of p.items ?? []) lines.push(`${' '.repeat(2 + nameWidth + pointsWidth)}${itemLine(item)}`);
  }
  const trace = traceLines(result.trace);
  if (trace.length > 0) lines.push('', ...trace);
  if (result.explanation.trim().length > 0) {
    lines.push('', 'What was wrong:', result.explanation.replace(/\n+$/, ''));
  }
  return `${lines.join('\n')}\n`;
}
