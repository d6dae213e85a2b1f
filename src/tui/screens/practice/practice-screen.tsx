import { Box, Text, type Key } from 'ink';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Diagnosis, GradeResult, PracticeSession, TerminalEntry } from '../../../practice/types.js';
import { DiagnoseDialog, DiagnosesReview } from '../../components/diagnose-dialog/index.js';
import { PagerView, openPager, pagerKeyAction, pagerReducer, fitsOneScreen, type PagerState } from '../../components/pager/index.js';
import { HintPanel, hintPanelLines } from '../../components/hint-panel/hint-panel.js';
import { Rows } from '../../components/rows/rows.js';
import { StatusLine } from '../../components/status-line/status-line.js';
import {
  TerminalPane,
  initialTerminalPaneState,
  useTerminalPane,
  useTerminalPaneState,
  type TerminalPaneState,
} from '../../components/terminal-pane/index.js';
import { useFrameBatch } from '../../hooks/frame-batch.js';
import { useInterrupt } from '../../hooks/use-interrupt.js';
import { useSession } from '../../hooks/use-session.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { PANE_HELP, parsePaneCommand, promptHost } from '../../pane-commands.js';
import { describeDiagnosis, errorMessage, faultCountText, recordedText, unknownDiagnosis } from '../../session-text.js';
import { practiceStep } from '../../practice-step.js';
import { wrapText } from '../../text/wrap.js';
import { theme } from '../../theme.js';

/**
 * What the practice screen keeps across a visit to the results screen (the
 * learner revises the diagnosis and comes back to the same terminal).
 * The app owns it; the screen reads it on mount and writes it as it goes.
 */
export interface PracticeMemory {
  /** The terminal pane as it was left: scrollback, history, the half-typed line. */
  pane?: TerminalPaneState;
  /** Shell commands run in this attempt (an attempt with work in it asks before it is left). */
  commandsRun: number;
  /** The host the learner started on: `exit` there leaves the scenario, elsewhere it leaves ssh. */
  homeHost?: string;
}

/** Props of {@link PracticeScreen}. */
export interface PracticeScreenProps {
  readonly session: PracticeSession;
  /** The attempt was graded; `hintsUsed` is how many hints had been revealed. */
  readonly onGraded: (result: GradeResult, hintsUsed: number) => void;
  /** The learner left (`quit`, `exit` on the workstation, Ctrl+D), confirmed if work was in progress. */
  readonly onQuit: () => void;
  /** Wall-time tick period; the simulated clock moves by the same amount. */
  readonly tickMs?: number;
  /** Most simulation events one slice of a tick runs before a keystroke may go first. */
  readonly tickSliceEvents?: number;
  /** How long a command runs before the screen shows it running (`running…`); its result is one frame either way. */
  readonly slowCommandMs?: number;
  /** Kept across the results screen; a fresh one when omitted. */
  readonly memory?: PracticeMemory;
  /** The command history of earlier sessions, which ↑ and Ctrl+R reach, and where shell lines are saved. */
  readonly history?: PracticeHistory;
}

/** What the practice screen needs of the command history (src/progress/history.ts). */
export interface PracticeHistory {
  lines(): readonly string[];
  add(line: string): unknown;
}

/**
 * Events per slice of the once-a-second tick. On a 300-node / 6,000-pod cluster a slice of 50 took 0.4 ms
 * (median) and 0.9 ms (p95), where 100 took 3 ms at p95; what remains above that is one event or a GC pause.
 */
const TICK_SLICE_EVENTS = 50;

const PANE_KEYS = 'help · PgUp/PgDn · ^D quit';
const FOLLOW_KEYS = '^C stop';
const PAGER_KEYS = 'space/b page · /search · q quit';
const DIALOG_KEYS = 'Tab · Enter · Esc cancel';
const CONFIRM_KEYS = 'y leave · n stay';
const REVIEW_KEYS = 'Enter · d remove · Esc close';

/** The question asked before an attempt with work in it is left. */
function leaveQuestion(graded: boolean): string {
  return graded
    ? 'Leave this scenario? Your last grade is kept; later work is lost. (y/N) '
    : 'Leave this scenario? This attempt is not graded and will be lost. (y/N) ';
}

/** The briefing's rows and the rule under them; drawn again only when they change. */
const Briefing = memo(function Briefing({ lines, width }: { lines: readonly string[]; width: number }) {
  return (
    <>
      <Rows lines={lines} />
      <Text color={theme.muted} wrap="truncate">
        {'─'.repeat(width)}
      </Text>
    </>
  );
});

/**
 * The practice screen: briefing, hint panel, terminal pane, status line.
 * Practice words (hint, diagnose, submit, ...) are handled here; every other
 * line goes to the session's shell. The pane behaves like bash: Ctrl+C
 * cancels the line (`^C`, a fresh prompt), Ctrl+D on an empty line leaves
 * (ssh first, then the scenario), and the session's notices are printed
 * where the learner is looking, after the command that caused them. A
 * command that follows (`journalctl -f`) holds the terminal like a
 * foreground job: each tick appends what it wrote, other keys are ignored,
 * and Ctrl+C stops it (`^C`) and gives the prompt back.
 */
export function PracticeScreen({ session, onGraded, onQuit, tickMs = 1000, tickSliceEvents = TICK_SLICE_EVENTS, slowCommandMs, memory: given, history }: PracticeScreenProps) {
  // One command, one frame: its echo, output, the session's new snapshot and the screen's state are drawn together.
  const frames = useFrameBatch(slowCommandMs);
  const later = useCallback((update: () => void) => frames.defer(update), [frames]);
  const snapshot = useSession(session, later);
  const { columns, rows } = useTerminalSize();
  const [fallbackMemory] = useState<PracticeMemory>(() => ({ commandsRun: 0 }));
  const memory = given ?? fallbackMemory;
  // The open dialog, if any: review the recorded diagnoses (several faults), add one, or replace the n-th.
  const [dialog, setDialog] = useState<'review' | 'new' | number | undefined>(undefined);
  const dialogOpen = dialog !== undefined;
  const [busy, setBusyState] = useState(false);
  // Read by Ctrl+C and by the keys, which must not wait for a render.
  const busyRef = useRef(false);
  const setBusy = useCallback(
    (value: boolean) => {
      busyRef.current = value;
      later(() => setBusyState(value));
    },
    [later],
  );
  const [following, setFollowingState] = useState(false);
  const setFollowing = useCallback((value: boolean) => later(() => setFollowingState(value)), [later]);
  // Read by the tick and by Ctrl+C, which must not wait for a render; `end` gives the queue back.
  const follow = useRef<{ end: () => void } | undefined>(undefined);
  // The pager on screen (less, more), and what gives the terminal back when it quits (a ref: keys must not wait for a render).
  const [paging, setPagingState] = useState<PagerState | undefined>(undefined);
  const pager = useRef<{ state: PagerState; end: (last: PagerState) => void } | undefined>(undefined);
  // Ctrl+C flushes lines typed ahead (a paste), as the tty driver flushes its input queue on SIGINT.
  const interrupts = useRef(0);
  // The leave question, while it is asked (a ref too: the keys right after it must see it).
  const [asking, setAsking] = useState<string | undefined>(undefined);
  const askingRef = useRef<string | undefined>(undefined);
  if (memory.homeHost === undefined) memory.homeHost = promptHost(snapshot.prompt);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving the screen ends a following command, as closing a terminal does (SIGHUP).
      if (follow.current) session.stopFollow();
      follow.current = undefined;
      // And a pager: the queue behind it goes on (to nothing, the screen being gone).
      const open = pager.current;
      pager.current = undefined;
      open?.end(open.state);
    };
  }, [session]);

  const width = Math.max(20, columns);
  const briefing = useMemo(() => wrapText(session.briefing, width), [session.briefing, width]);
  const maxBriefing = Math.max(2, Math.floor(rows / 4));
  const faults = faultCountText(snapshot.diagnosisCount);
  // Memoised, as are the parts drawn from them: a keystroke re-renders the input line, not the screen around it.
  const briefingShown = useMemo(
    () => [
      ...(briefing.length > maxBriefing ? [...briefing.slice(0, maxBriefing - 1), '… (type `briefing` to read it all)'] : briefing),
      // A scenario with several faults says so: the learner cannot otherwise know when to stop looking.
      ...(faults ? wrapText(faults, width) : []),
    ],
    [briefing, maxBriefing, faults, width],
  );
  const hintRows = Math.max(3, Math.floor(rows / 3));
  const hintLines = useMemo(
    () => hintPanelLines({ hints: snapshot.hintsShown, hintsLeft: snapshot.hintsLeft, width, maxRows: hintRows }).length,
    [snapshot.hintsShown, snapshot.hintsLeft, width, hintRows],
  );
  // One spare row: Ink redraws the whole screen, flickering, once output fills the terminal.
  const paneHeight = Math.max(3, rows - 1 - briefingShown.length - 1 - hintLines - 1 - 1);

  // A fresh pane starts with the history of earlier sessions, as bash reads ~/.bash_history.
  const [startPane] = useState(() => memory.pane ?? (history ? { ...initialTerminalPaneState(width, paneHeight), history: [...history.lines()] } : undefined));
  const [, dispatch, paneRef, inRender] = useTerminalPaneState(width, paneHeight, startPane, later);
  // Kept when the screen goes (submit switches to the results before this screen renders again).
  useEffect(() => () => void (memory.pane = paneRef.current), [memory, paneRef]);
  // The viewport follows the layout (a hint shown, the terminal resized) in the same render.
  const pane = inRender({ type: 'resize', width, height: paneHeight });
  // A pager opened by a command fills the pane as it is laid out when the command ends.
  const layout = useRef({ width, rows: paneHeight + 1 });
  layout.current = { width, rows: paneHeight + 1 };

  /** Prints a session notice in the terminal, where the next prompt appears. */
  const say = useCallback((text: string) => dispatch({ type: 'append-text', text: `${text}\n` }), [dispatch]);

  // Back from the results to revise: say where things stand.
  const returned = useRef(memory.pane !== undefined && session.getSnapshot().result !== undefined);
  useEffect(() => {
    if (!returned.current) return;
    returned.current = false;
    say('Back at work: the cluster kept its state. Revise with diagnose, then submit to be graded again.');
  }, [say]);

  // Simulated time follows wall time while this screen is shown; a following command shows what it wrote since.
  // The tick runs in slices of at most `tickSliceEvents` events, one per turn of the event loop (a timer: the
  // timers phase comes before the poll that reads a keystroke and the check phase where React draws it), so a
  // keystroke waits for one slice at most, never for a whole second of simulation on a large cluster.
  const polls = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    let owedMs = 0;
    let slice: ReturnType<typeof setTimeout> | undefined;
    const pollFollow = () => {
      const current = follow.current;
      if (!current) return;
      polls.current = polls.current.then(async () => {
        try {
          const text = await session.pollFollow();
          // Output that arrives after Ctrl+C was never written: the job is gone.
          if (text && mounted.current && follow.current === current) dispatch({ type: 'append-text', text });
          // The job ended by itself (`kubectl rollout status` done): the prompt comes back.
          if (text === undefined && mounted.current && follow.current === current) {
            follow.current = undefined;
            setFollowing(false);
            current.end();
          }
        } catch (e) {
          if (mounted.current) say(`kubedrill: follow error: ${errorMessage(e)}`);
        }
      });
    };
    const runSlice = () => {
      slice = undefined;
      const ms = owedMs;
      owedMs = 0;
      let done = true;
      try {
        done = session.tick(ms, tickSliceEvents);
      } catch (e) {
        say(`kubedrill: clock error: ${errorMessage(e)}`);
      }
      if (!done) slice = setTimeout(runSlice, 0);
      else pollFollow();
    };
    const timer = setInterval(() => {
      // Ticks that come while one is still running are merged into it.
      owedMs += tickMs;
      slice ??= setTimeout(runSlice, 0);
    }, tickMs);
    return () => {
      clearInterval(timer);
      if (slice !== undefined) clearTimeout(slice);
    };
  }, [session, tickMs, tickSliceEvents, dispatch, say, setFollowing]);

  const ask = useCallback(
    (question: string | undefined) => {
      askingRef.current = question;
      later(() => setAsking(question));
    },
    [later],
  );

  /** Leaves at once when nothing would be lost, else asks first. */
  const requestQuit = useCallback(() => {
    const now = session.getSnapshot();
    const inProgress = memory.commandsRun > 0 || now.hintsShown.length > 0 || now.diagnosis !== undefined;
    if (!inProgress) {
      onQuit();
      return;
    }
    ask(leaveQuestion(now.result !== undefined));
  }, [session, memory, onQuit, ask]);

  // The answer to the leave question: y leaves; anything else (n, Enter, Esc) stays, as bash's read -p would show it.
  const answer = useCallback(
    (input: string, key: Key): boolean => {
      const question = askingRef.current;
      if (question === undefined) return false;
      // Ctrl+C is the interrupt handler's.
      if (key.ctrl && input === 'c') return true;
      const first = input.trim().slice(0, 1);
      if (first === 'y' || first === 'Y') {
        ask(undefined);
        onQuit();
        return true;
      }
      say(`${question}${key.return || key.escape ? '' : first}`);
      ask(undefined);
      return true;
    },
    [ask, onQuit, say],
  );

  /** Ctrl+C, as bash and the tty treat it; always taken (it never quits the app from here). */
  const interrupt = (): boolean => {
    // less ignores SIGINT while it waits for a key (it beeps): only q gives the prompt back.
    if (pager.current) return true;
    const current = follow.current;
    if (current) {
      follow.current = undefined;
      interrupts.current++;
      session.stopFollow();
      // The terminal echoes ^C where the cursor is, then the shell prints its prompt on the next line.
      dispatch({ type: 'append-text', text: '^C\n' });
      setFollowing(false);
      current.end();
      return true;
    }
    interrupts.current++;
    const question = askingRef.current;
    if (question !== undefined) {
      say(`${question}^C`);
      ask(undefined);
      return true;
    }
    if (dialogOpen) {
      setDialog(undefined);
      return true;
    }
    // A command still running: queued lines are dropped and the screen stays (never the whole app).
    if (busyRef.current) return true;
    // At the prompt, bash cancels the line: it stays on screen with ^C, and a fresh prompt follows.
    dispatch({ type: 'append-text', text: `${session.getSnapshot().prompt}${paneRef.current.input}^C\n` });
    dispatch({ type: 'discard-input' });
    return true;
  };
  useInterrupt(interrupt);

  const echo = useCallback(
    (line: string, output = '') => {
      dispatch({ type: 'append-text', text: `${session.getSnapshot().prompt}${line}\n${output}` });
    },
    [dispatch, session],
  );

  const submitDiagnosis = useCallback(
    (diagnosis: Diagnosis, index?: number) => {
      try {
        const problem = unknownDiagnosis(diagnosis, session.diagnosisChoices());
        if (problem) {
          say(`${problem}. Type diagnose to pick from a list.`);
          return;
        }
        const before = session.getSnapshot().diagnoses.length;
        const at = session.submitDiagnosis(diagnosis, index);
        const now = session.getSnapshot();
        const next = now.diagnoses.length < now.diagnosisCount ? 'Type diagnose to add another, or submit to be graded.' : 'Type submit to be graded.';
        say(`${recordedText(now, at, at < before, session.diagnosisChoices())} ${next}`);
      } catch (e) {
        say(`could not record the diagnosis: ${errorMessage(e)}`);
      }
    },
    [session, say],
  );

  /** A key in the pager: the new screen, and once it quits the terminal back. */
  const pagerKey = useCallback(
    (input: string, key: Key) => {
      const current = pager.current;
      const action = current && pagerKeyAction(input, key, current.state);
      if (!current || !action) return;
      const next = pagerReducer(current.state, action);
      if (next === current.state) return;
      current.state = next;
      if (next.done) {
        pager.current = undefined;
        later(() => setPagingState(undefined));
        current.end(next);
      } else later(() => setPagingState(next));
    },
    [later],
  );

  /**
   * Output with a pager's text in it: plain pieces go to the scrollback, a paged one holds the terminal until
   * it quits. less leaves nothing behind (its alternate screen goes away); more leaves what it showed, and
   * prints a text that fits on one screen without paging (util-linux more).
   */
  const showPieces = useCallback(
    async (pieces: NonNullable<TerminalEntry['pieces']>, drawn: () => void) => {
      for (const piece of pieces) {
        if (!mounted.current) return;
        if (!piece.page) {
          dispatch({ type: 'append-text', text: piece.text });
          continue;
        }
        const opened = openPager(piece.page, piece.text, layout.current.width, layout.current.rows);
        if (opened.pager === 'more' && fitsOneScreen(opened)) {
          dispatch({ type: 'append-text', text: piece.text });
          continue;
        }
        setBusy(false);
        later(() => setPagingState(opened));
        const last = await new Promise<PagerState>((resolve) => {
          pager.current = { state: opened, end: resolve };
          drawn();
        });
        if (last.pager === 'more' && mounted.current) {
          const shown = last.rows.slice(0, Math.min(last.rows.length, last.top + last.height));
          dispatch({ type: 'append-text', text: shown.map((row) => `${row}\n`).join('') });
        }
      }
    },
    [dispatch, later, setBusy],
  );

  const run = useCallback(
    async (line: string, eof = false, drawn: () => void = () => undefined) => {
      const onWorkstation = promptHost(session.getSnapshot().prompt) === memory.homeHost;
      const command = parsePaneCommand(line, { onWorkstation });
      try {
        switch (command.type) {
          case 'hint': {
            echo(line);
            const hint = session.nextHint();
            if (hint === undefined) say('No hints left.');
            else {
              const now = session.getSnapshot();
              say(`Hint ${now.hintsShown.length} of ${now.hintsShown.length + now.hintsLeft} revealed (above).`);
            }
            return;
          }
          case 'reset':
            say('Resetting the scenario: the cluster warms up again…');
            await session.reset();
            memory.commandsRun = 0;
            dispatch({ type: 'clear-scrollback' });
            say('The scenario was reset to its start.');
            return;
          case 'diagnose': {
            echo(line);
            const now = session.getSnapshot();
            later(() => setDialog(now.diagnosisCount > 1 && now.diagnoses.length > 0 ? 'review' : 'new'));
            return;
          }
          case 'diagnose-list':
          case 'diagnose-clear':
          case 'diagnose-remove':
          case 'diagnose-bad-option':
            echo(line);
            // Worded as in line mode; these words never reach the shell.
            await practiceStep(session, command, line, (text) => dispatch({ type: 'append-text', text }), { stepMs: 0 });
            return;
          case 'diagnose-guided':
            echo(line);
            submitDiagnosis({ kind: 'guided', component: command.component, cause: command.cause });
            return;
          case 'diagnose-free-text':
            echo(line);
            submitDiagnosis({ kind: 'free-text', text: command.text });
            return;
          case 'submit': {
            echo(line);
            const hintsUsed = session.getSnapshot().hintsShown.length;
            onGraded(session.grade(), hintsUsed);
            return;
          }
          case 'help':
            echo(line, `${PANE_HELP}\n`);
            return;
          case 'briefing':
            echo(line, `${session.briefing.replace(/\n*$/, '\n')}`);
            return;
          case 'quit':
            echo(line);
            requestQuit();
            return;
          case 'shell':
            break;
        }
        // Ctrl+D: bash prints its answer (logout) on the prompt's own line.
        if (!eof) echo(line);
        if (line.trim().length === 0) return;
        memory.commandsRun++;
        setBusy(true);
        const prompt = session.getSnapshot().prompt;
        const entry = await session.exec(line, { follow: true });
        // History keeps what ran: `!!` as the line it stood for, a failed expansion not at all.
        if (entry.expanded !== undefined || entry.expansionFailed) dispatch({ type: 'history-expanded', typed: line, line: entry.expanded });
        if (!entry.expansionFailed) history?.add(entry.expanded ?? line);
        // `clear` empties the screen and the scrollback (ncurses clear sends E3), then shows what followed it.
        if (mounted.current && entry.clearScreen) dispatch({ type: 'clear-scrollback' });
        if (mounted.current && entry.pieces) await showPieces(entry.pieces, drawn);
        else if (mounted.current) dispatch({ type: 'append-text', text: eof ? `${prompt}${entry.output}` : entry.output });
        if (entry.following) {
          if (!mounted.current) {
            session.stopFollow();
            return;
          }
          setBusy(false);
          setFollowing(true);
          // The job holds the terminal: draw it now; the next queued line waits until Ctrl+C ends this one.
          drawn();
          await new Promise<void>((resolve) => {
            follow.current = { end: resolve };
          });
        }
      } catch (e) {
        if (mounted.current) say(`kubedrill: ${errorMessage(e)}`);
      } finally {
        busyRef.current = false;
        if (mounted.current) setBusy(false);
      }
    },
    [session, memory, history, echo, say, dispatch, onGraded, requestQuit, submitDiagnosis, later, setBusy, setFollowing, showPieces],
  );

  // Lines submitted together (a paste) run one after another, in order.
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Queues work for one line; from Enter until it is done, the screen's updates are drawn as one frame. */
  const inTurn = useCallback(
    (work: (drawn: () => void) => Promise<void> | void) => {
      frames.hold();
      let held = true;
      const drawn = () => {
        if (!held) return;
        held = false;
        frames.release();
      };
      queue.current = queue.current.then(() => work(drawn)).finally(drawn);
    },
    [frames],
  );
  const enqueue = useCallback(
    (line: string, eof = false) => {
      const interrupted = interrupts.current;
      inTurn((drawn) => (interrupts.current === interrupted ? run(line, eof, drawn) : undefined));
    },
    [run, inTurn],
  );
  const onSubmitLine = useCallback((line: string) => enqueue(line), [enqueue]);
  // Ctrl+D on an empty line: on a node it ends the ssh session, on the workstation it leaves the scenario.
  const onEof = useCallback(() => {
    const onWorkstation = promptHost(session.getSnapshot().prompt) === memory.homeHost;
    if (!onWorkstation) {
      enqueue('exit', true);
      return;
    }
    inTurn(() => {
      dispatch({ type: 'append-text', text: `${session.getSnapshot().prompt}exit\n` });
      requestQuit();
    });
  }, [session, memory, enqueue, inTurn, dispatch, requestQuit]);
  // While a command runs or follows keys are dropped; a question takes them first (refs, so typing right after counts).
  const isHeld = useCallback(() => follow.current !== undefined || pager.current !== undefined || busyRef.current, []);
  // A completion that fails completes nothing: Tab must never take the screen down.
  const completeLine = useCallback((line: string, cursor: number) => {
    try {
      return session.complete(line, cursor);
    } catch {
      return { start: cursor, end: cursor, candidates: [], filenames: false };
    }
  }, [session]);
  const currentPrompt = useCallback(() => session.getSnapshot().prompt, [session]);
  useTerminalPane({
    stateRef: paneRef,
    dispatch,
    onSubmit: onSubmitLine,
    onEof,
    intercept: answer,
    onInterrupt: () => void interrupt(),
    isActive: !dialogOpen && !busy && paging === undefined,
    isHeld,
    complete: completeLine,
    prompt: currentPrompt,
  });

  const diagnosisChoices = useMemo(() => {
    if (!dialogOpen) return [];
    try {
      return session.diagnosisChoices();
    } catch {
      return [];
    }
  }, [dialogOpen, session]);

  const reviewing = dialog === 'review';
  const keys = reviewing ? REVIEW_KEYS : dialogOpen ? DIALOG_KEYS : asking !== undefined ? CONFIRM_KEYS : paging ? PAGER_KEYS : following ? FOLLOW_KEYS : PANE_KEYS;
  return (
    <Box flexDirection="column" width={width}>
      <Briefing lines={briefingShown} width={width} />
      <HintPanel hints={snapshot.hintsShown} hintsLeft={snapshot.hintsLeft} width={width} maxRows={hintRows} />
      {reviewing ? (
        <Box height={paneHeight + 1} flexDirection="column">
          <DiagnosesReview
            recorded={snapshot.diagnoses.map((d) => describeDiagnosis(d, diagnosisChoices))}
            count={snapshot.diagnosisCount}
            isActive
            onCancel={() => setDialog(undefined)}
            onAdd={() => setDialog('new')}
            onReplace={(index) => setDialog(index)}
            onRemove={(index) => {
              const gone = session.getSnapshot().diagnoses[index];
              session.removeDiagnosis(index);
              if (gone) say(`Diagnosis ${index + 1} removed: ${describeDiagnosis(gone, diagnosisChoices)}.`);
            }}
          />
        </Box>
      ) : dialogOpen ? (
        <Box height={paneHeight + 1} flexDirection="column">
          <DiagnoseDialog
            choices={diagnosisChoices}
            isActive
            maxRows={Math.max(1, paneHeight - 5)}
            onCancel={() => setDialog(undefined)}
            onSubmit={(diagnosis) => {
              setDialog(undefined);
              submitDiagnosis(diagnosis, typeof dialog === 'number' ? dialog : undefined);
            }}
          />
        </Box>
      ) : paging ? (
        <Box height={paneHeight + 1} flexDirection="column">
          <PagerView state={paging} onKey={pagerKey} isActive />
        </Box>
      ) : (
        <TerminalPane state={pane} prompt={snapshot.prompt} busy={busy} following={following} ask={asking} />
      )}
      <StatusLine title={session.scenario.title} clock={snapshot.clock} width={width} keys={keys} />
    </Box>
  );
}
