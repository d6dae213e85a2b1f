import { useMemo, useRef } from 'react';

/** Handlers registered with a provider, in registration order. */
export interface HandlerList<H> {
  /** Registers a handler; returns its removal. */
  add(handler: H): () => void;
  /** The handlers now registered, oldest first. */
  current(): readonly H[];
}

/** A provider's handler list, stable across renders (registering does not re-render). */
export function useHandlerList<H>(): HandlerList<H> {
  const handlers = useRef<readonly H[]>([]);
  return useMemo<HandlerList<H>>(
    () => ({
      add(handler) {
        handlers.current = [...handlers.current, handler];
        return () => {
          handlers.current = handlers.current.filter((h) => h !== handler);
        };
      },
      current: () => handlers.current,
    }),
    [],
  );
}
