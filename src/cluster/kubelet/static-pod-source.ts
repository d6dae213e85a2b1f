/**
 * The kubelet's file source (pkg/kubelet/config/file.go, common.go): the
 * static pods of `staticPodPath` (kubeadm: /etc/kubernetes/manifests). Every
 * regular file whose name does not start with a dot is one pod manifest; a
 * file that does not parse is logged and skipped. Each pod gets the defaults
 * upstream's applyDefaults gives it: its name suffixed with the node name, a
 * UID hashed from the manifest, the node and the file (also its
 * `kubernetes.io/config.hash`), `spec.nodeName`, and the config annotations.
 */
import yaml from 'js-yaml';
import { createHash } from 'node:crypto';
import type { VirtualFs } from '../host/vfs.js';
import type { KubeObject } from '../apiserver/types.js';
import { yamlSyntaxError } from './kubelet-config.js';

type Obj = Record<string, any>;

/** kubelet fileCheckFrequency: the directory is listed again this often. */
export const FILE_CHECK_FREQUENCY_MS = 20_000;

/** The kubelet's defaults for staticPodPath (kubeadm sets /etc/kubernetes/manifests). */
export const STATIC_POD_PATH = '/etc/kubernetes/manifests';

/** One static pod as the file source gives it. */
export interface StaticPod {
  /** The manifest's path. */
  readonly path: string;
  /** The pod with the file source's defaults (UID = config hash). */
  readonly pod: KubeObject;
  /** `kubernetes.io/config.hash` (= the pod's UID). */
  readonly hash: string;
}

/** What one read of the directory found: the pods, and the klog lines of the files it could not use. */
export interface ManifestRead {
  pods: StaticPod[];
  errors: { source: string; message: string }[];
}

/**
 * Reads the manifests of `dir` on `fs` (file.go extractFromDir, in name
 * order); `seenAt` is the `kubernetes.io/config.seen` of pods first seen now.
 */
export function readStaticPods(fs: VirtualFs, dir: string, nodeName: string, seenAt: string): ManifestRead {
  const out: ManifestRead = { pods: [], errors: [] };
  const entries = fs.list(dir);
  if (!entries) return out;
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.kind === 'dir') {
      out.errors.push({ source: 'file.go:171', message: `"Provided manifest path is a directory, not recursing into manifest path" path=${JSON.stringify(entry.path)}` });
      continue;
    }
    const parsed = parseManifest(fs.read(entry.path) ?? '', entry.path);
    if (typeof parsed === 'string') {
      // file.go: klog.ErrorS(err, "Could not process manifest file", "path", path); err names the file first.
      out.errors.push({ source: 'file.go:187', message: `"Could not process manifest file" err=${JSON.stringify(`${entry.path}: ${parsed}`)} path=${JSON.stringify(entry.path)}` });
      continue;
    }
    out.pods.push(withDefaults(parsed, entry.path, nodeName, seenAt));
  }
  return out;
}

/** common.go tryDecodeSinglePod: the manifest as a Pod, or why not (the text inside `couldn't parse as pod(...)`). */
function parseManifest(text: string, path: string): Obj | string {
  const bad = (why: string) => `couldn't parse as pod(${why}), please check config file`;
  const syntax = yamlSyntaxError(text);
  if (syntax) return bad(syntax);
  const doc = yaml.load(text, { json: true }) as unknown;
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return bad(`Object 'Kind' is missing in '${text.trim()}'`);
  const obj = doc as Obj;
  if (typeof obj.kind !== 'string' || obj.kind === '') return bad(`Object 'Kind' is missing in '${JSON.stringify(obj)}'`);
  const version = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  if (version !== 'v1') return bad(`no kind "${obj.kind}" is registered for version "${version}" in scheme "pkg/api/legacyscheme/scheme.go:30"`);
  if (obj.kind !== 'Pod') return `invalid pod: ${path}: ${obj.kind} is not a Pod`;
  if (!obj.metadata?.name) return `invalid pod: [metadata.name: Required value: name or generateName is required]`;
  if (!Array.isArray(obj.spec?.containers) || obj.spec.containers.length === 0) return `invalid pod: [spec.containers: Required value]`;
  return obj;
}

/** common.go applyDefaults. The hash is MD5 over the manifest, host and file, as upstream's (its input encoding differs). */
function withDefaults(manifest: Obj, path: string, nodeName: string, seenAt: string): StaticPod {
  const hash = createHash('md5').update(JSON.stringify(manifest)).update(`host:${nodeName}`).update(`file:${path}`).digest('hex');
  const pod = structuredClone(manifest) as Obj;
  pod.metadata.name = `${pod.metadata.name}-${nodeName.toLowerCase()}`;
  pod.metadata.namespace = pod.metadata.namespace || 'default';
  pod.metadata.uid = hash;
  pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), 'kubernetes.io/config.hash': hash, 'kubernetes.io/config.seen': seenAt, 'kubernetes.io/config.source': 'file' };
  pod.spec.nodeName = nodeName;
  return { path, pod: pod as KubeObject, hash };
}
