import { describe, it, expect } from 'vitest';
import { COMPONENT_ONLY_POINTS, DIAGNOSIS_POINTS, gradeDiagnosis, matchesPhrase } from '../../src/grading/diagnosis.js';
import type { DiagnosisSpec } from '../../src/scenario/schema.js';

const spec = { component: 'scheduler', cause: 'insufficient-resources', accept: ['not enough cpu', 'requests too much cpu'] } as DiagnosisSpec;
const expected = 'Scheduler: No node has enough free CPU or memory for the requests';

describe('gradeDiagnosis', () => {
  it('guided: full points for component and cause, partial for the component alone, none otherwise', () => {
    expect(gradeDiagnosis(spec, { kind: 'guided', component: 'scheduler', cause: 'insufficient-resources' })).toEqual({ points: DIAGNOSIS_POINTS, explanation: `Correct: ${expected}.` });
    expect(gradeDiagnosis(spec, { kind: 'guided', component: 'scheduler', cause: 'untolerated-taint' })).toEqual({
      points: COMPONENT_ONLY_POINTS,
      explanation: `Right component, wrong cause: you said "Nodes carry a taint the pod does not tolerate"; it was ${expected}.`,
    });
    expect(gradeDiagnosis(spec, { kind: 'guided', component: 'kubelet', cause: 'stopped' })).toEqual({ points: 0, explanation: `You pointed at Kubelet; the broken link was ${expected}.` });
    expect(gradeDiagnosis(spec, undefined)).toEqual({ points: 0, explanation: `No diagnosis was submitted. The broken link was ${expected}.` });
  });

  it('free text: any accepted phrasing (or the cause label) in the learner\'s own words', () => {
    for (const text of ['Not enough CPU on any node.', 'the pod REQUESTS too much cpu', 'cpu: not enough', 'No node has enough free CPU or memory for the requests']) {
      expect(gradeDiagnosis(spec, { kind: 'free-text', text }).points, text).toBe(DIAGNOSIS_POINTS);
    }
    const wrong = gradeDiagnosis(spec, { kind: 'free-text', text: 'the node is broken' });
    expect(wrong).toEqual({ points: 0, explanation: `"the node is broken" does not name the cause; it was ${expected}.` });
  });
});

describe('matchesPhrase', () => {
  it('needs every significant word, ignoring case, stopwords and punctuation', () => {
    expect(matchesPhrase('Kubelet certificate expired!', 'kubelet certificate expired')).toBe(true);
    expect(matchesPhrase('the certificate expired', 'kubelet certificate expired')).toBe(false);
    expect(matchesPhrase('node-2 client cert expired.', 'node-2 client cert expired')).toBe(true);
    expect(matchesPhrase('node-3 client cert expired', 'node-2 client cert expired')).toBe(false);
    expect(matchesPhrase('image tag 1.27.99 does not exist', 'tag 1.27.99')).toBe(true);
    expect(matchesPhrase('anything', 'the of a')).toBe(false);
  });

  it('treats singular and plural alike', () => {
    expect(matchesPhrase('all the nodes are cordoned', 'node cordoned')).toBe(true);
    expect(matchesPhrase('the node is cordoned', 'nodes cordoned')).toBe(true);
    expect(matchesPhrase('taints not tolerated', 'untolerated taint')).toBe(false);
    expect(matchesPhrase('pod has an untolerated taint', 'untolerated taints')).toBe(true);
    expect(matchesPhrase('wrong addresses', 'wrong address')).toBe(true);
    expect(matchesPhrase('the processes exit', 'process exits')).toBe(true);
  });
});
