import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { shippedScenariosDir } from '../../src/scenario/catalog.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { createPracticeSession } from '../../src/practice/practice.js';
import { ATTEMPT_PENALTY, MAX_ATTEMPT_PENALTY } from '../../src/grading/score.js';

const FILE = 'test/fixtures/scenarios/pending-insufficient-cpu.yaml';

function session() {
  const loaded = loadScenarioFile(FILE);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return createPracticeSession(loaded.scenario, FILE);
}

describe('PracticeSession: a diagnosis can be revised and graded again', () => {
  it('keeps working after grade(): more commands, a new diagnosis, a second grade that costs points', async () => {
    const s = session();
    s.submitDiagnosis({ kind: 'guided', component: 'kubelet', cause: 'stopped' });
    const first = s.grade();
    expect(first.attempt).toBe(1);
    expect(first.parts.map((p) => p.name)).toEqual(['diagnosis', 'fix', 'evidence', 'hints']);
    expect(first.parts[0].points).toBe(0);
    expect(first.parts[2].points).toBe(0);

    // The learner looks again, now at the pod, and revises.
    const entry = await s.exec('kubectl describe pod batch');
    expect(entry.output).toContain('Insufficient cpu');
    s.submitDiagnosis({ kind: 'free-text', text: 'the pod requests too much cpu' });
    const second = s.grade();
    expect(second.attempt).toBe(2);
    expect(second.parts[0].points).toBe(40);
    // Half the evidence seen now (the pod's events, not node-2's kubelet).
    expect(second.parts[2].points).toBe(10);
    expect(second.parts.at(-1)).toEqual({
      name: 'attempts',
      points: -ATTEMPT_PENALTY,
      max: 0,
      explanation: `Graded 2 times: 1 revision (−${ATTEMPT_PENALTY} each, at most −${MAX_ATTEMPT_PENALTY}).`,
    });
    expect(second.score).toBe(40 + 10 - ATTEMPT_PENALTY);
  });

  it('keeps every grade in the snapshot, oldest first, with result the latest; reset starts over', async () => {
    const s = session();
    expect(s.getSnapshot().grades).toEqual([]);
    const grades = [s.grade(), s.grade(), s.grade(), s.grade(), s.grade()];
    const snap = s.getSnapshot();
    expect(snap.grades).toEqual(grades);
    expect(snap.grades.map((g) => g.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(snap.result).toBe(grades[4]);
    // The deduction is capped.
    expect(grades.map((g) => g.parts.find((p) => p.name === 'attempts')?.points ?? 0)).toEqual([0, -5, -10, -15, -15]);
    await s.reset();
    expect(s.getSnapshot().grades).toEqual([]);
    expect(s.getSnapshot().result).toBeUndefined();
    expect(s.grade().attempt).toBe(1);
  });
});

describe('PracticeSession: evidence from output that streamed by', () => {
  it('a fact first shown while `journalctl -f | grep` follows counts once it reached the screen', async () => {
    const file = join(shippedScenariosDir(), 'nodes', 'node-notready-expired-cert.yaml');
    const loaded = loadScenarioFile(file);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const s = createPracticeSession(loaded.scenario, file);
    await s.exec('ssh node-2');
    const entry = await s.exec('journalctl -u kubelet -n 0 -f | grep expired', { follow: true });
    expect(entry).toMatchObject({ output: '', following: true });
    const evidence = () => s.grade().parts.find((p) => p.name === 'evidence');
    expect(evidence()?.points).toBe(0);
    let streamed = '';
    for (let i = 0; i < 30; i++) {
      s.tick(1000);
      streamed += (await s.pollFollow()) ?? '';
    }
    expect(streamed).toContain('bootstrap client certificate in /etc/kubernetes/kubelet.conf is expired');
    // One of the scenario's two facts (the journal line; not yet the node's condition).
    expect(evidence()?.points).toBe(10);
  });

  it('what runs after a job that ended by itself keeps its provenance: an echo after `rollout status` proves nothing, a kubectl read does', async () => {
    const file = join(shippedScenariosDir(), 'workloads', 'imagepull-wrong-tag.yaml');
    const loaded = loadScenarioFile(file);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const evidenceAfter = async (then: string) => {
      const s = createPracticeSession(loaded.scenario, file);
      await s.exec('kubectl set image deployment/billing billing=shop/billing:2.1.0');
      const entry = await s.exec(`kubectl rollout status deploy/billing && ${then}`, { follow: true });
      expect(entry.following).toBe(true);
      for (let i = 0; i < 60 && (await s.pollFollow()) !== undefined; i++) s.tick(2000);
      expect(await s.pollFollow()).toBeUndefined();
      return s.grade().parts.find((p) => p.name === 'evidence')?.points;
    };
    expect(await evidenceAfter('echo "shop/billing:2.1: not found"')).toBe(0);
    expect(await evidenceAfter('kubectl get events')).toBe(20);
  });
});
