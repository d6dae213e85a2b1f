/** Path resolution as the shell does it: there is no `cd`, so a relative path starts at the home directory. */

/** `path` made absolute against `home` and normalized (`.`, `..` and repeated slashes resolved). */
export function resolvePath(path: string, home: string): string {
  const absolute = path.startsWith('/') ? path : `${home}/${path}`;
  const out: string[] = [];
  for (const seg of absolute.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}
