import { describe, it, expect } from 'vitest';
import { gradeAttempt, FIX_POINTS, HINT_PENALTY } from '../../src/grading/score.js';
import { EVIDENCE_POINTS, evidenceSeen, gradeEvidence } from '../../src/grading/evidence.js';
import type { CommandRecord } from '../../src/grading/types.js';
import type { EvidenceSpec, Scenario } from '../../src/scenario/schema.js';
import { loadScenarioFile } from '../../src/scenario/load.js';

const evidence: EvidenceSpec[] = [
  { host: 'workstation', command: 'kubectl describe pod batch', shows: 'Insufficient cpu' },
  { host: 'node-2', command: 'systemctl status kubelet', shows: 'inactive (dead)' },
];
// What grading reads of a command record is which facts it showed; test/grading/evidence.test.ts covers how they are judged.
const record = (host: string, line: string, seen: boolean[]): CommandRecord => ({
  host,
  line,
  output: '',
  exitCode: 0,
  at: 0,
  observation: { host, line, shown: [], shownErr: [], reads: [] },
  seen,
});

describe('evidence points', () => {
  it('are in proportion to the facts seen, and name the missed ones with the command that shows them', () => {
    const log = [record('workstation', 'kubectl describe pod batch', [true, false]), record('workstation', 'cat notes', [false, false])];
    expect(evidenceSeen(evidence, log)).toEqual([true, false]);
    expect(gradeEvidence(evidence, log)).toEqual({ points: EVIDENCE_POINTS / 2, explanation: 'Not seen: "inactive (dead)" (for example from `systemctl status kubelet` on node-2).' });
    const all = [...log, record('node-2', 'systemctl status kubelet', [false, true])];
    expect(gradeEvidence(evidence, all)).toEqual({ points: EVIDENCE_POINTS, explanation: 'You looked at the decisive evidence before concluding.' });
    expect(gradeEvidence(evidence, []).explanation).toBe('Not seen: "Insufficient cpu" (for example from `kubectl describe pod batch`); "inactive (dead)" (for example from `systemctl status kubelet` on node-2).');
  });
});

describe('gradeAttempt', () => {
  const loaded = loadScenarioFile('test/fixtures/scenarios/pending-insufficient-cpu.yaml');
  if (!loaded.ok) throw new Error('fixture');
  const scenario: Scenario = loaded.scenario;
  const seenAll = [record('workstation', 'kubectl describe pod batch', [true, false]), record('node-2', 'systemctl status kubelet', [false, true])];

  it('adds diagnosis, fix and evidence, each explained', () => {
    const g = gradeAttempt({ scenario, diagnosis: { kind: 'free-text', text: 'not enough cpu' }, goal: [{ holds: true, description: 'pod default/batch is scheduled' }], log: seenAll, hintsUsed: 0, simulatedSeconds: 300 });
    expect([g.score, g.maxScore, g.scenarioId, g.simulatedSeconds]).toEqual([100, 100, 'pending-insufficient-cpu', 300]);
    expect(g.parts.map((p) => [p.name, p.points, p.max])).toEqual([['diagnosis', 40, 40], ['fix', FIX_POINTS, FIX_POINTS], ['evidence', 20, 20], ['hints', -0, 0]]);
    expect(g.parts[3].explanation).toBe('No hints used.');
    expect(g.explanation).toBe(scenario.explanation.trim());
  });

  it('names the goals that still fail, and takes 5 points per hint up to 15', () => {
    const g = gradeAttempt({ scenario, diagnosis: undefined, goal: [{ holds: false, description: 'pod default/batch is scheduled' }, { holds: false, description: 'node node-2 is Ready' }, { holds: true, description: 'x' }], log: [], hintsUsed: 4, simulatedSeconds: 10 });
    expect(g.parts[1]).toEqual({ name: 'fix', points: 0, max: FIX_POINTS, explanation: 'Not yet fixed: pod default/batch is scheduled; node node-2 is Ready.' });
    expect(g.parts[3]).toEqual({ name: 'hints', points: -15, max: 0, explanation: `4 hints used (−${HINT_PENALTY} each, at most −15).` });
    expect(g.score).toBe(0);
    const one = gradeAttempt({ scenario, diagnosis: { kind: 'guided', component: 'scheduler', cause: 'insufficient-resources' }, goal: [], log: [], hintsUsed: 1, simulatedSeconds: 10 });
    expect(one.parts[3].explanation).toBe('1 hint used (−5 each, at most −15).');
    expect(one.score).toBe(40 + FIX_POINTS - 5);
  });
});
