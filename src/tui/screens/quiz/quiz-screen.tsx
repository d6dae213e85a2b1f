import { Box, Text, type Key } from 'ink';
import { useCallback, useEffect, useState } from 'react';
import type { ProgressStore } from '../../../progress/store.js';
import { questionText } from '../../../quiz/present.js';
import { quizResultRecord, reviewRecord } from '../../../quiz/records.js';
import { stripControlSequences } from '../../../shell/sanitize.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useLatest } from '../../hooks/use-latest.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { scoreText } from '../../quiz-line-mode.js';
import { errorMessage } from '../../session-text.js';
import { theme } from '../../theme.js';
import type { QuizDeck } from './quiz-deck.js';
import { useQuizScreenState, type QuizAction, type QuizMode, type QuizScreenState } from './use-quiz-screen-state.js';

/** Props of {@link QuizScreen}. */
export interface QuizScreenProps {
  readonly mode: QuizMode;
  /** Loads the banks and the learner's cards (the screen shows "loading" meanwhile). */
  readonly loadDeck: () => Promise<QuizDeck>;
  /** Where answers are recorded; none: nothing is. */
  readonly progress?: Pick<ProgressStore, 'recordQuizAnswer'>;
  /** Wall clock for answer times and what is due (the UI edge). */
  readonly now: () => number;
  /** Back to the home screen. */
  readonly onDone: () => void;
  /** Ask about these topics without the topic pick (a scenario's, from its results screen). */
  readonly topics?: readonly string[];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Bank text never reaches the terminal raw. */
const clean = (text: string) => stripControlSequences(text).replace(/\n+$/, '');

/** A quiz or a review in the TUI: a topic, the questions one by one with feedback, the score, back home. */
export function QuizScreen({ mode, loadDeck, progress, now, onDone, topics }: QuizScreenProps) {
  const { rows } = useTerminalSize();
  const [state, dispatch, stateRef] = useQuizScreenState(mode, topics);
  const [notice, setNotice] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    loadDeck().then(
      (deck) => live && dispatch({ type: 'loaded', deck, now: now() }),
      (e: unknown) => live && dispatch({ type: 'load-failed', message: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
    // Loaded once, when the screen opens.
  }, []);

  const latest = useLatest({ progress, now, onDone });
  /** Applies an action; an answer it graded is recorded, as the line mode records it. */
  const act = useCallback(
    (action: QuizAction) => {
      const before = stateRef.current.answered.length;
      dispatch(action);
      const answered = stateRef.current.answered;
      const { progress, now } = latest.current;
      if (answered.length === before || !progress) return;
      const { item, grade } = answered[answered.length - 1]!;
      const at = now();
      progress
        .recordQuizAnswer(quizResultRecord(item, grade, at), reviewRecord(item.question.id, grade.correct, at))
        .catch((e: unknown) => setNotice(`could not save progress: ${errorMessage(e)}`));
    },
    [dispatch, stateRef, latest],
  );

  const handler = useCallback(
    (input: string, key: Key) => {
      const phase = () => stateRef.current.phase.name;
      const leave = () => latest.current.onDone();
      if (key.escape) {
        if (phase() === 'question' || phase() === 'feedback') return act({ type: 'stop' });
        return leave();
      }
      if (key.upArrow) return act({ type: 'move', by: -1 });
      if (key.downArrow) return act({ type: 'move', by: 1 });
      if (key.backspace || key.delete) return act({ type: 'backspace' });
      if (key.ctrl && input === 'u') return act({ type: 'clear-line' });
      if (key.ctrl || key.meta) return;
      const chars = key.return ? ['\r'] : [...input];
      for (const ch of chars) {
        const enter = ch === '\r' || ch === '\n';
        switch (phase()) {
          case 'question':
            if (enter) act({ type: 'submit' });
            else if (!CONTROL.test(ch)) act({ type: 'type', text: ch });
            break;
          case 'feedback':
            if (enter) act({ type: 'next' });
            break;
          case 'topics':
            if (enter) act({ type: 'choose', now: latest.current.now() });
            else if (ch === 'k') act({ type: 'move', by: -1 });
            else if (ch === 'j') act({ type: 'move', by: 1 });
            break;
          case 'loading':
            break;
          default:
            // The score, a failure or nothing to ask: Enter or q goes home, and the rest of the burst with it.
            if (enter || ch === 'q') return leave();
        }
      }
    },
    [act, stateRef, latest],
  );
  useKeys(handler);

  return (
    <Box flexDirection="column">
      <Text bold color={theme.title}>
        kubedrill <Text color={theme.muted}>· {mode === 'quiz' ? 'Quiz' : 'Review: what is due'}</Text>
      </Text>
      {notice ? <Text color={theme.warning}>{notice}</Text> : null}
      <Text> </Text>
      <QuizBody state={state} maxRows={Math.max(3, rows - 8)} />
    </Box>
  );
}

/** What the current phase shows. */
function QuizBody({ state, maxRows }: { readonly state: QuizScreenState; readonly maxRows: number }) {
  const phase = state.phase;
  const help = (text: string) => <Text color={theme.muted}>{text}</Text>;
  switch (phase.name) {
    case 'loading':
      return <Text color={theme.muted}>Loading the questions…</Text>;
    case 'failed':
      return (
        <>
          <Text color={theme.error}>could not load the questions: {clean(phase.message)}</Text>
          <Text> </Text>
          {help('Enter or Esc: back to the scenario list')}
        </>
      );
    case 'empty':
      return (
        <>
          <Text>{phase.message}</Text>
          <Text> </Text>
          {help('Enter or Esc: back to the scenario list')}
        </>
      );
    case 'topics': {
      const rows = ['All topics', ...state.topics];
      const first = Math.min(Math.max(0, phase.index - maxRows + 1), Math.max(0, rows.length - maxRows));
      return (
        <>
          <Text>What should the questions be about?</Text>
          {rows.slice(first, first + maxRows).map((t, i) => {
            const selected = first + i === phase.index;
            return (
              <Text key={t} color={selected ? theme.selected : undefined}>
                {`${selected ? '❯ ' : '  '}${clean(t)}`}
              </Text>
            );
          })}
          {(state.deck?.warnings ?? []).slice(0, 2).map((w) => (
            <Text key={w} color={theme.warning} wrap="truncate">
              {clean(w)}
            </Text>
          ))}
          <Text color={theme.muted}>Hands-on questions: run `kubedrill quiz` in the terminal.</Text>
          {help('↑/↓ move · Enter start · Esc back')}
        </>
      );
    }
    case 'question': {
      const shown = state.questions[phase.at]!;
      return (
        <>
          <QuestionHeader state={state} at={phase.at} />
          <Text>{clean(questionText(shown))}</Text>
          <Text> </Text>
          <Text>
            answer&gt; {clean(phase.input)}
            <Text inverse> </Text>
          </Text>
          {phase.error ? <Text color={theme.warning}>{clean(phase.error)}</Text> : null}
          {help('Enter answer · skip gives up on it · Esc end the quiz')}
        </>
      );
    }
    case 'feedback': {
      const [verdict = '', ...rest] = clean(phase.text).split('\n');
      const last = phase.at + 1 === state.questions.length;
      return (
        <>
          <QuestionHeader state={state} at={phase.at} />
          <Text>answer&gt; {clean(phase.answer)}</Text>
          <Text bold color={phase.correct ? theme.good : theme.bad}>
            {verdict}
          </Text>
          <Text>{rest.join('\n')}</Text>
          <Text> </Text>
          {help(`Enter ${last ? 'see the score' : 'next question'} · Esc end the quiz`)}
        </>
      );
    }
    case 'done': {
      const unasked = state.questions.length - state.answered.length;
      return (
        <>
          <Text bold>{clean(scoreText(state.answered, state.answered.length))}</Text>
          {unasked > 0 ? <Text color={theme.muted}>{`${unasked} question${unasked === 1 ? '' : 's'} not asked: the quiz was ended early.`}</Text> : null}
          <Text> </Text>
          {help('Enter or Esc: back to the scenario list')}
        </>
      );
    }
  }
}

/** `Question 2 of 10 · single · beginner · etcd`, as the line mode heads a question. */
function QuestionHeader({ state, at }: { readonly state: QuizScreenState; readonly at: number }) {
  const q = state.questions[at]!.item;
  return (
    <Text bold wrap="truncate">
      {clean(`Question ${at + 1} of ${state.questions.length} · ${q.question.type} · ${q.question.difficulty} · ${q.topics.join(', ')}`)}
    </Text>
  );
}
