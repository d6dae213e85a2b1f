/**
 * NO_COLOR (https://no-color.org): when it is set to anything but the empty
 * string, nothing the TUI draws carries colour. Ink colours through chalk's
 * shared instance, whose own detection looks at FORCE_COLOR and the terminal
 * but not at NO_COLOR, so the preference is applied there once, before the
 * first frame.
 */
import chalk from 'chalk';

/** Turns colour off when `env` asks for it; answers whether it did. */
export function applyColorPreference(env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR === undefined || env.NO_COLOR === '') return false;
  chalk.level = 0;
  return true;
}
