import { describe, it, expect } from 'vitest';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { formatError, loadScenarioFile } from '../../src/scenario/load.js';
import { ScenarioRun } from '../../src/practice/run.js';
import { scenarioWorld } from '../../src/scenario/world.js';
import type { WarmUpProgress } from '../../src/cluster/warm-up.js';
import type { Scenario } from '../../src/scenario/schema.js';

const files = scenarioFilesIn(shippedScenariosDir());

function load(file: string): Scenario {
  const loaded = loadScenarioFile(file);
  if (!loaded.ok) throw new Error(loaded.errors.map(formatError).join('\n'));
  return loaded.scenario;
}

// That the sliced warm-up builds the same cluster as the synchronous one is proven for every shipped
// scenario by the golden-transcript test (test/cli/snapshots.test.ts), which renders each transcript from a
// cluster warmed up in small slices and compares it with the one `snapshots --update` rendered synchronously.

describe('warm-up progress', () => {
  it('never goes down, ends with everything done, and passes through every phase', async () => {
    const scenario = load(files.find((f) => f.includes('node-notready-expired-cert'))!);
    const seen: WarmUpProgress[] = [];
    const run = await ScenarioRun.create(scenario, { onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.simulatedMs).toBeGreaterThanOrEqual(seen[i - 1]!.simulatedMs);
      expect(seen[i]!.runMs).toBeGreaterThanOrEqual(seen[i - 1]!.runMs);
      // Each report is news.
      expect(seen[i]!.simulatedMs > seen[i - 1]!.simulatedMs || seen[i]!.runMs > seen[i - 1]!.runMs || seen[i]!.phase !== seen[i - 1]!.phase).toBe(true);
    }
    const last = seen.at(-1)!;
    const { world } = scenarioWorld(scenario);
    expect(last.totalMs).toBe(world.createdAgoMs);
    expect(last.simulatedMs).toBe(last.totalMs);
    expect(last.runMs).toBe(last.runTotalMs);
    expect(run.cluster.now()).toBe(world.now);
    // Part of the way, the work done is strictly between none and all.
    expect(seen.some((p) => p.runMs > 0 && p.runMs < p.runTotalMs)).toBe(true);
    expect([...new Set(seen.map((p) => p.phase))]).toEqual(['bootstrap', 'history', 'settling']);
  });

  it('stops between slices when aborted, rejecting with the reason', async () => {
    const scenario = load(files[0]!);
    const controller = new AbortController();
    let reports = 0;
    const reason = new Error('learner quit');
    const run = ScenarioRun.create(scenario, {
      signal: controller.signal,
      onProgress: () => {
        if (++reports === 2) controller.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    expect(reports).toBe(2);
  });
});
