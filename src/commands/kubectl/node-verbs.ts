/**
 * Node maintenance verbs: `cordon`/`uncordon` (pkg/cmd/drain/drain.go with
 * drain.CordonHelper) and `taint` (pkg/cmd/taint/taint.go, utils.go).
 */
import type { Taint } from 'kubernetes-types/core/v1.js';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets } from './resolve.js';
import { dryRunSuffix } from './dry-run.js';

/** `kubectl cordon NODE` / `kubectl uncordon NODE`. */
export function runCordon(inv: Invocation, cordon: boolean): ExecResult {
  const verb = cordon ? 'cordon' : 'uncordon';
  const selector = str(inv.flags, 'selector');
  if (inv.args.length === 0 && selector === undefined) return { stdout: '', stderr: `error: USAGE: ${verb} NODE [flags]\nSee 'kubectl ${verb} -h' for help and examples\n`, exitCode: 1 };
  const args = inv.args.length === 0 ? ['nodes'] : inv.args.some((a) => a.includes('/')) ? inv.args : ['nodes', ...inv.args];
  const parsed = parseTargets(args);
  if (!parsed.ok) return errorResult(parsed.error);
  const fetched = fetchTargets(inv, parsed.targets, statusMessage, { selector });
  let stdout = '';
  let stderr = fetched.stderr;
  let failed = fetched.failed;
  for (const { obj } of fetched.objects) {
    const spec = (obj.spec ?? {}) as { unschedulable?: boolean };
    if ((spec.unschedulable === true) === cordon) {
      stdout += `${kindName(obj)} already ${verb}ed${dryRunSuffix(inv.dryRun)}\n`;
      continue;
    }
    // CordonHelper.PatchOrReplace: a strategic merge patch of spec.unschedulable.
    const r = inv.client.patch('nodes', undefined, obj.metadata.name!, 'strategic', { spec: { unschedulable: cordon ? true : null } });
    if (!r.ok) {
      stderr += statusMessage(r.status);
      failed = true;
      continue;
    }
    stdout += `${kindName(obj)} ${verb}ed${dryRunSuffix(inv.dryRun)}\n`;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** One parsed taint argument. */
interface TaintArg {
  key: string;
  value?: string;
  effect?: string;
  remove: boolean;
}

/** taint utils.go parseTaints: `k=v:Effect`, `k:Effect`, `k:Effect-`, `k-`. */
function parseTaintArg(spec: string): TaintArg | string {
  const remove = spec.endsWith('-');
  const body = remove ? spec.slice(0, -1) : spec;
  const colon = body.lastIndexOf(':');
  const kv = colon >= 0 ? body.slice(0, colon) : body;
  const effect = colon >= 0 ? body.slice(colon + 1) : undefined;
  const eq = kv.indexOf('=');
  const key = eq >= 0 ? kv.slice(0, eq) : kv;
  const value = eq >= 0 ? kv.slice(eq + 1) : undefined;
  if (key === '' || (!remove && effect === undefined)) return `invalid taint spec: ${spec}`;
  if (effect !== undefined && !EFFECTS.includes(effect)) return `invalid taint effect: ${effect}, unsupported taint effect`;
  return { key, ...(value !== undefined ? { value } : {}), ...(effect !== undefined ? { effect } : {}), remove };
}

const taintText = (t: { key: string; value?: string; effect?: string }): string => `${t.key}${t.value ? `=${t.value}` : ''}${t.effect ? `:${t.effect}` : ''}`;

/** `kubectl taint nodes NODE k=v:Effect ... [k:Effect-]`. */
export function runTaint(inv: Invocation): ExecResult {
  const all = bool(inv.flags, 'all');
  const selector = str(inv.flags, 'selector');
  // taint.go Complete: the resource (`nodes NAME` or `node/NAME`), then taint specs.
  const isSpec = (a: string) => a.includes(':') || a.includes('=') || a.endsWith('-');
  const firstSpec = inv.args.findIndex((a, i) => i > 0 && isSpec(a));
  const resArgs = firstSpec < 0 ? [...inv.args] : inv.args.slice(0, firstSpec);
  const specs = firstSpec < 0 ? [] : inv.args.slice(firstSpec);
  if (resArgs.length === 0) return { stdout: '', stderr: `error: at least one resource name must be specified since 'all' parameter is not set\nSee 'kubectl taint -h' for help and examples\n`, exitCode: 1 };
  if (specs.length === 0) return { stdout: '', stderr: `error: at least one taint update is required\nSee 'kubectl taint -h' for help and examples\n`, exitCode: 1 };
  const parsedSpecs: TaintArg[] = [];
  for (const s of specs) {
    const t = parseTaintArg(s);
    if (typeof t === 'string') return errorResult(t);
    parsedSpecs.push(t);
  }
  const parsed = parseTargets(resArgs);
  if (!parsed.ok) return errorResult(parsed.error);
  if (parsed.targets.some((t) => t.info.kind !== 'Node')) return errorResult(`invalid resource type ${parsed.targets[0].info.name}, only node types are supported`);
  if (!parsed.named && !all && selector === undefined) return { stdout: '', stderr: `error: at least one resource name must be specified since 'all' parameter is not set\nSee 'kubectl taint -h' for help and examples\n`, exitCode: 1 };
  const fetched = fetchTargets(inv, parsed.targets, statusMessage, { selector, all });
  let stdout = '';
  let stderr = fetched.stderr;
  let failed = fetched.failed;
  const adds = parsedSpecs.filter((t) => !t.remove);
  const removes = parsedSpecs.filter((t) => t.remove);
  for (const { obj } of fetched.objects) {
    const r = applyTaints(obj, adds, removes, bool(inv.flags, 'overwrite'));
    if (typeof r === 'string') {
      stderr += `error: ${r}\n`;
      failed = true;
      continue;
    }
    const updated = structuredClone(obj);
    (updated.spec as { taints?: Taint[] }) = { ...(updated.spec as object), taints: r.taints };
    if (r.taints.length === 0) delete (updated.spec as { taints?: Taint[] }).taints;
    const u = inv.client.update('nodes', undefined, updated);
    if (!u.ok) {
      stderr += statusMessage(u.status);
      failed = true;
      continue;
    }
    stdout += `${kindName(obj)} ${r.operation}${dryRunSuffix(inv.dryRun)}\n`;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

/** taint.go reorganizeTaints: the node's new taints and the verb of the change. */
function applyTaints(node: KubeObject, adds: TaintArg[], removes: TaintArg[], overwrite: boolean): { taints: Taint[]; operation: string } | string {
  const current: Taint[] = [...(((node.spec as { taints?: Taint[] }) ?? {}).taints ?? [])];
  if (!overwrite) {
    const clashes = adds.filter((a) => current.some((t) => t.key === a.key && t.effect === a.effect));
    if (clashes.length > 0) return `node ${node.metadata.name} already has ${clashes.map((c) => c.key).join(',')} taint(s) with same effect(s) and --overwrite is false`;
  }
  let operation = adds.length > 0 ? 'tainted' : 'untainted';
  let taints = current;
  for (const add of adds) {
    const i = taints.findIndex((t) => t.key === add.key && t.effect === add.effect);
    const t: Taint = { key: add.key, effect: add.effect!, ...(add.value ? { value: add.value } : {}) };
    if (i >= 0) {
      taints = taints.map((x, j) => (j === i ? t : x));
      operation = 'modified';
    } else taints = [...taints, t];
  }
  for (const rm of removes) {
    const keep = taints.filter((t) => !(t.key === rm.key && (rm.effect === undefined || t.effect === rm.effect)));
    if (keep.length === taints.length) return `taint ${JSON.stringify(taintText({ key: rm.key, effect: rm.effect }))} not found`;
    taints = keep;
  }
  if (adds.length > 0 && removes.length > 0) operation = 'modified';
  return { taints, operation };
}
