/**
 * Creating objects: `kubectl apply -f` (pkg/cmd/apply/apply.go, with the
 * kubectl.kubernetes.io/last-applied-configuration annotation and a
 * three-way merge), `kubectl create -f`, `create deployment`
 * (pkg/cmd/create/create_deployment.go) and `create namespace`.
 * Manifests come from stdin (`-f -`) or from a file on the current host (`-f web.yaml`).
 */
import { readHostFile } from '../text/lib/file-access.js';
import yaml from 'js-yaml';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import { resourceForKind } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { kindName } from './invocation.js';
import { arr, bool, int, str } from './flags.js';
import { errorResult, statusMessage, statusMessageWithSource } from './errors.js';
import { validationOptions, warningLines } from './field-validation.js';
import { createThreeWayMergePatch, type JsonObject } from '../../cluster/apiserver/strategic-patch.js';
import { dryRunSuffix } from './dry-run.js';
import { createOrPrint } from './create-data.js';
import { resultPrinter } from './print-result.js';

type Obj = Record<string, any>;

/** The annotation `kubectl apply` keeps the applied manifest in. */
export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** Manifests named by `-f` with the source name kubectl puts in errors. */
type Manifests = { ok: true; docs: { source: string; obj: Obj }[] } | { ok: false; result: ExecResult };

/** Reads `-f` arguments: `-` is stdin (multi-document YAML or JSON; `kind: List` expands). */
export function readManifests(inv: Invocation): Manifests {
  const files = arr(inv.flags, 'filename');
  if (files.length === 0) return { ok: false, result: { stdout: '', stderr: `error: must specify one of -f and -k\n\n`, exitCode: 1 } };
  const docs: { source: string; obj: Obj }[] = [];
  for (const file of files) {
    const text = file === '-' ? inv.ctx.stdin : readHostFile(inv.ctx, file);
    if (text === undefined) return { ok: false, result: errorResult(`the path "${file}" does not exist`) };
    const source = file === '-' ? 'STDIN' : file;
    let loaded: unknown[];
    try {
      loaded = yaml.loadAll(text);
    } catch (e) {
      return { ok: false, result: errorResult(`error parsing ${source}: error converting YAML to JSON: yaml: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`) };
    }
    for (const doc of loaded) {
      if (doc === null || doc === undefined) continue;
      const obj = doc as Obj;
      if (isPlainObject(obj) && obj.kind === 'List' && Array.isArray(obj.items)) {
        // validateList: one item that is not an object fails the whole List (`invalid object to validate`).
        if (obj.items.every(isPlainObject)) for (const item of obj.items) docs.push({ source, obj: item });
        else docs.push({ source, obj: obj.items.find((i: unknown) => !isPlainObject(i)) });
      } else docs.push({ source, obj });
    }
  }
  if (docs.length === 0) return { ok: false, result: errorResult('no objects passed to apply') };
  return { ok: true, docs };
}

/** Whether a decoded document is a JSON object (not null, a list or a scalar). */
export function isPlainObject(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Resolves a manifest's resource and namespace, or kubectl's mapping error. */
function mapDoc(inv: Invocation, source: string, obj: Obj): { resource: string; namespace: string | undefined } | string {
  // kubectl's schema validation (getObjectKind): anything but a map is `invalid object to validate`.
  if (!isPlainObject(obj)) return `error: error validating "${source}": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false\n`;
  const info = typeof obj.apiVersion === 'string' && typeof obj.kind === 'string' ? resourceForKind(obj.apiVersion, obj.kind) : undefined;
  const name = obj.metadata?.name ?? '';
  if (!obj.apiVersion || !obj.kind) return `error: error validating "${source}": error validating data: ${!obj.apiVersion ? 'apiVersion not set' : 'kind not set'}; if you choose to ignore these errors, turn validation off with --validate=false\n`;
  if (!info) return `error: resource mapping not found for name: "${name}" namespace: "${obj.metadata?.namespace ?? ''}" from "${source}": no matches for kind "${obj.kind}" in version "${obj.apiVersion}"\nensure CRDs are installed first\n`;
  const docNs: string | undefined = obj.metadata?.namespace;
  if (info.namespaced && inv.explicitNamespace && docNs && docNs !== inv.namespace) {
    return `error: the namespace from the provided object "${docNs}" does not match the namespace "${inv.namespace}". You must pass '--namespace=${docNs}' to perform this operation.\n`;
  }
  return { resource: info.name, namespace: info.namespaced ? (docNs ?? inv.namespace) : undefined };
}

/** Go json.Marshal of a map: compact, keys sorted. */
export function goJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Obj;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${goJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The manifest with its last-applied annotation, as apply.go's GetModifiedConfiguration builds it. */
function withLastApplied(obj: Obj): Obj {
  const clean = structuredClone(obj);
  if (clean.metadata?.annotations) {
    delete clean.metadata.annotations[LAST_APPLIED];
    if (Object.keys(clean.metadata.annotations).length === 0) delete clean.metadata.annotations;
  }
  const out = structuredClone(clean);
  out.metadata = { ...(out.metadata ?? {}), annotations: { ...(out.metadata?.annotations ?? {}), [LAST_APPLIED]: goJson(clean) + '\n' } };
  return out;
}

/** What handling one manifest printed: a result line, warnings/errors, and whether it failed. */
interface StepOutput {
  stdout?: string;
  stderr?: string;
  failed?: boolean;
  /** The object the server answered (or, unchanged, the live one): what -o prints instead of the result line. */
  object?: KubeObject;
}

/** Runs `step` for every `-f` manifest that maps to a served resource, collecting output like kubectl (exit 1 if any failed). */
function forEachManifest(inv: Invocation, step: (source: string, obj: Obj, mapped: { resource: string; namespace: string | undefined }) => StepOutput): ExecResult {
  const printer = resultPrinter(inv);
  if (!printer.ok) return errorResult(printer.error);
  const manifests = readManifests(inv);
  if (!manifests.ok) return manifests.result;
  let stdout = '';
  let stderr = '';
  let failed = false;
  const printed: KubeObject[] = [];
  for (const { source, obj } of manifests.docs) {
    const mapped = mapDoc(inv, source, obj);
    const out: StepOutput = typeof mapped === 'string' ? { stderr: mapped, failed: true } : step(source, obj, mapped);
    if (printer.print && out.object) printed.push(out.object);
    else stdout += out.stdout ?? '';
    stderr += out.stderr ?? '';
    failed ||= !!out.failed;
  }
  if (printer.print && printed.length > 0) {
    const p = printer.print(printed);
    stdout = p.stdout + stdout;
    stderr += p.stderr;
    failed ||= p.failed;
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}

/** Runs `kubectl apply -f`. */
export function runApply(inv: Invocation): ExecResult {
  const validation = validationOptions(inv);
  if (!validation.ok) return errorResult(validation.error);
  const options = validation.options;
  return forEachManifest(inv, (source, obj, mapped) => {
    const modified = withLastApplied(obj);
    const current = inv.client.get(mapped.resource, mapped.namespace, obj.metadata?.name ?? '');
    if (!current.ok && current.status.reason !== 'NotFound') {
      return { stderr: statusMessageWithSource(current.status, 'retrieving current configuration of', source), failed: true };
    }
    if (!current.ok) {
      const r = inv.client.create(mapped.resource, mapped.namespace, modified as KubeObject, options);
      return r.ok ? { stdout: `${kindName(r.value)} created${dryRunSuffix(inv.dryRun)}\n`, stderr: warningLines(inv, r), object: r.value } : { stderr: statusMessageWithSource(r.status, 'creating', source), failed: true };
    }
    const previousText = current.value.metadata.annotations?.[LAST_APPLIED];
    let previous: Obj | undefined;
    try {
      previous = previousText ? (JSON.parse(previousText) as Obj) : undefined;
    } catch {
      previous = undefined;
    }
    const warning = previousText
      ? ''
      : `Warning: resource ${mapped.resource}/${current.value.metadata.name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`;
    // patcher.patchSimple: a strategic three-way patch (every served kind is built in); an empty one is not sent.
    const patch = createThreeWayMergePatch(previous as JsonObject | undefined, modified as JsonObject, current.value as unknown as JsonObject);
    if (Object.keys(patch).length === 0) return { stdout: `${kindName(current.value)} unchanged${dryRunSuffix(inv.dryRun)}\n`, stderr: warning, object: current.value };
    const r = inv.client.patch(mapped.resource, mapped.namespace, obj.metadata.name, 'strategic', patch, undefined, options);
    if (!r.ok) return { stderr: warning + statusMessageWithSource(r.status, 'patching', source), failed: true };
    return { stdout: `${kindName(r.value)} configured${dryRunSuffix(inv.dryRun)}\n`, stderr: warning + warningLines(inv, r), object: r.value };
  });
}

/** Runs `kubectl create -f`. */
export function runCreate(inv: Invocation): ExecResult {
  if (arr(inv.flags, 'filename').length === 0) {
    if (inv.args.length > 0) return { stdout: '', stderr: `error: unknown command "${inv.args[0]}" for "kubectl create"\nRun 'kubectl create --help' for usage.\n`, exitCode: 1 };
    return { stdout: '', stderr: `error: must specify one of -f and -k\n\n`, exitCode: 1 };
  }
  const validation = validationOptions(inv);
  if (!validation.ok) return errorResult(validation.error);
  // --save-config: the manifest keeps itself as the last-applied configuration (util.CreateOrUpdateAnnotation), so a later apply has it.
  const saveConfig = bool(inv.flags, 'save-config');
  return forEachManifest(inv, (source, obj, mapped) => {
    const r = inv.client.create(mapped.resource, mapped.namespace, (saveConfig ? withLastApplied(obj) : obj) as KubeObject, validation.options);
    return r.ok ? { stdout: `${kindName(r.value)} created${dryRunSuffix(inv.dryRun)}\n`, stderr: warningLines(inv, r), object: r.value } : { stderr: statusMessageWithSource(r.status, 'creating', source), failed: true };
  });
}

/** create_deployment.go buildPodSpec: the container name is the image's base name without tag or digest. */
function containerName(image: string): string {
  let name = image.split('/').pop() ?? image;
  name = name.split(':')[0].split('@')[0];
  return name.replace(/_/g, '-');
}

/** Runs `kubectl create deployment NAME --image=IMAGE [--replicas=N] [--port=P]`. */
export function runCreateDeployment(inv: Invocation): ExecResult {
  const validation = validationOptions(inv);
  if (!validation.ok) return errorResult(validation.error);
  if (inv.args.length !== 1) return { stdout: '', stderr: `error: exactly one NAME is required, got ${inv.args.length}\nSee 'kubectl create deployment -h' for help and examples\n`, exitCode: 1 };
  const images = arr(inv.flags, 'image');
  if (images.length === 0) return { stdout: '', stderr: `error: required flag(s) "image" not set\n`, exitCode: 1 };
  const name = inv.args[0];
  const port = int(inv.flags, 'port');
  const labels = { app: name };
  const containers = images.map((image) => ({ name: containerName(image), image, resources: {}, ...(port !== undefined && images.length === 1 ? { ports: [{ containerPort: port }] } : {}) }));
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { ...labels } },
    spec: { replicas: int(inv.flags, 'replicas') ?? 1, selector: { matchLabels: { ...labels } }, strategy: {}, template: { metadata: { labels: { ...labels } }, spec: { containers } } },
    status: {},
  };
  return createOrPrint(inv, 'deployments', 'deployment', deployment as KubeObject);
}

/** Runs `kubectl create namespace NAME`. */
export function runCreateNamespace(inv: Invocation): ExecResult {
  const validation = validationOptions(inv);
  if (!validation.ok) return errorResult(validation.error);
  if (inv.args.length !== 1) return { stdout: '', stderr: `error: exactly one NAME is required, got ${inv.args.length}\nSee 'kubectl create namespace -h' for help and examples\n`, exitCode: 1 };
  return createOrPrint(inv, 'namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: inv.args[0] }, spec: {}, status: {} } as KubeObject);
}
