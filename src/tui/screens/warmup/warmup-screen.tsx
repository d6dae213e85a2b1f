import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import type { ScenarioSummary } from '../../../practice/types.js';
import type { WarmUpProgress } from '../../../practice/run.js';
import { theme } from '../../theme.js';

/** Braille spinner frames, as cli-spinners' "dots". */
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Cells of the progress bar. */
const BAR_WIDTH = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What each part of the warm-up is doing, in words. */
const PHASES: Record<WarmUpProgress['phase'], string> = {
  bootstrap: 'bootstrapping the control plane, joining nodes',
  history: 'replaying workloads and faults',
  settling: 'letting it settle',
};

/** Props of {@link WarmupScreen}. */
export interface WarmupScreenProps {
  readonly scenario: ScenarioSummary;
  /** How far the warm-up is; absent until its first report. */
  readonly progress?: WarmUpProgress;
}

/** The share of the warm-up's work done, 0-100 (whole percent, never rounded up to done). */
export function warmUpPercent(p: WarmUpProgress): number {
  return p.runTotalMs <= 0 ? 100 : Math.floor((100 * Math.min(p.runMs, p.runTotalMs)) / p.runTotalMs);
}

/** `simulated 38 of 400 days` (hours for a cluster younger than two days). */
export function simulatedText(p: WarmUpProgress): string {
  const [unit, ms] = p.totalMs >= 2 * DAY_MS ? ['days', DAY_MS] : ['hours', HOUR_MS];
  const total = Math.round(p.totalMs / ms);
  // The clock at "now" shows the whole age; before it, whole units passed.
  const done = p.simulatedMs >= p.totalMs ? total : Math.min(total, Math.floor(p.simulatedMs / ms));
  return `simulated ${done} of ${total} ${unit}`;
}

/** A text progress bar of `width` cells. */
export function progressBar(percent: number, width = BAR_WIDTH): string {
  const full = Math.round((percent * width) / 100);
  return '█'.repeat(full) + '░'.repeat(width - full);
}

/**
 * Shown while a scenario's cluster is built: loading replays the cluster's
 * history from its creation to "now", which takes a few seconds. The warm-up
 * yields between slices, so the spinner turns and the bar fills as it goes.
 */
export function WarmupScreen({ scenario, progress }: WarmupScreenProps) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), 80);
    return () => clearInterval(timer);
  }, []);
  const percent = progress ? warmUpPercent(progress) : 0;
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
      {progress && (
        <>
          <Text wrap="truncate">
            {'  '}
            <Text color={theme.title}>{progressBar(percent)}</Text> {String(percent).padStart(3)}% · {simulatedText(progress)}
          </Text>
          <Text wrap="truncate">
            {'  '}
            {PHASES[progress.phase]}
          </Text>
        </>
      )}
      <Text color={theme.muted} wrap="truncate">
        {'  '}Ctrl+C quits
      </Text>
    </Box>
  );
}
