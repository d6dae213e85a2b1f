import { open, rename, rm } from 'node:fs/promises';

/** Writes through a temp file unique to this process and call, then renames it over the file (atomic on POSIX). */
export async function writeAtomically(file: string, text: string): Promise<void> {
  // node:crypto is loaded on the first save, not at start-up.
  const { randomBytes } = await import('node:crypto');
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      // On disk before the rename, so a crash leaves the old file or the new one, never a torn one.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (e) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
}
