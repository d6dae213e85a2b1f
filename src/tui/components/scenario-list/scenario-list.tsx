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
}

/** One row's cells. */
function cells(s: ScenarioSummary, best: BestScore | undefined): [string, string, string, string] {
  return [s.title, s.difficulty, s.topics.join(', '), best ? formatScore(best.score, best.maxScore) : '—'];
}

/** The scenario table: title, difficulty, topics, best score. */
export function ScenarioList({ scenarios, bestScores, selectedIndex, maxRows }: ScenarioListProps) {
  if (scenarios.length === 0) return <Text color={theme.muted}>No scenarios found.</Text>;
  const rows = scenarios.map((s) => cells(s, bestScores.get(s.id)));
  const header: [string, string, string, string] = ['SCENARIO', 'DIFFICULTY', 'TOPICS', 'BEST'];
  const widths = [0, 1, 2].map((c) => Math.max(header[c]!.length, ...rows.map((r) => r[c]!.length)) + 2);
  const line = (r: readonly string[]) => r.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]!) : cell)).join('');
  const visible = Math.max(1, maxRows);
  const first = Math.min(Math.max(0, selectedIndex - visible + 1), Math.max(0, rows.length - visible));
  return (
    <Box flexDirection="column">
      <Text bold>{`  ${line(header)}`}</Text>
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
