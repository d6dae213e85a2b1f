/**
 * The `kind.group` prefix kubectl puts before names (`pod/web-1`, `deployment.apps/web`),
 * from an object's apiVersion and kind.
 */

/** The API group of an apiVersion: '' for the core group (`v1`). */
export function groupOf(apiVersion: string | undefined): string {
  if (!apiVersion || !apiVersion.includes('/')) return '';
  return apiVersion.slice(0, apiVersion.indexOf('/'));
}

/** `pod`, `deployment.apps`, `lease.coordination.k8s.io` (lowercased kind, dot, group). */
export function kindPrefix(obj: { apiVersion?: string; kind?: string }): string {
  const kind = (obj.kind ?? '').toLowerCase();
  const group = groupOf(obj.apiVersion);
  return group ? `${kind}.${group}` : kind;
}
