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
import type { CriImage } from '../../cluster/runtime/cri-client.js';
import { statusData, type CriNode, type CriResult } from './containers.js';
import { goIndentedJson, humanSize } from './format.js';

/** Options of `crictl inspecti`. */
export interface InspectiOptions {
  readonly quiet: boolean;
  readonly output?: string;
}

/** The CRI Image message as protojson gives it (EmitDefaultValues: the uint64 size as a string, unset messages as null). */
function imageJson(img: CriImage): Record<string, unknown> {
  return { id: img.id, pinned: img.pinned, repoDigests: img.repoDigests, repoTags: img.repoTags, size: String(img.size), spec: null, uid: null, username: img.username };
}

/** `crictl inspecti`. */
export function runInspecti(node: CriNode, refs: readonly string[], o: InspectiOptions): CriResult {
  const output = o.output ?? 'json';
  if (output !== 'json' && output !== 'table') return { stdout: '', fatal: `kubedrill: crictl inspecti -o ${output} is not simulated` };
  const ids = [...refs];
  if (ids.length === 0) {
    const listed = node.cri.listImages();
    if (!listed.ok) return { stdout: '', fatal: `listing images: ${listed.error}` };
    ids.push(...listed.value.map((img) => img.id));
  }
  if (ids.length === 0) return { stdout: '', fatal: 'No IDs provided or nothing found per filter' };
  const found: { image: CriImage; info: Readonly<Record<string, string>> }[] = [];
  for (const id of ids) {
    const r = node.cri.imageStatus(id, !o.quiet);
    if (!r.ok) return { stdout: '', fatal: `image status for "${id}" request: ${r.error}` };
    if (!r.value.image) return { stdout: '', fatal: `no such image "${id}" present` };
    found.push({ image: r.value.image, info: r.value.info });
  }
  if (output === 'table') {
    let stdout = '';
    for (const { image, info } of found) {
      stdout += `ID: ${image.id}\n${image.repoTags.map((t) => `Tag: ${t}\n`).join('')}${image.repoDigests.map((d) => `Digest: ${d}\n`).join('')}Size: ${humanSize(Number(image.size))}\n`;
      // Go prints the info map with %v: map[key:value], its JSON text as containerd sent it.
      if (info.info !== undefined) stdout += `Info: map[info:${info.info}]\n`;
    }
    return { stdout };
  }
  const result = found.map(({ image, info }) => statusData(imageJson(image), info));
  return { stdout: goIndentedJson(result.length === 1 ? result[0] : result) };
}
