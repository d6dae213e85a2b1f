import { describe, it, expect, afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { PracticeScreen } from '../../../../src/tui/screens/practice/practice-screen.js';
import { ResultsScreen } from '../../../../src/tui/screens/results/results-screen.js';
import { loadScenarioFile } from '../../../../src/scenario/load.js';
import { createPracticeSession } from '../../../../src/practice/practice.js';
import type { GradeResult } from '../../../../src/practice/types.js';
import { KEYS, renderInk } from '../../../helpers/ink.js';

// Two nodes broken for two reasons, played through the TUI with the real
// session: the dialog records a diagnosis per fault, submit grades them all.
const FILE = 'test/fixtures/scenarios/combined/two-faults-two-diagnoses.yaml';

beforeEach(() => vi.stubEnv('LINES', '40'));
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

function start() {
  const loaded = loadScenarioFile(FILE);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const session = createPracticeSession(loaded.scenario, FILE);
  const graded: GradeResult[] = [];
  // A long tick: the simulated clock stays still while the test types.
  const ui = renderInk(<PracticeScreen session={session} onGraded={(r) => void graded.push(r)} onQuit={() => {}} tickMs={3_600_000} />);
  return { ui, session, graded };
}

/** Picks a component and cause in the guided dialog by their ids. */
async function pickGuided(ui: ReturnType<typeof renderInk>, session: ReturnType<typeof start>['session'], component: string, cause: string) {
  const choices = session.diagnosisChoices();
  const c = choices.findIndex((x) => x.id === component);
  const k = choices[c]!.causes.findIndex((x) => x.id === cause);
  await ui.waitForText('Which component is broken?');
  for (let i = 0; i < c; i++) await ui.press(KEYS.down);
  await ui.waitForText(`❯ ${choices[c]!.label}`);
  await ui.press(KEYS.enter);
  await ui.waitForText(`Why is ${choices[c]!.label} broken?`);
  for (let i = 0; i < k; i++) await ui.press(KEYS.down);
  await ui.waitForText(`❯ ${choices[c]!.causes[k]!.label}`);
  await ui.press(KEYS.enter);
}

const diagnosisPoints = (r: GradeResult | undefined) => r?.parts.find((p) => p.name === 'diagnosis')?.points;

describe('the practice screen: a scenario with two faults', () => {
  it('says there are two faults, adds a second diagnosis from the review, and grades both for full points', async () => {
    const { ui, session, graded } = start();
    await ui.waitForText('This scenario has 2 faults: record one diagnosis for each.');
    await ui.typeLine('diagnose "trace.log filled the disk of node-1"');
    await ui.waitForText('Diagnosis 1 of 2 recorded: "trace.log filled the disk of node-1".');
    // The line wraps at the terminal's width.
    expect(ui.frame().replace(/\n/g, '')).toContain('Type diagnose to add another, or submit to be graded.');
    // With one recorded, the dialog opens on the review, "Add another" selected.
    await ui.typeLine('diagnose');
    await ui.waitForText('Diagnoses: 1 of 2 faults named');
    expect(ui.frame()).toContain('  1. "trace.log filled the disk of node-1"');
    expect(ui.frame()).toContain('❯ + Add another diagnosis');
    await ui.press(KEYS.enter);
    await pickGuided(ui, session, 'container-runtime', 'runtime-down');
    await ui.waitForText('Diagnosis 2 of 2 recorded: Container runtime / ');
    expect(ui.frame().replace(/\n/g, '')).toMatch(/Diagnosis 2 of 2 recorded: .*\. Type submit to be graded\./);
    expect(session.getSnapshot().diagnoses).toHaveLength(2);
    await ui.typeLine('submit');
    await vi.waitFor(() => expect(graded).toHaveLength(1));
    expect(diagnosisPoints(graded[0])).toBe(40);
  }, 30_000);

  it('one diagnosis of two grades for half the diagnosis points', async () => {
    const { ui, graded } = start();
    await ui.typeLine('diagnose "containerd is stopped on node-2"');
    await ui.waitForText('Diagnosis 1 of 2 recorded');
    await ui.typeLine('submit');
    await vi.waitFor(() => expect(graded).toHaveLength(1));
    expect(diagnosisPoints(graded[0])).toBe(20);
  }, 30_000);

  it('the review replaces a diagnosis with Enter and removes one with d; the full list offers no "Add"', async () => {
    const { ui, session } = start();
    await ui.typeLine('diagnose kubelet stopped');
    await ui.typeLine('diagnose "containerd is stopped on node-2"');
    await ui.waitForText('Diagnosis 2 of 2 recorded');
    await ui.typeLine('diagnose');
    await ui.waitForText('Diagnoses: 2 of 2 faults named');
    expect(ui.frame()).not.toContain('Add another');
    // The first (wrong) one is selected: Enter replaces it.
    expect(ui.frame()).toContain('❯ 1. Kubelet / The kubelet service is stopped');
    await ui.press(KEYS.enter);
    await pickGuided(ui, session, 'node', 'disk-pressure');
    await ui.waitForText('Diagnosis 1 of 2 replaced: Node (host) / The node is out of disk space.');
    expect(session.getSnapshot().diagnoses.map((d) => d.kind)).toEqual(['guided', 'free-text']);
    await ui.typeLine('diagnose');
    await ui.waitForText('Diagnoses: 2 of 2 faults named');
    await ui.press(KEYS.down);
    await ui.waitForText('❯ 2. "containerd is stopped on node-2"');
    await ui.press('d');
    await ui.waitForText('Diagnoses: 1 of 2 faults named');
    expect(session.getSnapshot().diagnoses).toEqual([{ kind: 'guided', component: 'node', cause: 'disk-pressure' }]);
    await ui.press(KEYS.escape);
    await ui.waitForText('Diagnosis 2 removed: "containerd is stopped on node-2".');
    await ui.typeLine('diagnose --list');
    await ui.waitForText('Diagnoses recorded (1 of 2 faults):');
  }, 30_000);
});

describe('the results screen: a scenario with two faults', () => {
  it('shows each fault with its share of the diagnosis points and why', async () => {
    const { ui, session } = start();
    await ui.waitForText('learner@workstation:~$');
    session.submitDiagnosis({ kind: 'guided', component: 'container-runtime', cause: 'runtime-down' });
    const result = session.grade();
    cleanup();
    const shown = renderInk(<ResultsScreen scenario={session.scenario} result={result} onDone={() => {}} />);
    await shown.waitForText('Named 1 of 2 faults.');
    const frame = shown.frame();
    expect(frame).toMatch(/diagnosis\s+20\/40\s+Named 1 of 2 faults\./);
    expect(frame).toMatch(/✗ node-1 disk 0\/20: You pointed at Container runtime; the broken link was Node/);
    expect(frame).toMatch(/✓ node-2 containerd 20\/20: Correct: Container runtime/);
  }, 30_000);
});
