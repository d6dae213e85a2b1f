/**
 * `crictl pods`, `crictl inspectp`, `crictl images` and `crictl rmi`
 * (cri-tools v1.32 cmd/crictl/sandbox.go, image.go).
 */
import type { RuntimeImage, Sandbox } from '../../cluster/runtime/runtime.js';
import { ago, goIndentedJson, humanSize, rfc3339Nano, table, truncatedId } from './format.js';
import { digestOf, regexMatcher, resolveId, type CriNode, type CriResult } from './containers.js';

/** Options of `crictl pods`. */
export interface PodsOptions {
  quiet: boolean;
  name?: string;
  namespace?: string;
  state?: string;
  id?: string;
  latest: boolean;
  last?: number;
  noTrunc: boolean;
}

/** `crictl pods`: every sandbox (Ready and NotReady), newest first. */
export function runPods(node: CriNode, o: PodsOptions): CriResult {
  let state: Sandbox['state'] | undefined;
  if (o.state) {
    const s = o.state.toLowerCase();
    if (s === 'ready') state = 'SANDBOX_READY';
    else if (s === 'notready') state = 'SANDBOX_NOTREADY';
    else return { stdout: '', fatal: '--state should be ready or notready' };
  }
  const nameMatches = regexMatcher(o.name);
  const namespaceMatches = regexMatcher(o.namespace);
  let list = [...node.runtime.sandboxes.values()].filter((p) => (!state || p.state === state) && (!o.id || p.id.startsWith(o.id)) && nameMatches(p.podName) && namespaceMatches(p.namespace));
  list.sort((a, b) => b.createdAt - a.createdAt);
  if (o.latest) list = list.slice(0, 1);
  else if ((o.last ?? 0) > 0) list = list.slice(0, o.last);
  if (o.quiet) return { stdout: list.map((p) => `${p.id}\n`).join('') };
  const rows = [['POD ID', 'CREATED', 'STATE', 'NAME', 'NAMESPACE', 'ATTEMPT', 'RUNTIME']];
  for (const p of list) rows.push([o.noTrunc ? p.id : truncatedId(p.id), ago(node.now - (p.createdAt + node.offsetMs)), p.state === 'SANDBOX_READY' ? 'Ready' : 'NotReady', p.podName, p.namespace, String(p.attempt), '(default)']);
  return { stdout: table(rows) };
}

/** `crictl inspectp ID...`: {info, status} of pod sandboxes. */
export function runInspectp(node: CriNode, ids: readonly string[]): CriResult {
  if (ids.length === 0) return { stdout: '', fatal: 'ID cannot be empty' };
  const out: unknown[] = [];
  for (const id of ids) {
    const found = resolveId(node.runtime.sandboxes.values(), id);
    if (!found.ok) return { stdout: '', fatal: `get the status of pod sandboxes: get pod sandbox status: rpc error: code = NotFound desc = an error occurred when try to find sandbox: ${found.reason}` };
    const p = found.value;
    const labels = { 'io.kubernetes.pod.name': p.podName, 'io.kubernetes.pod.namespace': p.namespace, 'io.kubernetes.pod.uid': p.podUid };
    out.push({
      info: { pid: p.state === 'SANDBOX_READY' ? 900 + (parseInt(p.id.slice(0, 6), 16) % 60000) : 0, processStatus: p.state === 'SANDBOX_READY' ? 'running' : 'deleted', netNamespaceClosed: p.state !== 'SANDBOX_READY', image: 'registry.k8s.io/pause:3.10', snapshotKey: p.id, snapshotter: 'overlayfs', runtimeHandler: '', runtimeType: 'io.containerd.runc.v2' },
      status: {
        id: p.id,
        metadata: { attempt: p.attempt, name: p.podName, namespace: p.namespace, uid: p.podUid },
        state: p.state,
        createdAt: rfc3339Nano(p.createdAt + node.offsetMs),
        network: { additionalIps: [], ip: p.state === 'SANDBOX_READY' ? p.ip : '' },
        linux: { namespaces: { options: { ipc: 'POD', network: 'POD', pid: 'CONTAINER', targetId: '', userNsOptions: null } } },
        labels,
        annotations: {},
        runtimeHandler: '',
      },
    });
  }
  return { stdout: goIndentedJson(out.length === 1 ? out[0] : out) };
}

/** Options of `crictl images`. */
export interface ImagesOptions {
  quiet: boolean;
  digests: boolean;
  noTrunc: boolean;
  filter?: string;
}

/** Splits `repo:tag` at the last colon (normalizeRepoTagPair). */
function repoTag(ref: string): [string, string] {
  const i = ref.lastIndexOf(':');
  return i < 0 ? ['errorRepoTag', 'errorRepoTag'] : [ref.slice(0, i), ref.slice(i + 1)];
}

/** Images sorted by their first tag (image.go imageByRef). */
function sortedImages(node: CriNode): RuntimeImage[] {
  return [...node.runtime.images.values()].sort((a, b) => ((a.tags[0] ?? a.id) < (b.tags[0] ?? b.id) ? -1 : 1));
}

/** `crictl images [--digests] [-q] [REPOSITORY[:TAG]]`. */
export function runImages(node: CriNode, o: ImagesOptions): CriResult {
  let list = sortedImages(node);
  if (o.filter) {
    const want = o.filter;
    list = list.filter((img) => img.tags.some((t) => t === want || repoTag(t)[0] === want || repoTag(t)[0].endsWith(`/${want}`) || t.endsWith(`/${want}`)));
  }
  if (o.quiet) return { stdout: list.map((i) => `${i.id}\n`).join('') };
  const rows = [o.digests ? ['IMAGE', 'TAG', 'DIGEST', 'IMAGE ID', 'SIZE'] : ['IMAGE', 'TAG', 'IMAGE ID', 'SIZE']];
  for (const img of list) {
    const id = o.noTrunc ? img.id : truncatedId(img.id, 'sha256:');
    const digest = o.noTrunc ? `sha256:${digestOf(img.id)}` : truncatedId(digestOf(img.id));
    for (const t of img.tags) {
      const [repo, tag] = repoTag(t);
      rows.push(o.digests ? [repo, tag, digest, id, humanSize(img.sizeBytes)] : [repo, tag, id, humanSize(img.sizeBytes)]);
    }
  }
  return { stdout: table(rows) };
}

/** The sandbox image containerd pins (never pruned). */
const PINNED = new Set(['registry.k8s.io/pause:3.10']);

/** `crictl rmi --prune`: removes images no container uses and prints `Deleted: <tag>` for each. */
export function runRmiPrune(node: CriNode): CriResult & { info?: string } {
  const used = new Set([...node.runtime.containers.values()].map((c) => c.imageId));
  const victims = sortedImages(node).filter((img) => !used.has(img.id) && !img.tags.some((t) => PINNED.has(t)));
  if (victims.length === 0) return { stdout: '', info: 'No images to remove' };
  let out = '';
  for (const img of victims) {
    node.runtime.images.delete(img.id);
    for (const t of img.tags) out += `Deleted: ${t}\n`;
  }
  return { stdout: out };
}

/** `crictl rmi ID...`: removes the named images (by tag, ID or ID prefix). */
export function runRmi(node: CriNode, refs: readonly string[]): CriResult {
  let out = '';
  for (const ref of refs) {
    const img = node.runtime.findImage(ref) ?? (resolveId(node.runtime.images.values(), ref.startsWith('sha256:') ? ref : `sha256:${ref}`) as { ok: boolean; value?: RuntimeImage }).value;
    if (!img) return { stdout: out, fatal: `no such image ${ref}` };
    node.runtime.images.delete(img.id);
    for (const t of img.tags) out += `Deleted: ${t}\n`;
  }
  return { stdout: out };
}
