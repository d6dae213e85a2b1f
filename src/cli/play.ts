/**
 * `kubedrill` / `kubedrill play [id]`: the Ink TUI on a terminal, the plain
 * line mode otherwise. Ink is imported only here, lazily, so other commands
 * never pay for it; the validator and the simulation are imported when a
 * scenario is opened, so the home screen's first frame waits for neither.
 */
import { listShipped } from './catalogue.js';
import { summaryOf } from '../scenario/metadata.js';
import { openProgress } from '../progress/store.js';
import { openHistory } from '../progress/history.js';
import { openExternalEditor } from './editor.js';
import type { EditorOptions } from '../commands/types.js';

/** Starts a practice session; returns the exit code. */
export async function playCommand(scenarioArg: string | undefined, options: { seed?: string; json?: boolean }): Promise<number> {
  const seed = options.seed === undefined ? undefined : Number(options.seed);
  const interactive = !!process.stdout.isTTY && !!process.stdin.isTTY;
  // On a terminal, start loading Ink at once: the first frame waits for it, the progress file and the catalogue.
  const tui = interactive ? import('../tui/render.js') : undefined;
  const progress = await openProgress();
  if (!interactive || !tui) {
    if (!scenarioArg) {
      process.stderr.write('kubedrill: not a terminal: name a scenario to play in line mode (kubedrill play <id> < commands.txt)\n');
      return 2;
    }
    const loaded = (await import('./load.js')).loadScenarioArg(scenarioArg);
    if (!loaded.ok) {
      process.stderr.write(`${loaded.message}\n`);
      return 1;
    }
    const { runLineMode } = await import('../tui/line-mode.js');
    const { simulation, saveCodeCache } = await (await import('./simulation.js')).loadSimulation();
    const session = simulation.createPracticeSession(loaded.scenario, loaded.file, { seed, openEditor: openExternalEditor });
    saveCodeCache();
    // With --json, stdout carries only the grade, for tools; the session goes to stderr.
    const output = options.json ? process.stderr : process.stdout;
    const notices = progress.warning ? [progress.warning] : [];
    const result = await runLineMode({ session, input: process.stdin, output, progress, notices });
    if (!options.json) return 0;
    if (!result) {
      process.stderr.write('kubedrill: input ended before `submit`: nothing was graded\n');
      return 1;
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  }
  const chosen = scenarioArg ? (await import('./load.js')).loadScenarioArg(scenarioArg) : undefined;
  if (chosen && !chosen.ok) {
    process.stderr.write(`${chosen.message}\n`);
    return 1;
  }
  const summaries = chosen?.ok ? [summaryOf(chosen.scenario.metadata, chosen.file)] : await listShipped();
  // The terminal's history outlives the session, as ~/.bash_history does; only the TUI's (line mode replays scripts).
  const history = await openHistory();
  const { runApp } = await tui;
  await runApp({
    scenarios: summaries,
    openSession: async (id, warmUp) => {
      const entry = summaries.find((s) => s.id === id)!;
      const loaded = chosen?.ok ? chosen : (await import('./load.js')).loadScenarioArg(entry.file);
      // A scenario that does not validate cannot be played; the TUI shows this message.
      if (!loaded.ok) throw new Error(loaded.message);
      const { simulation, saveCodeCache } = await (await import('./simulation.js')).loadSimulation();
      // The warm-up yields between slices: the TUI's spinner turns, its bar fills, Ctrl+C is read.
      const session = await simulation.openPracticeSession(loaded.scenario, loaded.file, { seed, openEditor: editorOverInk, history: history.lines(), historyExpansion: true, ...warmUp });
      saveCodeCache();
      return session;
    },
    progress,
    history,
    // The banks load when the learner opens a quiz, not before the first frame.
    loadQuiz: async () => (await import('../tui/screens/quiz/quiz-deck.js')).loadQuizDeck(progress),
    // `play <id>` opens the scenario at once instead of a one-row list.
    start: chosen?.ok ? summaries[0]!.id : undefined,
  });
  return 0;
}

/**
 * `kubectl edit` inside the TUI: hand the terminal to $EDITOR (out of raw
 * mode, as a shell would), then give it back to Ink.
 */
async function editorOverInk(text: string, options?: EditorOptions): Promise<string | undefined> {
  const stdin = process.stdin;
  const wasRaw = stdin.isTTY ? stdin.isRaw : false;
  if (stdin.isTTY) stdin.setRawMode(false);
  try {
    return await openExternalEditor(text, options);
  } finally {
    if (stdin.isTTY) stdin.setRawMode(wasRaw);
  }
}
