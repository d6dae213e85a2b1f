/** Path resolution as the shell does it: a relative path starts at the given directory (the home, or a shell's cwd). */
import { normalizePath } from '../../../cluster/host/vfs.js';

/** `path` made absolute against `home` and normalized (`.`, `..` and repeated slashes resolved). */
export function resolvePath(path: string, home: string): string {
  return normalizePath(path, home);
}
