/**
 * `kubectl rollout history` (kubectl pkg/cmd/rollout/rollout_history.go and
 * polymorphichelpers/history.go DeploymentHistoryViewer): the revisions of
 * each Deployment named (or of all of a type), read from its ReplicaSets'
 * `deployment.kubernetes.io/revision` annotations; with `--revision=N`, that
 * revision's pod template as `describe.DescribePodTemplate` writes it
 * straight into a buffer (a PrefixWriter without a tabwriter, so the tabs
 * stay tabs). The text is printed as the operation of kubectl's name printer:
 * `deployment.apps/web with revision #2`.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import { kindName, type Invocation } from './invocation.js';
import { bool, int, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets } from './resolve.js';
import { tabwrite } from './output/tabwriter.js';
import { PrefixWriter } from './describers/prefix-writer.js';
import { kubectlKlog } from './klog.js';
import { describePodTemplate } from './describers/containers.js';
import type { PodTemplateSpec } from 'kubernetes-types/core/v1.js';
import { parseOutputFormat, printObjects, type OutputFormat } from './output-format.js';
import { readHostFile } from '../text/lib/file-access.js';
import { typedCopy, typedJson } from './output/typed-json.js';

type Obj = Record<string, any>;

const REVISION = 'deployment.kubernetes.io/revision';
const CHANGE_CAUSE = 'kubernetes.io/change-cause';

// apps.GroupKindElement.Accept: the kinds kubectl's visitors know, and whether history has a viewer for them here.
const VISITED_KINDS: Readonly<Record<string, readonly string[]>> = {
  Deployment: ['apps', 'extensions'],
  StatefulSet: ['apps'],
  DaemonSet: ['apps', 'extensions'],
  Job: ['batch'],
  Pod: [''],
  ReplicaSet: ['apps', 'extensions'],
  ReplicationController: [''],
  CronJob: ['batch'],
};

/** schema.GroupKind.String(): `Kind.group`, or `Kind` for the core group. */
const groupKind = (info: ResourceInfo): string => (info.group ? `${info.kind}.${info.group}` : info.kind);

/** HistoryViewerFor: undefined for a Deployment, else kubectl's error. */
function viewerError(info: ResourceInfo): string | undefined {
  if (info.kind === 'Deployment') return undefined;
  const groups = VISITED_KINDS[info.kind];
  if (!groups || !groups.includes(info.group)) {
    // %v of an apps.GroupKindElement: the struct, `{group Kind}`.
    return `error retrieving history for ${JSON.stringify(groupKind(info))}, no visitor method exists for {${info.group} ${info.kind}}`;
  }
  // DaemonSet and StatefulSet history live in ControllerRevisions, which the simulation does not keep.
  return `no history viewer has been implemented for ${JSON.stringify(groupKind(info))}`;
}

/** deploymentutil.Revision for each ReplicaSet the Deployment controls: no annotation is revision 0, an unparsable one is skipped (kubectl logs a warning). */
function historyInfo(inv: Invocation, deployment: KubeObject, source = 'history.go:114'): { ok: true; byRevision: Map<number, PodTemplateSpec>; replicaSets: Map<number, KubeObject>; warnings: string } | { ok: false; result: ExecResult } {
  const r = inv.client.list('replicasets', deployment.metadata.namespace);
  if (!r.ok) return { ok: false, result: { stdout: '', stderr: statusMessage(r.status), exitCode: 1 } };
  const byRevision = new Map<number, PodTemplateSpec>();
  const replicaSets = new Map<number, KubeObject>();
  let warnings = '';
  for (const rs of r.value.items) {
    if (!(rs.metadata.ownerReferences ?? []).some((o) => o.uid === deployment.metadata.uid && o.controller)) continue;
    const text = rs.metadata.annotations?.[REVISION] ?? '0';
    if (!/^[+-]?\d+$/.test(text)) {
      const { name, namespace } = deployment.metadata;
      warnings += kubectlKlog('W', inv.now, source, `unable to get revision from replicaset ${rs.metadata.name} for deployment ${name} in namespace ${namespace}: strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
      continue;
    }
    const template = structuredClone(((rs.spec ?? {}) as Obj).template ?? {}) as PodTemplateSpec & { metadata?: Obj };
    const cause = rs.metadata.annotations?.[CHANGE_CAUSE];
    if (cause) template.metadata = { ...(template.metadata ?? {}), annotations: { ...(template.metadata?.annotations ?? {}), [CHANGE_CAUSE]: cause } };
    byRevision.set(Number(text), template);
    // Decoded into the typed ReplicaSet: status.replicas has no omitempty, so an absent status prints `replicas: 0`.
    replicaSets.set(Number(text), { ...rs, status: { replicas: 0, ...((rs as Obj).status ?? {}) } } as KubeObject);
  }
  return { ok: true, byRevision, replicaSets, warnings };
}

/** DeploymentHistoryViewer.ViewHistory: the table, one revision's template, or kubectl's error. */
function viewHistory(byRevision: Map<number, PodTemplateSpec & { metadata?: Obj }>, revision: number): { ok: true; text: string } | { ok: false; error: string } {
  if (byRevision.size === 0) return { ok: true, text: 'No rollout history found.' };
  if (revision > 0) {
    const template = byRevision.get(revision);
    if (!template) return { ok: false, error: 'unable to find the specified revision' };
    const w = new PrefixWriter();
    describePodTemplate(template, w);
    return { ok: true, text: w.raw() };
  }
  const rows = [...byRevision.keys()]
    .sort((a, b) => a - b)
    .map((rev) => `${rev}\t${byRevision.get(rev)!.metadata?.annotations?.[CHANGE_CAUSE] || '<none>'}\n`)
    .join('');
  // history.go tabbedString: tabwriter(0, 0, 2).
  return { ok: true, text: tabwrite(`REVISION\tCHANGE-CAUSE\n${rows}`, { minwidth: 0, tabwidth: 0, padding: 2 }) };
}

/** `kubectl rollout history (TYPE NAME | TYPE/NAME | TYPE) [--revision=N]`. */
export function runRolloutHistory(inv: Invocation): ExecResult {
  if (inv.args.length === 0) return { stdout: '', stderr: `error: required resource not specified\nSee 'kubectl rollout history -h' for help and examples\n`, exitCode: 1 };
  const revision = int(inv.flags, 'revision') ?? 0;
  if (revision < 0) return errorResult(`revision must be a positive integer: ${revision}`);
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return errorResult(parsed.error);
  if (parsed.targets.length === 0) return errorResult(`the server doesn't have a resource type ""`);
  // PrintFlags.OutputFlagSpecified: with -o, the history's objects (the ReplicaSets by revision) go to the printer.
  const output = str(inv.flags, 'output');
  let format: Exclude<OutputFormat, { kind: 'table' }> | undefined;
  if (output !== undefined && output !== '') {
    const parsedFormat = parseHistoryFormat(output, inv);
    if (typeof parsedFormat === 'string') return errorResult(parsedFormat);
    format = parsedFormat;
  }
  const fetched = fetchTargets(inv, parsed.targets, statusMessage, { all: !parsed.named, selector: str(inv.flags, 'selector') });
  let printed = 0;
  let stdout = '';
  let stderr = fetched.stderr;
  for (const { info, obj } of fetched.objects) {
    // r.Visit stops at the first error.
    const unsupported = viewerError(info);
    if (unsupported) return { stdout, stderr: stderr + `error: ${unsupported}\n`, exitCode: 1 };
    // GetHistory (the -o path) and ViewHistory log the unparsable revision from different lines of history.go.
    const info2 = historyInfo(inv, obj, format ? 'history.go:172' : 'history.go:114');
    if (!info2.ok) return { ...info2.result, stdout };
    stderr += info2.warnings;
    if (format) {
      // rollout_history.go: the revision's object, or every revision in ascending order.
      const revisions = revision > 0 ? [revision] : [...info2.replicaSets.keys()].sort((a, b) => a - b);
      for (const rev of revisions) {
        const rs = info2.replicaSets.get(rev);
        // historyInfo[o.Revision] is nil for a revision that does not exist: kubectl 1.32's printer dereferences it and panics.
        if (!rs) return { stdout, stderr: stderr + `kubedrill: revision ${rev} does not exist; kubectl 1.32 crashes printing it (a nil object)\n`, exitCode: 2 };
        // A typed ReplicaSet from the clientset: -o json keeps its struct field order.
        const r = format.kind === 'json' ? { ok: true as const, text: typedJson(rs, 'ReplicaSet') } : printObjects([typedCopy(rs, 'ReplicaSet') as KubeObject], format, true, false, { allowMissingKeys: inv.set.has('allow-missing-template-keys') ? bool(inv.flags, 'allow-missing-template-keys') : true });
        if (!r.ok) return { stdout: stdout + (r.stdout ?? ''), stderr: stderr + `error: ${r.error}\n`, exitCode: 1 };
        // The YAML printer separates the objects it prints after the first with a document marker.
        stdout += (format.kind === 'yaml' && printed > 0 ? '---\n' : '') + r.text;
        printed++;
      }
      continue;
    }
    const view = viewHistory(info2.byRevision, revision);
    if (!view.ok) return { stdout, stderr: stderr + `error: ${view.error}\n`, exitCode: 1 };
    const withRevision = revision > 0 ? `with revision #${revision}` : '';
    stdout += `${kindName(obj)} ${withRevision}\n${view.text}\n`;
  }
  return { stdout, stderr, exitCode: fetched.failed ? 1 : 0 };
}

/** rollout history's PrintFlags (NewPrintFlags("")): json/yaml, name and the template printers; no table or custom columns. */
const HISTORY_FORMATS = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

function parseHistoryFormat(output: string, inv: Invocation): Exclude<OutputFormat, { kind: 'table' }> | string {
  const unmatched = `unable to match a printer suitable for the output format "${output}", allowed formats are: ${HISTORY_FORMATS}`;
  if (output === 'wide' || output.startsWith('custom-columns')) return unmatched;
  const format = parseOutputFormat(output, { template: str(inv.flags, 'template'), readFile: (path) => readHostFile(inv.ctx, path) });
  if (typeof format === 'string') return format.startsWith('unable to match a printer') ? unmatched : format;
  return format.kind === 'table' || format.kind === 'custom-columns' ? unmatched : format;
}
