import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import { terminalPaneTheme as theme } from './theme.js';
import { Rows } from '../rows/rows.js';
import { visibleRows, type TerminalPaneState } from './use-terminal-pane-state.js';
import { searchLine, searchPrompt } from './reverse-search.js';

/** Props of {@link TerminalPane}. */
export interface TerminalPaneProps {
  readonly state: TerminalPaneState;
  /** The shell prompt before the input line. */
  readonly prompt: string;
  /** While a command runs the input line is replaced by a notice. */
  readonly busy: boolean;
  /**
   * A command is following (`journalctl -f`): like a terminal running a
   * foreground job, the input line is an empty row under its output.
   */
  readonly following?: boolean;
  /** A question in place of the prompt (leave the scenario? y/N); typing is held meanwhile. */
  readonly ask?: string;
}

/**
 * The scrollback viewport followed by the input line. Only the visible rows
 * go through Ink's layout, each as one unwrapped `<Text>`; a keystroke
 * re-renders the input line alone (the rows are memoised on the viewport).
 */
export function TerminalPane({ state, prompt, busy, following = false, ask }: TerminalPaneProps) {
  // A keystroke changes `input` but not these, so the viewport is not recomputed.
  const viewport = useMemo(
    () => visibleRows(state),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.lines, state.width, state.height, state.scroll, state.floor],
  );
  return (
    <Box flexDirection="column" height={state.height + 1}>
      <Rows lines={viewport.rows} />
      {ask !== undefined ? (
        <InputLine prompt={ask} input="" cursor={0} width={state.width} />
      ) : following ? (
        <Text> </Text>
      ) : busy ? (
        <Text color={theme.busy}>running…</Text>
      ) : viewport.scrolled ? (
        <Text color={theme.scrolledNotice}>-- scrolled back: PgDn to return --</Text>
      ) : state.asking ? (
        <InputLine prompt="" input={`Display all ${state.asking.length} possibilities? (y or n)`} cursor={Infinity} width={state.width} />
      ) : state.search ? (
        // readline draws the search in place of the prompt, the cursor on the match.
        <InputLine
          prompt={searchPrompt(state.search)}
          input={searchLine(state.search, state.history)}
          cursor={state.search.index === undefined ? state.search.originalCursor : state.search.at}
          width={state.width}
          plain
        />
      ) : (
        <InputLine prompt={prompt} input={state.input} cursor={state.cursor} width={state.width} />
      )}
    </Box>
  );
}

/** The prompt and input line with an inverse-video cursor; long lines show their end, like readline's horizontal scroll. */
const InputLine = memo(function InputLine({ prompt, input, cursor: wanted, width, plain = false }: { prompt: string; input: string; cursor: number; width: number; plain?: boolean }) {
  const cursor = Math.min(wanted, input.length);
  const before = input.slice(0, cursor);
  const at = input[cursor] ?? ' ';
  const after = input.slice(cursor + 1);
  const room = Math.max(1, width - prompt.length - 1);
  const shownBefore = before.length > room ? before.slice(before.length - room) : before;
  const shownAfter = after.slice(0, Math.max(0, room - shownBefore.length - 1));
  return (
    <Text wrap="truncate">
      {plain ? prompt : <Text color={theme.prompt}>{prompt}</Text>}
      {shownBefore}
      <Text inverse>{at}</Text>
      {shownAfter}
    </Text>
  );
});
