import { useInput, type Key } from 'ink';
import { createContext, createElement, useCallback, useContext, useLayoutEffect, type ReactNode } from 'react';
import { useHandlerList, type HandlerList } from './use-handler-list.js';
import { useLatest } from './use-latest.js';

/** A keypress handler, as Ink's useInput takes. */
export type KeyHandler = (input: string, key: Key) => void;

const KeysContext = createContext<HandlerList<KeyHandler> | undefined>(undefined);

/**
 * One Ink input subscription for the whole app, forwarding every key to the
 * handlers registered with {@link useKeys}, in the order they registered.
 *
 * Ink's useInput subscribes in a passive effect, which React may run a turn
 * of the event loop after the commit that drew the frame: a key typed as soon
 * as the prompt shows (type-ahead, a fast typist) was lost meanwhile. A
 * handler registered here subscribes in a layout effect, in the same task as
 * the frame, before any key can be read.
 */
export function KeysProvider({ children }: { readonly children?: ReactNode }) {
  const registry = useHandlerList<KeyHandler>();
  const onKey = useCallback(
    (input: string, key: Key) => {
      for (const handler of registry.current()) handler(input, key);
    },
    [registry],
  );
  useInput(onKey);
  return createElement(KeysContext.Provider, { value: registry }, children);
}

/**
 * Ink's useInput, subscribed when the component commits: under a
 * {@link KeysProvider} through it (a layout effect), otherwise (a component
 * rendered on its own, in tests) through Ink's useInput.
 */
export function useKeys(handler: KeyHandler, options: { isActive?: boolean } = {}): void {
  const isActive = options.isActive ?? true;
  const registry = useContext(KeysContext);
  const latest = useLatest(handler);
  useLayoutEffect(() => {
    if (!registry || !isActive) return undefined;
    return registry.add((input, key) => latest.current(input, key));
  }, [registry, isActive, latest]);
  useInput(handler, { isActive: isActive && !registry });
}
