/**
 * `kubectl patch TYPE NAME -p PATCH [--type strategic|merge|json]`
 * (pkg/cmd/patch/patch.go): the patch may be JSON or YAML; the success line
 * says `(no change)` when the server stored nothing new.
 */
import yaml from 'js-yaml';
import type { PatchType } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import { warningLines } from './field-validation.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets } from './resolve.js';
import { dryRunSuffix } from './dry-run.js';
import { jsonEqual } from '../../cluster/json.js';
import { readHostFile } from '../text/lib/file-access.js';

/** Parses a patch body as kubectl does (yaml.ToJSON accepts JSON and YAML). */
export function parsePatchBody(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    try {
      return { ok: true, value: yaml.load(text) };
    } catch (e) {
      const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
      return { ok: false, error: `unable to parse "${text}": yaml: ${reason}` };
    }
  }
}

/** Runs `kubectl patch`. */
export function runPatch(inv: Invocation): ExecResult {
  const inline = str(inv.flags, 'patch');
  const file = str(inv.flags, 'patch-file');
  // patch.go Validate and Complete: one of the two; the file is read from the host kubectl runs on.
  if (inline !== undefined && file !== undefined) return errorResult('cannot specify --patch and --patch-file together');
  let body = inline;
  if (file !== undefined) {
    body = readHostFile(inv.ctx, file);
    if (body === undefined) return errorResult(`unable to read patch file: open ${file}: no such file or directory`);
  }
  if (body === undefined) return errorResult('must specify --patch or --patch-file containing the contents of the patch');
  const type = (str(inv.flags, 'type') ?? 'strategic') as PatchType;
  if (!['json', 'merge', 'strategic'].includes(type)) return errorResult(`--type must be one of [json merge strategic], not "${type}"`);
  const patch = parsePatchBody(body);
  if (!patch.ok) return errorResult(patch.error);
  if (inv.args.length === 0) return { stdout: '', stderr: `error: you must specify the type of resource to patch\n`, exitCode: 1 };
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return errorResult(parsed.error);
  if (!parsed.named) return errorResult('resource(s) were provided, but no name was specified');
  const fetched = fetchTargets(inv, parsed.targets, statusMessage);
  let stdout = '';
  let stderr = fetched.stderr;
  let failed = fetched.failed;
  for (const { info, obj } of fetched.objects) {
    const r = inv.client.patch(info.name, obj.metadata.namespace, obj.metadata.name!, type, patch.value);
    if (!r.ok) {
      stderr += statusMessage(r.status);
      failed = true;
      continue;
    }
    // A dry run's answer keeps the resourceVersion: patch.go compares the objects (didPatch).
    const unchanged = inv.dryRun ? jsonEqual(r.value, obj) : r.value.metadata.resourceVersion === obj.metadata.resourceVersion;
    stderr += warningLines(inv, r);
    stdout += `${kindName(r.value)} patched${unchanged ? ' (no change)' : ''}${dryRunSuffix(inv.dryRun)}\n`;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}
