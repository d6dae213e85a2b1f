/**
 * The entry of `dist/warm-cache-build.js`: the detached process that builds
 * a warmed cluster's snapshot while the command that asked for it goes on
 * (see builder.ts). Lowers its own priority first; the snapshot process it
 * starts inherits it.
 */
import { setPriority } from 'node:os';
import { runBackgroundOrder } from './builder.js';

try {
  setPriority(10);
} catch {
  // not allowed here: build at the usual priority
}
runBackgroundOrder(process.env).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = 1;
  },
);
