/**
 * `crictl inspecti [IMAGE...]` (cri-tools v1.32 cmd/crictl/image.go
 * imageStatusCommand): the CRI ImageStatus of each image, as protojson
 * renders the Image message (EmitDefaultValues: the uint64 size as a string,
 * unset messages as null) beside containerd 1.7's verbose `info`
 * ({chainID, imageSpec}), re-marshalled with sorted keys and indented
 * (util.go outputStatusData); one image is printed bare, several as an
 * array. `-q` drops the verbose info; `-o table` prints ID/Tag/Digest/Size
 * lines. With no image named it inspects every image, as crictl lists them.
 */
import type { RuntimeImage } from '../../cluster/runtime/runtime.js';
import { digestOf, type CriNode, type CriResult } from './containers.js';
import { goIndentedJson, humanSize } from './format.js';

/** Options of `crictl inspecti`. */
export interface InspectiOptions {
  readonly quiet: boolean;
  readonly output?: string;
}

/** containerd keeps the sandbox image pinned (pkg/cri/server: the pause image is never garbage-collected). */
const PINNED = new Set(['registry.k8s.io/pause:3.10']);

/** The PATH every Debian-based and busybox image's config sets. */
const IMAGE_PATH = 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The image a reference names, as containerd's localResolve finds it: a name (normalized, `:latest` implied), an ID or an ID prefix. */
function resolveImage(node: CriNode, ref: string): RuntimeImage | undefined {
  const byName = node.runtime.findImage(ref);
  if (byName) return byName;
  const id = ref.startsWith('sha256:') ? ref : `sha256:${ref}`;
  const matches = [...node.runtime.images.values()].filter((img) => img.id.startsWith(id));
  return matches.length === 1 ? matches[0] : undefined;
}

/** The CRI Image message of `img` as protojson gives it (before crictl re-marshals it). */
function imageStatus(img: RuntimeImage): Record<string, unknown> {
  const digest = `sha256:${digestOf(img.id)}`;
  const repositories = [...new Set(img.tags.map((t) => t.slice(0, t.lastIndexOf(':'))))];
  return {
    id: img.id,
    pinned: img.tags.some((t) => PINNED.has(t)),
    repoDigests: repositories.map((r) => `${r}@${digest}`),
    repoTags: img.tags,
    size: String(img.sizeBytes),
    spec: null,
    uid: null,
    username: '',
  };
}

/**
 * containerd's verbose image info: the chain ID and the OCI image config, from what the image catalog says
 * it runs; fields in the Go structs' order (verboseImageInfo, image-spec v1 Image/ImageConfig/RootFS), which
 * `-o table` prints as they are (the JSON output sorts them).
 */
function imageInfo(img: RuntimeImage): Record<string, unknown> {
  const hex = img.id.slice('sha256:'.length);
  const diffId = `sha256:${hex.slice(32)}${hex.slice(0, 32)}`;
  const b = img.behaviour;
  const config: Record<string, unknown> = {};
  if (b.listens?.length) config.ExposedPorts = Object.fromEntries(b.listens.map((p) => [`${p}/tcp`, {}]));
  config.Env = [IMAGE_PATH];
  // The catalog's `entrypoint` is ENTRYPOINT + CMD; `cmd` is its CMD tail (absent: all of it is the ENTRYPOINT).
  const argv = b.entrypoint ?? [];
  const cmd = b.cmd ?? [];
  const entrypoint = argv.slice(0, argv.length - cmd.length);
  if (entrypoint.length) config.Entrypoint = entrypoint;
  if (cmd.length) config.Cmd = cmd;
  return {
    chainID: diffId,
    imageSpec: { architecture: 'amd64', os: 'linux', config, rootfs: { type: 'layers', diff_ids: [diffId] } },
  };
}

/** `crictl inspecti`. */
export function runInspecti(node: CriNode, refs: readonly string[], o: InspectiOptions): CriResult {
  const output = o.output ?? 'json';
  if (output !== 'json' && output !== 'table') return { stdout: '', fatal: `kubedrill: crictl inspecti -o ${output} is not simulated` };
  const images: RuntimeImage[] = [];
  if (refs.length === 0) images.push(...node.runtime.images.values());
  for (const ref of refs) {
    const img = resolveImage(node, ref);
    if (!img) return { stdout: '', fatal: `no such image "${ref}" present` };
    images.push(img);
  }
  if (images.length === 0) return { stdout: '', fatal: 'No IDs provided or nothing found per filter' };
  if (output === 'table') {
    let stdout = '';
    for (const img of images) {
      const status = imageStatus(img);
      stdout += `ID: ${img.id}\n${img.tags.map((t) => `Tag: ${t}\n`).join('')}${(status.repoDigests as string[]).map((d) => `Digest: ${d}\n`).join('')}Size: ${humanSize(img.sizeBytes)}\n`;
      if (!o.quiet) stdout += `Info: map[info:${JSON.stringify(imageInfo(img))}]\n`;
    }
    return { stdout };
  }
  const result = images.map((img) => ({ status: imageStatus(img), ...(o.quiet ? {} : { info: imageInfo(img) }) }));
  return { stdout: goIndentedJson(result.length === 1 ? result[0] : result) };
}
