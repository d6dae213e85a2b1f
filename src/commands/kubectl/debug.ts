/**
 * `kubectl debug (POD | TYPE/NAME) --image=IMAGE [-it] [-c NAME]
 * [--target=CONTAINER] [--profile=PROFILE] [-- COMMAND [args...]]` as
 * kubectl 1.32 runs it (pkg/cmd/debug/debug.go Complete → Validate → Run):
 *
 * - `node/NAME`: a pod on that node in the host's namespaces with the node's
 *   root at /host (generateNodeDebugPod and the profile), created through
 *   the API server and started by the node's kubelet;
 * - a pod: an ephemeral container added through the pods/ephemeralcontainers
 *   subresource and started by the kubelet in the pod's sandbox
 *   (debugByEphemeralContainer);
 * - a pod with `--copy-to=NAME`: a new pod, a copy of it with a debugging
 *   container added or one of its containers changed (debugByCopy).
 *
 * With -i it waits for the container and attaches to it (debug-attach.ts).
 * `--custom` and `-f` are not simulated.
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { arr, bool, str } from './flags.js';
import { collect } from './exec.js';
import { statusMessage, usageError } from './errors.js';
import { resolveTypes } from './resolve.js';
import { applyProfile, isProfile, type KeepFlags, type Profile } from './debug-profiles.js';
import { attachDebugContainer, type AttachOptions, type Chunk } from './debug-attach.js';
import { Random } from '../../cluster/clock/random.js';
import { createTwoWayMergePatch, type JsonObject } from '../../cluster/apiserver/strategic-patch.js';

type Obj = Record<string, any>;

/** The options Complete settles (debug.go DebugOptions). */
interface DebugOptions {
  /** What to debug: `POD`, `TYPE/NAME` (before any `--`). */
  targets: string[];
  /** The command after `--`. */
  args: string[];
  /** --arguments-only: the command goes to args, not command. */
  argsOnly: boolean;
  /** --attach, or -i unless --attach was given. */
  attach: boolean;
  /** -c: the debugging container's name. */
  container?: string;
  /** --env pairs, sorted by name. */
  env: { name: string; value: string }[];
  /** --image ('' when not given). */
  image: string;
  /** --image-pull-policy. */
  pullPolicy?: string;
  /** --profile (legacy by default). */
  profile: Profile;
  /** --target: the container whose process namespace an ephemeral container joins. */
  target?: string;
  /** -i, -t, -q as attach uses them. */
  attachOptions: AttachOptions;
  /** --copy-to: the name of the copy (absent: an ephemeral container). */
  copyTo?: string;
  /** --set-image, by container name (`*`: every container). */
  setImages: Map<string, string>;
  /** --keep-labels and friends, for copies. */
  keep: KeepFlags;
}

/** Runs `kubectl debug`. */
export function runDebug(inv: Invocation): ExecResult {
  let chunks: Chunk[] = [];
  const completed = complete(inv);
  if ('usage' in completed) return usageError(completed.usage, inv.commandPath);
  if ('error' in completed) return fail(chunks, completed.error);
  const o = completed;
  const invalid = validate(inv, o, chunks);
  if (invalid) return fail(chunks, invalid);
  for (const target of o.targets) {
    const visited = visit(inv, o, target, chunks);
    if ('error' in visited) return collect([...chunks, visited.error], 1);
    if (o.attach && visited.container) {
      // Each target in turn, as r.Visit does; the output so far goes on with the attach's.
      const attached = attachDebugContainer(inv, visited.pod.metadata?.name ?? '', visited.container, o.attachOptions, chunks);
      if (attached.exitCode !== 0) return attached;
      chunks = [...(attached.chunks ?? [])];
    }
  }
  return collect(chunks, 0);
}

function fail(chunks: Chunk[], message: string): ExecResult {
  return collect([...chunks, { fd: 2, text: `error: ${message}\n` }], 1);
}

/** debug.go Complete: arguments split at `--`, attach defaulting, env pairs, the profile. */
function complete(inv: Invocation): DebugOptions | { error: string } | { usage: string } {
  const dashAt = inv.dashAt ?? inv.args.length;
  const pairs = stringToString(inv, 'env');
  if ('usage' in pairs) return pairs;
  // Sorted: kubectl ranges over a Go map, whose order is random.
  const env = [...pairs.keys()].sort().map((name) => ({ name, value: pairs.get(name)! }));
  const setImages = stringToString(inv, 'set-image');
  if ('usage' in setImages) return setImages;
  const profile = str(inv.flags, 'profile') ?? 'legacy';
  if (!isProfile(profile)) return { error: `unknown profile: ${profile}` };
  if (str(inv.flags, 'custom') !== undefined) return { error: '"kubectl debug --custom" is not available in this simulator' };
  const stdin = bool(inv.flags, 'stdin');
  const container = str(inv.flags, 'container');
  const pullPolicy = str(inv.flags, 'image-pull-policy');
  const target = str(inv.flags, 'target');
  const copyTo = str(inv.flags, 'copy-to');
  // NewDebugOptions: only the init containers are kept by default.
  const keepInit = inv.set.has('keep-init-containers') ? bool(inv.flags, 'keep-init-containers') : true;
  return {
    targets: inv.args.slice(0, dashAt),
    args: inv.args.slice(dashAt),
    argsOnly: bool(inv.flags, 'arguments-only'),
    attach: inv.set.has('attach') ? bool(inv.flags, 'attach') : stdin,
    ...(container ? { container } : {}),
    env,
    image: str(inv.flags, 'image') ?? '',
    ...(pullPolicy ? { pullPolicy } : {}),
    profile,
    ...(target ? { target } : {}),
    attachOptions: { stdin, tty: bool(inv.flags, 'tty'), quiet: bool(inv.flags, 'quiet') },
    ...(copyTo ? { copyTo } : {}),
    setImages,
    keep: { labels: bool(inv.flags, 'keep-labels'), annotations: bool(inv.flags, 'keep-annotations'), liveness: bool(inv.flags, 'keep-liveness'), readiness: bool(inv.flags, 'keep-readiness'), startup: bool(inv.flags, 'keep-startup'), initContainers: keepInit },
  };
}

/**
 * A pflag StringToString flag (string_to_string.go Set): one `=` is one pair,
 * quotes trimmed; several are comma-separated pairs; repeated flags merge.
 * A malformed value is a flag parse error.
 */
function stringToString(inv: Invocation, flag: string): Map<string, string> | { usage: string } {
  const pairs = new Map<string, string>();
  for (const given of arr(inv.flags, flag)) {
    const equals = given.split('=').length - 1;
    const items = equals === 0 ? [given] : equals === 1 ? [given.replace(/^"+|"+$/g, '')] : given.split(',');
    for (const pair of items) {
      const eq = pair.indexOf('=');
      if (eq < 0) return { usage: `invalid argument "${given}" for "--${flag}" flag: ${pair} must be formatted as key=value` };
      pairs.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  return pairs;
}

/** debug.go Validate, in its order; it also prints the --target notice and the legacy profile's deprecation. */
function validate(inv: Invocation, o: DebugOptions, chunks: Chunk[]): string | undefined {
  if (o.attach && inv.set.has('attach') && !o.image && !o.container) return 'you must specify --container or create a new container using --image in order to attach.';
  if (o.copyTo) {
    if (!o.image && o.setImages.size === 0 && o.args.length === 0) return 'you must specify --image, --set-image or command arguments.';
    if (o.args.length > 0 && !o.container && !o.image) return 'you must specify an existing container or a new image when specifying args.';
  } else {
    // These flags are exclusive to --copy-to.
    if (bool(inv.flags, 'replace')) return '--replace may only be used with --copy-to.';
    if (bool(inv.flags, 'same-node')) return '--same-node may only be used with --copy-to.';
    if (o.setImages.size > 0) return '--set-image may only be used with --copy-to.';
    if (!o.image) return 'you must specify --image when not using --copy-to.';
  }
  if (o.image && !isImageReference(o.image)) return `invalid image name "${o.image}": invalid reference format`;
  if (o.targets.length === 0 && arr(inv.flags, 'filename').length === 0) return 'NAME or filename is required for debug';
  if (o.pullPolicy !== undefined && !['Always', 'IfNotPresent', 'Never'].includes(o.pullPolicy)) return `invalid image pull policy: ${o.pullPolicy}`;
  // Go ranges over the map: with several bad images, which one is named first is not fixed upstream.
  for (const [name, image] of o.setImages) if (!isImageReference(image)) return `invalid image name "${image}" for container "${name}": invalid reference format`;
  if (o.target && o.copyTo) return '--target is incompatible with --copy-to. Use --share-processes instead.';
  if (o.target && !o.attachOptions.quiet) {
    chunks.push({ fd: 1, text: `Targeting container "${o.target}". If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n` });
  }
  if (o.attachOptions.tty && !o.attachOptions.stdin) return '-i/--stdin is required for containers with -t/--tty=true';
  if (o.profile === 'legacy') chunks.push({ fd: 2, text: '--profile=legacy is deprecated and will be removed in the future. It is recommended to explicitly specify a profile, for example "--profile=general".\n' });
  if (arr(inv.flags, 'filename').length > 0) return '"kubectl debug -f" is not available in this simulator';
  return undefined;
}

let imageReference: RegExp | undefined;

/**
 * distribution/reference ReferenceRegexp: [domain[:port]/]path[:tag][@digest],
 * path components lowercase alphanumerics joined by `.`, `_`, `__` or dashes.
 * The pattern is built on first use (no work at import time).
 */
function isImageReference(image: string): boolean {
  imageReference ??= referenceRegExp();
  return imageReference.test(image);
}

function referenceRegExp(): RegExp {
  const component = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
  const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
  const domain = `(?:${domainComponent}(?:\\.${domainComponent})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
  const tag = '[\\w][\\w.-]{0,127}';
  const digest = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9A-Fa-f]{32,}';
  return new RegExp(`^(?:${domain}/)?${component}(?:/${component})*(?::${tag})?(?:@${digest})?$`);
}

/** The pod to attach to and the debugging container's name, or the error that ends the run. */
type Visited = { pod: Pod; container: string } | { error: Chunk };

/** debug.go Run's visitor: the target as the resource builder finds it (bare names are pods), then by kind. */
function visit(inv: Invocation, o: DebugOptions, target: string, chunks: Chunk[]): Visited {
  const slash = target.indexOf('/');
  const infos = resolveTypes(slash >= 0 ? target.slice(0, slash) : 'pods');
  if (!Array.isArray(infos) || infos.length !== 1) return { error: { fd: 2, text: `error: the server doesn't have a resource type "${Array.isArray(infos) ? target.slice(0, slash) : infos.unknown}"\n` } };
  const info = infos[0];
  const name = slash >= 0 ? target.slice(slash + 1) : target;
  const got = inv.client.get(info.name, info.namespaced ? inv.namespace : undefined, name);
  if (!got.ok) return { error: { fd: 2, text: statusMessage(got.status) } };
  if (info.kind === 'Node') return visitNode(inv, o, got.value, chunks);
  if (info.kind === 'Pod') return o.copyTo ? debugByCopy(inv, o, o.copyTo, got.value as unknown as Pod, chunks) : debugByEphemeralContainer(inv, o, got.value as unknown as Pod, chunks);
  // `%q not supported by debug` of the mapping's GroupVersionKind (its String(): "apps/v1, Kind=Deployment").
  return { error: { fd: 2, text: `error: "${info.group ? `${info.group}/` : '/'}${info.version}, Kind=${info.kind}" not supported by debug\n` } };
}

/** debug.go visitNode / generateNodeDebugPod: a pod on the node, in its namespaces, never restarted. */
function visitNode(inv: Invocation, o: DebugOptions, node: KubeObject, chunks: Chunk[]): Visited {
  const nodeName = node.metadata.name ?? '';
  const container = o.container ?? 'debugger';
  const podName = `node-debugger-${nodeName}-${nameSuffix(inv)}`;
  if (!o.attachOptions.quiet) chunks.push({ fd: 1, text: `Creating debugging pod ${podName} with container ${container} on node ${nodeName}.\n` });
  const pod: Obj = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: podName },
    spec: {
      containers: [debugContainer(o, container)],
      nodeName,
      restartPolicy: 'Never',
      // One toleration with operator Exists and no key: it tolerates every taint.
      tolerations: [{ operator: 'Exists' }],
    },
    status: {},
  };
  applyProfile(o.profile, 'node', pod, container);
  const created = inv.client.create('pods', inv.namespace, pod as KubeObject);
  if (!created.ok) return { error: { fd: 2, text: statusMessage(created.status) } };
  return { pod: created.value as unknown as Pod, container };
}

/**
 * debug.go debugByEphemeralContainer / generateDebugContainer: the pod with
 * one more ephemeral container, sent as a strategic merge patch of
 * spec.ephemeralContainers to the pods/ephemeralcontainers subresource.
 */
function debugByEphemeralContainer(inv: Invocation, o: DebugOptions, pod: Pod, chunks: Chunk[]): Visited {
  const container = o.container ?? defaultContainerName(inv, pod, o, chunks);
  const ec: Obj = { ...debugContainer(o, container), ...(o.target ? { targetContainerName: o.target } : {}) };
  const copied: Obj = { spec: { ephemeralContainers: [...((pod.spec?.ephemeralContainers ?? []) as Obj[]), ec] } };
  applyProfile(o.profile, 'ephemeral', copied, container);
  const podName = pod.metadata?.name ?? '';
  // CreateTwoWayMergePatch(pod, debugPod): the new container, and with earlier ones the order that keeps it last.
  const existing = pod.spec?.ephemeralContainers;
  const patch = createTwoWayMergePatch({ spec: existing ? { ephemeralContainers: existing } : {} } as JsonObject, copied as JsonObject);
  const patched = inv.client.patch('pods', inv.namespace, podName, 'strategic', patch, 'ephemeralcontainers');
  if (!patched.ok) return { error: { fd: 2, text: statusMessage(patched.status) } };
  return { pod: patched.value as unknown as Pod, container };
}

/**
 * debug.go debugByCopy / generatePodCopyWithDebugContainer: a new pod with
 * the original's spec (no ephemeral containers, no node unless --same-node,
 * --set-image applied) and either a new debugging container or the one -c
 * names changed; the original is deleted with --replace.
 */
function debugByCopy(inv: Invocation, o: DebugOptions, copyTo: string, pod: Pod, chunks: Chunk[]): Visited {
  const spec = structuredClone(pod.spec ?? {}) as Obj;
  delete spec.ephemeralContainers;
  if (inv.set.has('share-processes')) spec.shareProcessNamespace = bool(inv.flags, 'share-processes');
  if (!bool(inv.flags, 'same-node')) delete spec.nodeName;
  for (const c of (spec.containers ?? []) as Obj[]) {
    const image = o.setImages.get(c.name) ?? o.setImages.get('*');
    if (image) c.image = image;
  }
  const metadata: Obj = { name: copyTo, namespace: pod.metadata?.namespace };
  if (pod.metadata?.annotations) metadata.annotations = { ...pod.metadata.annotations };
  if (pod.metadata?.labels) metadata.labels = { ...pod.metadata.labels };
  const copied: Obj = { apiVersion: 'v1', kind: 'Pod', metadata, spec, status: {} };
  const all = [...(spec.containers ?? []), ...(spec.initContainers ?? [])] as Obj[];
  let name = o.container ?? '';
  let c = all.find((x) => x.name === name);
  if (!c) {
    if (!o.image) {
      // A --set-image only copy: nothing to attach to.
      if (o.setImages.size > 0) return create(inv, copied, '');
      return { error: { fd: 2, text: 'error: you must specify image when creating new container\n' } };
    }
    if (!name) name = defaultContainerName(inv, copied as unknown as Pod, o, chunks);
    c = { name, terminationMessagePolicy: 'File' };
    spec.containers = [...(spec.containers ?? []), c];
  }
  if (o.args.length) {
    if (o.argsOnly) c.args = o.args;
    else {
      c.command = o.args;
      delete c.args;
    }
  }
  if (o.env.length) c.env = o.env;
  if (o.image) c.image = o.image;
  if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy;
  // Go writes the bools as they are; false is left out of the JSON.
  if (o.attachOptions.stdin) c.stdin = true;
  else delete c.stdin;
  if (o.attachOptions.tty) c.tty = true;
  else delete c.tty;
  applyProfile(o.profile, 'copy', copied, name, o.keep);
  const created = create(inv, copied, name);
  if (!('error' in created) && bool(inv.flags, 'replace')) {
    const deleted = inv.client.delete('pods', inv.namespace, pod.metadata?.name ?? '', { gracePeriodSeconds: 0 });
    if (!deleted.ok) return { error: { fd: 2, text: statusMessage(deleted.status) } };
  }
  return created;
}

/** Creates the copy; `container` is the one to attach to ('' for none). */
function create(inv: Invocation, copied: Obj, container: string): Visited {
  const created = inv.client.create('pods', inv.namespace, copied as KubeObject);
  if (!created.ok) return { error: { fd: 2, text: statusMessage(created.status) } };
  return { pod: created.value as unknown as Pod, container };
}

/** debug.go computeDebugContainerName: `debugger-` and five random characters, not the name of any container of the pod. */
function defaultContainerName(inv: Invocation, pod: Pod, o: DebugOptions, chunks: Chunk[]): string {
  const spec = pod.spec;
  const taken = new Set([...(spec?.containers ?? []), ...(spec?.initContainers ?? []), ...(spec?.ephemeralContainers ?? [])].map((c) => c.name));
  let name = '';
  while (!name || taken.has(name)) name = `debugger-${nameSuffix(inv)}`;
  if (!o.attachOptions.quiet) chunks.push({ fd: 1, text: `Defaulting debug container name to ${name}.\n` });
  return name;
}

/** The debugging container as kubectl writes it (Go's JSON: empty fields left out, resources always present). */
function debugContainer(o: DebugOptions, name: string): Obj {
  const c: Obj = { name, image: o.image };
  if (o.args.length) c[o.argsOnly ? 'args' : 'command'] = o.args;
  if (o.env.length) c.env = o.env;
  if (o.pullPolicy) c.imagePullPolicy = o.pullPolicy;
  c.resources = {};
  if (o.attachOptions.stdin) c.stdin = true;
  c.terminationMessagePolicy = 'File';
  if (o.attachOptions.tty) c.tty = true;
  return c;
}

/** nameSuffixFunc (utilrand.String(5)) drawn from the cluster's seeded random source. */
function nameSuffix(inv: Invocation): string {
  return inv.ctx.cluster.nameSuffix?.(5) ?? new Random(inv.now).kubeSuffix(5);
}
