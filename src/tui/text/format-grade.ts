import type { GradeResult } from '../../scenario/practice-types.js';

/** `80/100`, the way scores are shown everywhere. */
export function formatScore(score: number, maxScore: number): string {
  return `${score}/${maxScore}`;
}

/** A part's points: `30/40`, or `-5` for a deduction (max 0). */
export function formatPartPoints(points: number, max: number): string {
  return max === 0 ? String(points) : formatScore(points, max);
}

/** A graded attempt as plain text (the line mode prints this). */
export function formatGrade(result: GradeResult): string {
  const nameWidth = Math.max(...result.parts.map((p) => p.name.length), 0) + 2;
  const pointsWidth = Math.max(...result.parts.map((p) => formatPartPoints(p.points, p.max).length), 0) + 2;
  const lines = [`Score: ${formatScore(result.score, result.maxScore)}`, ''];
  for (const p of result.parts) {
    lines.push(`  ${p.name.padEnd(nameWidth)}${formatPartPoints(p.points, p.max).padEnd(pointsWidth)}${p.explanation}`);
  }
  if (result.explanation.trim().length > 0) {
    lines.push('', 'What was wrong:', result.explanation.replace(/\n+$/, ''));
  }
  return `${lines.join('\n')}\n`;
}
