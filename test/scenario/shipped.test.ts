import { describe, it, expect } from 'vitest';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';
import { verifyScenario } from '../../src/practice/verify.js';
import { verifyFileWith } from '../../src/practice/verify-file.js';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { scenarioTestTimeout } from '../helpers/scenario-timeout.js';

const files = scenarioFilesIn(shippedScenariosDir());
/** `kubedrill verify <file>` as the CLI runs it, on the sources. */
const verifyScenarioFile = (file: string) => verifyFileWith(file, (scenario) => verifyScenario(scenario));

describe('shipped scenarios', () => {
  it('ships the scheduling and container scenarios of the walking skeleton', () => {
    const ids = files.map((f) => f.split('/').pop()!.replace(/\.yaml$/, ''));
    expect(ids).toEqual(
      expect.arrayContaining([
        'pending-insufficient-cpu',
        'pending-untolerated-taint',
        'pending-node-selector-mismatch',
        'pending-hostport-conflict',
        'pending-all-nodes-cordoned',
        'pending-unknown-scheduler',
        'crashloop-bad-command',
        'imagepull-wrong-tag',
      ]),
    );
  });

  for (const file of files) {
    const loaded = loadValidScenarioFile(file);
    // verify builds the scenario twice (the evidence run and the solution run).
    const timeout = loaded.ok ? scenarioTestTimeout(loaded.scenario, 2) : undefined;
    it(`${file.split('/').slice(-2).join('/')} passes kubedrill verify`, async () => {
      const result = await verifyScenarioFile(file);
      expect(result.problems).toEqual([]);
      expect(result.ok).toBe(true);
    }, timeout);
  }
});

describe('verify', () => {
  it('fails a scenario whose solution does not reach the goal, naming the goal that does not hold', async () => {
    const result = await verifyScenarioFile('test/fixtures/scenarios/verify/unsolved-insufficient-cpu.yaml');
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(['after the solution the goal does not hold: deployment default/checkout is available with 1 replicas (0 now)']);
  });
});
