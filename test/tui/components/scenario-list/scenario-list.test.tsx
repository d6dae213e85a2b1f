import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { ScenarioList, fitColumns } from '../../../../src/tui/components/scenario-list/scenario-list.js';
import { fakeScenario } from '../../../helpers/fake-session.js';
import { renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

describe('fitColumns', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitColumns([16, 20, 14, 20, 6], 80)).toEqual([16, 20, 14, 20, 6]);
  });
  it('shrinks topics first, drops them rather than cut a title, then shrinks titles; ids are never cut', () => {
    expect(fitColumns([28, 40, 14, 40, 6], 102)).toEqual([28, 40, 14, 12, 6]);
    expect(fitColumns([28, 40, 14, 40, 6], 100)).toEqual([28, 40, 14, 0, 6]);
    expect(fitColumns([28, 40, 14, 40, 6], 80)).toEqual([28, 30, 14, 0, 6]);
    expect(fitColumns([28, 40, 14, 40, 6], 60)).toEqual([28, 10, 14, 0, 6]);
  });
});

describe('ScenarioList', () => {
  it('shows each scenario id (what `kubedrill play <id>` takes) and cuts long text so every row fits', async () => {
    const scenarios = [
      fakeScenario({ topics: ['scheduler', 'cordon', 'node-maintenance', 'drain'] }),
      fakeScenario({ id: 'b', title: 'Short', difficulty: 'beginner', topics: ['kubelet'] }),
    ];
    const ui = renderInk(<ScenarioList scenarios={scenarios} bestScores={new Map([['b', { score: 5, maxScore: 10 }]])} selectedIndex={0} maxRows={10} width={80} />);
    await ui.waitForText('SCENARIO');
    const lines = ui.frame().split('\n').map((l) => l.trimEnd());
    expect(lines).toEqual([
      '  ID             SCENARIO                        DIFFICULTY    TOPICS       BEST',
      '❯ node-notready  A node went NotReady overnight  intermediate  scheduler,…  —',
      '  b              Short                           beginner      kubelet      5/10',
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });
});
