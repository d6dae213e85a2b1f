/**
 * The files a container's own script creates and removes, and when: the
 * Kubernetes docs' liveness example runs
 *
 *   touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600
 *
 * and probes it with `cat /tmp/healthy`. Reading the script's `touch`,
 * `rm` and `sleep` statements (and `echo ... > file`) gives each such file
 * its lifetime from the container's start, which is what an exec probe that
 * looks at the file meets. Scripts with loops or conditions are not read.
 */
import { shellScript, shellStatements } from './shell-words.js';

/** Each file the script touches: the periods (ms from start, end exclusive) it exists. */
export type ScriptFiles = ReadonlyMap<string, readonly { from: number; until: number }[]>;

const CONTROL = new Set(['while', 'until', 'for', 'if', 'then', 'do', 'done', 'fi', 'case', 'esac']);

/** The file lifetimes of `<shell> -c '<script>'`, or undefined when the command is not such a script. */
export function scriptFiles(argv: readonly string[] | undefined): ScriptFiles | undefined {
  const script = shellScript(argv);
  if (script === undefined) return undefined;
  const statements = shellStatements(script);
  if (!statements) return undefined;
  const files = new Map<string, { from: number; until: number }[]>();
  const create = (path: string, at: number) => {
    const periods = files.get(path) ?? [];
    const open = periods.at(-1);
    if (!open || open.until !== Infinity) periods.push({ from: at, until: Infinity });
    files.set(path, periods);
  };
  let t = 0;
  for (const words of statements) {
    if (CONTROL.has(words[0]) || words.some((w) => /[|&`]|\$\(/.test(w))) return undefined;
    const redirect = words.findIndex((w) => w === '>' || w === '>>');
    if (redirect >= 0 && words[redirect + 1]) create(words[redirect + 1], t);
    switch (words[0]) {
      case 'touch':
        for (const path of words.slice(1)) if (!path.startsWith('-')) create(path, t);
        break;
      case 'rm':
        for (const path of words.slice(1)) {
          const open = files.get(path)?.at(-1);
          if (!path.startsWith('-') && open && open.until === Infinity) open.until = t;
        }
        break;
      case 'sleep':
        t += words[1] === 'infinity' ? Infinity : Number(words[1]) * 1000 || 0;
        break;
      case 'exit':
        return files;
    }
  }
  return files;
}

/** Does `path` exist `sinceStart` ms after the container started, by its script (undefined: the script never touches it)? */
export function fileExists(files: ScriptFiles, path: string, sinceStart: number): boolean | undefined {
  const periods = files.get(path);
  if (!periods) return undefined;
  return periods.some((p) => p.from <= sinceStart && sinceStart < p.until);
}
