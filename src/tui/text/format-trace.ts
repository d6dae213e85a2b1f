/**
 * The chain trace as text: the path of the goal's request through the
 * components when the attempt began, the broken links with the lines the
 * simulation recorded for them, and how the path stands now.
 */
import type { ChainTrace, TraceLink } from '../../grading/chain-trace.js';
import type { GradeResult } from '../../practice/types.js';

const MARK: Record<TraceLink['state'], string> = { ok: '✓', broken: '✗', 'not-reached': '·' };

/** `API server ✓ → etcd ✓ → scheduler ✗ → kubelet ·`. */
export function tracePath(trace: ChainTrace): string {
  return trace.links.map((l) => `${l.name} ${MARK[l.state]}`).join(' → ');
}

/** The trace section's lines (empty when the attempt has no trace). */
export function traceLines(trace: GradeResult['trace']): string[] {
  const start = trace?.atStart;
  if (!start) return [];
  const lines = [`The request (${start.subject}) at the start:`, `  ${tracePath(start)}`];
  for (const link of start.links) {
    if (link.state !== 'broken') continue;
    lines.push(`  ✗ ${link.name}`, ...link.lines.map((l) => `      ${l}`));
  }
  const now = trace?.now;
  if (now) {
    const still = now.links.filter((l) => l.state !== 'ok');
    lines.push(still.length === 0 ? 'Now: every link answers.' : `Now: ${tracePath(now)}`);
  }
  return lines;
}
