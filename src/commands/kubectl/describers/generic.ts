/**
 * kubectl's generic describer (pkg/describe/describe.go genericDescriber),
 * for kinds with no describer of their own (a Lease, an Event): name,
 * namespace, labels and annotations, then the whole object as an indented
 * tree of "Smart Labels" (printUnstructuredContent), then the events.
 */
import { describeEvents, type AnyEvent } from './events.js';
import { LEVEL_0, tabbedString, type PrefixWriter } from './prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline } from './format.js';
import { byteCompare } from '../output/labels.js';

type Obj = Record<string, unknown>;

/** What the generic describer leaves out of the tree (printed above it, or never). */
const SKIP = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

/** Describes any object the way `kubectl describe` does for a kind it has no describer for. */
export function describeGeneric(obj: Obj & { metadata?: Obj }, events: AnyEvent[] | undefined, now: number): string {
  const meta = (obj.metadata ?? {}) as { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', meta.labels);
    printAnnotationsMultiline(w, 'Annotations', meta.annotations);
    printUnstructuredContent(w, LEVEL_0, obj, '');
    if (events !== undefined) describeEvents(events, w, now);
  });
}

/** printUnstructuredContent: fields in byte order; maps and lists nest one level deeper. */
function printUnstructuredContent(w: PrefixWriter, level: number, content: Obj, skipPrefix: string): void {
  for (const field of Object.keys(content).sort(byteCompare)) {
    const value = content[field];
    const skipExpr = `${skipPrefix}.${field}`;
    if (SKIP.includes(skipExpr) || value === undefined) continue;
    if (isMap(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value, skipExpr);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (isMap(child)) printUnstructuredContent(w, level + 1, child, skipExpr);
        else w.write(level + 1, `${goValue(child)}\n`);
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
    }
  }
}

function isMap(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** fmt's %v of a JSON value decoded into interface{} (numbers are int64 or float64, null is <nil>). */
function goValue(v: unknown): string {
  if (v === null) return '<nil>';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFloat(v);
  return String(v);
}

/** %v of a float64: strconv 'g' with the shortest precision, exponent when it is below -4 or at least 21. */
function goFloat(v: number): string {
  const exp = Math.floor(Math.log10(Math.abs(v)));
  if (exp < -4 || exp >= 21) return v.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return String(v);
}

const COMMON_ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

/** smartLabelFor: `holderIdentity` → `Holder Identity`, `apiVersion` → `API Version`; names with other characters stay as they are. */
export function smartLabelFor(field: string): string {
  if (/[^\p{L}-]/u.test(field)) return field;
  return camelcaseSplit(field)
    .filter((part) => part !== '_')
    .map((part) => (COMMON_ACRONYMS.includes(part.toUpperCase()) ? part.toUpperCase() : title(part)))
    .join(' ');
}

/** strings.Title: each letter that follows a non-letter (or starts the text) in upper case. */
function title(s: string): string {
  return s.replace(/(^|[^\p{L}\p{N}_'])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

/** github.com/fatih/camelcase Split: runs of lower, upper, digit and other characters, an upper run's last letter joining the lower run after it. */
function camelcaseSplit(src: string): string[] {
  const classOf = (ch: string) => (/\p{Ll}/u.test(ch) ? 1 : /\p{Lu}/u.test(ch) ? 2 : /\p{Nd}/u.test(ch) ? 3 : 4);
  const runs: string[][] = [];
  let last = 0;
  for (const ch of src) {
    const c = classOf(ch);
    if (c === last) runs[runs.length - 1].push(ch);
    else runs.push([ch]);
    last = c;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    if (/\p{Lu}/u.test(runs[i][0]) && /\p{Ll}/u.test(runs[i + 1][0])) {
      runs[i + 1].unshift(runs[i].pop()!);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}
