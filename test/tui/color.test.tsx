/** NO_COLOR: set and not empty, the TUI draws no colour (https://no-color.org). */
import { afterEach, describe, expect, it } from 'vitest';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import chalk from 'chalk';
import { applyColorPreference } from '../../src/tui/color.js';

const before = chalk.level;
afterEach(() => {
  chalk.level = before;
});

const frame = () => render(<Text color="red">broken</Text>).lastFrame() ?? '';

describe('applyColorPreference', () => {
  it('turns colour off for NO_COLOR=1', () => {
    chalk.level = 3;
    expect(frame()).toContain('\x1b[');
    expect(applyColorPreference({ NO_COLOR: '1' })).toBe(true);
    expect(frame()).toBe('broken');
  });

  it('leaves colour alone when NO_COLOR is unset or empty', () => {
    chalk.level = 3;
    expect(applyColorPreference({})).toBe(false);
    expect(applyColorPreference({ NO_COLOR: '' })).toBe(false);
    expect(frame()).toContain('\x1b[31m');
  });
});
