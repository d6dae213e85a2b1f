import { describe, it, expect } from 'vitest';
import { hintPanelLines } from '../../../../src/tui/components/hint-panel/hint-panel.js';

describe('hintPanelLines', () => {
  it('numbers every revealed hint: earlier ones on one row each, the latest in full', () => {
    const lines = hintPanelLines({
      hints: ['Which node looks different from the others in kubectl get nodes?', 'Read the kubelet journal on that node, from the start of the failures.'],
      hintsLeft: 1,
      width: 40,
    });
    expect(lines).toEqual([
      'Hint 1/3: Which node looks different fr…',
      'Hint 2/3: Read the kubelet journal on',
      'that node, from the start of the',
      'failures.',
    ]);
  });

  it('on a small terminal keeps the newest hints and says how many it left out', () => {
    const hints = ['one', 'two', 'three', 'four', 'five'];
    expect(hintPanelLines({ hints, hintsLeft: 0, width: 80, maxRows: 3 })).toEqual([
      '(hints 1–3 not shown: the terminal is too small)',
      'Hint 4/5: four',
      'Hint 5/5: five',
    ]);
    expect(hintPanelLines({ hints, hintsLeft: 0, width: 80, maxRows: 10 })).toHaveLength(5);
  });
});
