import { useRef } from 'react';

/**
 * A ref that always holds the latest render's value. Key handlers read state
 * through it, so a keystroke that arrives before Ink re-subscribes a new
 * handler (useInput subscribes in a passive effect) still sees current state.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
