/**
 * `-o` handling for kubectl get (cli-runtime pkg/genericclioptions
 * print_flags.go): which printer an `-o` value selects, and the printers that
 * are not tables: yaml, json, name, jsonpath, custom-columns.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import { printJson } from './output/json.js';
import { asList, printYaml } from './output/yaml.js';
import { JsonPathError, printJsonPath } from './output/jsonpath.js';
import { parseCustomColumns, printCustomColumns, type CustomColumn } from './output/custom-columns.js';
import { printNames } from './output/name.js';

/** A parsed `-o` value. */
export type OutputFormat =
  | { kind: 'table'; wide: boolean }
  | { kind: 'yaml' }
  | { kind: 'json' }
  | { kind: 'name' }
  | { kind: 'jsonpath'; template: string }
  | { kind: 'custom-columns'; columns: CustomColumn[] };

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
    const columns = parseCustomColumns(arg);
    return 'error' in columns ? columns.error : { kind: 'custom-columns', columns };
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
      return { ok: true, text: printNames(objects) };
    case 'jsonpath':
      try {
        return { ok: true, text: printJsonPath(format.template, data) };
      } catch (e) {
        if (e instanceof JsonPathError) return { ok: false, error: `error parsing jsonpath ${format.template}, ${e.message}` };
        throw e;
      }
    case 'custom-columns':
      try {
        return { ok: true, text: printCustomColumns(format.columns, objects, { noHeaders }) };
      } catch (e) {
        // customcolumn.go PrintObj returns the column's jsonpath parse error as is.
        if (e instanceof JsonPathError) return { ok: false, error: e.message };
        throw e;
      }
  }
}
