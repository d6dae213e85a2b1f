import { Box, Text } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useState } from 'react';
import { theme } from '../../theme.js';

/** Props of {@link DiagnosesReview}. */
export interface DiagnosesReviewProps {
  /** The recorded diagnoses, in words. */
  readonly recorded: readonly string[];
  /** How many faults the scenario declares (one diagnosis each). */
  readonly count: number;
  /** Enter on a recorded diagnosis: replace it (0-based index). */
  readonly onReplace: (index: number) => void;
  /** Enter on "Add another": record a new one. */
  readonly onAdd: () => void;
  /** d / Delete / Backspace on a recorded diagnosis. */
  readonly onRemove: (index: number) => void;
  readonly onCancel: () => void;
  readonly isActive: boolean;
}

/**
 * The first step of the diagnose dialog in a scenario with several faults:
 * the diagnoses recorded so far, to review, replace or remove, and a way to
 * add another while fewer than the faults are recorded.
 */
export function DiagnosesReview({ recorded, count, onReplace, onAdd, onRemove, onCancel, isActive }: DiagnosesReviewProps) {
  const canAdd = recorded.length < count;
  const rows = canAdd ? [...recorded, '+ Add another diagnosis'] : recorded;
  const [selected, setSelected] = useState(canAdd ? recorded.length : 0);
  const at = Math.min(selected, Math.max(0, rows.length - 1));
  useKeys(
    (input, key) => {
      if (key.escape) return onCancel();
      if (key.upArrow || input === 'k') return setSelected(Math.max(0, at - 1));
      if (key.downArrow || input === 'j') return setSelected(Math.min(rows.length - 1, at + 1));
      if (key.return) return at < recorded.length ? onReplace(at) : onAdd();
      if ((input === 'd' || key.delete || key.backspace) && at < recorded.length) onRemove(at);
    },
    { isActive },
  );
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>
        Diagnoses: {recorded.length} of {count} faults named
      </Text>
      {rows.map((row, i) => (
        <Text key={i} color={i === at ? theme.selected : undefined} wrap="truncate">
          {i === at ? '❯ ' : '  '}
          {i < recorded.length ? `${i + 1}. ${row}` : row}
        </Text>
      ))}
      <Text color={theme.muted}>↑/↓ pick · Enter {at < recorded.length ? 'replace' : 'add'} · d remove · Esc close</Text>
    </Box>
  );
}
