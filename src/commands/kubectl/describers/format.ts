/**
 * Formatting helpers shared by describers, after kubernetes/kubectl pkg/describe/describe.go:
 * RFC1123Z times, multi-line labels/annotations/taints/tolerations, controller references.
 */
import type { Taint, Toleration } from 'kubernetes-types/core/v1.js';
import type { PrefixWriter } from './prefix-writer.js';
import { LEVEL_0 } from './prefix-writer.js';
import { byteCompare } from '../output/labels.js';
import { parseTimestamp } from '../output/duration.js';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Go's time.RFC1123Z in UTC: `Mon, 30 Nov 2026 03:47:47 +0000`. An unset time formats as Go's
 * zero time, as kubectl does for a missing field.
 */
export function formatRFC1123Z(timestamp: string | null | undefined): string {
  const t = parseTimestamp(timestamp);
  if (t === undefined) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const d = new Date(t);
  return `${DAYS[d.getUTCDay()]}, ${p2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
}

/** printLabelsMultilineWithIndent: `Title:\tk=v` then `\tk2=v2` lines, `<none>` when empty. */
export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Record<string, string> | null | undefined, initialIndent = ''): void {
  w.write(LEVEL_0, `${initialIndent}${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort(byteCompare);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((k, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}\t`);
    w.write(LEVEL_0, `${k}=${labels![k]}\n`);
  });
}

const MAX_ANNOTATION_LEN = 140;
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const shorten = (s: string, max: number): string => (s.length > max ? s.slice(0, max) + '...' : s);

/** printAnnotationsMultiline: `k: v` lines; long or multi-line values on their own lines. */
export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Record<string, string> | null | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => !SKIP_ANNOTATIONS.has(k))
    .sort(byteCompare);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const indent = '\t';
  keys.forEach((k, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = annotations![k].replace(/\n$/, '');
    if (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${k}:\n`);
      for (const s of value.split('\n')) w.write(LEVEL_0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${k}: ${value}\n`);
    }
  });
}

/** printNodeTaintsMultiline / printTaintsMultilineWithIndent: `key=value:Effect` per line. */
export function printTaintsMultiline(w: PrefixWriter, title: string, taints: readonly Taint[] | undefined, initialIndent = ''): void {
  w.write(LEVEL_0, `${initialIndent}${title}:\t`);
  const list = taints ?? [];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  // Sorted by "effect,key" as printTaintsMultilineWithIndent does.
  const key = (t: Taint): string => `${t.effect},${t.key}`;
  [...list]
    .sort((a, b) => byteCompare(key(a), key(b)))
    .forEach((t, i) => {
      if (i !== 0) w.write(LEVEL_0, `${initialIndent}\t`);
      w.write(LEVEL_0, `${taintString(t)}\n`);
    });
}

/** Taint.ToString: `key=value:Effect`, or `key:Effect` with an empty value. */
export const taintString = (t: Taint): string => (t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`);

/** printTolerationsMultilineWithIndent: sorted by key; `key=value:Effect op=Exists for Ns`. */
export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: readonly Toleration[] | undefined, initialIndent = ''): void {
  w.write(LEVEL_0, `${initialIndent}${title}:\t`);
  const list = [...(tolerations ?? [])].sort((a, b) => byteCompare(a.key ?? '', b.key ?? ''));
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, `${initialIndent}\t`);
    let s = t.key ?? '';
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds != null) s += ` for ${t.tolerationSeconds}s`;
    w.write(LEVEL_0, `${s}\n`);
  });
}

/** printController: `Kind/name` of the controller owner reference, '' without one. */
export function controllerOf(meta: { ownerReferences?: { kind: string; name: string; controller?: boolean }[] } | undefined): string {
  const ref = (meta?.ownerReferences ?? []).find((r) => r.controller === true);
  return ref ? `${ref.kind}/${ref.name}` : '';
}

/** Go's %v of a bool: `true`/`false`. printBool in describe.go gives `True`/`False`. */
export const printBool = (b: boolean | undefined): string => (b ? 'True' : 'False');
