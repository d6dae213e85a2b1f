/**
 * `kubectl -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName`
 * (cli-runtime pkg/printers/customcolumn.go): one column per spec, `<none>` for missing values,
 * several values comma-joined, aligned with the get tabwriter.
 */
import { jsonPathValues } from './jsonpath.js';
import { alignTable } from './table.js';

/** A parsed column: header and JSONPath expression. */
export interface CustomColumn {
  readonly header: string;
  readonly expression: string;
}

/** Parses `HEADER:expr,HEADER2:expr2`; an error message in kubectl's words for a bad spec. */
export function parseCustomColumns(spec: string): CustomColumn[] | { error: string } {
  if (spec.length === 0) return { error: 'custom-columns format specified but no custom columns given' };
  const cols: CustomColumn[] = [];
  for (const part of spec.split(',')) {
    const idx = part.indexOf(':');
    if (idx <= 0) return { error: `unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>` };
    cols.push({ header: part.slice(0, idx), expression: part.slice(idx + 1) });
  }
  return cols;
}

/** Go's %v of a JSON value: maps as `map[k:v]`, slices as `[a b]`. */
export function goValueString(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValueString).join(' ')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `map[${Object.keys(o)
      .sort()
      .map((k) => `${k}:${goValueString(o[k])}`)
      .join(' ')}]`;
  }
  return String(v);
}

/** Prints objects with custom columns. */
export function printCustomColumns(columns: readonly CustomColumn[], objects: readonly unknown[], opts: { noHeaders?: boolean } = {}): string {
  const rows: string[][] = [];
  if (!opts.noHeaders) rows.push(columns.map((c) => c.header));
  for (const obj of objects) {
    rows.push(
      columns.map((c) => {
        const values = jsonPathValues(c.expression, obj);
        return values.length === 0 ? '<none>' : values.map(goValueString).join(',');
      }),
    );
  }
  return alignTable(rows);
}
