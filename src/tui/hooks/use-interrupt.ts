import { useInput, type Key } from 'ink';
import { createContext, createElement, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { useHandlerList, type HandlerList } from './use-handler-list.js';
import { useLatest } from './use-latest.js';

/** Whether a keypress is Ctrl+C (Ink reports it as input `c` with `ctrl`; a raw chunk may carry ETX). */
export function isCtrlC(input: string, key: Key): boolean {
  return (key.ctrl && input === 'c') || input === '\u0003';
}

/** Takes Ctrl+C and says whether it did (false: not now, ask the next one). */
export type InterruptHandler = () => boolean;

/** Who gets Ctrl+C: the most recently registered handler that takes it, else the app quits. */
const InterruptContext = createContext<HandlerList<InterruptHandler> | undefined>(undefined);

/** Props of {@link InterruptProvider}. */
export interface InterruptProviderProps {
  /** Ctrl+C with no handler registered (a terminal's default: quit). */
  readonly onUnhandled: () => void;
  readonly children?: ReactNode;
}

/**
 * Routes Ctrl+C, as a terminal routes SIGINT to the foreground job: to the
 * innermost screen that registered a handler with {@link useInterrupt} (a
 * following `journalctl -f`), otherwise to `onUnhandled` (leaving the app).
 * Ink's own exitOnCtrlC must be off for Ctrl+C to reach it.
 */
export function InterruptProvider({ onUnhandled, children }: InterruptProviderProps) {
  const registry = useHandlerList<InterruptHandler>();
  const unhandled = useLatest(onUnhandled);
  const onKey = useCallback(
    (input: string, key: Key) => {
      if (!isCtrlC(input, key)) return;
      // Newest first, as the innermost foreground job gets the signal.
      for (const handler of [...registry.current()].reverse()) if (handler()) return;
      unhandled.current();
    },
    [registry, unhandled],
  );
  useInput(onKey);
  return createElement(InterruptContext.Provider, { value: registry }, children);
}

/**
 * Offers `handler` every Ctrl+C while mounted; it returns whether it took it
 * (it reads its own refs, so a Ctrl+C right after a command starts following
 * is not lost to a render not yet done). Under an {@link InterruptProvider}
 * the provider delivers it; a screen rendered on its own (tests) listens itself.
 */
export function useInterrupt(handler: InterruptHandler): void {
  const registry = useContext(InterruptContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!registry) return undefined;
    return registry.add(() => latest.current());
  }, [registry, latest]);
  const onKey = useCallback(
    (input: string, key: Key) => {
      if (isCtrlC(input, key)) latest.current();
    },
    [latest],
  );
  useInput(onKey, { isActive: !registry });
}
