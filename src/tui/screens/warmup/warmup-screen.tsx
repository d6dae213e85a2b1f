import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import type { ScenarioSummary } from '../../../scenario/practice-types.js';
import { theme } from '../../theme.js';

/** Braille spinner frames, as cli-spinners' "dots". */
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Props of {@link WarmupScreen}. */
export interface WarmupScreenProps {
  readonly scenario: ScenarioSummary;
}

/**
 * Shown while a scenario's cluster is built: loading replays the cluster's
 * history from its creation to "now", which takes a few seconds.
 */
export function WarmupScreen({ scenario }: WarmupScreenProps) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), 80);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box flexDirection="column">
      <Text bold color={theme.title} wrap="truncate">
        {scenario.title}
      </Text>
      <Text color={theme.muted} wrap="truncate">
        {scenario.id}
      </Text>
      <Text> </Text>
      <Text wrap="truncate">
        <Text color={theme.title}>{FRAMES[frame]}</Text> Warming up the cluster… (replaying its history up to the moment you arrive)
      </Text>
    </Box>
  );
}
