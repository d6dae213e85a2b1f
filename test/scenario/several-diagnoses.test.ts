import { describe, it, expect } from 'vitest';
import { loadValidScenarioFile } from '../../src/scenario/validate.js';
import { verifyScenario } from '../../src/practice/verify.js';
import { diagnosisItems } from '../../src/scenario/schema.js';
import { DIAGNOSIS_POINTS, gradeDiagnosis } from '../../src/grading/diagnosis.js';

// Two nodes broken for two reasons: the scenario declares a diagnosis per
// fault, and each is graded for its share of the diagnosis points.
const FIXTURE = 'test/fixtures/scenarios/combined/two-faults-two-diagnoses.yaml';

function load() {
  const r = loadValidScenarioFile(FIXTURE);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe('a scenario with several faults and several diagnoses', () => {
  it('loads the list form and is solvable', async () => {
    const scenario = load();
    expect(diagnosisItems(scenario.diagnosis).map((d) => `${d.component}/${d.cause}`)).toEqual(['node/disk-pressure', 'container-runtime/runtime-down']);
    expect(await verifyScenario(scenario)).toEqual([]);
  });

  it('grades each diagnosis and names the ones missing', () => {
    const { diagnosis } = load();
    expect(gradeDiagnosis(diagnosis, { kind: 'free-text', text: 'containerd is stopped on node-2' })).toMatchObject({ points: DIAGNOSIS_POINTS / 2, missing: ['node-1 disk'] });
    expect(
      gradeDiagnosis(diagnosis, [
        { kind: 'free-text', text: 'trace.log filled the disk of node-1' },
        { kind: 'guided', component: 'container-runtime', cause: 'runtime-down' },
      ]).points,
    ).toBe(DIAGNOSIS_POINTS);
    // Right cause, wrong node: the object concept is missing.
    expect(gradeDiagnosis(diagnosis, { kind: 'free-text', text: 'the disk of node-3 is full' })).toMatchObject({ points: 0, missing: ['node-1 disk', 'node-2 containerd'] });
  });
});
