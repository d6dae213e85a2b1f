import { Box, Text } from 'ink';
import { useCallback } from 'react';
import type { BestScore } from '../../../progress/store.js';
import type { ScenarioSummary } from '../../../scenario/practice-types.js';
import { ScenarioList, useScenarioList, useScenarioListState } from '../../components/scenario-list/index.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { theme } from '../../theme.js';
import { fit } from '../../text/wrap.js';

/** Props of {@link HomeScreen}. */
export interface HomeScreenProps {
  readonly scenarios: readonly ScenarioSummary[];
  readonly bestScores: ReadonlyMap<string, BestScore>;
  /** Enter on a scenario. */
  readonly onPlay: (scenario: ScenarioSummary, index: number) => void;
  readonly onQuit: () => void;
  /** Which row is highlighted first (the one played last). */
  readonly initialIndex?: number;
  /** A warning or error to show above the list. */
  readonly notice?: string;
}

/** The scenario browser. */
export function HomeScreen({ scenarios, bestScores, onPlay, onQuit, initialIndex = 0, notice }: HomeScreenProps) {
  const { rows, columns } = useTerminalSize();
  const [state, dispatch, stateRef] = useScenarioListState(scenarios.length, initialIndex);
  const onSelect = useCallback((index: number) => onPlay(scenarios[index]!, index), [onPlay, scenarios]);
  useScenarioList({ stateRef, dispatch, onSelect, onQuit, isActive: true });
  const maxRows = Math.max(3, rows - 9);
  const selected = scenarios[state.index];
  return (
    <Box flexDirection="column">
      <Text bold color={theme.title}>
        kubedrill <Text color={theme.muted}>· Kubernetes troubleshooting practice</Text>
      </Text>
      {notice ? <Text color={theme.warning}>{notice}</Text> : null}
      <Text> </Text>
      <ScenarioList scenarios={scenarios} bestScores={bestScores} selectedIndex={state.index} maxRows={maxRows} width={columns} />
      <Text> </Text>
      {selected ? <SelectedLine scenario={selected} width={columns} /> : null}
      <Text color={theme.muted}>↑/↓ or j/k move · Enter play · q quit</Text>
    </Box>
  );
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
