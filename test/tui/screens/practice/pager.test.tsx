import { describe, it, expect, afterEach, beforeAll } from 'vitest';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { loadScenarioFile } from '../../../../src/scenario/load.js';
import { shippedScenariosDir } from '../../../../src/scenario/catalog.js';
import { createPracticeSession } from '../../../../src/practice/practice.js';
import type { Scenario } from '../../../../src/scenario/schema.js';
import { renderInk } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const CTRL_C = '\u0003';
const PROMPT = 'learner@workstation:~$';
const FILE = join(shippedScenariosDir(), 'nodes', 'node-notready-expired-cert.yaml');
let scenario: Scenario;
beforeAll(() => {
  const loaded = loadScenarioFile(FILE);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  scenario = loaded.scenario;
});

const rows = (frame: string) => frame.split('\n').map((l) => l.trimEnd());
/** The pod rows of `kubectl get pods -A` on screen. */
const podRows = (frame: string) => rows(frame).filter((l) => /^(default|kube-system)\s/.test(l));

/** A screen on a fresh session with pods.txt: `kubectl get pods -A` twice, longer than a screen. */
async function withPodsFile() {
  // The same scenario and seed give the same listing (the simulation is deterministic).
  const listing = (await createPracticeSession(scenario, FILE).exec('kubectl get pods -A')).output;
  const all = [...listing.split('\n'), ...listing.split('\n')].filter((l) => /^(default|kube-system)\s/.test(l));
  const session = createPracticeSession(scenario, FILE);
  const ui = renderInk(<PracticeScreen session={session} onGraded={() => {}} onQuit={() => {}} tickMs={60_000} />);
  await ui.waitForText(PROMPT);
  await ui.typeLine('kubectl get pods -A > a; cat a a > pods.txt; echo ready');
  // The echo and the prompt may be drawn before the command ends (`running…`): wait for its output.
  await ui.waitForFrame((f) => rows(f).includes('ready') && rows(f).at(rows(f).indexOf('ready') + 1) === PROMPT);
  return { ui, all };
}

describe('PracticeScreen paging with less and more', () => {
  it('cat FILE | less shows the first screen and `:`, space pages on, Ctrl+C is ignored, q gives the prompt back with nothing left behind', async () => {
    const { ui, all } = await withPodsFile();
    // The text must not fit on one screen, or there would be nothing to page.
    expect(all.length).toBeGreaterThan(24);
    await ui.typeLine('cat pods.txt | less');
    await ui.waitForFrame((f) => rows(f).includes(':'));
    const first = rows(ui.frame());
    expect(first.some((l) => l.startsWith('NAMESPACE'))).toBe(true);
    const firstPods = podRows(ui.frame());
    expect(firstPods).toEqual(all.slice(0, firstPods.length));
    expect(firstPods.length).toBeLessThan(all.length);
    // The pager holds the terminal: no prompt, and the status line says how to leave it.
    expect(first.some((l) => l.startsWith(PROMPT))).toBe(false);
    expect(ui.frame()).toContain('q quit');

    // Space pages on, a screen at a time, until the end of the text.
    for (let page = 0; page < 10 && !rows(ui.frame()).includes('(END)'); page++) {
      const before = ui.frame();
      await ui.press(' ');
      await ui.waitForFrame((f) => f !== before && (rows(f).includes('(END)') || rows(f).includes(':')));
    }
    expect(rows(ui.frame())).toContain('(END)');
    const second = podRows(ui.frame());
    expect(second.at(-1)).toBe(all.at(-1));
    expect(all).toEqual(expect.arrayContaining(second));

    await ui.press(CTRL_C);
    // b pages back, a screen at a time, to the top.
    for (let page = 0; page < 10 && podRows(ui.frame())[0] !== all[0]; page++) {
      const before = ui.frame();
      await ui.press('b');
      await ui.waitForFrame((f) => f !== before && rows(f).includes(':'));
    }
    expect(podRows(ui.frame())[0]).toBe(all[0]);

    await ui.press('q');
    await ui.waitForFrame((f) => rows(f).at(-3) === PROMPT || rows(f).includes(PROMPT));
    const after = rows(ui.frame());
    const at = after.indexOf(`${PROMPT} cat pods.txt | less`);
    // less's alternate screen is gone: the next row is the prompt.
    expect(after[at + 1]).toBe(PROMPT);
    expect(podRows(ui.frame())).toEqual([]);
    await ui.typeLine('echo $?');
    await ui.waitForText(`${PROMPT} echo $?`);
    await ui.waitForFrame((f) => rows(f).includes('0'));
  });

  it('less FILE names the file first; /text Enter searches and n goes on', async () => {
    const { ui, all } = await withPodsFile();
    await ui.typeLine('less pods.txt');
    await ui.waitForFrame((f) => rows(f).includes('pods.txt'));
    const proxies = all.filter((l) => l.includes('kube-proxy-'));
    expect(proxies.length).toBeGreaterThan(2);
    await ui.press('/', 'kube-proxy');
    await ui.waitForFrame((f) => rows(f).includes('/kube-proxy'));
    await ui.press('\r');
    // The match is on the screen's first row, and the bottom line is `:` again.
    await ui.waitForFrame((f) => podRows(f)[0] === proxies[0] && rows(f).includes(':'));
    await ui.press('n');
    await ui.waitForFrame((f) => podRows(f)[0] === proxies[1]);
    await ui.press('q');
    await ui.waitForFrame((f) => rows(f).includes(PROMPT));
  });

  it('more leaves what it showed in the scrollback; a pipe or a file gets plain text, no pager', async () => {
    const { ui, all } = await withPodsFile();
    await ui.typeLine('more pods.txt');
    await ui.waitForFrame((f) => /^--More--\(\d+%\)$/.test(rows(f).find((l) => l.startsWith('--More--')) ?? ''));
    const screen = rows(ui.frame());
    const moreAt = screen.findIndex((l) => l.startsWith('--More--'));
    const lastShown = screen.slice(moreAt - 3, moreAt);
    expect(podRows(ui.frame()).length).toBeGreaterThan(0);
    await ui.press('q');
    await ui.waitForFrame((f) => rows(f).includes(PROMPT));
    const after = rows(ui.frame());
    // What it showed stays in the scrollback, right above the prompt (the --More-- line goes).
    expect(after.slice(after.indexOf(PROMPT) - 3, after.indexOf(PROMPT))).toEqual(lastShown);
    expect(ui.frame()).not.toContain('--More--');

    await ui.typeLine('less pods.txt | grep -c kube-system');
    await ui.waitForText(`${PROMPT} less pods.txt | grep -c kube-system`);
    await ui.waitForFrame((f) => rows(f).includes(String(all.filter((l) => l.startsWith('kube-system')).length)));
  });
});
