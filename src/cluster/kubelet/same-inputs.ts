/**
 * Whether two lists of inputs hold the very same values, item by item (===).
 * The kubelet rebuilds a status only when what it is built from changed;
 * stored objects and container states are replaced, never edited, so
 * identity is enough to tell.
 */
export function sameInputs(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  return a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);
}
