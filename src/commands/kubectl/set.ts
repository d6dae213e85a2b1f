/**
 * Verbs that change a workload's spec in place: `scale` (pkg/cmd/scale),
 * `set image` (pkg/cmd/set/set_image.go) and `set resources`
 * (pkg/cmd/set/set_resources.go).
 */
import type { Container } from 'kubernetes-types/core/v1.js';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { bool, int, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { fetchTargets, parseTargets, type Fetched } from './resolve.js';
import { QUANTITY_FORMAT_ERROR, quantityText, tryParseQuantityExact } from '../../cluster/quantity.js';
import { dryRunSuffix } from './dry-run.js';

type Obj = Record<string, any>;

const SCALABLE = ['Deployment', 'ReplicaSet', 'StatefulSet'];

/** Resolves `TYPE NAME` / `TYPE/NAME` arguments (and -l/--all) for a verb. */
function fetchFor(inv: Invocation, args: readonly string[], verb: string): Fetched | ExecResult {
  if (args.length === 0) return { stdout: '', stderr: `error: you must specify the type of resource to ${verb}\n`, exitCode: 1 };
  const parsed = parseTargets(args);
  if (!parsed.ok) return errorResult(parsed.error);
  const selector = str(inv.flags, 'selector');
  const all = bool(inv.flags, 'all');
  if (!parsed.named && selector === undefined && !all) return errorResult('resource(s) were provided, but no name was specified');
  return fetchTargets(inv, parsed.targets, statusMessage, { selector, all });
}

const isFetched = (x: Fetched | ExecResult): x is Fetched => 'objects' in x;

/** The pod spec inside an object: a Pod's spec or a workload's template spec. */
function podSpecOf(obj: KubeObject): Obj | undefined {
  if (obj.kind === 'Pod') return obj.spec as Obj;
  return (obj.spec as Obj | undefined)?.template?.spec;
}

/** `kubectl scale --replicas=N TYPE NAME`. */
export function runScale(inv: Invocation): ExecResult {
  const replicas = int(inv.flags, 'replicas');
  if (replicas === undefined) return { stdout: '', stderr: `error: required flag(s) "replicas" not set\n`, exitCode: 1 };
  if (replicas < 0) return errorResult('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
  const fetched = fetchFor(inv, inv.args, 'scale');
  if (!isFetched(fetched)) return fetched;
  let stdout = '';
  let stderr = fetched.stderr;
  let failed = fetched.failed;
  const expected = int(inv.flags, 'current-replicas');
  const version = str(inv.flags, 'resource-version');
  for (const { info, obj } of fetched.objects) {
    if (!SCALABLE.includes(info.kind)) {
      stderr += `error: no scaler has been implemented for {"${info.group}" "${info.kind}"}\n`;
      failed = true;
      continue;
    }
    const spec = obj.spec as Obj;
    // scale.ScalePrecondition.validate: the size, then the resource version.
    if (expected !== undefined && expected !== (spec.replicas ?? 1)) {
      stderr += `error: Expected replicas to be ${expected}, was ${spec.replicas ?? 1}\n`;
      failed = true;
      continue;
    }
    if (version !== undefined && version !== '' && version !== obj.metadata.resourceVersion) {
      stderr += `error: Expected resource version to be ${version}, was ${obj.metadata.resourceVersion}\n`;
      failed = true;
      continue;
    }
    const r = inv.client.patch(info.name, obj.metadata.namespace, obj.metadata.name!, 'merge', { spec: { replicas } });
    if (!r.ok) {
      stderr += statusMessage(r.status);
      failed = true;
      continue;
    }
    stdout += `${kindName(r.value)} scaled${dryRunSuffix(inv.dryRun)}\n`;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

/**
 * Applies a change to every object's pod spec and updates it; `change` returns an error text or undefined.
 * `refused` words a write the server refused, as the command wraps it (set_image.go, set_resources.go).
 */
function updatePodSpecs(inv: Invocation, fetched: Fetched, change: (spec: Obj) => string | undefined, done: string, refused: (message: string) => string): ExecResult {
  let stdout = '';
  let stderr = fetched.stderr;
  let failed = fetched.failed;
  const refusals: string[] = [];
  for (const { info, obj } of fetched.objects) {
    const updated = structuredClone(obj);
    const spec = podSpecOf(updated);
    if (!spec) {
      stderr += `error: ${kindName(obj)} does not contain a pod template\n`;
      failed = true;
      continue;
    }
    const err = change(spec);
    if (err) {
      stderr += `error: ${err}\n`;
      failed = true;
      continue;
    }
    const r = inv.client.update(info.name, obj.metadata.namespace, updated);
    if (!r.ok) {
      // The command wraps the server's error (fmt.Errorf with %v), so checkErr prints its text, not the Invalid form.
      refusals.push(refused(r.status.message));
      failed = true;
      continue;
    }
    stdout += `${kindName(r.value)} ${done}${dryRunSuffix(inv.dryRun)}\n`;
  }
  // utilerrors.NewAggregate: one error as it is, several as `[a, b]`.
  if (refusals.length > 0) stderr += `error: ${refusals.length === 1 ? refusals[0] : `[${refusals.join(', ')}]`}\n`;
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

/** `kubectl set image TYPE NAME container=image ...` (`*` = every container). */
export function runSetImage(inv: Invocation): ExecResult {
  const images = inv.args.filter((a) => a.includes('='));
  const resources = inv.args.filter((a) => !a.includes('='));
  if (images.length === 0) return { stdout: '', stderr: `error: at least one image update is required\nSee 'kubectl set image -h' for help and examples\n`, exitCode: 1 };
  const fetched = fetchFor(inv, resources, 'set image');
  if (!isFetched(fetched)) return fetched;
  return updatePodSpecs(
    inv,
    fetched,
    (spec) => {
      for (const pair of images) {
        const [name, image] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        const containers: Container[] = [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
        const hit = containers.filter((c) => name === '*' || c.name === name);
        if (hit.length === 0) return `unable to find container named "${name}"`;
        for (const c of hit) c.image = image;
      }
      return undefined;
    },
    'image updated',
    (message) => `failed to patch image update to pod template: ${message}`,
  );
}

/**
 * Parses `cpu=100m,memory=64Mi` as populateResourceListV1 does: each statement exactly one `=`, each
 * value a quantity, kept in its canonical form (`0.5` is sent as `500m`). A null-prototype record:
 * the names are the learner's.
 */
function parseResourceList(text: string | undefined): Record<string, string> | string | undefined {
  if (text === undefined || text === '') return undefined;
  const out: Record<string, string> = Object.create(null);
  for (const part of text.split(',')) {
    const pieces = part.split('=');
    if (pieces.length !== 2) return `Invalid argument syntax ${part}, expected <resource>=<value>`;
    const [name, value] = pieces as [string, string];
    const quantity = tryParseQuantityExact(value);
    if (quantity === undefined) return QUANTITY_FORMAT_ERROR;
    out[name] = quantityText(quantity);
  }
  return out;
}

/** `kubectl set resources TYPE NAME [-c C] --requests=... --limits=...`. */
export function runSetResources(inv: Invocation): ExecResult {
  const requests = parseResourceList(str(inv.flags, 'requests'));
  const limits = parseResourceList(str(inv.flags, 'limits'));
  if (typeof requests === 'string') return errorResult(requests);
  if (typeof limits === 'string') return errorResult(limits);
  if (!requests && !limits) return errorResult('you must specify an update to requests or limits (in the form of --requests/--limits)');
  const fetched = fetchFor(inv, inv.args, 'set resources');
  if (!isFetched(fetched)) return fetched;
  const only = str(inv.flags, 'containers') ?? '*';
  return updatePodSpecs(
    inv,
    fetched,
    (spec) => {
      const containers: Container[] = [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
      const hit = containers.filter((c) => only === '*' || c.name === only);
      if (hit.length === 0) return `unable to find container named ${only}`;
      for (const c of hit) {
        c.resources = { ...(c.resources ?? {}) };
        if (requests) c.resources.requests = { ...(c.resources.requests ?? {}), ...requests };
        if (limits) c.resources.limits = { ...(c.resources.limits ?? {}), ...limits };
      }
      return undefined;
    },
    'resource requirements updated',
    // set_resources.go: "failed to patch resources update to pod template %v", no colon.
    (message) => `failed to patch resources update to pod template ${message}`,
  );
}
