import { Box, Text, useInput, type Key } from 'ink';
import { memo } from 'react';
import { matchSegments, promptLine, shownRows, type PagerState } from './pager-state.js';

/** Props of {@link PagerView}. */
export interface PagerViewProps {
  readonly state: PagerState;
  /** A key (the owner maps it with pagerKeyAction against its newest state: keys come faster than renders). */
  readonly onKey: (input: string, key: Key) => void;
  readonly isActive: boolean;
}

/**
 * A pager's screen: a screen of rows (matches of the last search in
 * standout), `~` past the end of the text (less's default, see man less -~),
 * and the bottom line, in standout unless it is
 * less's plain `:` (command.c prompt()).
 */
export const PagerView = memo(function PagerView({ state, onKey, isActive }: PagerViewProps) {
  useInput(onKey, { isActive });
  const rows = shownRows(state);
  const filler = state.pager === 'less' ? Array.from({ length: state.height - rows.length }, () => '~') : [];
  const prompt = promptLine(state);
  return (
    <Box flexDirection="column">
      {rows.map((row, i) => (
        <Text key={i} wrap="truncate">
          {row === ''
            ? ' '
            : matchSegments(row, state.pattern).map((part, j) => (
                <Text key={j} inverse={part.match}>
                  {part.text}
                </Text>
              ))}
        </Text>
      ))}
      {filler.map((row, i) => (
        <Text key={`~${i}`}>{row}</Text>
      ))}
      <Text inverse={prompt !== ':' && state.typing === undefined} wrap="truncate">
        {prompt}
      </Text>
    </Box>
  );
});
