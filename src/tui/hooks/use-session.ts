import { useEffect, useReducer, useRef } from 'react';
import type { PracticeSession, PracticeSnapshot } from '../../practice/types.js';

/**
 * The session's current snapshot; re-renders when the session says it
 * changed, through `schedule` when given (a FrameBatch holding one command's
 * updates). The TUI is a view of the session, it never copies its state.
 *
 * Not useSyncExternalStore: React renders a store change at once (sync lane)
 * and the screen's own state updates later (default lane), so one command
 * would draw twice; a plain state update joins the others in one render.
 */
export function useSession(session: PracticeSession, schedule?: (render: () => void) => void): PracticeSnapshot {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const snapshot = session.getSnapshot();
  const rendered = useRef(snapshot);
  rendered.current = snapshot;
  useEffect(() => {
    const notify = () => (schedule ? schedule(changed) : changed());
    const unsubscribe = session.subscribe(notify);
    // A change between the render and this subscription would otherwise go unseen.
    if (session.getSnapshot() !== rendered.current) notify();
    return unsubscribe;
  }, [session, schedule]);
  return snapshot;
}
