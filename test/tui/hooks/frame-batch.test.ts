import { describe, it, expect } from 'vitest';
import { FrameBatch, type FrameTimers } from '../../../src/tui/hooks/frame-batch.js';

/** Timers fired by hand. */
function manualTimers() {
  const due = new Map<number, () => void>();
  let next = 1;
  const timers: FrameTimers = {
    setTimeout: (fn) => {
      due.set(next, fn);
      return next++;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const fire = () => {
    const fns = [...due.values()];
    due.clear();
    for (const fn of fns) fn();
  };
  return { timers, fire, armed: () => due.size };
}

describe('FrameBatch', () => {
  it('runs updates at once when nothing is held', () => {
    const batch = new FrameBatch(50, manualTimers().timers);
    const log: string[] = [];
    batch.defer(() => log.push('a'));
    expect(log).toEqual(['a']);
  });

  it('holds updates until the last hold ends, then runs each once, in order', () => {
    const { timers, armed } = manualTimers();
    const batch = new FrameBatch(50, timers);
    const log: string[] = [];
    const render = () => log.push('render');
    batch.hold();
    batch.hold();
    batch.defer(render);
    batch.defer(() => log.push('busy'));
    batch.defer(render);
    batch.release();
    expect(log).toEqual([]);
    batch.release();
    expect(log).toEqual(['render', 'busy']);
    expect(armed()).toBe(0);
    expect(batch.held).toBe(false);
    // An extra release is harmless.
    batch.release();
    batch.defer(() => log.push('after'));
    expect(log).toEqual(['render', 'busy', 'after']);
  });

  it('shows a slow command: the timer draws what is held so far, and again while it keeps running', () => {
    const { timers, fire, armed } = manualTimers();
    const batch = new FrameBatch(50, timers);
    const log: string[] = [];
    batch.hold();
    batch.defer(() => log.push('echo'));
    fire();
    expect(log).toEqual(['echo']);
    expect(batch.held).toBe(true);
    batch.defer(() => log.push('tick'));
    expect(log).toEqual(['echo']);
    fire();
    expect(log).toEqual(['echo', 'tick']);
    batch.defer(() => log.push('output'));
    batch.release();
    expect(log).toEqual(['echo', 'tick', 'output']);
    expect(armed()).toBe(0);
  });

  it('drops held updates when disposed', () => {
    const { timers, armed } = manualTimers();
    const batch = new FrameBatch(50, timers);
    const log: string[] = [];
    batch.hold();
    batch.defer(() => log.push('late'));
    batch.dispose();
    batch.release();
    expect(log).toEqual([]);
    expect(armed()).toBe(0);
  });
});
