import { describe, it, expect, afterEach } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App, type AppProgress, type OpenSessionOptions } from '../../src/tui/app.js';
import { progressBar, simulatedText, warmUpPercent } from '../../src/tui/screens/warmup/warmup-screen.js';
import type { WarmUpProgress } from '../../src/practice/run.js';
import type { PracticeSession } from '../../src/practice/types.js';
import type { AttemptRecord } from '../../src/progress/schema.js';
import { openPracticeSession, summarize } from '../../src/practice/practice.js';
import { formatError, loadScenarioFile } from '../../src/scenario/load.js';
import { FakeSession, fakeScenario } from '../helpers/fake-session.js';
import { KEYS, renderInk } from '../helpers/ink.js';

afterEach(() => cleanup());

const DAY = 86_400_000;

function progress(over: Partial<WarmUpProgress> = {}): WarmUpProgress {
  return { phase: 'bootstrap', simulatedMs: 0, totalMs: 400 * DAY, runMs: 0, runTotalMs: 1000, ...over };
}

function setup(openSession: (id: string, options?: OpenSessionOptions) => Promise<PracticeSession>, scenarios = [fakeScenario()]) {
  const recorded: AttemptRecord[] = [];
  const store: AppProgress = { warning: undefined, bestScores: () => new Map(), recordAttempt: async (a) => void recorded.push(a) };
  let exits = 0;
  const ui = renderInk(<App scenarios={scenarios} openSession={openSession} progress={store} now={() => 0} onExit={() => exits++} />);
  return { ui, recorded, exits: () => exits };
}

describe('the warm-up text', () => {
  it('counts whole simulated days (hours for a young cluster) and whole percent of the work', () => {
    expect(simulatedText(progress({ simulatedMs: 38.9 * DAY }))).toBe('simulated 38 of 400 days');
    expect(simulatedText(progress({ simulatedMs: 400 * DAY }))).toBe('simulated 400 of 400 days');
    expect(simulatedText(progress({ simulatedMs: 5.5 * 3_600_000, totalMs: 30 * 3_600_000 }))).toBe('simulated 5 of 30 hours');
    expect(warmUpPercent(progress({ runMs: 999 }))).toBe(99);
    expect(warmUpPercent(progress({ runMs: 1000 }))).toBe(100);
    expect(progressBar(50, 10)).toBe('█████░░░░░');
  });
});

describe('the warm-up screen', () => {
  it('shows the progress the warm-up reports, as it reports it', async () => {
    let report!: (p: WarmUpProgress) => void;
    let finish!: () => void;
    const { ui } = setup(async (id, options) => {
      report = options!.onProgress!;
      await new Promise<void>((r) => (finish = r));
      return new FakeSession({ scenario: fakeScenario({ id }) });
    });
    await ui.waitForText('Enter play');
    await ui.press(KEYS.enter);
    await ui.waitForFrame(() => report !== undefined);
    report(progress({ simulatedMs: 0, runMs: 120 }));
    await ui.waitForText('12% · simulated 0 of 400 days');
    expect(ui.frame()).toContain('  bootstrapping the control plane, joining nodes\n');
    report(progress({ phase: 'history', simulatedMs: 38 * DAY + 5, runMs: 420 }));
    await ui.waitForText('42% · simulated 38 of 400 days');
    expect(ui.frame()).toContain('  replaying workloads and faults\n');
    expect(ui.frame()).toContain(`${progressBar(42)}  42%`);
    expect(ui.frame()).toContain('Warming up the cluster…');
    finish();
    await ui.waitForText('learner@workstation:~$');
  });

  it('Ctrl+C while warming up quits at once: the warm-up is stopped and no attempt is recorded', async () => {
    let signal: AbortSignal | undefined;
    const { ui, exits, recorded } = setup(
      (_id, options) =>
        new Promise<PracticeSession>((_resolve, reject) => {
          signal = options!.signal!;
          signal.addEventListener('abort', () => reject(signal!.reason));
        }),
    );
    await ui.waitForText('Enter play');
    await ui.press(KEYS.enter);
    await ui.waitForFrame(() => signal !== undefined);
    await ui.waitForText('Ctrl+C quits');
    await ui.press('\u0003');
    await ui.waitForFrame(() => exits() === 1);
    expect(signal!.aborted).toBe(true);
    expect(recorded).toEqual([]);
  });

  it('keeps the spinner turning and the bar filling while a real cluster warms up', async () => {
    const file = 'scenarios/scheduling/pending-insufficient-cpu.yaml';
    const loaded = loadScenarioFile(file);
    if (!loaded.ok) throw new Error(loaded.errors.map(formatError).join('\n'));
    const summary = summarize(loaded.scenario, file);
    const frames: string[] = [];
    const { ui } = setup((_id, options) => openPracticeSession(loaded.scenario, file, options), [summary]);
    await ui.waitForText('Enter play');
    await ui.press(KEYS.enter);
    // Sample what the terminal shows while the warm-up runs.
    await ui.waitForFrame((f) => {
      frames.push(f);
      return f.includes('learner@workstation:~$');
    }, 60_000);
    const warming = frames.filter((f) => f.includes('Warming up the cluster…'));
    const spinners = new Set(warming.map((f) => /([⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]) Warming up/.exec(f)?.[1]));
    expect(spinners.size).toBeGreaterThan(1);
    const percents = new Set(warming.map((f) => /(\d+)% · simulated/.exec(f)?.[1]).filter((p) => p !== undefined));
    expect([...percents].some((p) => Number(p) > 0 && Number(p) < 100)).toBe(true);
  }, 90_000);
});
