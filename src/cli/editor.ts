/**
 * `kubectl edit` outside the TUI: writes the object to a temporary file,
 * runs $KUBE_EDITOR / $EDITOR on it like kubectl, and reads it back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Opens the user's editor on `text` (kubectl's default is vi); undefined when it failed. */
export async function openExternalEditor(text: string, fileName: string): Promise<string | undefined> {
  // kubectl falls back to vi; without a terminal (scripts, CI) there is nobody to drive it.
  const editor = process.env.KUBE_EDITOR || process.env.EDITOR || (process.stdin.isTTY ? 'vi' : undefined);
  if (!editor) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'kubedrill-edit-'));
  const file = join(dir, fileName);
  try {
    writeFileSync(file, text);
    const r = spawnSync(`${editor} "${file}"`, { shell: true, stdio: 'inherit' });
    if (r.status !== 0) return undefined;
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
