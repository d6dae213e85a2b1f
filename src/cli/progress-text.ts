/**
 * The progress report as plain text for a person: aligned columns, times in
 * UTC, headings in bold only when `bold` is asked for (a terminal without
 * NO_COLOR). Ids come from the progress file, which anyone could have edited,
 * so control characters are taken out before they reach the terminal.
 */
import type { HistoryEntry, ProgressReport, TopicMastery } from '../progress/report.js';
import { stripControlSequences } from '../shell/sanitize.js';

/** Renders the report; `bold` styles the section headings. */
export function progressText(report: ProgressReport, options: { bold?: boolean } = {}): string {
  const heading = (text: string) => (options.bold ? `\x1b[1m${text}\x1b[22m` : text);
  const out: string[] = [];
  if (report.history.length === 0 && report.quiz.answers === 0) {
    out.push(`No attempts or quiz answers yet (progress file: ${clean(report.file)}).`);
    return `${out.join('\n')}\n`;
  }
  // Attempts only at scenarios the catalogue no longer has place under no topic.
  if (report.topics.length > 0) out.push(heading('Mastery by topic'), ...table([['TOPIC', 'MASTERY', 'SCENARIOS', 'QUIZ'], ...report.topics.map(topicRow)]), '');
  if (report.history.length > 0) {
    out.push(heading('Scenario history (UTC)'), ...table([['DATE', 'SCENARIO', 'SCORE', 'TIME', 'HINTS'], ...report.history.map(historyRow)]), '');
  }
  out.push(`Quiz: ${plural(report.quiz.answers, 'answer')}, ${report.quiz.right} right`);
  out.push(reviewLine(report.review));
  out.push(streakLine(report.streak));
  out.push(`Progress file: ${clean(report.file)}`);
  return `${out.join('\n')}\n`;
}

function topicRow(t: TopicMastery): string[] {
  const scenarios = t.scenarios ? `${plural(t.scenarios.attempted, 'scenario')}, ${t.scenarios.percent}%` : '-';
  const quiz = t.quiz ? `${t.quiz.right}/${t.quiz.answered} right` : '-';
  return [clean(t.topic), `${t.mastery}%`, scenarios, quiz];
}

function historyRow(h: HistoryEntry): string[] {
  return [utcMinute(h.finishedAt), clean(h.scenarioId), `${h.score}/${h.maxScore}`, h.simulatedSeconds === null ? '-' : simulatedTime(h.simulatedSeconds), String(h.hintsUsed)];
}

function reviewLine(review: ProgressReport['review']): string {
  const next = review.nextDueAt === null ? '' : `; next due ${utcMinute(review.nextDueAt)} UTC`;
  if (review.due.length === 0) return `Review: nothing due now${next}`;
  return `Review: ${plural(review.due.length, 'question')} due now (kubedrill quiz --review)${next}`;
}

function streakLine(streak: ProgressReport['streak']): string {
  const last = streak.lastDay === null ? '' : ` (last active ${streak.lastDay}, UTC days)`;
  return `Streak: ${plural(streak.days, 'day')}${last}`;
}

/**
 * Simulated seconds as the learner reads a duration: `45s`, `4m10s`, `1h05m`.
 * Whole seconds; the simulation's clock does not need finer.
 */
export function simulatedTime(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** `2026-12-01 09:00` for an ISO time (UTC); the text as it is (cleaned) when it does not parse. */
function utcMinute(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : clean(iso);
}

/** Columns padded to the widest cell plus two spaces, the last column unpadded (as `kubedrill list`). */
function table(rows: readonly string[][]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd((widths[i] ?? 0) + 2))).join(''));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One line, no control sequences: for text taken from the progress file. */
function clean(text: string): string {
  return stripControlSequences(text).replace(/[\t\n]/g, ' ');
}
