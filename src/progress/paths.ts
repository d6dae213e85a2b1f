import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** The progress file's name inside the data directory. */
export const PROGRESS_FILE_NAME = 'progress.json';

/** The practice terminal's history file, beside the progress file (like ~/.bash_history). */
export const HISTORY_FILE_NAME = 'history';

/**
 * Where the progress file lives: `$KUBEDRILL_HOME/progress.json` when
 * KUBEDRILL_HOME is set (tests and portable installs), else
 * `$XDG_DATA_HOME/kubedrill/progress.json`, else
 * `~/.local/share/kubedrill/progress.json` (the XDG Base Directory default).
 */
export function progressFilePath(
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string {
  const kubedrillHome = env.KUBEDRILL_HOME;
  if (kubedrillHome) return join(kubedrillHome, PROGRESS_FILE_NAME);
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  if (xdg && xdg.startsWith('/')) return join(xdg, 'kubedrill', PROGRESS_FILE_NAME);
  return join(home, '.local', 'share', 'kubedrill', PROGRESS_FILE_NAME);
}

/** Where the practice terminal's command history lives: beside the progress file ({@link progressFilePath}). */
export function historyFilePath(
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string {
  return join(dirname(progressFilePath(env, home)), HISTORY_FILE_NAME);
}
