import { Box, Text } from 'ink';
import type { ScenarioSummary } from '../../../practice/types.js';
import type { BestScore } from '../../../progress/store.js';
import { formatScore } from '../../text/format-grade.js';
import { theme } from '../../theme.js';
import { fit } from '../../text/wrap.js';

/** Props of {@link ScenarioList}. */
export interface ScenarioListProps {
  readonly scenarios: readonly ScenarioSummary[];
  readonly bestScores: ReadonlyMap<string, BestScore>;
  readonly selectedIndex: number;
  /** At most this many rows are drawn, scrolled to keep the selection visible. */
  readonly maxRows: number;
  /** Terminal width; the topics column, then the title, shrink to fit it. */
  readonly width: number;
  /** The scenario played last, marked in its BEST cell ("continue where you left off"). */
  readonly lastPlayedId?: string;
}

/** Column indexes: id, title, difficulty, topics, best. */
const [TITLE, TOPICS] = [1, 3];

/**
 * Column widths (gap included, except the last) that fit `width`: topics
 * shrink first; rather than cut a title the topics column goes (the selected
 * row's topics are shown under the list), then titles shrink; ids are never
 * cut, they are what `kubedrill play <id>` takes.
 */
export function fitColumns(natural: readonly number[], width: number): number[] {
  const widths = [...natural];
  const total = () => 2 + widths.reduce((a, b) => a + b, 0);
  const shrink = (c: number, min: number) => {
    const over = total() - width;
    if (over > 0) widths[c] = Math.max(Math.min(min, natural[c]!), widths[c]! - over);
  };
  shrink(TOPICS, 12);
  if (total() > width) widths[TOPICS] = 0;
  shrink(TITLE, 10);
  return widths;
}

/** What marks the scenario played last. */
export const LAST_MARK = '· last played';

/** One row's cells. */
function cells(s: ScenarioSummary, best: BestScore | undefined, last: boolean): string[] {
  const score = best ? formatScore(best.score, best.maxScore) : '—';
  return [s.id, s.title, s.difficulty, s.topics.join(', '), last ? `${score} ${LAST_MARK}` : score];
}

/** The scenario table: id, title, difficulty, topics, best score. */
export function ScenarioList({ scenarios, bestScores, selectedIndex, maxRows, width, lastPlayedId }: ScenarioListProps) {
  if (scenarios.length === 0) return <Text color={theme.muted}>No scenarios found.</Text>;
  const rows = scenarios.map((s) => cells(s, bestScores.get(s.id), s.id === lastPlayedId));
  const header = ['ID', 'SCENARIO', 'DIFFICULTY', 'TOPICS', 'BEST'];
  const last = header.length - 1;
  const natural = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)) + (c < last ? 2 : 0));
  const widths = fitColumns(natural, width);
  // Each cell keeps at least one space before the next column; a column of width 0 is left out.
  const line = (r: readonly string[]) =>
    r.map((cell, c) => (c < last ? (widths[c]! === 0 ? '' : fit(cell, widths[c]! - 2).padEnd(widths[c]!)) : cell)).join('');
  const visible = Math.max(1, maxRows);
  const first = Math.min(Math.max(0, selectedIndex - visible + 1), Math.max(0, rows.length - visible));
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate">{`  ${line(header)}`}</Text>
      {rows.slice(first, first + visible).map((r, i) => {
        const selected = first + i === selectedIndex;
        return (
          <Text key={scenarios[first + i]!.id} wrap="truncate" color={selected ? theme.selected : undefined}>
            {`${selected ? '❯ ' : '  '}${line(r)}`}
          </Text>
        );
      })}
    </Box>
  );
}
