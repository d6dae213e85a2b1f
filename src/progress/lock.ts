/**
 * The progress file's lock, shared by every kubedrill process that writes it
 * (a save, a reset): proper-lockfile's `<file>.lock` folder, refreshed while
 * held, taken over when its holder stopped refreshing it (was killed).
 */

/** How long a lock may go without being refreshed before another process takes it over (a holder was killed). */
const LOCK_STALE_MS = 5_000;

/** Runs `body` holding the lock on `file` (whose folder must exist), and releases it. */
export async function withProgressLock<T>(file: string, body: () => Promise<T>): Promise<T> {
  // The lock library is loaded on the first write, not at start-up. It is a CommonJS module: Node finds its
  // named exports, the bundle gives only `default` (module.exports), and `lock` was then undefined.
  const lockfile = await import('proper-lockfile');
  const { lock } = 'lock' in lockfile && typeof lockfile.lock === 'function' ? lockfile : (lockfile as unknown as { default: typeof lockfile }).default;
  const release = await lock(file, {
    realpath: false,
    stale: LOCK_STALE_MS,
    retries: { retries: 200, factor: 1.2, minTimeout: 10, maxTimeout: 100, randomize: true },
    // A lock taken over after a long stall: writes are still atomic, so only ordering could suffer.
    onCompromised: () => undefined,
  });
  try {
    return await body();
  } finally {
    await release().catch(() => undefined);
  }
}
