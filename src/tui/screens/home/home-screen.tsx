import { Box, Text } from 'ink';
import { useMemo } from 'react';
import type { BestScore } from '../../../progress/store.js';
import type { ScenarioSummary } from '../../../practice/types.js';
import { ScenarioList } from '../../components/scenario-list/index.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { theme } from '../../theme.js';
import { fit } from '../../text/wrap.js';
import { useHomeScreen } from './use-home-screen.js';
import { homeView, isFiltered, selectedIndex, useHomeScreenState, visibleScenarios, type HomeView } from './use-home-screen-state.js';

/** Props of {@link HomeScreen}. */
export interface HomeScreenProps {
  readonly scenarios: readonly ScenarioSummary[];
  readonly bestScores: ReadonlyMap<string, BestScore>;
  /** Enter on a scenario (or `c` on the one played last), with the view to come back to. */
  readonly onPlay: (scenario: ScenarioSummary, view: HomeView) => void;
  /** `q` (a quiz) or `r` (a review of what is due), with the view to come back to; none: the keys do nothing. */
  readonly onQuiz?: (mode: 'quiz' | 'review', view: HomeView) => void;
  readonly onQuit: () => void;
  /** The filters and highlighted scenario to start with (by default none, and the one played last). */
  readonly initialView?: HomeView;
  /** The id of the scenario played last: marked in the list, `c` plays it. */
  readonly lastPlayed?: string;
  /** A warning or error to show above the list. */
  readonly notice?: string;
}

/** Lines of the screen that are not list rows: title, notice/filter lines, header, gaps, selected line, key help. */
const CHROME_ROWS = 10;

/** The scenario browser: filters, search, best scores, the one played last, and the way to the quizzes. */
export function HomeScreen({ scenarios, bestScores, onPlay, onQuiz, onQuit, initialView, lastPlayed, notice }: HomeScreenProps) {
  const { rows, columns } = useTerminalSize();
  const known = lastPlayed !== undefined && scenarios.some((s) => s.id === lastPlayed) ? lastPlayed : undefined;
  const [view, dispatch, viewRef] = useHomeScreenState(scenarios, initialView ?? homeView(known ?? scenarios[0]?.id));
  const visible = useMemo(() => visibleScenarios(scenarios, view), [scenarios, view]);
  const index = selectedIndex(visible, view);
  useHomeScreen({
    viewRef,
    dispatch,
    isActive: true,
    commands: {
      play: () => {
        const now = viewRef.current;
        const shown = visibleScenarios(scenarios, now);
        const scenario = shown[selectedIndex(shown, now)];
        if (scenario) onPlay(scenario, { ...now, selectedId: scenario.id });
      },
      continueLast: () => {
        const scenario = scenarios.find((s) => s.id === known);
        if (!scenario) return;
        dispatch({ type: 'select', id: scenario.id });
        onPlay(scenario, viewRef.current);
      },
      quiz: (mode) => onQuiz?.(mode, viewRef.current),
      quit: onQuit,
    },
  });
  const maxRows = Math.max(3, rows - CHROME_ROWS);
  const selected = visible[index];
  return (
    <Box flexDirection="column">
      <Text bold color={theme.title}>
        kubedrill <Text color={theme.muted}>· Kubernetes troubleshooting practice</Text>
      </Text>
      {notice ? <Text color={theme.warning}>{notice}</Text> : null}
      <FilterLine view={view} shown={visible.length} total={scenarios.length} width={columns} />
      {visible.length === 0 && scenarios.length > 0 ? (
        <Text color={theme.muted}>No scenario matches. Esc clears the filters.</Text>
      ) : (
        <ScenarioList scenarios={visible} bestScores={bestScores} selectedIndex={index} maxRows={maxRows} width={columns} lastPlayedId={known} />
      )}
      <Text> </Text>
      {selected ? <SelectedLine scenario={selected} width={columns} /> : null}
      <Text color={theme.muted} wrap="truncate">
        {view.searching ? 'type to search · Enter keep · Esc drop the search · ↑/↓ move' : `↑/↓ or j/k move · Enter play${known ? ' · c continue' : ''} · / search · t topic · d difficulty`}
      </Text>
      {/* While searching every key is text: only the line above applies (the blank keeps the height). */}
      <Text color={theme.muted} wrap="truncate">
        {view.searching ? ' ' : `${onQuiz ? 'q quiz · r review · ' : ''}Esc ${isFiltered(view) ? 'clear filters' : 'quit'}`}
      </Text>
    </Box>
  );
}

/** The filters in force and how many scenarios they let through; an empty line when there are none. */
function FilterLine({ view, shown, total, width }: { readonly view: HomeView; readonly shown: number; readonly total: number; readonly width: number }) {
  if (!view.searching && !isFiltered(view)) return <Text> </Text>;
  const parts = [
    view.searching || view.query !== '' ? `search: ${view.query}${view.searching ? '▏' : ''}` : undefined,
    view.topic !== undefined ? `topic: ${view.topic}` : undefined,
    view.difficulty !== undefined ? `difficulty: ${view.difficulty}` : undefined,
    `${shown} of ${total}`,
  ].filter((p) => p !== undefined);
  return <Text color={theme.selected}>{fit(parts.join(' · '), width)}</Text>;
}

/**
 * The highlighted scenario in full (the table may have cut its title and
 * topics), cut to the terminal's width here just as Ink's wrap="truncate"
 * would cut it, the ellipsis in the style of the text it ends: Ink's cut runs
 * a grapheme-aware ANSI slicer whose first use costs several milliseconds of
 * the home screen's first frame. wrap="truncate" stays for wide characters.
 */
export function SelectedLine({ scenario, width }: { readonly scenario: ScenarioSummary; readonly width: number }) {
  const shown = fit(`${scenario.title} · ${[...scenario.topics, `about ${scenario.estimatedMinutes} min`].join(', ')}`, width);
  // Cut within the title or right after it, the ellipsis belongs to the title (no muted text is left to carry it).
  const title = shown.endsWith('…') && shown.length <= scenario.title.length + 1 ? shown : shown.slice(0, scenario.title.length);
  return (
    <Text wrap="truncate">
      {title}
      <Text color={theme.muted}>{shown.slice(title.length)}</Text>
    </Text>
  );
}
