import { describe, it, expect } from 'vitest';
import { duplicateScenarioIds, idOfFileName } from '../../src/scenario/scenario-ids.js';
import { scenarioFilesIn, shippedScenariosDir } from '../../src/scenario/catalog.js';

describe('duplicateScenarioIds', () => {
  it('maps each later file with a taken id to the first file that has it', () => {
    const files = ['a/x.yaml', 'a/y.yaml', 'b/x.yaml', 'c/x.yml'];
    expect([...duplicateScenarioIds(files)]).toEqual([
      ['b/x.yaml', 'a/x.yaml'],
      ['c/x.yml', 'a/x.yaml'],
    ]);
  });

  it('does not count the same file named twice, however spelled', () => {
    expect(duplicateScenarioIds(['a/x.yaml', './a/../a/x.yaml']).size).toBe(0);
  });

  it('uses the ids it is given', () => {
    const ids = new Map([['one.yaml', 'same'], ['two.yaml', 'same']]);
    expect([...duplicateScenarioIds(['one.yaml', 'two.yaml'], (f) => ids.get(f)!)]).toEqual([['two.yaml', 'one.yaml']]);
    expect(idOfFileName('scenarios/nodes/node-notready-pleg.yaml')).toBe('node-notready-pleg');
  });

  it('finds no two shipped scenarios with one id', () => {
    const shipped = scenarioFilesIn(shippedScenariosDir());
    expect(shipped.length).toBeGreaterThan(10);
    expect([...duplicateScenarioIds(shipped)]).toEqual([]);
  });
});
