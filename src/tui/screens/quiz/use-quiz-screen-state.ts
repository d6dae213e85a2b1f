/**
 * The quiz screen's pure reducer: pick a topic (or all), answer each question
 * on a line, read the feedback, see the score. The questions, the answer
 * forms, the grading and the feedback are the line mode's own (src/quiz/*);
 * only hands-on questions are left to `kubedrill quiz` in the terminal.
 */
import { Random } from '../../../cluster/clock/random.js';
import { parseAnswer } from '../../../quiz/answer-input.js';
import { feedbackText } from '../../../quiz/feedback.js';
import { gradeAnswer, type QuizAnswer, type QuizGrade } from '../../../quiz/grade.js';
import { nextDue } from '../../../quiz/leitner.js';
import type { QuizItem } from '../../../quiz/load.js';
import { presentQuestion, type PresentedQuestion } from '../../../quiz/present.js';
import { DEFAULT_QUIZ_COUNT, selectQuestions } from '../../../quiz/select.js';
import { useReducerStore } from '../../hooks/use-reducer-store.js';
import type { QuizDeck } from './quiz-deck.js';

/** A quiz drawn by the seed, or a review of what is due. */
export type QuizMode = 'quiz' | 'review';

/** Where the quiz is. */
export type QuizPhase =
  | { readonly name: 'loading' }
  | { readonly name: 'failed'; readonly message: string }
  /** Choosing what to be asked about: row 0 is all topics, then each topic. */
  | { readonly name: 'topics'; readonly index: number }
  /** Nothing to ask (nothing due, no question on the topic). */
  | { readonly name: 'empty'; readonly message: string }
  | { readonly name: 'question'; readonly at: number; readonly input: string; readonly error?: string }
  | { readonly name: 'feedback'; readonly at: number; readonly answer: string; readonly correct: boolean; readonly text: string }
  | { readonly name: 'done' };

/** One answered question. */
export interface QuizAnswered {
  readonly item: QuizItem;
  readonly grade: QuizGrade;
}

/** The quiz screen's state. */
export interface QuizScreenState {
  readonly mode: QuizMode;
  readonly deck: QuizDeck | undefined;
  /** The topics a quiz can be on (of the questions the screen can ask). */
  readonly topics: readonly string[];
  /** The chosen topic; undefined: all. */
  readonly topic: string | undefined;
  /** Topics chosen before the screen opened (a scenario's, from its results): no topic pick, straight to the questions. */
  readonly preset?: readonly string[];
  readonly questions: readonly PresentedQuestion[];
  readonly answered: readonly QuizAnswered[];
  readonly phase: QuizPhase;
}

/** What the screen's keys and loader ask. */
export type QuizAction =
  | { type: 'loaded'; deck: QuizDeck; now: number }
  | { type: 'load-failed'; message: string }
  | { type: 'move'; by: -1 | 1 }
  /** Enter on a topic row; `now` dates what is due. */
  | { type: 'choose'; now: number }
  | { type: 'type'; text: string }
  | { type: 'backspace' }
  | { type: 'clear-line' }
  | { type: 'submit' }
  | { type: 'next' }
  /** Esc: the quiz ends here, with the score of what was answered. */
  | { type: 'stop' };

/** The first state: the banks are loading. */
export function initialQuizState(mode: QuizMode, preset?: readonly string[]): QuizScreenState {
  return { mode, deck: undefined, topics: [], topic: undefined, ...(preset?.length ? { preset } : {}), questions: [], answered: [], phase: { name: 'loading' } };
}

/** Hands-on questions need a practice terminal: this screen leaves them to `kubedrill quiz`. */
export function askableHere(item: QuizItem): boolean {
  return item.question.type !== 'hands-on';
}

/** The topics of the questions the screen can ask, sorted. */
function topicsOf(items: readonly QuizItem[]): string[] {
  return [...new Set(items.filter(askableHere).flatMap((i) => i.topics))].sort();
}

/** What `skip` records: an answer wrong for any question but hands-on (the line mode's rule). */
const SKIPPED: QuizAnswer = { type: 'short', text: '' };

/** Draws the questions on `topics` (none: all) and starts asking, or says there is nothing to ask. */
function start(state: QuizScreenState, deck: QuizDeck, topics: readonly string[], now: number): QuizScreenState {
  const items = deck.items.filter(askableHere);
  const review = state.mode === 'review' ? { cards: deck.cards, now } : undefined;
  const chosen = selectQuestions(items, { topics, count: DEFAULT_QUIZ_COUNT, seed: deck.seed, review });
  const topic = topics.length ? topics.join(', ') : undefined;
  if (chosen.length === 0) {
    const next = nextDue(deck.cards.filter((c) => items.some((i) => i.question.id === c.questionId)));
    const message =
      state.mode === 'quiz'
        ? 'No questions match.'
        : next === undefined
          ? 'Nothing to review yet: answer some questions first (q on the home screen).'
          : `Nothing is due for review. The next question falls due at ${new Date(next).toISOString()}.`;
    return { ...state, deck, topic, phase: { name: 'empty', message } };
  }
  // One seeded source presents every question in turn, as the line mode does: the same seed, the same shuffles.
  const random = new Random(deck.seed);
  const questions = chosen.map((item) => presentQuestion(item, random));
  return { ...state, deck, topic, questions, answered: [], phase: { name: 'question', at: 0, input: '' } };
}

/** The reducer. */
export function quizReducer(state: QuizScreenState, action: QuizAction): QuizScreenState {
  const phase = state.phase;
  switch (action.type) {
    case 'loaded':
      if (phase.name !== 'loading') return state;
      // A review asks what is due on every topic; a quiz first asks which topic.
      if (state.mode === 'review') return start(state, action.deck, [], action.now);
      if (state.preset) return start(state, action.deck, state.preset, action.now);
      return { ...state, deck: action.deck, topics: topicsOf(action.deck.items), phase: { name: 'topics', index: 0 } };
    case 'load-failed':
      return phase.name === 'loading' ? { ...state, phase: { name: 'failed', message: action.message } } : state;
    case 'move': {
      if (phase.name !== 'topics') return state;
      const index = Math.min(state.topics.length, Math.max(0, phase.index + action.by));
      return index === phase.index ? state : { ...state, phase: { name: 'topics', index } };
    }
    case 'choose':
      if (phase.name !== 'topics' || !state.deck) return state;
      return start(state, state.deck, phase.index === 0 ? [] : [state.topics[phase.index - 1]], action.now);
    case 'type':
      return phase.name === 'question' ? { ...state, phase: { ...phase, input: phase.input + action.text, error: undefined } } : state;
    case 'backspace':
      return phase.name === 'question' && phase.input !== '' ? { ...state, phase: { ...phase, input: [...phase.input].slice(0, -1).join('') } } : state;
    case 'clear-line':
      return phase.name === 'question' ? { ...state, phase: { ...phase, input: '' } } : state;
    case 'submit': {
      if (phase.name !== 'question') return state;
      const shown = state.questions[phase.at]!;
      const skipped = phase.input.trim().toLowerCase() === 'skip';
      const parsed = skipped ? ({ ok: true, answer: SKIPPED } as const) : parseAnswer(shown, phase.input);
      if (!parsed.ok) return { ...state, phase: { ...phase, error: `${parsed.message} (or skip)` } };
      const grade = gradeAnswer(shown.item.question, parsed.answer);
      const text = feedbackText(shown, grade, { skipped });
      return {
        ...state,
        answered: [...state.answered, { item: shown.item, grade }],
        phase: { name: 'feedback', at: phase.at, answer: phase.input.trim(), correct: grade.correct, text },
      };
    }
    case 'next':
      if (phase.name !== 'feedback') return state;
      return phase.at + 1 < state.questions.length ? { ...state, phase: { name: 'question', at: phase.at + 1, input: '' } } : { ...state, phase: { name: 'done' } };
    case 'stop':
      return phase.name === 'question' || phase.name === 'feedback' ? { ...state, phase: { name: 'done' } } : state;
  }
}

/** The screen's state, dispatch and a ref to the latest state (key handlers read a burst of keys through it). */
export function useQuizScreenState(mode: QuizMode, preset?: readonly string[]) {
  return useReducerStore(quizReducer, () => initialQuizState(mode, preset));
}
