/**
 * `kubectl label` and `kubectl annotate` (pkg/cmd/label/label.go,
 * pkg/cmd/annotate/annotate.go): `key=value` sets, `key-` removes,
 * `--overwrite` guards existing keys, then an update through the API.
 */
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets } from './resolve.js';
import { dryRunSuffix } from './dry-run.js';

type Which = 'labels' | 'annotations';

/** `kubectl label TYPE NAME k=v k2-`. */
export function runLabel(inv: Invocation): ExecResult {
  return runMetaEdit(inv, 'labels');
}

/** `kubectl annotate TYPE NAME k=v k2-`. */
export function runAnnotate(inv: Invocation): ExecResult {
  return runMetaEdit(inv, 'annotations');
}

function runMetaEdit(inv: Invocation, which: Which): ExecResult {
  const noun = which === 'labels' ? 'label' : 'annotation';
  const verb = which === 'labels' ? 'label' : 'annotate';
  // label.go: arguments with `=` or a trailing `-` are changes, the others name resources.
  const isChange = (a: string) => a.includes('=') || (a.endsWith('-') && a.length > 1);
  const resArgs = inv.args.filter((a) => !isChange(a));
  const changes = inv.args.filter(isChange);
  if (resArgs.length === 0) return { stdout: '', stderr: `error: one or more resources must be specified as <resource> <name> or <resource>/<name>\nSee 'kubectl ${verb} -h' for help and examples\n`, exitCode: 1 };
  if (changes.length === 0 && !bool(inv.flags, 'list')) return { stdout: '', stderr: `error: at least one ${noun} update is required\nSee 'kubectl ${verb} -h' for help and examples\n`, exitCode: 1 };
  // Keys come from the command line: null-prototype records keep `__proto__`/`constructor` ordinary keys.
  const set: Record<string, string> = Object.create(null);
  const remove: string[] = [];
  for (const c of changes) {
    const eq = c.indexOf('=');
    if (eq >= 0) set[c.slice(0, eq)] = c.slice(eq + 1);
    else remove.push(c.slice(0, -1));
  }
  const both = remove.filter((k) => k in set);
  if (both.length > 0) return errorResult(`can not both modify and remove ${noun}s in the same command`);
  const parsed = parseTargets(resArgs);
  if (!parsed.ok) return errorResult(parsed.error);
  const selector = str(inv.flags, 'selector');
  const all = bool(inv.flags, 'all');
  if (!parsed.named && selector === undefined && !all) return { stdout: '', stderr: `error: resource(s) were provided, but no name was specified\n`, exitCode: 1 };
  const fetched = fetchTargets(inv, parsed.targets, statusMessage, { selector, all, fieldSelector: str(inv.flags, 'field-selector'), allNamespaces: bool(inv.flags, 'all-namespaces') });
  const overwrite = bool(inv.flags, 'overwrite');
  let stdout = '';
  let stderr = fetched.stderr;
  let failed = fetched.failed;
  if (fetched.objects.length === 0 && !parsed.named && !failed) stderr += 'No resources found\n';
  for (const { info, obj } of fetched.objects) {
    const current: Record<string, string> = Object.assign(Object.create(null), obj.metadata[which] ?? {});
    if (bool(inv.flags, 'list')) {
      stdout += Object.entries(current).map(([k, v]) => `${k}=${v}\n`).join('');
      continue;
    }
    if (!overwrite) {
      const clash = Object.keys(set).filter((k) => k in current && current[k] !== set[k]);
      if (clash.length > 0) {
        // label.go validateNoOverwrites / annotate.go: the first clashing key is reported.
        const k = clash[0];
        const msg = which === 'labels' ? `'${k}' already has a value (${current[k]}), and --overwrite is false` : `--overwrite is false but found the following declared annotation(s): '${k}' already has a value (${current[k]})`;
        stderr += `error: ${msg}\n`;
        failed = true;
        continue;
      }
    }
    const before = JSON.stringify(current);
    for (const k of remove) {
      if (!(k in current) && which === 'labels') stdout += `label "${k}" not found.\n`;
      delete current[k];
    }
    Object.assign(current, set);
    const after = JSON.stringify(current);
    const updated = structuredClone(obj);
    if (Object.keys(current).length === 0) delete updated.metadata[which];
    else updated.metadata[which] = { ...current };
    // --resource-version: the change carries it, and the server refuses it (409) unless the object is still at it.
    const precondition = str(inv.flags, 'resource-version');
    if (precondition) updated.metadata.resourceVersion = precondition;
    const r = inv.client.update(info.name, obj.metadata.namespace, updated);
    if (!r.ok) {
      stderr += statusMessage(r.status);
      failed = true;
      continue;
    }
    let operation = which === 'labels' ? 'labeled' : 'annotated';
    if (which === 'labels') {
      // label.go updateDataChangeMsg
      if (before === after) operation = 'not labeled';
      else if (!overwrite && after.length < before.length) operation = 'unlabeled';
    }
    stdout += `${kindName(r.value)} ${operation}${dryRunSuffix(inv.dryRun)}\n`;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}
