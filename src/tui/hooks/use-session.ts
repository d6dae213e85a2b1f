import { useCallback, useSyncExternalStore } from 'react';
import type { PracticeSession, PracticeSnapshot } from '../../scenario/practice-types.js';

/**
 * The session's current snapshot; re-renders when the session says it
 * changed. The TUI is a view of the session, it never copies its state.
 */
export function useSession(session: PracticeSession): PracticeSnapshot {
  const subscribe = useCallback((listener: () => void) => session.subscribe(listener), [session]);
  const getSnapshot = useCallback(() => session.getSnapshot(), [session]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
