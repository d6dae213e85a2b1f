/**
 * Where `kubectl get --sort-by` sorts and how it fails (kubectl
 * pkg/cmd/get/get.go Run and printGeneric, sorter.go SortingPrinter):
 *
 * - Tables (the default and `-o wide`): the server returns one Table per
 *   list (or per named object). With one of them, SortingPrinter sorts its
 *   rows when there are more than one; a path that does not parse or that no
 *   row has makes PrintObj fail, and get.go ignores that error, so the table
 *   is simply not printed (`No resources found in <ns> namespace.` when
 *   nothing else was: kubernetes/kubectl#1343). With several, RuntimeSorter
 *   first sorts the Table objects themselves, which fails unless the path is
 *   one a Table has.
 * - Other formats: the items are flattened into one List and sorted together
 *   by SortObjects, whose errors are printed (`error: couldn't find any field
 *   with path "{.x}" in the list of objects`).
 *
 * A value isLess cannot order ends kubectl through klog.Exitf.
 */
import type { KubeObject } from '../../../cluster/apiserver/types.js';
import { kubectlKlog } from '../klog.js';
import type { ExecResult } from '../../types.js';
import { errorResult } from '../errors.js';
import { JsonPathError, parseTemplate } from '../output/jsonpath.js';
import { fieldFoundOnce, relaxedJsonPath, sortByField, sortObjectsLikeKubectl, SortByError, UnsortableError } from './sort-by.js';

/** One Table kubectl would print: its objects and how many builder results it came from. */
export interface SortGroup {
  objects: KubeObject[];
  /** One for a list; one per name for `get pod a b`. */
  readonly infos: number;
}

/** What a Table object looks like to a JSONPath (rows are not reachable by a sort path that matters). */
const TABLE_OBJECT = { apiVersion: 'meta.k8s.io/v1', kind: 'Table', metadata: {} };

/**
 * Sorts each table's rows in place (get.go's human-readable path). Returns
 * an ExecResult when kubectl stops with an error instead of printing.
 */
export function sortTables(groups: SortGroup[], sortBy: string, now: number): ExecResult | undefined {
  const infos = groups.reduce((n, g) => n + g.infos, 0);
  try {
    if (infos > 1) {
      // RuntimeSorter over several Table objects: SortObjects on the tables themselves.
      sortObjectsLikeKubectl([TABLE_OBJECT], sortBy);
    }
    for (const g of groups) {
      // Named objects come back one Table each, with a single row that is never sorted.
      if (g.objects.length <= 1 || g.infos > 1) continue;
      const field = relaxedOr(sortBy);
      if (!parses(field) || !fieldFoundOnce(g.objects, field)) {
        // SortingPrinter's error is dropped by get.go: this table prints nothing.
        g.objects = [];
        continue;
      }
      g.objects = sortByField(g.objects, field);
    }
  } catch (e) {
    return failure(e, sortBy, now, 'sorter.go:375', '[][][]reflect.Value');
  }
  return undefined;
}

/** Sorts the flattened list of a non-table format (printGeneric → SortingPrinter.sortObj). */
export function sortList(objects: readonly KubeObject[], sortBy: string, now: number): KubeObject[] | ExecResult {
  try {
    return sortObjectsLikeKubectl(objects, sortBy);
  } catch (e) {
    return failure(e, sortBy, now, 'sorter.go:329', '*unstructured.Unstructured');
  }
}

/** SortingPrinter: the relaxed path, or the raw text when it does not relax. */
function relaxedOr(sortBy: string): string {
  try {
    return relaxedJsonPath(sortBy);
  } catch {
    return sortBy;
  }
}

function parses(field: string): boolean {
  try {
    parseTemplate(field);
    return true;
  } catch {
    return false;
  }
}

/** kubectl's output for a failed sort: `error: …`, or klog.Exitf's fatal line for an unsortable value. */
function failure(e: unknown, sortBy: string, now: number, source: string, holder: string): ExecResult {
  if (e instanceof SortByError || e instanceof JsonPathError) return errorResult(e.message);
  if (e instanceof UnsortableError) {
    const field = relaxedOr(sortBy);
    // klog.Exitf: a fatal line, then exit 1.
    return { stdout: '', stderr: kubectlKlog('F', now, source, `Field ${field} in ${holder} is an unsortable type: interface, err: ${e.reason}`), exitCode: 1 };
  }
  throw e;
}
