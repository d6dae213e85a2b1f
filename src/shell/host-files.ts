/**
 * ShellFiles backed by the simulated machines: on a node, redirections and
 * file-reading commands use that node's virtual filesystem (so `cat
 * /var/lib/kubelet/config.yaml` reads what the kubelet reads); the learner's
 * workstation has a filesystem of its own.
 */
import type { Cluster } from '../cluster/cluster.js';
import { VirtualFs } from '../cluster/host/vfs.js';
import type { ShellFiles } from './files.js';

/** Files of every host of a cluster, plus the workstation's. */
export function hostFiles(cluster: Cluster): ShellFiles {
  const workstation = new VirtualFs(() => cluster.now());
  const fsOf = (host: string): VirtualFs => cluster.nodes.get(host)?.host.fs ?? workstation;
  return {
    read(host, path) {
      if (path === '/dev/null') return '';
      return fsOf(host).read(path);
    },
    list(host, path) {
      return fsOf(host).list(path)?.map((e) => e.name);
    },
    write(host, path, text, append) {
      if (path === '/dev/null') return true;
      const fs = fsOf(host);
      if (path.endsWith('/') || fs.exists(path) === 'dir') return false;
      if (append) fs.append(path, text);
      else fs.write(path, text);
      return true;
    },
  };
}
