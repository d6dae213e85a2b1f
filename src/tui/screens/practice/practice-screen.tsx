import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Diagnosis, GradeResult, PracticeSession } from '../../../scenario/practice-types.js';
import { DiagnoseDialog } from '../../components/diagnose-dialog/index.js';
import { HintPanel, hintPanelLines } from '../../components/hint-panel/hint-panel.js';
import { StatusLine } from '../../components/status-line/status-line.js';
import { TerminalPane, useTerminalPane, useTerminalPaneState } from '../../components/terminal-pane/index.js';
import { useInterrupt } from '../../hooks/use-interrupt.js';
import { useSession } from '../../hooks/use-session.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { PANE_HELP, parsePaneCommand, promptHost } from '../../pane-commands.js';
import { describeDiagnosis, errorMessage, unknownDiagnosis } from '../../session-text.js';
import { wrapText } from '../../text/wrap.js';
import { theme } from '../../theme.js';

/** Props of {@link PracticeScreen}. */
export interface PracticeScreenProps {
  readonly session: PracticeSession;
  /** The attempt was graded; `hintsUsed` is how many hints had been revealed. */
  readonly onGraded: (result: GradeResult, hintsUsed: number) => void;
  /** The learner left without grading. */
  readonly onQuit: () => void;
  /** Wall-time tick period; the simulated clock moves by the same amount. */
  readonly tickMs?: number;
}

const PANE_KEYS = 'help · PgUp/PgDn · ^C exit';
const FOLLOW_KEYS = '^C stop';
const DIALOG_KEYS = 'Tab · Enter · Esc cancel';

/**
 * The practice screen: briefing, hint panel, terminal pane, status line.
 * Practice words (hint, diagnose, submit, ...) are handled here; every other
 * line goes to the session's shell. A command that follows (`journalctl -f`)
 * holds the terminal like a foreground job: each tick appends what it wrote,
 * other keys are ignored, and Ctrl+C stops it (`^C`) and gives the prompt back.
 */
export function PracticeScreen({ session, onGraded, onQuit, tickMs = 1000 }: PracticeScreenProps) {
  const snapshot = useSession(session);
  const { columns, rows } = useTerminalSize();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [following, setFollowing] = useState(false);
  // Read by the tick and by Ctrl+C, which must not wait for a render; `end` gives the queue back.
  const follow = useRef<{ end: () => void } | undefined>(undefined);
  // Ctrl+C flushes lines typed ahead (a paste), as the tty driver flushes its input queue on SIGINT.
  const interrupts = useRef(0);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  // The host the learner starts on: `exit` there leaves the scenario, elsewhere it leaves ssh.
  const homeHost = useRef(promptHost(snapshot.prompt));
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving the screen ends a following command, as closing a terminal does (SIGHUP).
      if (follow.current) session.stopFollow();
      follow.current = undefined;
    };
  }, [session]);

  const width = Math.max(20, columns);
  const briefing = useMemo(() => wrapText(session.briefing, width), [session.briefing, width]);
  const maxBriefing = Math.max(2, Math.floor(rows / 4));
  const briefingShown =
    briefing.length > maxBriefing
      ? [...briefing.slice(0, maxBriefing - 1), '… (type `briefing` to read it all)']
      : briefing;
  const hintLines = hintPanelLines({ hints: snapshot.hintsShown, hintsLeft: snapshot.hintsLeft, notice, width }).length;
  // One spare row: Ink redraws the whole screen, flickering, once output fills the terminal.
  const paneHeight = Math.max(3, rows - 1 - briefingShown.length - 1 - hintLines - 1 - 1);

  const [pane, dispatch, paneRef] = useTerminalPaneState(width, paneHeight);
  useEffect(() => {
    dispatch({ type: 'resize', width, height: paneHeight });
  }, [dispatch, width, paneHeight]);

  // Simulated time follows wall time while this screen is shown; a following command shows what it wrote since.
  const polls = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    const timer = setInterval(() => {
      try {
        session.tick(tickMs);
      } catch (e) {
        setNotice(`clock error: ${errorMessage(e)}`);
      }
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
          if (mounted.current) setNotice(`follow error: ${errorMessage(e)}`);
        }
      });
    }, tickMs);
    return () => clearInterval(timer);
  }, [session, tickMs, dispatch]);

  useInterrupt(() => {
    const current = follow.current;
    if (!current) return false;
    follow.current = undefined;
    interrupts.current++;
    session.stopFollow();
    // The terminal echoes ^C where the cursor is, then the shell prints its prompt on the next line.
    dispatch({ type: 'append-text', text: '^C\n' });
    setFollowing(false);
    current.end();
    return true;
  });

  const echo = useCallback(
    (line: string, output = '') => {
      dispatch({ type: 'append-text', text: `${session.getSnapshot().prompt}${line}\n${output}` });
    },
    [dispatch, session],
  );

  const submitDiagnosis = useCallback(
    (diagnosis: Diagnosis) => {
      try {
        const problem = unknownDiagnosis(diagnosis, session.diagnosisChoices());
        if (problem) {
          setNotice(`${problem}. Type diagnose to pick from a list.`);
          return;
        }
        session.submitDiagnosis(diagnosis);
        setNotice(`Diagnosis recorded: ${describeDiagnosis(diagnosis, session.diagnosisChoices())}. Type submit to be graded.`);
      } catch (e) {
        setNotice(`could not record the diagnosis: ${errorMessage(e)}`);
      }
    },
    [session],
  );

  const run = useCallback(
    async (line: string) => {
      const onWorkstation = promptHost(session.getSnapshot().prompt) === homeHost.current;
      const command = parsePaneCommand(line, { onWorkstation });
      if (command.type !== 'shell') setNotice(undefined);
      try {
        switch (command.type) {
          case 'hint': {
            echo(line);
            const hint = session.nextHint();
            if (hint === undefined) setNotice('No hints left.');
            return;
          }
          case 'reset':
            session.reset();
            dispatch({ type: 'clear-scrollback' });
            setNotice('The scenario was reset to its start.');
            return;
          case 'diagnose':
            echo(line);
            setDialogOpen(true);
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
            onQuit();
            return;
          case 'shell':
            break;
        }
        echo(line);
        if (line.trim().length === 0) return;
        setBusy(true);
        const entry = await session.exec(line, { follow: true });
        if (mounted.current) dispatch({ type: 'append-text', text: entry.output });
        if (entry.following) {
          if (!mounted.current) {
            session.stopFollow();
            return;
          }
          setBusy(false);
          setFollowing(true);
          // The next queued line waits until Ctrl+C ends this one.
          await new Promise<void>((resolve) => {
            follow.current = { end: resolve };
          });
        }
      } catch (e) {
        if (mounted.current) dispatch({ type: 'append-text', text: `kubedrill: ${errorMessage(e)}\n` });
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [session, echo, dispatch, onGraded, onQuit, submitDiagnosis],
  );

  // Lines submitted together (a paste) run one after another, in order.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const onSubmitLine = useCallback(
    (line: string) => {
      const interrupted = interrupts.current;
      queue.current = queue.current.then(() => (interrupts.current === interrupted ? run(line) : undefined));
    },
    [run],
  );
  // While a command follows, keys are dropped (isHeld reads the ref, so typing right after Ctrl+C counts).
  const isHeld = useCallback(() => follow.current !== undefined, []);
  useTerminalPane({ stateRef: paneRef, dispatch, onSubmit: onSubmitLine, isActive: !dialogOpen && !busy, isHeld });

  const diagnosisChoices = useMemo(() => {
    if (!dialogOpen) return [];
    try {
      return session.diagnosisChoices();
    } catch {
      return [];
    }
  }, [dialogOpen, session]);

  return (
    <Box flexDirection="column" width={width}>
      {briefingShown.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line.length === 0 ? ' ' : line}
        </Text>
      ))}
      <Text color={theme.muted} wrap="truncate">
        {'─'.repeat(width)}
      </Text>
      <HintPanel hints={snapshot.hintsShown} hintsLeft={snapshot.hintsLeft} notice={notice} width={width} />
      {dialogOpen ? (
        <Box height={paneHeight + 1} flexDirection="column">
          <DiagnoseDialog
            choices={diagnosisChoices}
            isActive
            maxRows={Math.max(1, paneHeight - 5)}
            onCancel={() => setDialogOpen(false)}
            onSubmit={(diagnosis) => {
              setDialogOpen(false);
              submitDiagnosis(diagnosis);
            }}
          />
        </Box>
      ) : (
        <TerminalPane state={pane} prompt={snapshot.prompt} busy={busy} following={following} />
      )}
      <StatusLine title={session.scenario.title} clock={snapshot.clock} width={width} keys={dialogOpen ? DIALOG_KEYS : following ? FOLLOW_KEYS : PANE_KEYS} />
    </Box>
  );
}
