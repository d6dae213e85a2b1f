import { Text } from 'ink';
import { memo } from 'react';

/**
 * Lines of text, one unwrapped `<Text>` each (an empty line keeps its row).
 * Memoised: the same lines (a keystroke, a clock tick elsewhere on the
 * screen) render nothing again.
 */
export const Rows = memo(function Rows({ lines }: { readonly lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line.length === 0 ? ' ' : line}
        </Text>
      ))}
    </>
  );
});
