/**
 * `kubectl edit` outside the TUI: writes the object to a temporary file,
 * runs $KUBE_EDITOR / $EDITOR on it like kubectl, and reads it back.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EditorOptions } from '../commands/types.js';

/** How to start the editor: a program and its arguments, never a command line built from object text. */
export interface EditorCommand {
  file: string;
  args: string[];
}

/**
 * Splits the editor setting like kubectl's editor.go (defaultEnvEditor): no
 * space => the program itself; spaces but no quotes or backslashes => split
 * on spaces; otherwise the user's own setting is handed to `sh -c`. Unlike
 * kubectl (which appends `%q` of the path to the shell text) the path goes in
 * as `$1`, so nothing but the user's own $EDITOR is ever parsed by a shell.
 */
export function editorCommand(editor: string, path: string): EditorCommand {
  if (!editor.includes(' ')) return { file: editor, args: [path] };
  if (!/["'\\]/.test(editor)) {
    const [file, ...rest] = editor.split(' ').filter((w) => w !== '');
    return { file: file ?? editor, args: [...rest, path] };
  }
  return { file: '/bin/sh', args: ['-c', `${editor} "$1"`, 'sh', path] };
}

/**
 * Opens the user's editor on `text` (kubectl's default is vi); undefined when it failed.
 * `vi FILE` on a simulated host comes here too, with FILE's extension.
 * The file is `kubectl-edit-<random>.yaml` in a private temp dir, as kubectl's
 * LaunchTempFile names it: object names (which come from scenario files and
 * may contain shell syntax) never appear in a path or a command line.
 */
export async function openExternalEditor(text: string, options: EditorOptions = {}): Promise<string | undefined> {
  // kubectl falls back to vi; without a terminal (scripts, CI) there is nobody to drive it.
  const editor = process.env.KUBE_EDITOR || process.env.EDITOR || (process.stdin.isTTY ? 'vi' : undefined);
  if (!editor) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'kubedrill-edit-'));
  // A file's extension (letters and digits only) names the buffer's type; the rest of its name stays out of the path.
  const extension = options.extension !== undefined && /^[A-Za-z0-9]{1,10}$/.test(options.extension) ? options.extension : 'yaml';
  const file = join(dir, `kubectl-edit-${randomBytes(6).toString('hex')}.${extension}`);
  try {
    writeFileSync(file, text, { mode: 0o600 });
    const cmd = editorCommand(editor, file);
    // Loaded here, not at start-up: node:child_process may not be in a V8 startup snapshot (the warmed-cluster cache).
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(cmd.file, cmd.args, { stdio: 'inherit' });
    if (r.status !== 0) return undefined;
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
