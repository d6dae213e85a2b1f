import { Box, Text } from 'ink';
import { useCallback } from 'react';
import type { BestScore } from '../../../progress/store.js';
import type { ScenarioSummary } from '../../../scenario/practice-types.js';
import { ScenarioList, useScenarioList, useScenarioListState } from '../../components/scenario-list/index.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { theme } from '../../theme.js';

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
      {selected ? (
        // The highlighted scenario in full: the table may have cut its title and topics.
        <Text wrap="truncate">
          {selected.title}
          <Text color={theme.muted}>{` · ${[...selected.topics, `about ${selected.estimatedMinutes} min`].join(', ')}`}</Text>
        </Text>
      ) : null}
      <Text color={theme.muted}>↑/↓ or j/k move · Enter play · q quit</Text>
    </Box>
  );
}
