/**
 * `kubectl get`, after kubernetes/kubectl pkg/cmd/get/get.go: resolve the
 * resource arguments, fetch (by name or by list with selectors), then print a
 * table per resource type through the shared printers, or yaml/json/name/
 * jsonpath/custom-columns.
 */
import type { KubeObject, WatchEvent } from '../../cluster/apiserver/types.js';
import { deprecationWarning, type ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { ExecResult, FollowCursor } from '../types.js';
import type { Invocation } from './invocation.js';
import { arr, bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { listObjects, namespaceFor, parseTargets } from './resolve.js';
import { parseOutputFormat, printObjects } from './output-format.js';
import { printTable, tableHeaders, tableRows, type PrintTableOptions, type TableDefinition } from './output/table.js';
import { printerFor } from './printers/index.js';
import { sortList, sortTables } from './sort/get-sort.js';
import { readHostFile } from '../text/lib/file-access.js';

/** What `kubectl get` prints without a resource type (get.go Validate + cmdutil.UsageErrorf). */
const NO_TYPE =
  'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
  'error: Required resource not specified.\n' +
  'Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
  "See 'kubectl get -h' for help and examples\n";

/** One resource type's fetched objects. */
interface Group {
  info: ResourceInfo;
  objects: KubeObject[];
  /** How many results kubectl's builder returned for it: one list, or one per name. */
  infos: number;
}

/** Runs `kubectl get`. */
export function runGet(inv: Invocation): ExecResult {
  const raw = str(inv.flags, 'raw');
  if (raw !== undefined) {
    const r = inv.client.raw(raw);
    return r.ok ? { stdout: r.value, stderr: '', exitCode: 0 } : { stdout: '', stderr: statusMessage(r.status), exitCode: 1 };
  }
  const format = parseOutputFormat(str(inv.flags, 'output'), { template: str(inv.flags, 'template'), readFile: (path) => readHostFile(inv.ctx, path) });
  if (typeof format === 'string') return errorResult(format);
  if (inv.args.length === 0) return { stdout: '', stderr: NO_TYPE, exitCode: 1 };
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return errorResult(parsed.error);
  const allNamespaces = bool(inv.flags, 'all-namespaces');
  if (parsed.named && allNamespaces) return errorResult('a resource cannot be retrieved by name across all namespaces');
  const selector = str(inv.flags, 'selector');
  const fieldSelector = str(inv.flags, 'field-selector');
  if (parsed.named && selector) return errorResult('selectors and the all flag cannot be used when passing resource/name arguments');
  const ignoreNotFound = bool(inv.flags, 'ignore-not-found');
  const labelColumns = stringSliceValues(arr(inv.flags, 'label-columns'));

  let stderr = '';
  let failed = false;
  const groups: Group[] = [];
  // The server's deprecation warnings, printed once each (rest.WarningWriter with Deduplicate).
  const warned = new Set<string>();
  const warn = (info: ResourceInfo) => {
    const w = deprecationWarning(info);
    if (w !== undefined && !warned.has(w)) {
      warned.add(w);
      stderr += `Warning: ${w}\n`;
    }
  };
  for (const target of parsed.targets) {
    const objects: KubeObject[] = [];
    if (target.names.length > 0) {
      for (const name of target.names) {
        const r = inv.client.get(target.info.name, namespaceFor(inv, target.info), name);
        if (r.ok || r.status.reason === 'NotFound') warn(target.info);
        if (r.ok) objects.push(r.value);
        else if (!(ignoreNotFound && r.status.reason === 'NotFound')) {
          stderr += statusMessage(r.status);
          failed = true;
        }
      }
    } else {
      const r = listObjects(inv, target.info, allNamespaces, selector, fieldSelector);
      if (r.ok) warn(target.info);
      if (!r.ok) {
        stderr += statusMessage(r.status);
        failed = true;
        continue;
      }
      objects.push(...r.value);
    }
    groups.push({ info: target.info, objects, infos: target.names.length > 0 ? target.names.length : 1 });
  }
  const sortBy = str(inv.flags, 'sort-by') ?? '';

  const all = groups.flatMap((g) => g.objects);
  const watch = bool(inv.flags, 'watch') || bool(inv.flags, 'watch-only');
  const watchOnly = bool(inv.flags, 'watch-only');
  if (sortBy && watch) {
    // get.go Complete, before anything is fetched.
    stderr = (watchOnly ? 'warning: --watch-only requested, --sort-by will be ignored\n' : 'warning: --watch requested, --sort-by will be ignored for watch events received\n') + stderr;
  }
  // get.go multipleGVKsRequested: decided on what was fetched, before sorting.
  const kinds = new Set(groups.filter((g) => g.objects.length > 0).map((g) => g.info));
  if (sortBy && format.kind === 'table') {
    const sortFailure = sortTables(groups, sortBy, inv.now);
    if (sortFailure) return { ...sortFailure, stderr: stderr + sortFailure.stderr };
  }
  let stdout = '';
  if (format.kind === 'table' && watch && inv.ctx.canFollow && groups.length === 1 && !failed) {
    // get.go watch(): list, print the table (unless --watch-only), then one row per watch event.
    const g = groups[0];
    const opts: PrintTableOptions = {
      now: inv.now,
      wide: format.wide,
      noHeaders: bool(inv.flags, 'no-headers'),
      withNamespace: allNamespaces && g.info.namespaced,
      labelColumns,
      showLabels: bool(inv.flags, 'show-labels'),
      withKind: bool(inv.flags, 'show-kind'),
    };
    const names = parsed.targets[0].names;
    const follow = watchTable(inv, g.info, printerFor(g.info.kind), opts, watchOnly ? [] : g.objects, { allNamespaces, selector, fieldSelector, names });
    if (follow) {
      const first = watchOnly ? '' : follow.first;
      if (g.objects.length === 0 && !parsed.named && !watchOnly) stderr += noResourcesFound(inv, groups, allNamespaces);
      return { stdout: first, stderr, exitCode: 0, follow: follow.cursor };
    }
  }
  if (format.kind === 'table') {
    const withKind = kinds.size > 1 || bool(inv.flags, 'show-kind');
    const noHeaders = bool(inv.flags, 'no-headers');
    const tables: string[] = [];
    for (const g of groups) {
      if (g.objects.length === 0) continue;
      tables.push(
        printTable(printerFor(g.info.kind), g.objects, {
          now: inv.now,
          wide: format.wide,
          noHeaders,
          withNamespace: allNamespaces && g.info.namespaced,
          labelColumns,
          showLabels: bool(inv.flags, 'show-labels'),
          withKind,
        }),
      );
    }
    // get.go separates resource groups with an empty line when headers are printed.
    stdout = tables.join(noHeaders ? '' : '\n');
    // A table whose --sort-by failed printed nothing (sortTables), as if empty.
    if (groups.every((g) => g.objects.length === 0) && !parsed.named && !failed) stderr += noResourcesFound(inv, groups, allNamespaces);
  } else {
    const single = parsed.named && parsed.targets.length === 1 && parsed.targets[0].names.length === 1;
    if (!(single && all.length === 0)) {
      let items = all;
      if (sortBy && !(single && all.length === 1) && all.length > 0) {
        const sorted = sortList(all, sortBy, inv.now);
        if (!Array.isArray(sorted)) return { ...sorted, stderr: stderr + sorted.stderr };
        items = sorted;
      }
      const allowMissingKeys = inv.set.has('allow-missing-template-keys') ? bool(inv.flags, 'allow-missing-template-keys') : true;
      const r = printObjects(items, format, single, bool(inv.flags, 'no-headers'), { allowMissingKeys, ...(inv.ctx.budget ? { budget: inv.ctx.budget } : {}) });
      if (!r.ok) return errorResult(r.error, r.stdout);
      stdout = r.text;
    }
  }
  // Without a terminal that follows (exec, line mode), -w prints the current state once.
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

/** Which objects a watch is about. */
interface WatchScope {
  allNamespaces: boolean;
  selector?: string;
  fieldSelector?: string;
  /** `kubectl get pod a b -w`: only these (kubectl watches them by metadata.name). */
  names: readonly string[];
}

/**
 * `kubectl get -w` as a table: the first table, then a row per ADDED,
 * MODIFIED or DELETED event of the watch started at the list's
 * resourceVersion. kubectl prints through one tabwriter with RememberWidths
 * (cli-runtime pkg/printers/tabwriter.go, liggitt/tabwriter): each event's row
 * is padded to the widest cell seen so far in its column, widths only grow,
 * and the header comes with the first row printed. Undefined when the watch
 * cannot start (then the state is printed once).
 */
function watchTable(
  inv: Invocation,
  info: ResourceInfo,
  def: TableDefinition,
  opts: PrintTableOptions,
  initial: readonly KubeObject[],
  scope: WatchScope,
): { first: string; cursor: FollowCursor } | undefined {
  const namespace = namespaceFor(inv, info, scope.allNamespaces);
  const listOptions = { ...(scope.selector ? { labelSelector: scope.selector } : {}), ...(scope.fieldSelector ? { fieldSelector: scope.fieldSelector } : {}) };
  const list = inv.client.list(info.name, namespace, listOptions);
  if (!list.ok) return undefined;
  const events: WatchEvent[] = [];
  const handle = inv.client.watch(info.name, namespace, list.value.metadata.resourceVersion, (e) => events.push(e), listOptions);
  if (!handle.ok) return undefined;
  const widths: number[] = [];
  let headerShown = false;
  const print = (objects: readonly KubeObject[], now: number): string => {
    if (objects.length === 0) return '';
    const rows = tableRows(def, objects, { ...opts, now });
    if (!opts.noHeaders && !headerShown) rows.unshift(tableHeaders(def, opts));
    headerShown = true;
    return rememberWidths(rows, widths);
  };
  const first = print(initial, opts.now);
  let stopped = false;
  return {
    first,
    cursor: {
      next() {
        const fresh = events.splice(0).map((e) => e.object).filter((o) => scope.names.length === 0 || scope.names.includes(o.metadata.name ?? ''));
        const now = inv.ctx.cluster.now();
        // kubectl flushes the tabwriter after each event, so a row is padded by the widths before it, not after.
        // Events may lack apiVersion/kind on the wire; kubectl's decoder sets them.
        return fresh.map((o) => print([{ ...o, kind: o.kind ?? info.kind }], now)).join('');
      },
      stop() {
        if (stopped) return;
        stopped = true;
        handle.value.stop();
      },
    },
  };
}

/** Pads cells like a tabwriter that remembers column widths across flushes (width = max seen, cell + 3, at least 6; last cell unpadded). */
function rememberWidths(rows: readonly (readonly string[])[], widths: number[]): string {
  for (const row of rows) {
    for (let i = 0; i < row.length - 1; i++) widths[i] = Math.max(widths[i] ?? 0, 6, [...row[i]].length + 3);
  }
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i] - [...cell].length))).join('') + '\n').join('');
}

/** get.go: `No resources found in <ns> namespace.` for namespaced lists, else `No resources found`. */
function noResourcesFound(inv: Invocation, groups: readonly Group[], allNamespaces: boolean): string {
  const namespaced = groups.some((g) => g.info.namespaced);
  if (allNamespaces || !namespaced) return 'No resources found\n';
  return `No resources found in ${inv.namespace} namespace.\n`;
}

/**
 * pflag's StringSlice (`-L a,b -L c`): each occurrence is comma-separated
 * values (pflag string_slice.go readAsCSV) appended to the earlier ones; an
 * empty occurrence adds nothing. Quoted CSV fields are not handled: label keys
 * cannot contain commas or quotes anyway.
 */
function stringSliceValues(occurrences: readonly string[]): string[] {
  return occurrences.flatMap((v) => (v === '' ? [] : v.split(',')));
}
