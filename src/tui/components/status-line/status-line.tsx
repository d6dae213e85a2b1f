import { Text } from 'ink';
import { theme } from '../../theme.js';

/** Props of {@link StatusLine}. */
export interface StatusLineProps {
  readonly title: string;
  /** The simulated clock, as the session formats it. */
  readonly clock: string;
  readonly width: number;
  /** Key help for what is focused. */
  readonly keys: string;
}

/** One inverse line: scenario title, simulated clock, key help; truncated to the width. */
export function StatusLine({ title, clock, width, keys }: StatusLineProps) {
  const text = ` ${title} │ ${clock} │ ${keys}`;
  const fitted = text.length > width ? text.slice(0, Math.max(0, width - 1)) + '…' : text.padEnd(width);
  return (
    <Text inverse color={theme.title} wrap="truncate">
      {fitted}
    </Text>
  );
}
