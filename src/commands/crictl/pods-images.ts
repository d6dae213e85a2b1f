/**
 * `crictl pods`, `crictl inspectp`, `crictl images` and `crictl rmi`
 * (cri-tools v1.32 cmd/crictl/sandbox.go, image.go), from the CRI's
 * ListPodSandbox, PodSandboxStatus, ListImages, ImageStatus and RemoveImage.
 */
import type { CriImage, PodSandboxState } from '../../cluster/runtime/cri-client.js';
import { ago, goIndentedJson, humanSize, table, truncatedId } from './format.js';
import { criTime, regexMatcher, statusData, type CriNode, type CriResult } from './containers.js';
import { splitNs } from './cri-calls.js';

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
  let state: PodSandboxState | undefined;
  if (o.state) {
    const s = o.state.toLowerCase();
    if (s === 'ready') state = 'SANDBOX_READY';
    else if (s === 'notready') state = 'SANDBOX_NOTREADY';
    else return { stdout: '', fatal: '--state should be ready or notready' };
  }
  const r = node.cri.listPodSandbox({ id: o.id ?? '', state });
  if (!r.ok) return { stdout: '', fatal: `listing pod sandboxes: list pod sandboxes: call list sandboxes RPC: ${r.error}` };
  const nameMatches = regexMatcher(o.name);
  const namespaceMatches = regexMatcher(o.namespace);
  let list = r.value.filter((p) => nameMatches(p.metadata.name) && namespaceMatches(p.metadata.namespace));
  list.sort((a, b) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : 0));
  if (o.latest) list = list.slice(0, 1);
  else if ((o.last ?? 0) > 0) list = list.slice(0, o.last);
  if (o.quiet) return { stdout: list.map((p) => `${p.id}\n`).join('') };
  const now = node.now();
  const rows = [['POD ID', 'CREATED', 'STATE', 'NAME', 'NAMESPACE', 'ATTEMPT', 'RUNTIME']];
  for (const p of list) rows.push([o.noTrunc ? p.id : truncatedId(p.id), ago(now - splitNs(p.createdAt).ms), p.state === 'SANDBOX_READY' ? 'Ready' : 'NotReady', p.metadata.name, p.metadata.namespace, String(p.metadata.attempt), p.runtimeHandler || '(default)']);
  return { stdout: table(rows) };
}

/** `crictl inspectp ID...`: {info, status} of pod sandboxes. */
export function runInspectp(node: CriNode, ids: readonly string[]): CriResult {
  if (ids.length === 0) return { stdout: '', fatal: 'ID cannot be empty' };
  const out: unknown[] = [];
  for (const id of ids) {
    const r = node.cri.podSandboxStatus(id, true);
    if (!r.ok) return { stdout: '', fatal: `get the status of pod sandboxes: get pod sandbox status: ${r.error}` };
    const s = r.value.status;
    const status = {
      id: s.id,
      metadata: { attempt: s.metadata.attempt, name: s.metadata.name, namespace: s.metadata.namespace, uid: s.metadata.uid },
      state: s.state,
      createdAt: criTime(s.createdAt),
      network: { additionalIps: s.network.additionalIps, ip: s.network.ip },
      linux: { namespaces: { options: { ipc: 'POD', network: 'POD', pid: 'CONTAINER', targetId: '', userNsOptions: null } } },
      labels: s.labels,
      annotations: s.annotations,
      runtimeHandler: s.runtimeHandler,
    };
    out.push(statusData(status, r.value.info));
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
function sortedImages(images: readonly CriImage[]): CriImage[] {
  return [...images].sort((a, b) => ((a.repoTags[0] ?? a.id) < (b.repoTags[0] ?? b.id) ? -1 : 1));
}

/** The digest part of an image's first repo digest (`repo@sha256:…`). */
function digestOfImage(img: CriImage): string {
  const d = img.repoDigests[0] ?? '';
  return d.slice(d.indexOf('@') + 1);
}

/** `crictl images [--digests] [-q] [REPOSITORY[:TAG]]`. */
export function runImages(node: CriNode, o: ImagesOptions): CriResult {
  const r = node.cri.listImages(o.filter ?? '');
  if (!r.ok) return { stdout: '', fatal: `listing images: ${r.error}` };
  let list = sortedImages(r.value);
  if (o.filter) {
    const want = o.filter;
    list = list.filter((img) => img.repoTags.some((t) => t === want || repoTag(t)[0] === want || repoTag(t)[0].endsWith(`/${want}`) || t.endsWith(`/${want}`)));
  }
  if (o.quiet) return { stdout: list.map((i) => `${i.id}\n`).join('') };
  const rows = [o.digests ? ['IMAGE', 'TAG', 'DIGEST', 'IMAGE ID', 'SIZE'] : ['IMAGE', 'TAG', 'IMAGE ID', 'SIZE']];
  for (const img of list) {
    const id = o.noTrunc ? img.id : truncatedId(img.id, 'sha256:');
    const digest = o.noTrunc ? digestOfImage(img) : truncatedId(digestOfImage(img), 'sha256:');
    const size = humanSize(Number(img.size));
    for (const t of img.repoTags) {
      const [repo, tag] = repoTag(t);
      rows.push(o.digests ? [repo, tag, digest, id, size] : [repo, tag, id, size]);
    }
  }
  return { stdout: table(rows) };
}

/** Removes images by reference through ImageStatus + RemoveImage, printing `Deleted: <tag>` for each tag. */
function removeImages(node: CriNode, refs: readonly string[]): CriResult {
  let out = '';
  for (const ref of refs) {
    const status = node.cri.imageStatus(ref, false);
    if (!status.ok) return { stdout: out, fatal: `image status request for "${ref}" failed: ${status.error}` };
    const img = status.value.image;
    if (!img) return { stdout: out, fatal: `no such image ${ref}` };
    const removed = node.cri.removeImage(ref);
    if (!removed.ok) return { stdout: out, fatal: `error of removing image "${ref}": ${removed.error}` };
    for (const t of img.repoTags) out += `Deleted: ${t}\n`;
  }
  return { stdout: out };
}

/** `crictl rmi --all`: every image the runtime lists. */
export function runRmiAll(node: CriNode): CriResult {
  const r = node.cri.listImages();
  if (!r.ok) return { stdout: '', fatal: r.error };
  return removeImages(node, sortedImages(r.value).map((img) => img.id));
}

/** `crictl rmi --prune`: removes the unpinned images no container uses and prints `Deleted: <tag>` for each. */
export function runRmiPrune(node: CriNode): CriResult & { info?: string } {
  const images = node.cri.listImages();
  if (!images.ok) return { stdout: '', fatal: images.error };
  const containers = node.cri.listContainers(undefined);
  if (!containers.ok) return { stdout: '', fatal: containers.error };
  const used = new Set(containers.value.map((c) => c.image.image));
  const victims = sortedImages(images.value).filter((img) => !used.has(img.id) && !img.pinned);
  if (victims.length === 0) return { stdout: '', info: 'No images to remove' };
  return removeImages(node, victims.map((img) => img.id));
}

/** `crictl rmi ID...`: removes the named images (by tag, ID or ID prefix). */
export function runRmi(node: CriNode, refs: readonly string[]): CriResult {
  return removeImages(node, refs);
}
