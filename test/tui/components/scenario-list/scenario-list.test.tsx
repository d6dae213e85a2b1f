import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { ScenarioList, fitColumns } from '../../../../src/tui/components/scenario-list/scenario-list.js';
import { fakeScenario } from '../../../helpers/fake-session.js';
import { renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

describe('fitColumns', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitColumns([20, 14, 20, 6], 80)).toEqual([20, 14, 20, 6]);
  });
  it('shrinks topics first, then titles, to their minimums', () => {
    expect(fitColumns([40, 14, 40, 6], 80)).toEqual([40, 14, 18, 6]);
    expect(fitColumns([40, 14, 40, 6], 60)).toEqual([28, 14, 10, 6]);
  });
});

describe('ScenarioList', () => {
  it('cuts long topics with an ellipsis so every row fits the width', async () => {
    const scenarios = [
      fakeScenario({ topics: ['scheduler', 'cordon', 'node-maintenance', 'drain'] }),
      fakeScenario({ id: 'b', title: 'Short', difficulty: 'beginner', topics: ['kubelet'] }),
    ];
    const ui = renderInk(<ScenarioList scenarios={scenarios} bestScores={new Map([['b', { score: 5, maxScore: 10 }]])} selectedIndex={0} maxRows={10} width={70} />);
    await ui.waitForText('SCENARIO');
    expect(ui.frame().split('\n').map((l) => l.trimEnd())).toEqual([
      '  SCENARIO                        DIFFICULTY    TOPICS            BEST',
      '❯ A node went NotReady overnight  intermediate  scheduler, cord…  —',
      '  Short                           beginner      kubelet           5/10',
    ]);
  });
});
