/**
 * The `cp -f SRC DST` kube-flannel's init containers run (install-cni-plugin:
 * `/flannel` to `/opt/cni/bin/flannel`; install-cni: the ConfigMap's
 * cni-conf.json to `/etc/cni/net.d/10-flannel.conflist`). The source is a
 * file of the image or of a ConfigMap volume; the destination reaches the
 * node through a hostPath volume, so a new flannel pod puts back a plugin
 * binary or network configuration that went missing. Errors are busybox
 * cp's (the images are Alpine-based).
 */
import type { ContainerProcess } from '../runtime/process.js';
import type { LaunchContext } from '../system-programs.js';
import { readMountedFile } from '../dns/mounted-file.js';
import { nodeIdentityClient } from '../client/pod-identity.js';
import { hostPathMounts, nodePathOf } from '../programs/host-mounts.js';

type Obj = Record<string, any>;

/** A file an image ships. */
export interface ImageFile {
  /** What reading it gives (an ELF binary is its magic only). */
  readonly content: string;
  readonly mode: number;
  /** Its size when it is not its content's length. */
  readonly sizeBytes?: number;
}

/** How long a copy takes. */
const COPY_MS = 20;

/** Runs `cp` with `argv` in the container; it exits 0 once the file is written, 1 with busybox's message otherwise. */
export function runCopy(lc: LaunchContext, argv: readonly string[], imageFiles: Readonly<Record<string, ImageFile>>): ContainerProcess {
  const operands = argv.slice(1).filter((a) => !a.startsWith('-'));
  const outcome = operands.length === 2 ? copy(lc, operands[0], operands[1], imageFiles) : `cp: missing destination file operand after '${operands[0] ?? ''}'`;
  const { queue } = lc.ctx;
  const timer = queue.after(COPY_MS, () => {
    if (typeof outcome === 'string') lc.node.runtime.appendLog(lc.container, queue.now(), [outcome]);
    else outcome();
    lc.node.runtime.processExited(lc.container, typeof outcome === 'string' ? 1 : 0);
  });
  return { exitsByItself: true, stop: () => queue.cancel(timer) };
}

/** The write to do, or busybox cp's error. */
function copy(lc: LaunchContext, src: string, dst: string, imageFiles: Readonly<Record<string, ImageFile>>): (() => void) | string {
  const { sandbox, container, node } = lc;
  const client = nodeIdentityClient(lc.ctx, node.name);
  let file: ImageFile | undefined = Object.hasOwn(imageFiles, src) ? imageFiles[src] : undefined;
  if (!file) {
    const mounted = readMountedFile({ client, namespace: sandbox.namespace, pod: sandbox.podName, container: container.name }, src);
    if (mounted.ok) file = { content: mounted.text, mode: 0o644 };
  }
  if (!file) return `cp: can't stat '${src}': No such file or directory`;
  const pod = client.get('pods', sandbox.namespace, sandbox.podName);
  const mounts = pod.ok ? hostPathMounts(pod.value as Obj, container.name) : [];
  let target = nodePathOf(dst, mounts);
  const found = file;
  return () => {
    // Into the container's own filesystem only: nothing the node sees.
    if (!target) return;
    if (node.host.fs.exists(target) === 'dir') target = `${target}/${src.slice(src.lastIndexOf('/') + 1)}`;
    node.host.fs.write(target, found.content, { mode: found.mode, ...(found.sizeBytes !== undefined ? { sizeBytes: found.sizeBytes } : {}) });
  };
}
