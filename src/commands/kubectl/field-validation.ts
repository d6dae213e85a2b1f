/**
 * kubectl's side of server-side field validation: the `--validate` flag of
 * create, apply, replace and edit (cmdutil.GetValidationDirective), sent as
 * the `fieldValidation` of the request, and the server's warnings, which
 * kubectl's warning handler prints to stderr once each (rest.WarningWriter
 * with Deduplicate).
 */
import type { ApiResult, FieldValidation, WriteOptions } from '../../cluster/apiserver/types.js';
import type { Invocation } from './invocation.js';
import { parseGoBool, str } from './flags.js';

/** The write options `--validate` asks for (strict when not given), or kubectl's error for a value it does not know. */
export function validationOptions(inv: Invocation): { ok: true; options: WriteOptions } | { ok: false; error: string } {
  const flag = str(inv.flags, 'validate') ?? 'strict';
  // GetValidationDirective: a boolean first (true is strict, false ignore), then the three names.
  const asBool = parseGoBool(flag);
  let directive: FieldValidation;
  if (asBool !== undefined) directive = asBool ? 'Strict' : 'Ignore';
  else if (flag === 'strict') directive = 'Strict';
  else if (flag === 'warn') directive = 'Warn';
  else if (flag === 'ignore') directive = 'Ignore';
  else return { ok: false, error: `invalid - validate option "${flag}"; must be one of: strict (or true), warn, ignore (or false)` };
  return { ok: true, options: { fieldValidation: directive } };
}

/** Warnings already printed by each kubectl run. */
const printed = new WeakMap<Invocation, Set<string>>();

/** The `Warning: ...` lines of a response's warnings that this run has not printed yet. */
export function warningLines(inv: Invocation, r: ApiResult<unknown>): string {
  if (!r.ok || !r.warnings) return '';
  let seen = printed.get(inv);
  if (!seen) printed.set(inv, (seen = new Set()));
  let out = '';
  for (const w of r.warnings) {
    if (seen.has(w)) continue;
    seen.add(w);
    out += `Warning: ${w}\n`;
  }
  return out;
}
