/**
 * `kubectl delete` (pkg/cmd/delete/delete.go, delete_flags.go): by name,
 * `TYPE/NAME`, `-l`, `--all`; `--grace-period`, `--force`, `--now`; the
 * grace-period-0-means-1 rule unless forced; `pod "x" deleted`.
 */
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { quotedKindName } from './invocation.js';
import { arr, bool, int, str } from './flags.js';
import { goJson, isPlainObject, readManifests } from './apply.js';
import { resourceForKind } from '../../cluster/apiserver/resources.js';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets } from './resolve.js';
import { dryRunSuffix } from './dry-run.js';

const NO_ARGS =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n";

/** The warning delete.go prints for forced deletion. */
export const FORCE_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n';

/**
 * delete_flags.go GetCascadingStrategy: background (the default, and `true`),
 * foreground, orphan (and `false`). Only background is simulated: the
 * garbage collector deletes dependents after their owner.
 */
function cascadeRefusal(inv: Invocation): string | undefined {
  const value = str(inv.flags, 'cascade');
  if (value === undefined || value === 'background' || value === 'true') return undefined;
  if (value === 'foreground' || value === 'orphan' || value === 'false') return `--cascade=${value} is not simulated by kubedrill: dependents are deleted in the background`;
  return `invalid cascade value (${value}). Must be "background", "foreground", or "orphan".`;
}

/** Runs `kubectl delete`. */
export function runDelete(inv: Invocation): ExecResult {
  const cascade = cascadeRefusal(inv);
  if (cascade) return errorResult(cascade);
  if (arr(inv.flags, 'filename').length > 0) return deleteManifests(inv);
  if (inv.args.length === 0) return { stdout: '', stderr: NO_ARGS, exitCode: 1 };
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return errorResult(parsed.error);
  const selector = str(inv.flags, 'selector');
  const all = bool(inv.flags, 'all');
  const fieldSelector = str(inv.flags, 'field-selector');
  if (parsed.named && (selector !== undefined || all)) return errorResult('name cannot be provided when a selector is specified');
  if (!parsed.named && selector === undefined && !all && fieldSelector === undefined) return errorResult('resource(s) were provided, but no name was specified');
  const force = bool(inv.flags, 'force');
  let grace = int(inv.flags, 'grace-period') ?? -1;
  if (bool(inv.flags, 'now')) {
    if (grace !== -1) return errorResult('--now and --grace-period cannot be specified together');
    grace = 1;
  }
  // delete.go Complete: --grace-period=0 without --force becomes 1; --force alone means 0.
  if (grace === 0 && !force) grace = 1;
  if (force && grace < 0) grace = 0;
  let stderr = force && grace === 0 ? FORCE_WARNING : '';
  // delete.go's builder: RequireObject(false), so a named object is deleted without being read first.
  const fetched = fetchTargets(inv, parsed.targets, statusMessage, { selector, all, fieldSelector, allNamespaces: bool(inv.flags, 'all-namespaces'), requireObject: false });
  stderr += fetched.stderr;
  let failed = fetched.failed;
  if (fetched.objects.length === 0 && !parsed.named && !failed) return { stdout: '', stderr: stderr + 'No resources found\n', exitCode: 0 };
  let stdout = '';
  for (const { info, obj } of fetched.objects) {
    const r = inv.client.delete(info.name, obj.metadata.namespace, obj.metadata.name!, grace >= 0 ? { gracePeriodSeconds: grace } : {});
    if (!r.ok) {
      if (bool(inv.flags, 'ignore-not-found') && r.status.reason === 'NotFound') continue;
      stderr += statusMessage(r.status);
      failed = true;
      continue;
    }
    stdout += `${quotedKindName({ ...obj, kind: info.kind })} ${force && grace === 0 ? 'force deleted' : 'deleted'}${dryRunSuffix(inv.dryRun)}\n`;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

/** `kubectl delete -f -`: deletes what the manifests name. */
function deleteManifests(inv: Invocation): ExecResult {
  const manifests = readManifests(inv);
  if (!manifests.ok) return manifests.result;
  let stdout = '';
  let stderr = '';
  let failed = false;
  for (const { source, obj } of manifests.docs) {
    // The builder's unstructured decoder: a document without a kind does not decode
    // (runtime.NewMissingKindErr with the document as JSON).
    if (!isPlainObject(obj) || typeof obj.kind !== 'string' || obj.kind === '') {
      stderr += `error: unable to decode "${source}": Object 'Kind' is missing in '${goJson(obj)}'\n`;
      failed = true;
      continue;
    }
    const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
    const info = resourceForKind(apiVersion, obj.kind);
    if (!info) {
      stderr += `error: resource mapping not found for name: "${obj.metadata?.name ?? ''}" namespace: "${obj.metadata?.namespace ?? ''}" from "${source}": no matches for kind "${obj.kind}" in version "${apiVersion}"\nensure CRDs are installed first\n`;
      failed = true;
      continue;
    }
    const ns = info.namespaced ? (obj.metadata?.namespace ?? inv.namespace) : undefined;
    const r = inv.client.delete(info.name, ns, obj.metadata?.name ?? '');
    if (!r.ok) {
      if (!(bool(inv.flags, 'ignore-not-found') && r.status.reason === 'NotFound')) {
        stderr += statusMessage(r.status);
        failed = true;
      }
      continue;
    }
    stdout += `${quotedKindName({ ...(r.value as KubeObject), kind: info.kind })} deleted${dryRunSuffix(inv.dryRun)}\n`;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}
