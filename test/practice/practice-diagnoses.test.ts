import { describe, it, expect } from 'vitest';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { createPracticeSession } from '../../src/practice/practice.js';
import { DIAGNOSIS_POINTS } from '../../src/grading/diagnosis.js';
import type { Diagnosis } from '../../src/practice/types.js';

// Two nodes broken for two reasons: the learner records a diagnosis per fault
// and `grade()` grades them all.
const TWO = 'test/fixtures/scenarios/combined/two-faults-two-diagnoses.yaml';
const ONE = 'test/fixtures/scenarios/pending-insufficient-cpu.yaml';

function session(file: string) {
  const loaded = loadScenarioFile(file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return createPracticeSession(loaded.scenario, file);
}

const DISK: Diagnosis = { kind: 'free-text', text: 'trace.log filled the disk of node-1' };
const RUNTIME: Diagnosis = { kind: 'guided', component: 'container-runtime', cause: 'runtime-down' };
const WRONG: Diagnosis = { kind: 'guided', component: 'kubelet', cause: 'stopped' };

function diagnosisPart(s: ReturnType<typeof session>) {
  return s.grade().parts.find((p) => p.name === 'diagnosis')!;
}

describe('PracticeSession: several diagnoses', () => {
  it('tells how many faults the scenario has', () => {
    expect(session(TWO).getSnapshot().diagnosisCount).toBe(2);
    expect(session(ONE).getSnapshot().diagnosisCount).toBe(1);
  });

  it('records two diagnoses and grades both for the full diagnosis points', () => {
    const s = session(TWO);
    expect(s.submitDiagnosis(DISK)).toBe(0);
    expect(s.submitDiagnosis(RUNTIME)).toBe(1);
    expect(s.getSnapshot().diagnoses).toEqual([DISK, RUNTIME]);
    expect(s.getSnapshot().diagnosis).toEqual(RUNTIME);
    const part = diagnosisPart(s);
    expect(part.points).toBe(DIAGNOSIS_POINTS);
    expect(part.explanation).toMatch(/^Named 2 of 2 faults \(node-1 disk, node-2 containerd\)\./);
    expect(part.items?.map((i) => [i.label, i.points, i.max])).toEqual([['node-1 disk', 20, 20], ['node-2 containerd', 20, 20]]);
  });

  it('grades one diagnosis of two for half the points and names the missing fault', () => {
    const s = session(TWO);
    s.submitDiagnosis(RUNTIME);
    const part = diagnosisPart(s);
    expect(part.points).toBe(DIAGNOSIS_POINTS / 2);
    expect(part.explanation).toMatch(/^Named 1 of 2 faults \(node-2 containerd\)\./);
    expect(part.items?.map((i) => [i.label, i.points])).toEqual([['node-1 disk', 0], ['node-2 containerd', 20]]);
    expect(part.items?.[0]?.explanation).toMatch(/^You pointed at Container runtime; the broken link was Node/);
  });

  it('keeps no more diagnoses than faults: one more replaces the latest, so guessing does not pay', () => {
    const s = session(TWO);
    s.submitDiagnosis(DISK);
    s.submitDiagnosis(WRONG);
    expect(s.submitDiagnosis(RUNTIME)).toBe(1);
    expect(s.getSnapshot().diagnoses).toEqual([DISK, RUNTIME]);
    // A third guess after two wrong ones still grades only two.
    const t = session(TWO);
    t.submitDiagnosis(WRONG);
    t.submitDiagnosis(WRONG);
    t.submitDiagnosis(DISK);
    expect(t.getSnapshot().diagnoses).toHaveLength(2);
    expect(diagnosisPart(t).points).toBe(DIAGNOSIS_POINTS / 2);
  });

  it('replaces by index, removes, clears, and reset forgets them', async () => {
    const s = session(TWO);
    s.submitDiagnosis(WRONG);
    s.submitDiagnosis(RUNTIME);
    expect(s.submitDiagnosis(DISK, 0)).toBe(0);
    expect(s.getSnapshot().diagnoses).toEqual([DISK, RUNTIME]);
    expect(() => s.submitDiagnosis(DISK, 2)).toThrow(RangeError);
    s.removeDiagnosis(0);
    expect(s.getSnapshot().diagnoses).toEqual([RUNTIME]);
    expect(() => s.removeDiagnosis(1)).toThrow('no diagnosis 2: 1 recorded');
    s.clearDiagnoses();
    expect(s.getSnapshot().diagnoses).toEqual([]);
    expect(s.getSnapshot().diagnosis).toBeUndefined();
    expect(diagnosisPart(s).points).toBe(0);
    s.submitDiagnosis(DISK);
    await s.reset();
    expect(s.getSnapshot().diagnoses).toEqual([]);
  });

  it('a single-fault scenario revises its one diagnosis, as before', () => {
    const s = session(ONE);
    s.submitDiagnosis(WRONG);
    expect(s.submitDiagnosis({ kind: 'free-text', text: 'the pod requests too much cpu' })).toBe(0);
    expect(s.getSnapshot().diagnoses).toHaveLength(1);
    const part = diagnosisPart(s);
    expect(part.points).toBe(DIAGNOSIS_POINTS);
    expect(part.items).toBeUndefined();
  });
});
