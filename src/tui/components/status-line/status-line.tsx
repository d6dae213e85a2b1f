import { Text } from 'ink';
import { memo } from 'react';
import { theme } from '../../theme.js';
import { fit } from '../../text/wrap.js';

/** Props of {@link StatusLine}. */
export interface StatusLineProps {
  readonly title: string;
  /** The simulated clock, as the session formats it. */
  readonly clock: string;
  readonly width: number;
  /** Key help for what is focused. */
  readonly keys: string;
}

/**
 * The status line's text, exactly `width` characters: title │ clock │ keys.
 * When it does not fit, the clock shrinks to its time of day, then the title
 * is shortened; the key help is kept whole as long as anything can be.
 */
export function statusLineText({ title, clock, width, keys }: StatusLineProps): string {
  const time = /\d{1,2}:\d{2}:\d{2}/.exec(clock)?.[0] ?? clock;
  for (const c of [clock, time]) {
    const fixed = ` ${title} │ ${c} │ ${keys}`;
    if (fixed.length <= width) return fixed.padEnd(width);
  }
  const rest = ` │ ${time} │ ${keys}`;
  const room = width - 1 - rest.length;
  if (room >= 8) return ` ${fit(title, room)}${rest}`.padEnd(width);
  return fit(` ${time} │ ${keys}`, width).padEnd(width);
}

/** One inverse line: scenario title, simulated clock, key help; fitted to the width. Drawn again only when one of them changes. */
export const StatusLine = memo(function StatusLine(props: StatusLineProps) {
  return (
    <Text inverse color={theme.title} wrap="truncate">
      {statusLineText(props)}
    </Text>
  );
});
