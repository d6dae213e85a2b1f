import { Box, Text } from 'ink';
import { theme } from '../../theme.js';
import { wrapText } from '../../text/wrap.js';

/** Props of {@link HintPanel}. */
export interface HintPanelProps {
  /** Hints revealed so far, oldest first. */
  readonly hints: readonly string[];
  /** Hints still hidden. */
  readonly hintsLeft: number;
  /** A one-line notice (no hints left, diagnosis recorded, an error). */
  readonly notice?: string;
  readonly width: number;
}

/** The rows {@link HintPanel} takes, so the screen can size the terminal pane around it. */
export function hintPanelLines({ hints, hintsLeft, notice, width }: HintPanelProps): string[] {
  const lines: string[] = [];
  const latest = hints[hints.length - 1];
  if (latest !== undefined) {
    const total = hints.length + hintsLeft;
    lines.push(...wrapText(`Hint ${hints.length}/${total}: ${latest}`, width));
  }
  if (notice) lines.push(...wrapText(notice, width));
  return lines;
}

/** The latest hint and any notice, above the terminal pane. */
export function HintPanel(props: HintPanelProps) {
  const lines = hintPanelLines(props);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i} color={theme.warning} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
