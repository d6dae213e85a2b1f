import { describe, it, expect } from 'vitest';
import { scenarioListReducer } from '../../../../src/tui/components/scenario-list/use-scenario-list-state.js';

describe('scenarioListReducer', () => {
  it('moves and stops at both ends', () => {
    let s = { index: 0, count: 3 };
    s = scenarioListReducer(s, { type: 'move-up' });
    expect(s.index).toBe(0);
    s = [1, 2, 3].reduce((acc) => scenarioListReducer(acc, { type: 'move-down' }), s);
    expect(s.index).toBe(2);
  });

  it('clamps the selection when the list shrinks', () => {
    expect(scenarioListReducer({ index: 4, count: 5 }, { type: 'set-count', count: 2 })).toEqual({ index: 1, count: 2 });
  });
});
