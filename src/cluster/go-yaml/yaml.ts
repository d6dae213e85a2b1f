/**
 * `kubectl -o yaml`: sigs.k8s.io/yaml (JSON → go-yaml v2) block style. Keys sorted in
 * yaml.v2's natural order (sorter.go keyList.Less), 2-space indent, sequences not indented
 * under their key, empty collections as `{}`/`[]`, scalars styled as yaml-scalar.ts explains.
 */
import { renderString } from './yaml-scalar.js';

/** yaml.v2 sorter.go keyList.Less for string keys: letters after other runes, digit runs numerically. */
export function yamlKeyLess(a: string, b: string): boolean {
  const ar = [...a];
  const br = [...b];
  const isLetter = (c: string): boolean => /\p{L}/u.test(c);
  const isDigit = (c: string | undefined): boolean => c !== undefined && /\p{Nd}/u.test(c);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i];
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + (ar[ai].codePointAt(0)! - 48);
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + (br[bi].codePointAt(0)! - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i] < br[i];
  }
  return ar.length < br.length;
}

const sortKeys = (keys: string[]): string[] => keys.sort((x, y) => (yamlKeyLess(x, y) ? -1 : yamlKeyLess(y, x) ? 1 : 0));

/** Go strconv.FormatFloat(f, 'g', -1, 64) as yaml.v2 writes floats. */
export function formatGoFloat(f: number): string {
  if (Number.isNaN(f)) return '.nan';
  if (f === Infinity) return '.inf';
  if (f === -Infinity) return '-.inf';
  if (f === 0) return '0';
  // 'g' with shortest precision switches to %e when the decimal exponent is < -4 or >= 6
  // (strconv/ftoa.go: "if precision was the shortest possible, use precision 6").
  const [mant, e] = f.toExponential().split('e');
  const x = Number(e);
  if (x < -4 || x >= 6) return `${mant}e${x < 0 ? '-' : '+'}${String(Math.abs(x)).padStart(2, '0')}`;
  return String(f);
}

/** Whether a decoded value is a JSON object (not null, a list or a scalar). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A scalar (non-collection) value; strings start at `column`, continuation lines use `indent`. */
function scalar(v: unknown, column: number, indent: number): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : formatGoFloat(v);
  if (typeof v === 'bigint') return v.toString();
  return renderString(String(v), column, indent, false);
}

const isEmptyCollection = (v: unknown): string | undefined =>
  Array.isArray(v) ? (v.length === 0 ? '[]' : undefined) : isPlainObject(v) && Object.keys(v).length === 0 ? '{}' : undefined;

/** JSON drops undefined fields; so do we. */
const entries = (o: Record<string, unknown>): string[] => sortKeys(Object.keys(o).filter((k) => o[k] !== undefined));

/** Writes a block mapping whose keys sit at `indent`; the first key is assumed already positioned. */
function mapping(o: Record<string, unknown>, indent: number, out: string[], firstInline: boolean): void {
  entries(o).forEach((k, i) => {
    const pad = i === 0 && firstInline ? '' : ' '.repeat(indent);
    const key = renderString(k, indent, indent, true);
    value(o[k], `${pad}${key}:`, indent + [...key].length + 1, indent, out);
  });
}

/** Writes `prefix` followed by the value of a mapping entry or sequence item. */
function value(v: unknown, prefix: string, column: number, indent: number, out: string[]): void {
  const empty = isEmptyCollection(v);
  if (empty) {
    out.push(`${prefix} ${empty}\n`);
  } else if (Array.isArray(v)) {
    out.push(`${prefix}\n`);
    // Sequences under a mapping key are not indented (yaml.v2 indentless sequences).
    sequence(v, indent, out);
  } else if (isPlainObject(v)) {
    out.push(`${prefix}\n`);
    mapping(v, indent + 2, out, false);
  } else {
    out.push(`${prefix} ${scalar(v, column + 1, indent + 2)}\n`);
  }
}

function sequence(items: unknown[], indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  for (const item of items) {
    const empty = isEmptyCollection(item);
    if (empty) {
      out.push(`${pad}- ${empty}\n`);
    } else if (Array.isArray(item)) {
      out.push(`${pad}- `);
      sequenceInline(item, indent + 2, out);
    } else if (isPlainObject(item)) {
      out.push(`${pad}- `);
      mapping(item, indent + 2, out, true);
    } else {
      out.push(`${pad}- ${scalar(item, indent + 2, indent + 2)}\n`);
    }
  }
}

/** A sequence whose first `- ` continues the current line (an item of an outer sequence). */
function sequenceInline(items: unknown[], indent: number, out: string[]): void {
  const first: string[] = [];
  sequence(items, indent, first);
  first[0] = first[0].slice(indent);
  out.push(...first);
}

/** Serializes one value (usually an object) as `kubectl -o yaml` does; ends with a newline. */
export function toYaml(obj: unknown): string {
  const out: string[] = [];
  const empty = isEmptyCollection(obj);
  if (empty) return `${empty}\n`;
  if (isPlainObject(obj)) mapping(obj, 0, out, false);
  else if (Array.isArray(obj)) sequence(obj, 0, out);
  else out.push(`${scalar(obj, 0, 0)}\n`);
  return out.join('');
}

/** kubectl's wrapper for several objects: `kind: List` with `metadata.resourceVersion: ""`. */
export function asList(items: readonly unknown[]): Record<string, unknown> {
  return { apiVersion: 'v1', items: [...items], kind: 'List', metadata: { resourceVersion: '' } };
}

/** `-o yaml` of one object, or of a List when given several (or a list request). */
export function printYaml(objects: unknown | readonly unknown[]): string {
  return toYaml(Array.isArray(objects) ? asList(objects) : objects);
}
