/**
 * `-o` handling for kubectl get (cli-runtime pkg/genericclioptions
 * print_flags.go): which printer an `-o` value selects, and the printers that
 * are not tables: yaml, json, name, jsonpath, custom-columns.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import { printJson } from './output/json.js';
import { asList, printYaml } from './output/yaml.js';
import { alignTable } from './output/table.js';
import { kindName } from './invocation.js';
import { evalSteps, parsePath, printValue, relaxedPath, runJsonPath } from './jsonpath.js';

/** A parsed `-o` value. */
export type OutputFormat =
  | { kind: 'table'; wide: boolean }
  | { kind: 'yaml' }
  | { kind: 'json' }
  | { kind: 'name' }
  | { kind: 'jsonpath'; template: string }
  | { kind: 'custom-columns'; columns: { header: string; path: string }[] };

const ALLOWED = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** Parses `-o` (undefined = the default table); a string is kubectl's error text. */
export function parseOutputFormat(value: string | undefined): OutputFormat | string {
  if (value === undefined || value === '') return { kind: 'table', wide: false };
  if (value === 'wide') return { kind: 'table', wide: true };
  if (value === 'yaml') return { kind: 'yaml' };
  if (value === 'json') return { kind: 'json' };
  if (value === 'name') return { kind: 'name' };
  const eq = value.indexOf('=');
  const head = eq >= 0 ? value.slice(0, eq) : value;
  const arg = eq >= 0 ? value.slice(eq + 1) : '';
  if (head === 'jsonpath') {
    if (arg === '') return 'template format specified but no template given';
    return { kind: 'jsonpath', template: arg };
  }
  if (head === 'custom-columns') {
    if (arg === '') return 'custom-columns format specified but no custom columns given';
    const columns: { header: string; path: string }[] = [];
    for (const spec of arg.split(',')) {
      const colon = spec.indexOf(':');
      if (colon < 0) return `unexpected custom-columns spec: ${spec}, expected <header>:<json-path-expr>`;
      columns.push({ header: spec.slice(0, colon), path: relaxedPath(spec.slice(colon + 1)) });
    }
    return { kind: 'custom-columns', columns };
  }
  return `unable to match a printer suitable for the output format "${value}", allowed formats are: ${ALLOWED}`;
}

/**
 * Prints objects in a non-table format. `single` is true when one object was
 * asked for by name (then yaml/json print it bare, not inside a List).
 */
export function printObjects(objects: readonly KubeObject[], format: Exclude<OutputFormat, { kind: 'table' }>, single: boolean, noHeaders = false): { ok: true; text: string } | { ok: false; error: string } {
  const data = single && objects.length === 1 ? objects[0] : asList(objects);
  switch (format.kind) {
    case 'yaml':
      return { ok: true, text: printYaml(data) };
    case 'json':
      return { ok: true, text: printJson(data) };
    case 'name':
      return { ok: true, text: objects.map((o) => kindName(o) + '\n').join('') };
    case 'jsonpath': {
      const r = runJsonPath(format.template, data);
      if (!r.ok) return { ok: false, error: `error parsing jsonpath ${format.template}, ${r.error}` };
      return r;
    }
    case 'custom-columns': {
      const rows: string[][] = noHeaders ? [] : [format.columns.map((c) => c.header)];
      for (const obj of objects) {
        rows.push(
          format.columns.map((c) => {
            const steps = parsePath(c.path);
            const values = typeof steps === 'string' ? [] : evalSteps([obj], steps);
            return values.length === 0 ? '<none>' : values.map(printValue).join(',');
          }),
        );
      }
      return { ok: true, text: alignTable(rows) };
    }
  }
}
