/** `kubectl -o name`: `pod/web-1`, `deployment.apps/web` (cli-runtime pkg/printers/name.go). */
import { kindPrefix } from './kind-prefix.js';

/** One `kind.group/name` line per object. */
export function printNames(objects: readonly { apiVersion?: string; kind?: string; metadata?: { name?: string } | null }[]): string {
  return objects.map((o) => `${kindPrefix(o)}/${o.metadata?.name ?? ''}\n`).join('');
}
