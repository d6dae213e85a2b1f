import { Box, Text } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useEffect, useState, type ReactElement } from 'react';
import type { GradeResult, ScenarioSummary } from '../../../practice/types.js';
import { useInterrupt } from '../../hooks/use-interrupt.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { formatPartPoints, formatScore, itemLine, partSummary } from '../../text/format-grade.js';
import { traceLines } from '../../text/format-trace.js';
import { wrapText } from '../../text/wrap.js';
import { theme } from '../../theme.js';

/** Props of {@link ResultsScreen}. */
export interface ResultsScreenProps {
  readonly scenario: ScenarioSummary;
  readonly result: GradeResult;
  /** Earlier grades of this attempt, oldest first (the diagnosis was revised). */
  readonly earlier?: readonly GradeResult[];
  /** q, Enter, Esc (or Ctrl+C): the attempt is finished. */
  readonly onDone: () => void;
  /** r: back to the practice screen to revise the diagnosis and keep working. */
  readonly onRevise?: () => void;
  /** Set when the attempt could not be saved. */
  readonly notice?: string;
  /** Reads the quiz offer for the scenario's topics (src/tui/text/quiz-offer.ts); absent: none is shown. */
  readonly loadOffer?: (topics: readonly string[]) => Promise<string | undefined>;
  /** z: the quiz on the scenario's topics (shown once there is an offer). */
  readonly onQuiz?: () => void;
}

/** One row of the scrollable body. */
type Row = ReactElement;

/** The body's rows: each part with its reason, earlier grades, the chain trace, the explanation, the quiz on its topics, a notice. */
function bodyRows({ result, earlier = [], notice }: ResultsScreenProps, columns: number, offer: string | undefined): Row[] {
  const rows: Row[] = [];
  const nameWidth = Math.max(...result.parts.map((p) => p.name.length), 0) + 2;
  const pointsWidth = Math.max(...result.parts.map((p) => formatPartPoints(p.points, p.max).length), 0) + 2;
  const explanationWidth = Math.max(20, columns - 2 - nameWidth - pointsWidth);
  for (const part of result.parts) {
    const earned = part.max > 0 ? part.points >= part.max : part.points >= 0;
    // Several faults: a count on the part's line, then each fault on its own with its share and reason.
    const items = part.items ?? [];
    wrapText(partSummary(part), explanationWidth).forEach((line, i) => {
      rows.push(
        <Text key={`${part.name}-${i}`} wrap="truncate">
          {`  ${(i === 0 ? part.name : '').padEnd(nameWidth)}`}
          <Text color={earned ? theme.good : theme.bad}>
            {(i === 0 ? formatPartPoints(part.points, part.max) : '').padEnd(pointsWidth)}
          </Text>
          {line}
        </Text>,
      );
    });
    items.forEach((item, n) => {
      const earnedItem = item.points >= item.max;
      // The mark is coloured; the rest of the first line follows it, continuation lines indent under it.
      wrapText(itemLine(item).slice(2), Math.max(20, columns - 4 - nameWidth)).forEach((line, i) => {
        rows.push(
          <Text key={`${part.name}-item-${n}-${i}`} wrap="truncate">
            {' '.repeat(2 + nameWidth)}
            {i === 0 ? <Text color={earnedItem ? theme.good : theme.bad}>{earnedItem ? '✓ ' : '✗ '}</Text> : '  '}
            {line}
          </Text>,
        );
      });
    });
  }
  if (earlier.length > 0) {
    rows.push(<Text key="earlier-gap"> </Text>, <Text key="earlier" bold>Earlier grades</Text>);
    earlier.forEach((g, i) => {
      rows.push(
        <Text key={`earlier-${i}`} wrap="truncate">{`  attempt ${g.attempt ?? i + 1}: ${formatScore(g.score, g.maxScore)}`}</Text>,
      );
    });
  }
  const trace = traceLines(result.trace);
  if (trace.length > 0) {
    rows.push(<Text key="trace-gap"> </Text>, <Text key="trace" bold>{trace[0]}</Text>);
    trace.slice(1).forEach((line, n) => {
      // The path and the broken links' own lines, wrapped under their indent; a broken link's name in the bad colour.
      const indent = line.length - line.trimStart().length;
      wrapText(line.trimStart(), Math.max(20, columns - indent)).forEach((part, i) => {
        const text = `${' '.repeat(indent)}${part}`;
        rows.push(
          <Text key={`trace-${n}-${i}`} wrap="truncate" color={part.startsWith('✗') ? theme.bad : undefined}>
            {text}
          </Text>,
        );
      });
    });
  }
  if (result.explanation.trim().length > 0) {
    rows.push(<Text key="why-gap"> </Text>, <Text key="why" bold>What was wrong</Text>);
    wrapText(result.explanation, Math.max(20, columns)).forEach((line, i) => {
      rows.push(<Text key={`why-${i}`} wrap="truncate">{line.length === 0 ? ' ' : line}</Text>);
    });
  }
  if (offer) {
    rows.push(<Text key="quiz-gap"> </Text>);
    wrapText(offer, Math.max(20, columns)).forEach((line, i) => {
      rows.push(<Text key={`quiz-${i}`} wrap="truncate">{line}</Text>);
    });
  }
  if (notice) {
    wrapText(notice, Math.max(20, columns)).forEach((line, i) => {
      rows.push(<Text key={`notice-${i}`} color={theme.warning} wrap="truncate">{line}</Text>);
    });
  }
  return rows;
}

/**
 * The graded attempt: the score stays on top while the parts, earlier grades
 * and the scenario's explanation scroll under it (↑/↓, PgUp/PgDn, space), so
 * a small terminal shows all of it.
 */
export function ResultsScreen(props: ResultsScreenProps) {
  const { scenario, result, onDone, onRevise } = props;
  const { columns, rows: height } = useTerminalSize();
  // The quiz on the scenario's topics, once the banks are read (after the first frame).
  const [offer, setOffer] = useState<string | undefined>(undefined);
  const { loadOffer } = props;
  useEffect(() => {
    let live = true;
    void loadOffer?.(scenario.topics).then((text) => live && setOffer(text));
    return () => {
      live = false;
    };
  }, [loadOffer, scenario.topics]);
  const body = bodyRows(props, columns, offer);
  // Title, score, gap above; gap, keys (and where we are) below; one spare row against Ink's full-screen redraw.
  const view = Math.max(1, height - 3 - 3 - 1);
  const maxTop = Math.max(0, body.length - view);
  const [top, setTop] = useState(0);
  // Functional updates: keys that arrive before the next render (key repeat) each count.
  const scrollBy = (delta: number) => setTop((t) => Math.max(0, Math.min(maxTop, Math.min(t, maxTop) + delta)));
  const page = Math.max(1, view - 1);
  useInterrupt(() => {
    onDone();
    return true;
  });
  useKeys((input, key) => {
    if (key.ctrl) return;
    if (key.upArrow || input === 'k') scrollBy(-1);
    else if (key.downArrow || input === 'j') scrollBy(1);
    else if (key.pageUp || input === 'b') scrollBy(-page);
    else if (key.pageDown || input === ' ') scrollBy(page);
    else if (key.home || input === 'g') scrollBy(-body.length);
    else if (key.end || input === 'G') scrollBy(body.length);
    else if (input === 'r' && onRevise) onRevise();
    else if (input === 'z' && offer && props.onQuiz) props.onQuiz();
    else if (key.return || key.escape || input === 'q') onDone();
  });
  const shown = Math.min(top, maxTop);
  const full = result.maxScore > 0 && result.score >= result.maxScore;
  const quizKey = offer && props.onQuiz ? 'z: quiz on these topics · ' : '';
  const keys = onRevise ? (quizKey ? `r: revise the diagnosis · ${quizKey}q/Enter: finish` : 'r: revise the diagnosis and keep working · q/Enter: finish') : `${quizKey}q/Enter: finish`;
  const where =
    maxTop > 0 ? `↑/↓ PgUp/PgDn space: scroll · lines ${shown + 1}–${Math.min(body.length, shown + view)} of ${body.length}` : '';
  return (
    <Box flexDirection="column">
      <Text bold color={theme.title} wrap="truncate">
        {scenario.title}
      </Text>
      <Text bold color={full ? theme.good : undefined} wrap="truncate">
        Score: {formatScore(result.score, result.maxScore)}
        {result.attempt !== undefined && result.attempt > 1 ? ` (attempt ${result.attempt})` : ''}
      </Text>
      <Text> </Text>
      {body.slice(shown, shown + view)}
      <Text> </Text>
      <Text color={theme.muted} wrap="truncate">
        {keys}
      </Text>
      {where ? (
        <Text color={theme.muted} wrap="truncate">
          {where}
        </Text>
      ) : null}
    </Box>
  );
}
