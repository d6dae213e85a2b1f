/**
 * `scp [-r] src... dst` between the workstation and the nodes (OpenSSH scp.c
 * in its default SFTP mode): `host:path` and `user@host:path` name remote
 * files (relative to that user's home), anything else is local. No progress
 * meter: the simulated terminal is not a tty to scp.
 */
import type { Builtin, BuiltinScope } from './builtins.js';
import type { StageResult } from './pipeline.js';
import { resolvePath } from './files.js';

/** scp.c usage() of OpenSSH 9.6. */
const USAGE =
  'usage: scp [-346ABCOpqRrsTv] [-c cipher] [-D sftp_server_path] [-F ssh_config]\n' +
  '           [-i identity_file] [-J destination] [-l limit] [-o ssh_option]\n' +
  '           [-P port] [-S program] [-X sftp_option] source ... target\n';

/** Options that take an argument (scp.c getopt string). */
const ARG_OPTIONS = new Set('cDFiJloPSX'.split(''));

/** One side of a copy: a host and an absolute path on it. */
interface Place {
  readonly host: string;
  /** Exactly as typed, for messages. */
  readonly typed: string;
  readonly path: string;
  readonly remote: boolean;
}

/** Runs scp; returns the status (0, or 1 when any file failed, 255 when a host is unknown). */
export const scp: Builtin = (args, _stdin, scope) => {
  let recursive = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    // OpenSSH's own getopt (BSDgetopt, as glibc has no optreset) stops at the first operand: `scp a b -r` copies a and b to "-r".
    if (!a.startsWith('-') || a === '-') {
      operands.push(...args.slice(i));
      break;
    }
    for (let k = 1; k < a.length; k++) {
      const letter = a[k];
      if (ARG_OPTIONS.has(letter)) {
        // The rest of the word, or the next word, is the option's argument.
        if (k === a.length - 1) i++;
        break;
      }
      if (letter === 'r') recursive = true;
      else if (!'346ABCOpqRsTv'.includes(letter)) return result('', `scp: unknown option -- ${letter}\n${USAGE}`, 1);
    }
  }
  if (operands.length < 2) return result('', USAGE, 1);

  const places: Place[] = [];
  for (const operand of operands) {
    const place = parsePlace(operand, scope);
    if ('error' in place) return result('', place.error, 255);
    places.push(place);
  }
  const target = places.pop()!;
  let stderr = '';
  let failed = false;
  const targetIsDir = isDirTarget(scope, target);
  if (places.length > 1 && !targetIsDir) {
    return result('', `scp: ${target.typed}: Not a directory\n`, 1);
  }
  for (const source of places) {
    const dest = targetIsDir ? { ...target, path: join(target.path, basename(source.path)) } : target;
    const problem = copy(scope, source, dest, recursive);
    if (problem) {
      stderr += problem;
      failed = true;
    }
  }
  return result('', stderr, failed ? 1 : 0);
};

function result(stdout: string, stderr: string, exitCode: number): StageResult {
  return { stdout, stderr, exitCode };
}

/** `[user@]host:path` or a local path (a colon after a slash is part of a local name, as in scp.c colon()). */
function parsePlace(operand: string, scope: BuiltinScope): Place | { error: string } {
  const colon = operand.indexOf(':');
  const slash = operand.indexOf('/');
  if (colon <= 0 || (slash >= 0 && slash < colon)) {
    return { host: scope.host, typed: operand, path: resolvePath(operand, scope.env.HOME ?? '/'), remote: false };
  }
  let host = operand.slice(0, colon);
  let user = 'root';
  const at = host.lastIndexOf('@');
  if (at >= 0) {
    user = host.slice(0, at);
    host = host.slice(at + 1);
  }
  if (!scope.cluster.nodeNames().includes(host)) {
    return { error: `ssh: Could not resolve hostname ${host}: Name or service not known\nscp: Connection closed\n` };
  }
  const home = user === 'root' ? '/root' : `/home/${user}`;
  const rest = operand.slice(colon + 1);
  return { host, typed: rest === '' ? home : rest, path: resolvePath(rest === '' ? '.' : rest, home), remote: true };
}

function isDir(scope: BuiltinScope, place: Place): boolean {
  return scope.files.list?.(place.host, place.path) !== undefined;
}

/** A target that names a folder: an existing one, a home (empty homes have no files to imply them), or `dir/`. */
function isDirTarget(scope: BuiltinScope, place: Place): boolean {
  if (isDir(scope, place) || place.typed.endsWith('/') || place.typed === '.' || place.typed === '..') return true;
  return scope.files.read(place.host, place.path) === undefined && (place.path === '/root' || /^\/home\/[^/]+$/.test(place.path));
}

function join(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Copies one file or tree; the message to print when it failed. Folders are implied by their files (the VFS creates parents). */
function copy(scope: BuiltinScope, source: Place, dest: Place, recursive: boolean): string | undefined {
  const { files } = scope;
  if (isDir(scope, source)) {
    if (!recursive) return `scp: ${source.typed}: not a regular file\n`;
    if (files.read(dest.host, dest.path) !== undefined) return `scp: ${dest.typed}: Not a directory\n`;
    let problems = '';
    for (const name of files.list?.(source.host, source.path) ?? []) {
      const from = { ...source, typed: join(source.typed, name), path: join(source.path, name) };
      const to = { ...dest, typed: join(dest.typed, name), path: join(dest.path, name) };
      problems += copy(scope, from, to, true) ?? '';
    }
    return problems || undefined;
  }
  const text = files.read(source.host, source.path);
  if (text === undefined) return `scp: ${source.typed}: No such file or directory\n`;
  if (!scope.copyFile(source, dest, text)) return `scp: ${dest.typed}: Is a directory\n`;
  return undefined;
}
