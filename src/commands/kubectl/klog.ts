/**
 * kubectl's own klog lines (warnings and fatal errors it logs to stderr at the
 * default verbosity), stamped with the simulated clock.
 */
import { klogLine, type KlogSeverity } from '../../cluster/host/journal.js';

/** A plausible, deterministic pid for the short-lived kubectl process (the simulation does not track it). */
function kubectlPid(now: number): number {
  return 10_000 + (Math.floor(now / 1000) % 50_000);
}

/** One klog line as kubectl prints it, with its newline (`W1202 15:09:47.479171   24090 history.go:114] …`). */
export function kubectlKlog(severity: KlogSeverity, now: number, source: string, message: string): string {
  return klogLine(severity, now, kubectlPid(now), source, message) + '\n';
}
