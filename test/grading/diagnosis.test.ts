import { describe, it, expect } from 'vitest';
import { COMPONENT_ONLY_POINTS, DIAGNOSIS_POINTS, gradeDiagnosis } from '../../src/grading/diagnosis.js';
import type { DiagnosisSpec } from '../../src/scenario/schema.js';

const spec = {
  component: 'workload',
  cause: 'requests-too-large',
  also: [{ component: 'scheduler', cause: 'insufficient-resources' }],
  concepts: { object: ['checkout'], resource: ['cpu'] },
} as DiagnosisSpec;
const expected = 'Workload (the pod or deployment spec): Resource requests larger than any node can fit';

describe('gradeDiagnosis: guided', () => {
  it('full points for the scenario\'s entry and for every other entry that names the cause', () => {
    expect(gradeDiagnosis(spec, { kind: 'guided', component: 'workload', cause: 'requests-too-large' })).toEqual({ points: DIAGNOSIS_POINTS, explanation: `Correct: ${expected}.` });
    expect(gradeDiagnosis(spec, { kind: 'guided', component: 'scheduler', cause: 'insufficient-resources' })).toEqual({
      points: DIAGNOSIS_POINTS,
      explanation: 'Correct: Scheduler: No node has enough free CPU or memory for the requests.',
    });
  });

  it('partial points for an accepted component with another cause, none otherwise', () => {
    expect(gradeDiagnosis(spec, { kind: 'guided', component: 'scheduler', cause: 'untolerated-taint' })).toEqual({
      points: COMPONENT_ONLY_POINTS,
      explanation: `Right component, wrong cause: you said "Nodes carry a taint the pod does not tolerate"; it was ${expected}.`,
      missing: ['the cause'],
    });
    expect(gradeDiagnosis(spec, { kind: 'guided', component: 'kubelet', cause: 'stopped' })).toEqual({
      points: 0,
      explanation: `You pointed at Kubelet; the broken link was ${expected}.`,
      missing: ['the component', 'the cause'],
    });
    expect(gradeDiagnosis(spec, undefined)).toMatchObject({ points: 0, explanation: `No diagnosis was submitted. The broken link was ${expected}.` });
    expect(gradeDiagnosis(spec, [])).toMatchObject({ points: 0 });
  });
});

describe('gradeDiagnosis: free text by concepts', () => {
  it('names the cause, object and resource in the learner\'s own words', () => {
    for (const text of [
      'the checkout pod requests 2 cpu but workers only have 1 cpu unrequested',
      'Checkout asks for more CPU than any node can fit.',
      'checkout: cpu request too high',
      'Not enough free CPU on any worker for checkout',
    ]) {
      expect(gradeDiagnosis(spec, { kind: 'free-text', text }).points, text).toBe(DIAGNOSIS_POINTS);
    }
  });

  it('says which concept is missing', () => {
    expect(gradeDiagnosis(spec, { kind: 'free-text', text: 'not enough cpu' })).toEqual({
      points: 0,
      explanation: `"not enough cpu" does not name ${expected}; missing: the object (checkout).`,
      missing: ['the object (checkout)'],
    });
    expect(gradeDiagnosis(spec, { kind: 'free-text', text: 'checkout is broken' }).missing).toEqual(['the cause (request too large)', 'the resource (cpu)']);
  });

  it('a denied cause does not count, and the explanation says so', () => {
    const r = gradeDiagnosis(spec, { kind: 'free-text', text: 'checkout does not request too much cpu' });
    expect(r.points).toBe(0);
    expect(r.missing).toEqual(['the cause (request too large), which your answer denies', 'the resource (cpu), which your answer denies']);
    expect(gradeDiagnosis(spec, { kind: 'free-text', text: 'it is not the cpu request of checkout' }).points).toBe(0);
  });

  it('the older `accept` phrasings still count as the cause', () => {
    const legacy = { component: 'kubelet', cause: 'stopped', accept: ['somebody pulled the plug'] } as DiagnosisSpec;
    expect(gradeDiagnosis(legacy, { kind: 'free-text', text: 'Somebody pulled the plug!' }).points).toBe(DIAGNOSIS_POINTS);
    expect(gradeDiagnosis(legacy, { kind: 'free-text', text: 'The kubelet service is stopped' }).points).toBe(DIAGNOSIS_POINTS);
  });
});

describe('gradeDiagnosis: several faults', () => {
  const two = [
    { component: 'node', cause: 'disk-pressure', label: 'node-1 disk', concepts: { object: ['node-1'] } },
    { component: 'container-runtime', cause: 'runtime-down', label: 'node-2 containerd', concepts: { object: ['node-2'] } },
  ] as DiagnosisSpec;

  it('each declared diagnosis earns its share; the explanation says which were named', () => {
    const both = gradeDiagnosis(two, [
      { kind: 'guided', component: 'container-runtime', cause: 'runtime-down' },
      { kind: 'guided', component: 'node', cause: 'disk-pressure' },
    ]);
    expect(both.points).toBe(DIAGNOSIS_POINTS);
    expect(both.missing).toBeUndefined();
    expect(both.explanation).toMatch(/^Named 2 of 2 faults \(node-1 disk, node-2 containerd\)\./);

    const one = gradeDiagnosis(two, { kind: 'guided', component: 'node', cause: 'disk-pressure' });
    expect(one.points).toBe(DIAGNOSIS_POINTS / 2);
    expect(one.missing).toEqual(['node-2 containerd']);
    expect(one.explanation).toMatch(/^Named 1 of 2 faults \(node-1 disk\)\. node-1 disk: Correct: .* node-2 containerd: You pointed at Node \(host\)/);

    const partial = gradeDiagnosis(two, [{ kind: 'guided', component: 'node', cause: 'disk-pressure' }, { kind: 'guided', component: 'container-runtime', cause: 'runtime-slow' }]);
    expect(partial.points).toBe(Math.round(DIAGNOSIS_POINTS / 2 + COMPONENT_ONLY_POINTS / 2));
  });

  it('one sentence may name both faults', () => {
    const r = gradeDiagnosis(two, { kind: 'free-text', text: 'node-1 ran out of disk space, and containerd is stopped on node-2' });
    expect(r.points).toBe(DIAGNOSIS_POINTS);
    const half = gradeDiagnosis(two, { kind: 'free-text', text: 'node-1 ran out of disk space' });
    expect(half).toMatchObject({ points: DIAGNOSIS_POINTS / 2, missing: ['node-2 containerd'] });
  });
});
