import { describe, it, expect } from 'vitest';
import { BudgetExceeded, CommandBudget, DEFAULT_LIMITS } from '../../src/commands/budget.js';

describe('command budget', () => {
  it('counts steps and stops past the step budget', () => {
    const b = new CommandBudget({ ...DEFAULT_LIMITS, steps: 10 }, () => 0);
    b.startCommand();
    b.step(10);
    expect(() => b.step()).toThrow("program exceeded the simulator's step budget (10 steps)");
    // The next command starts from zero again.
    b.startCommand();
    expect(() => b.step(10)).not.toThrow();
  });

  it('reads the wall clock every 1024 steps and stops past the deadline', () => {
    let now = 0;
    const b = new CommandBudget({ ...DEFAULT_LIMITS, wallMs: 1000 }, () => now);
    b.startCommand();
    b.step(1000);
    now = 5000;
    // Not a clock step yet: steps 1001..1023 do not look at the clock.
    b.step(23);
    let error: unknown;
    try {
      b.step();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BudgetExceeded);
    expect((error as BudgetExceeded).kind).toBe('time');
    expect((error as Error).message).toBe("program exceeded the simulator's time budget (1000 ms)");
  });

  it('checks string sizes, nesting depth and output over the whole line', () => {
    const b = new CommandBudget({ ...DEFAULT_LIMITS, stringChars: 100, depth: 5, outputChars: 50 }, () => 0);
    b.startCommand();
    b.checkString(100);
    expect(() => b.checkString(101)).toThrow("string exceeded the simulator's size budget (100 characters)");
    b.checkDepth(5);
    expect(() => b.checkDepth(6)).toThrow("nesting exceeded the simulator's depth budget (5 levels)");
    b.print(30);
    b.startCommand();
    expect(b.outputLeft()).toBe(20);
    expect(() => b.print(21)).toThrow("output exceeded the simulator's budget (50 characters per command line)");
  });
});

describe('monotonicMs', () => {
  it('counts milliseconds of a monotonic clock', async () => {
    const { monotonicMs } = await import('../../src/commands/budget.js');
    const t = monotonicMs();
    const start = Date.now();
    while (Date.now() - start < 20);
    const elapsed = monotonicMs() - t;
    expect(elapsed).toBeGreaterThanOrEqual(19);
    expect(elapsed).toBeLessThan(10_000);
  });
});
