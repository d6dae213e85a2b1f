/**
 * Label and selector strings as kubectl prints them
 * (kubernetes/apimachinery pkg/labels/labels.go FormatLabels, selector.go String).
 */

/** A metav1.LabelSelector as stored. */
export interface LabelSelectorLike {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: { key: string; operator: string; values?: string[] | null }[] | null;
}

/** Go's sort.Strings order (byte-wise, not locale). */
export const byteCompare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `labels.FormatLabels`: `k=v,k2=v2` sorted by key, `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | null | undefined): string {
  const s = Object.keys(labels ?? {})
    .sort(byteCompare)
    .map((k) => `${k}=${labels![k]}`)
    .join(',');
  return s === '' ? '<none>' : s;
}

/**
 * `metav1.LabelSelectorAsSelector(sel).String()`: requirements sorted by key;
 * `k=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`. An empty selector prints as ''.
 */
export function formatLabelSelector(selector: LabelSelectorLike | null | undefined): string {
  if (!selector) return '';
  const reqs: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` });
  for (const e of selector.matchExpressions ?? []) {
    const values = [...(e.values ?? [])].sort(byteCompare).join(',');
    switch (e.operator) {
      case 'In':
        reqs.push({ key: e.key, text: `${e.key} in (${values})` });
        break;
      case 'NotIn':
        reqs.push({ key: e.key, text: `${e.key} notin (${values})` });
        break;
      case 'Exists':
        reqs.push({ key: e.key, text: e.key });
        break;
      case 'DoesNotExist':
        reqs.push({ key: e.key, text: `!${e.key}` });
        break;
      default:
        return '<invalid>';
    }
  }
  // Go's sort.Sort(ByKey) is not stable, but keys rarely repeat; a stable sort is the honest choice.
  return reqs
    .sort((a, b) => byteCompare(a.key, b.key))
    .map((r) => r.text)
    .join(',');
}
