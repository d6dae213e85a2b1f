/**
 * `-o` on a command that changes objects (PrintFlags with an operation, as
 * create, apply and the generators have): instead of `kind/name created` the
 * objects the server answered are printed, one after another, YAML documents
 * separated by `---` (YAMLPrinter's count). The formats are create's:
 * yaml, json, name and the template printers; anything else is refused
 * before any request.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { Invocation } from './invocation.js';
import { bool, str } from './flags.js';
import { parseOutputFormat, printObjects } from './output-format.js';
import { readHostFile } from '../text/lib/file-access.js';

/** print_flags.go AllowedFormats of a PrintFlags with an operation. */
export const PRINT_FLAG_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

/** What printing some objects gave. */
export interface Printed {
  stdout: string;
  stderr: string;
  failed: boolean;
}

/** The printer -o asks for (undefined without -o), or kubectl's error for a format it has no printer for. */
export function resultPrinter(inv: Invocation): { ok: true; print?: (objects: readonly KubeObject[]) => Printed } | { ok: false; error: string } {
  const output = str(inv.flags, 'output');
  if ((output === undefined || output === '') && !str(inv.flags, 'template')) return { ok: true };
  const format = parseOutputFormat(output, { template: str(inv.flags, 'template'), readFile: (path) => readHostFile(inv.ctx, path) });
  if (typeof format === 'string' || format.kind === 'table' || format.kind === 'custom-columns') {
    return { ok: false, error: typeof format === 'string' && !format.startsWith('unable to match') ? format : `unable to match a printer suitable for the output format "${output}", allowed formats are: ${PRINT_FLAG_FORMATS}` };
  }
  const allowMissingKeys = inv.set.has('allow-missing-template-keys') ? bool(inv.flags, 'allow-missing-template-keys') : true;
  return {
    ok: true,
    print: (objects) => {
      let stdout = '';
      for (const [i, object] of objects.entries()) {
        const r = printObjects([object], format, true, false, { allowMissingKeys });
        if (!r.ok) return { stdout: stdout + (r.stdout ?? ''), stderr: `error: ${r.error}\n`, failed: true };
        stdout += (format.kind === 'yaml' && i > 0 ? '---\n' : '') + r.text;
      }
      return { stdout, stderr: '', failed: false };
    },
  };
}
