import { describe, it, expect } from 'vitest';
import { formatGrade } from '../../../src/tui/text/format-grade.js';
import { fakeGrade } from '../../helpers/fake-session.js';

describe('formatGrade', () => {
  it('prints the score, each part, and the explanation', () => {
    expect(formatGrade(fakeGrade())).toBe(
      [
        'Score: 70/100',
        '',
        '  diagnosis  40/40  You named the kubelet and its expired client certificate.',
        '  fix        30/40  node-2 is Ready, but checkout has 3 of 4 replicas available.',
        '  evidence   10/20  You never read the kubelet journal on node-2.',
        '  hints      -10    Two hints used.',
        '',
        'What was wrong:',
        'The kubelet authenticates with a client certificate that expired.',
        '',
      ].join('\n'),
    );
  });
});
