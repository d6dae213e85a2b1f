/**
 * Files that redirections write and commands read, per host. Until the
 * per-host virtual filesystem exists this is an in-memory map: `kubectl get
 * pods -o yaml > pods.yaml` followed by `grep image pods.yaml` works within a
 * session, and nothing touches the real disk.
 */

export { resolvePath } from '../commands/host/lib/resolve-path.js';

/** Per-host file storage the shell reads and writes through. */
export interface ShellFiles {
  /** Contents of an absolute path on `host`, or undefined when absent. */
  read(host: string, path: string): string | undefined;
  /** Writes or appends to an absolute path on `host`; false when it cannot be written. */
  write(host: string, path: string, text: string, append: boolean): boolean;
  /** Names in a directory of `host` (for pathname expansion); undefined when it is not a directory. */
  list?(host: string, path: string): string[] | undefined;
}

/** Special files every host has. */
const DEV_NULL = '/dev/null';

/** An in-memory ShellFiles (optionally seeded with `{host: {path: text}}`). */
export function createMemoryFiles(seed: Readonly<Record<string, Readonly<Record<string, string>>>> = {}): ShellFiles {
  const hosts = new Map<string, Map<string, string>>();
  for (const [host, files] of Object.entries(seed)) hosts.set(host, new Map(Object.entries(files)));
  const filesOf = (host: string): Map<string, string> => {
    let files = hosts.get(host);
    if (!files) {
      files = new Map();
      hosts.set(host, files);
    }
    return files;
  };
  return {
    read(host, path) {
      if (path === DEV_NULL) return '';
      return hosts.get(host)?.get(path);
    },
    write(host, path, text, append) {
      if (path === DEV_NULL) return true;
      if (path.endsWith('/')) return false;
      const files = filesOf(host);
      files.set(path, append ? (files.get(path) ?? '') + text : text);
      return true;
    },
  };
}

