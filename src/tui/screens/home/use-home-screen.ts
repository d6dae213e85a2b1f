import type { Key } from 'ink';
import { useCallback } from 'react';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatest } from '../../hooks/use-latest.js';
import { isFiltered, type HomeAction, type HomeView } from './use-home-screen-state.js';

/** What the home screen does on a key besides changing its view. */
export interface HomeCommands {
  /** Enter: play the highlighted scenario. */
  readonly play: () => void;
  /** c: play the scenario played last. */
  readonly continueLast: () => void;
  /** q: a quiz; r: a review of what is due. */
  readonly quiz: (mode: 'quiz' | 'review') => void;
  /** Esc with no filter set. */
  readonly quit: () => void;
}

/** Control characters that are not text for the search field. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The home screen's keys. ↑/↓/j/k move, Enter plays, `/` searches (typed
 * text, Backspace, Enter keeps the search, Esc drops it), `t`/`d` cycle the
 * topic and difficulty filters, Esc clears the filters or, with none, quits,
 * `c` continues the last scenario, `q`/`r` open a quiz or a review. Ink hands
 * a burst of characters (key repeat, a paste, tmux send-keys) to the handler
 * as one string: every character of it counts, in order.
 */
export function useHomeScreen(options: {
  readonly viewRef: { readonly current: HomeView };
  readonly dispatch: (action: HomeAction) => void;
  readonly commands: HomeCommands;
  readonly isActive: boolean;
}): void {
  const { viewRef, dispatch } = options;
  const latest = useLatest(options.commands);
  const handler = useCallback(
    (input: string, key: Key) => {
      const commands = latest.current;
      const searching = () => viewRef.current.searching;
      if (key.upArrow) return dispatch({ type: 'move', by: -1 });
      if (key.downArrow) return dispatch({ type: 'move', by: 1 });
      if (key.escape) {
        if (searching()) return dispatch({ type: 'search-cancel' });
        return isFiltered(viewRef.current) ? dispatch({ type: 'clear' }) : commands.quit();
      }
      if (key.backspace || key.delete) return searching() ? dispatch({ type: 'search-backspace' }) : undefined;
      if (key.return) return searching() ? dispatch({ type: 'search-end' }) : commands.play();
      if (key.ctrl || key.meta) return;
      for (const ch of input) {
        if (searching()) {
          if (ch === '\r' || ch === '\n') dispatch({ type: 'search-end' });
          else if (!CONTROL.test(ch)) dispatch({ type: 'search-type', text: ch });
          continue;
        }
        if (ch === 'k') dispatch({ type: 'move', by: -1 });
        else if (ch === 'j') dispatch({ type: 'move', by: 1 });
        else if (ch === '/') dispatch({ type: 'search-start' });
        else if (ch === 't') dispatch({ type: 'cycle-topic' });
        else if (ch === 'd') dispatch({ type: 'cycle-difficulty' });
        // The keys that leave the screen end the burst: what follows them belongs to the next screen.
        else if (ch === '\r' || ch === '\n') return commands.play();
        else if (ch === 'c') return commands.continueLast();
        else if (ch === 'q') return commands.quiz('quiz');
        else if (ch === 'r') return commands.quiz('review');
      }
    },
    [latest, viewRef, dispatch],
  );
  useKeys(handler, { isActive: options.isActive });
}
