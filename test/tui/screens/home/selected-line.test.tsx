/**
 * The home screen's line about the highlighted scenario is cut to the
 * terminal's width by kubedrill itself; it must look exactly as Ink's own
 * wrap="truncate" made it look (text, colours and where the ellipsis goes).
 */
import { describe, it, expect, afterEach } from 'vitest';
import { Box, Text } from 'ink';
import { render, cleanup } from 'ink-testing-library';
import chalk from 'chalk';
import { SelectedLine } from '../../../../src/tui/screens/home/home-screen.js';
import { theme } from '../../../../src/tui/theme.js';
import { fakeScenario } from '../../../helpers/fake-session.js';

afterEach(() => cleanup());

/** The line as it was drawn before: Ink truncating it. */
function InkTruncated({ title, rest }: { title: string; rest: string }) {
  return (
    <Text wrap="truncate">
      {title}
      <Text color={theme.muted}>{rest}</Text>
    </Text>
  );
}

const scenario = fakeScenario({ title: 'One node in three hundred', topics: ['cni', 'pod-sandbox', 'networking', 'large-clusters'], estimatedMinutes: 30 });
const rest = ` · ${[...scenario.topics, 'about 30 min'].join(', ')}`;

describe('SelectedLine', () => {
  const level = chalk.level;
  afterEach(() => {
    chalk.level = level;
  });

  for (const width of [100, 80, 60, 40, 26, 25, 20, 5]) {
    it(`draws what Ink's truncation drew, ${width} columns wide`, () => {
      chalk.level = 3;
      const ours = render(
        <Box width={width}>
          <SelectedLine scenario={scenario} width={width} />
        </Box>,
      ).lastFrame();
      cleanup();
      const inks = render(
        <Box width={width}>
          <InkTruncated title={scenario.title} rest={rest} />
        </Box>,
      ).lastFrame();
      expect(ours).toBe(inks);
      // The colours were drawn: the comparison covers them (the muted rest, where it is left).
      if (width > 26) expect(ours).toContain('\u001b[90m');
    });
  }
});
