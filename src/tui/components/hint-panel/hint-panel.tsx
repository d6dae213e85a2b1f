import { Box, Text } from 'ink';
import { memo } from 'react';
import { theme } from '../../theme.js';
import { fit, wrapText } from '../../text/wrap.js';

/** Props of {@link HintPanel}. */
export interface HintPanelProps {
  /** Hints revealed so far, oldest first. */
  readonly hints: readonly string[];
  /** Hints still hidden. */
  readonly hintsLeft: number;
  readonly width: number;
  /** At most this many rows (the terminal keeps the rest); unlimited when omitted. */
  readonly maxRows?: number;
}

/** Cuts `text` to one row of `width`, marking the cut. */
function oneRow(text: string, width: number): string {
  return fit(text.replace(/\s+/g, ' ').trim(), width);
}

/**
 * The rows {@link HintPanel} takes, so the screen can size the terminal pane
 * around it: every revealed hint, numbered (the learner paid for each); the
 * latest in full, earlier ones one row each so the terminal keeps its room.
 */
export function hintPanelLines({ hints, hintsLeft, width, maxRows = Infinity }: HintPanelProps): string[] {
  const total = hints.length + hintsLeft;
  if (hints.length === 0) return [];
  const last = hints.length - 1;
  const latest = wrapText(`Hint ${hints.length}/${total}: ${hints[last]}`, width);
  const earlier = hints.slice(0, last).map((hint, i) => oneRow(`Hint ${i + 1}/${total}: ${hint}`, width));
  const room = Math.max(1, maxRows);
  if (earlier.length + latest.length <= room) return [...earlier, ...latest];
  // A screen too small for all of them: the newest first, and a row saying how many are left out.
  const shownLatest = latest.slice(0, Math.max(1, room - 1));
  const keep = Math.max(0, room - 1 - shownLatest.length);
  const hidden = earlier.length - keep;
  const note = hidden > 0 ? [oneRow(`(hints 1–${hidden} not shown: the terminal is too small)`, width)] : [];
  return [...note, ...earlier.slice(hidden), ...shownLatest];
}

/** The revealed hints, above the terminal pane; drawn again only when the hints (or the room) change. */
export const HintPanel = memo(function HintPanel(props: HintPanelProps) {
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
});
