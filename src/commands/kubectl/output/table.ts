/**
 * The one table generator behind `kubectl get`: applies wide, no-headers, namespace,
 * labels and kind-prefix rules to a printer definition, then aligns with the tabwriter.
 * Follows kubernetes/kubernetes pkg/printers/tablegenerator.go and
 * kubernetes/cli-runtime pkg/printers/tableprinter.go.
 */
import { GET_TABWRITER, tabwrite } from './tabwriter.js';
import { formatLabels } from './labels.js';
import { kindPrefix } from './kind-prefix.js';

/** A column definition (metav1.TableColumnDefinition): priority 1 columns show only with -o wide. */
export interface TableColumn {
  /** Column name as declared in printers.go; the header is its upper-case form. */
  readonly name: string;
  /** 0 = always shown, 1 = only with `-o wide`. */
  readonly priority: 0 | 1;
}

/** What a row function may use besides the object. */
export interface RowContext {
  /** Current time, ms since the epoch, for AGE-like cells. */
  readonly now: number;
  /** True for `-o wide` (a few printers, like services' EXTERNAL-IP, shorten cells otherwise). */
  readonly wide?: boolean;
}

/** A printer: column definitions plus a row function returning one cell per column, in order. */
export interface TableDefinition<T = any> {
  /** The columns, including wide ones, in the order printers.go declares them. */
  readonly columns: readonly TableColumn[];
  /** Cells for every column (wide ones included), first cell being the name. */
  row(obj: T, ctx: RowContext): string[];
}

/** Options of one table print (flags of `kubectl get`). */
export interface PrintTableOptions {
  /** Current time, ms since the epoch. */
  readonly now: number;
  /** `-o wide`: include priority-1 columns. */
  readonly wide?: boolean;
  /** `--no-headers`. */
  readonly noHeaders?: boolean;
  /** `-A`: a NAMESPACE column first. */
  readonly withNamespace?: boolean;
  /** `-L/--label-columns`: one column per label key, after the printer's columns and before LABELS. */
  readonly labelColumns?: readonly string[];
  /** `--show-labels`: a LABELS column last. */
  readonly showLabels?: boolean;
  /** Prefix names with `kind.group/`, as kubectl does when several types are printed. */
  readonly withKind?: boolean;
}

interface ObjectWithMeta {
  apiVersion?: string;
  kind?: string;
  metadata?: { namespace?: string; labels?: Record<string, string> | null } | null;
}

/** The visible headers of a definition under the given options. */
export function tableHeaders(def: TableDefinition, opts: Omit<PrintTableOptions, 'now'>): string[] {
  const headers = def.columns.filter((c) => opts.wide || c.priority === 0).map((c) => c.name.toUpperCase());
  if (opts.withNamespace) headers.unshift('NAMESPACE');
  headers.push(...labelColumnHeaders(opts.labelColumns ?? []));
  if (opts.showLabels) headers.push('LABELS');
  return headers;
}

/** formatLabelHeaders (cli-runtime tableprinter.go): the key's last `/` segment, upper-cased. */
function labelColumnHeaders(keys: readonly string[]): string[] {
  return keys.map((key) => key.slice(key.lastIndexOf('/') + 1).toUpperCase());
}

/** One label's value; own keys only, so `-L constructor` reads no prototype. */
function labelValue(labels: Record<string, string> | null | undefined, key: string): string {
  return labels && Object.hasOwn(labels, key) ? String(labels[key]) : '';
}

/** The visible cells of every object's row under the given options. */
export function tableRows(def: TableDefinition, objects: readonly unknown[], opts: PrintTableOptions): string[][] {
  const keep = def.columns.map((c) => opts.wide === true || c.priority === 0);
  return objects.map((obj) => {
    const o = obj as ObjectWithMeta;
    const all = def.row(obj, { now: opts.now, wide: opts.wide === true });
    const cells = all.filter((_, i) => keep[i] ?? true);
    if (opts.withKind && cells.length > 0) cells[0] = `${kindPrefix(o)}/${cells[0]}`;
    if (opts.withNamespace) cells.unshift(o.metadata?.namespace ?? '');
    // labelValues: the label's value, or an empty cell when the object lacks it.
    for (const key of opts.labelColumns ?? []) cells.push(labelValue(o.metadata?.labels, key));
    if (opts.showLabels) cells.push(formatLabels(o.metadata?.labels));
    return cells;
  });
}

/** Aligns rows of cells like kubectl's tabwriter (width = longest + 3, minimum 6, last column unpadded). */
export function alignTable(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  return tabwrite(rows.map((r) => r.join('\t') + '\n').join(''), GET_TABWRITER);
}

/** Prints `objects` as `kubectl get` does; '' when there is nothing to print. */
export function printTable(def: TableDefinition, objects: readonly unknown[], opts: PrintTableOptions): string {
  if (objects.length === 0) return '';
  const rows = tableRows(def, objects, opts);
  if (!opts.noHeaders) rows.unshift(tableHeaders(def, opts));
  return alignTable(rows);
}
