import { Box, Text } from 'ink';
import { theme } from '../../theme.js';
import { wrapText } from '../../text/wrap.js';

/** Props of {@link HintPanel}. */
export interface HintPanelProps {
  /** Hints revealed so far, oldest first. */
  readonly hints: readonly string[];
  /** Hints still hidden. */
  readonly hintsLeft: number;
  readonly width: number;
}

/** Cuts `text` to one row of `width`, marking the cut. */
function oneRow(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= width ? flat : `${flat.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * The rows {@link HintPanel} takes, so the screen can size the terminal pane
 * around it: every revealed hint, numbered (the learner paid for each); the
 * latest in full, earlier ones one row each so the terminal keeps its room.
 */
export function hintPanelLines({ hints, hintsLeft, width }: HintPanelProps): string[] {
  const total = hints.length + hintsLeft;
  const lines: string[] = [];
  hints.forEach((hint, i) => {
    const text = `Hint ${i + 1}/${total}: ${hint}`;
    if (i === hints.length - 1) lines.push(...wrapText(text, width));
    else lines.push(oneRow(text, width));
  });
  return lines;
}

/** The revealed hints, above the terminal pane. */
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
