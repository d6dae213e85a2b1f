import { Box, Text, useInput } from 'ink';
import type { GradeResult, ScenarioSummary } from '../../../scenario/practice-types.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { formatPartPoints, formatScore } from '../../text/format-grade.js';
import { wrapText } from '../../text/wrap.js';
import { theme } from '../../theme.js';

/** Props of {@link ResultsScreen}. */
export interface ResultsScreenProps {
  readonly scenario: ScenarioSummary;
  readonly result: GradeResult;
  /** Enter (or Esc, q): back to the scenario list. */
  readonly onDone: () => void;
  /** Set when the attempt could not be saved. */
  readonly notice?: string;
}

/** The graded attempt: score, each part with its reason, and the scenario's explanation. */
export function ResultsScreen({ scenario, result, onDone, notice }: ResultsScreenProps) {
  const { columns } = useTerminalSize();
  useInput((input, key) => {
    if (key.return || key.escape || input === 'q') onDone();
  });
  const nameWidth = Math.max(...result.parts.map((p) => p.name.length), 0) + 2;
  const pointsWidth = Math.max(...result.parts.map((p) => formatPartPoints(p.points, p.max).length), 0) + 2;
  const explanationWidth = Math.max(20, columns - 2 - nameWidth - pointsWidth);
  const full = result.maxScore > 0 && result.score >= result.maxScore;
  return (
    <Box flexDirection="column">
      <Text bold color={theme.title}>
        {scenario.title}
      </Text>
      <Text bold color={full ? theme.good : undefined}>
        Score: {formatScore(result.score, result.maxScore)}
      </Text>
      <Text> </Text>
      {result.parts.map((part) => {
        const lines = wrapText(part.explanation, explanationWidth);
        const earned = part.max > 0 ? part.points >= part.max : part.points >= 0;
        return (
          <Box key={part.name} flexDirection="row">
            <Text>{`  ${part.name.padEnd(nameWidth)}`}</Text>
            <Text color={earned ? theme.good : theme.bad}>{formatPartPoints(part.points, part.max).padEnd(pointsWidth)}</Text>
            <Box flexDirection="column">
              {lines.map((line, i) => (
                <Text key={i}>{line}</Text>
              ))}
            </Box>
          </Box>
        );
      })}
      {result.explanation.trim().length > 0 ? (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>What was wrong</Text>
          {wrapText(result.explanation, Math.max(20, columns)).map((line, i) => (
            <Text key={i}>{line.length === 0 ? ' ' : line}</Text>
          ))}
        </Box>
      ) : null}
      {notice ? <Text color={theme.warning}>{notice}</Text> : null}
      <Text> </Text>
      <Text color={theme.muted}>Enter: back to the scenario list</Text>
    </Box>
  );
}
