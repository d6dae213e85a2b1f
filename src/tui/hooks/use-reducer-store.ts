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
): [state: S, dispatch: (action: A) => void, ref: { readonly current: S }] {
  const ref = useRef<S | undefined>(undefined);
  if (ref.current === undefined) ref.current = init();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const reducerRef = useRef(reducer);
  reducerRef.current = reducer;
  const dispatch = useCallback((action: A) => {
    const next = reducerRef.current(ref.current as S, action);
    if (next !== ref.current) {
      ref.current = next;
      rerender();
    }
  }, []);
  return [ref.current, dispatch, ref as { readonly current: S }];
}
