import { useCallback, useReducer, useRef } from 'react';

/**
 * A reducer whose state lives in a ref and is updated synchronously on
 * dispatch, then re-rendered. React may defer a dispatch from an input
 * handler behind an effect-triggered render; a fast typist's Enter must
 * still see every character typed before it, so key handlers read `ref`.
 */
export function useReducerStore<S, A>(
  reducer: (state: S, action: A) => S,
  init: () => S,
  schedule?: (render: () => void) => void,
): [state: S, dispatch: (action: A) => void, ref: { readonly current: S }, inRender: (action: A) => S] {
  const ref = useRef<S | undefined>(undefined);
  if (ref.current === undefined) ref.current = init();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const reducerRef = useRef(reducer);
  reducerRef.current = reducer;
  // The re-render may be held back (a FrameBatch gathering one command's updates); the ref never is.
  const scheduleRef = useRef(schedule);
  scheduleRef.current = schedule;
  const dispatch = useCallback((action: A) => {
    const next = reducerRef.current(ref.current as S, action);
    if (next !== ref.current) {
      ref.current = next;
      if (scheduleRef.current) scheduleRef.current(rerender);
      else rerender();
    }
  }, []);
  // For an action the render itself implies (the viewport follows the layout): applied now, with no second
  // render, where an effect dispatching it would draw every layout change twice. Idempotent, so safe in render.
  const inRender = useCallback((action: A): S => {
    ref.current = reducerRef.current(ref.current as S, action);
    return ref.current;
  }, []);
  return [ref.current, dispatch, ref as { readonly current: S }, inRender];
}
