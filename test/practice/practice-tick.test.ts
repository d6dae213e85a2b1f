/**
 * A sliced tick (what the TUI runs, so a keystroke never waits for a whole
 * second of simulation) runs exactly the events of a whole tick, at most
 * `maxEvents` per call, and shows the new clock only once it has caught up.
 */
import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { createPracticeSession } from '../../src/practice/practice.js';
import { ScenarioRun } from '../../src/practice/run.js';

const FILE = join(shippedScenariosDir(), 'scheduling', 'pending-insufficient-cpu.yaml');

describe('PracticeSession.tick in slices', () => {
  it('runs the same events as a whole tick, never more than maxEvents per call', async () => {
    const loaded = loadScenarioFile(FILE);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const wholeRun = new ScenarioRun(loaded.scenario);
    const slicedRun = new ScenarioRun(loaded.scenario);
    const whole = createPracticeSession(loaded.scenario, FILE, {}, wholeRun);
    const sliced = createPracticeSession(loaded.scenario, FILE, {}, slicedRun);
    expect(whole.tick(30_000)).toBe(true);

    const shown = sliced.getSnapshot();
    const perCall: number[] = [];
    let ms = 30_000;
    for (;;) {
      const before = slicedRun.cluster.queue.eventsRun();
      const done = sliced.tick(ms, 25);
      perCall.push(slicedRun.cluster.queue.eventsRun() - before);
      ms = 0;
      if (done) break;
      // Not caught up: the screen still shows the clock it had.
      expect(sliced.getSnapshot()).toBe(shown);
    }
    expect(perCall.length).toBeGreaterThan(2);
    expect(Math.max(...perCall)).toBeLessThanOrEqual(25);
    expect(slicedRun.cluster.queue.eventsRun()).toBe(wholeRun.cluster.queue.eventsRun());
    expect(sliced.getSnapshot().clock).toBe(whole.getSnapshot().clock);
    for (const line of ['kubectl get pods -A', 'kubectl get events -A']) {
      expect((await sliced.exec(line)).output).toBe((await whole.exec(line)).output);
    }
  }, 60_000);
});
