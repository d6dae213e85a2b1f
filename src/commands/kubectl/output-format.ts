/**
 * `-o` handling for kubectl get (cli-runtime pkg/genericclioptions
 * print_flags.go): which printer an `-o` value selects, and the printers that
 * are not tables: yaml, json, name, jsonpath, custom-columns.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import { printJson } from './output/json.js';
import { asList, printYaml } from '../../cluster/go-yaml/yaml.js';
import { JsonPathError, printJsonPath } from './output/jsonpath.js';
import { parseCustomColumns, printCustomColumns, type CustomColumn } from './output/custom-columns.js';
import { printNames } from './output/name.js';
import { compileGoTemplate, printGoTemplate } from './output/go-template/printer.js';
import type { CommandBudget } from '../budget.js';

/** A parsed `-o` value. */
export type OutputFormat =
  | { kind: 'table'; wide: boolean }
  | { kind: 'yaml' }
  | { kind: 'json' }
  | { kind: 'name' }
  | { kind: 'jsonpath'; template: string }
  | { kind: 'custom-columns'; columns: CustomColumn[] }
  | { kind: 'go-template'; template: string };

/** What `-o` parsing needs besides the value: `--template` and a way to read template files. */
export interface OutputFormatInputs {
  /** `--template` (a template, or for -o go-template-file a path). */
  readonly template?: string;
  /** Reads a file from the shell's host; undefined when it does not exist. */
  readonly readFile?: (path: string) => string | undefined;
}

// template_flags.go templateFormats.
const TEMPLATE_FORMATS: ReadonlySet<string> = new Set(['template', 'go-template', 'go-template-file', 'templatefile']);

const ALLOWED = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** Parses `-o` (undefined = the default table); a string is kubectl's error text. */
export function parseOutputFormat(value: string | undefined, inputs: OutputFormatInputs = {}): OutputFormat | string {
  // print_flags.go: --template without -o means -o go-template.
  if ((value === undefined || value === '') && inputs.template) value = 'go-template';
  if (value === undefined || value === '') return { kind: 'table', wide: false };
  if (value === 'wide') return { kind: 'table', wide: true };
  if (value === 'yaml') return { kind: 'yaml' };
  if (value === 'json') return { kind: 'json' };
  if (value === 'name') return { kind: 'name' };
  const eq = value.indexOf('=');
  const head = eq >= 0 ? value.slice(0, eq) : value;
  const arg = eq >= 0 ? value.slice(eq + 1) : '';
  if (head === 'jsonpath') {
    const template = eq >= 0 ? arg : (inputs.template ?? '');
    if (template === '') return 'template format specified but no template given';
    return { kind: 'jsonpath', template };
  }
  if (TEMPLATE_FORMATS.has(head) && (eq >= 0 || value === head)) return goTemplateFormat(head, eq >= 0 ? arg : (inputs.template ?? ''), inputs);
  if (head === 'custom-columns') {
    const columns = parseCustomColumns(arg);
    return 'error' in columns ? columns.error : { kind: 'custom-columns', columns };
  }
  return `unable to match a printer suitable for the output format "${value}", allowed formats are: ${ALLOWED}`;
}

/** GoTemplatePrintFlags.ToPrinter: read the file for the -file formats, then parse. */
function goTemplateFormat(format: string, value: string, inputs: OutputFormatInputs): OutputFormat | string {
  if (value === '') return 'template format specified but no template given';
  let template = value;
  if (format === 'templatefile' || format === 'go-template-file') {
    const text = inputs.readFile?.(value);
    if (text === undefined) return `error reading --template ${value}, open ${value}: no such file or directory`;
    template = text;
  }
  const tree = compileGoTemplate(template);
  return typeof tree === 'string' ? tree : { kind: 'go-template', template };
}

/**
 * Prints objects in a non-table format. `single` is true when one object was
 * asked for by name (then yaml/json print it bare, not inside a List).
 */
export function printObjects(
  objects: readonly KubeObject[],
  format: Exclude<OutputFormat, { kind: 'table' }>,
  single: boolean,
  noHeaders = false,
  templateOptions: { allowMissingKeys: boolean; budget?: CommandBudget } = { allowMissingKeys: true },
): { ok: true; text: string } | { ok: false; error: string; stdout?: string } {
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
    case 'go-template': {
      const r = printGoTemplate(format.template, data, templateOptions);
      return r.ok ? r : { ok: false, error: r.error, stdout: r.stdout };
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
