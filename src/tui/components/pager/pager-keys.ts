/**
 * Which pager action a key is, after less's default command table
 * (decode.c cmdtable: space/f/PgDn forward a screen, b/PgUp back, j/e/Enter/↓
 * and k/y/↑ a row, g/< and G/> the ends, / and n search, q quits).
 * Ctrl+C is no action: less only beeps at it, it never quits.
 */
import type { Key } from 'ink';
import type { PagerAction, PagerState } from './pager-state.js';

export function pagerKeyAction(input: string, key: Key, state: PagerState): PagerAction | undefined {
  if (key.ctrl && input === 'c') return undefined;
  if (input === '\u0003') return undefined;
  if (state.typing !== undefined) {
    if (key.return) return { type: 'search-submit' };
    if (key.escape) return { type: 'search-cancel' };
    if (key.backspace || key.delete) return { type: 'search-erase' };
    if (key.ctrl || key.meta || input === '') return undefined;
    return { type: 'search-type', text: input };
  }
  // `Pattern not found  (press RETURN)`: the next key only takes the message away.
  if (state.message !== undefined) return { type: 'dismiss' };
  if (key.pageDown || input === ' ' || input === 'f' || input === 'z' || (key.ctrl && (input === 'f' || input === 'v'))) return { type: 'forward', rows: state.height };
  if (key.pageUp || input === 'b' || input === 'w' || (key.ctrl && input === 'b')) return { type: 'back', rows: state.height };
  if (key.return || key.downArrow || input === 'j' || input === 'e' || (key.ctrl && (input === 'n' || input === 'e'))) return { type: 'forward', rows: 1 };
  if (key.upArrow || input === 'k' || input === 'y' || (key.ctrl && (input === 'p' || input === 'y'))) return { type: 'back', rows: 1 };
  if (input === 'g' || input === '<') return { type: 'top' };
  if (input === 'G' || input === '>') return { type: 'bottom' };
  if (input === '/') return { type: 'search-start' };
  if (input === 'n') return { type: 'search-next' };
  if (input === 'q' || input === 'Q') return { type: 'quit' };
  return undefined;
}
