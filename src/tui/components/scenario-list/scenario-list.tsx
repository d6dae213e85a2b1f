import { Box, Text } from 'ink';
import type { ScenarioSummary } from '../../../scenario/practice-types.js';
import type { BestScore } from '../../../progress/store.js';
import { formatScore } from '../../text/format-grade.js';
import { theme } from '../../theme.js';

/** Props of {@link ScenarioList}. */
export interface ScenarioListProps {
  readonly scenarios: readonly ScenarioSummary[];
  readonly bestScores: ReadonlyMap<string, BestScore>;
  readonly selectedIndex: number;
  /** At most this many rows are drawn, scrolled to keep the selection visible. */
  readonly maxRows: number;
  /** Terminal width; the topics column, then the title, shrink to fit it. */
  readonly width: number;
}

/** Cuts `text` to `width` characters, marking the cut with an ellipsis. */
function fit(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** Column widths (gap included, except the last) that fit `width`: topics shrink first, then titles. */
export function fitColumns(natural: readonly number[], width: number): number[] {
  const widths = [...natural];
  const total = () => 2 + widths.reduce((a, b) => a + b, 0);
  const minimum = [12, natural[1]!, 10, natural[3]!];
  for (const c of [2, 0]) {
    const over = total() - width;
    if (over > 0) widths[c] = Math.max(minimum[c]!, widths[c]! - over);
  }
  return widths;
}

/** One row's cells. */
function cells(s: ScenarioSummary, best: BestScore | undefined): [string, string, string, string] {
  return [s.title, s.difficulty, s.topics.join(', '), best ? formatScore(best.score, best.maxScore) : '—'];
}

/** The scenario table: title, difficulty, topics, best score. */
export function ScenarioList({ scenarios, bestScores, selectedIndex, maxRows, width }: ScenarioListProps) {
  if (scenarios.length === 0) return <Text color={theme.muted}>No scenarios found.</Text>;
  const rows = scenarios.map((s) => cells(s, bestScores.get(s.id)));
  const header: [string, string, string, string] = ['SCENARIO', 'DIFFICULTY', 'TOPICS', 'BEST'];
  const natural = [0, 1, 2, 3].map((c) => Math.max(header[c]!.length, ...rows.map((r) => r[c]!.length)) + (c < 3 ? 2 : 0));
  const widths = fitColumns(natural, width);
  // Each cell keeps at least one space before the next column.
  const line = (r: readonly string[]) =>
    r.map((cell, c) => (c < 3 ? fit(cell, widths[c]! - 2).padEnd(widths[c]!) : cell)).join('');
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
