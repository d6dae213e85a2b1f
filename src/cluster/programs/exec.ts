/**
 * A command run inside a running container (CRI ExecSync, what `kubectl
 * exec` reaches through the API server and the kubelet): runc refuses an
 * executable the image lacks; a client program runs in the pod's network
 * namespace; a few file reads and shell builtins answer from the pod's
 * state. A shell given no script reads an empty stdin and exits.
 */
import type { RuntimeContainer, Sandbox } from '../runtime/runtime.js';
import type { Network, NetSource } from '../network/network.js';
import { containerProgram } from './index.js';
import { imageHas } from './in-container.js';
import { ProgramOutput } from './output.js';
import { isShell, shellStatements } from './shell-words.js';
import type { ProgramRun } from './types.js';
import { nodePathOf, type HostPathMount } from './host-mounts.js';
import { normalizePath } from '../host/vfs.js';

/** Where an exec runs. */
export interface ExecTarget {
  network: Network;
  node: string;
  sandbox: Sandbox;
  container: RuntimeContainer;
  /** The pod's /etc/resolv.conf (undefined: none). */
  resolvConf(): string | undefined;
  now: number;
  /** `kubectl exec -t`. */
  tty: boolean;
  /** The working directory relative paths are taken in (absent: `/`). */
  cwd?: string;
  /** The container's hostPath mounts and the node's files they show (absent: none). */
  host?: { readonly mounts: readonly HostPathMount[]; read(path: string): string | undefined; exists(path: string): 'file' | 'dir' | undefined };
}

/** The outcome of an exec: what ran, or runc's refusal (the error text the kubelet passes on). */
export type ExecOutcome = { ok: true; run: ProgramRun } | { ok: false; error: string };

/** Runs `argv` in the container. */
export function execInContainer(argv: readonly string[], target: ExecTarget, execId: string): ExecOutcome {
  const exe = argv[0] ?? '';
  if (!imageHas(target.container, exe)) {
    const why = exe.includes('/') ? `exec: "${exe}": stat ${exe}: no such file or directory` : `exec: "${exe}": executable file not found in $PATH`;
    return { ok: false, error: `failed to exec in container: failed to start exec "${execId}": OCI runtime exec failed: exec failed: unable to start container process: ${why}: unknown` };
  }
  return { ok: true, run: runCommand(argv, target, 0) };
}

function runCommand(argv: readonly string[], target: ExecTarget, depth: number): ProgramRun {
  const out = new ProgramOutput();
  const name = (argv[0] ?? '').slice((argv[0] ?? '').lastIndexOf('/') + 1);
  const program = containerProgram(name);
  if (program) {
    const from: NetSource = target.sandbox.hostNetwork ? { kind: 'host', node: target.node } : { kind: 'pod', node: target.node, sandboxId: target.sandbox.id };
    const host = target.host;
    // Files it opens: the node's, where a hostPath volume shows them (the etcd pod's certificates).
    const readFile = (path: string) => {
      const onNode = host && nodePathOf(normalizePath(path, target.cwd), host.mounts);
      return onNode !== undefined && host ? host.read(onNode) : undefined;
    };
    const env = Object.fromEntries(processEnvironment(target.container, target.sandbox.hostNetwork ? target.node : target.sandbox.podName, target.tty));
    return program(argv, { network: target.network, from, resolvConf: target.resolvConf, now: target.now, tty: target.tty, image: target.container.image, containerId: target.container.id, readFile, env });
  }
  if (isShell(name)) {
    const c = argv.indexOf('-c');
    if (c < 0 || depth > 2) return out.done(0, 0);
    const statements = shellStatements(argv[c + 1] ?? '');
    if (!statements) return out.err(`${name}: syntax error: unterminated quoted string\n`).done(2, 0);
    if (statements.length > 1) return out.err(`kubedrill: scripts of several commands are not simulated inside containers\n`).done(126, 0);
    const words = statements[0] ?? [];
    if (words.length === 0) return out.done(0, 0);
    if (!imageHas(target.container, words[0]) && !BUILTINS.has(words[0])) return out.err(`${name}: ${words[0]}: not found\n`).done(127, 0);
    return runCommand(words, target, depth + 1);
  }
  switch (name) {
    case 'cat': {
      let code = 0;
      for (const given of argv.slice(1)) {
        // Read from the working directory; messages name the path as given.
        const path = normalizePath(given, target.cwd);
        const onNode = target.host && nodePathOf(path, target.host.mounts);
        const text = onNode !== undefined ? target.host!.read(onNode) : readFile(path, target);
        if (onNode !== undefined && target.host!.exists(onNode) === 'dir') {
          out.err('cat: read error: Is a directory\n');
          code = 1;
        } else if (text === undefined) {
          out.err(`cat: can't open '${given}': No such file or directory\n`);
          code = 1;
        } else out.out(text);
      }
      return out.done(code, 0);
    }
    case 'env':
    case 'printenv': {
      const vars = processEnvironment(target.container, target.sandbox.hostNetwork ? target.node : target.sandbox.podName, target.tty);
      const names = argv.slice(1).filter((a) => !a.startsWith('-'));
      if (name === 'printenv' && names.length) {
        const found = names.map((n) => vars.get(n)).filter((v) => v !== undefined);
        return out.out(found.map((v) => `${v}\n`).join('')).done(found.length === names.length ? 0 : 1, 0);
      }
      return out.out([...vars].map(([k, v]) => `${k}=${v}\n`).join('')).done(0, 0);
    }
    case 'hostname':
      return out.out(`${target.sandbox.hostNetwork ? target.node : target.sandbox.podName}\n`).done(0, 0);
    case 'echo':
      return out.out(`${argv.slice(1).join(' ')}\n`).done(0, 0);
    case 'true':
      return out.done(0, 0);
    case 'false':
      return out.done(1, 0);
    case 'sleep':
      return out.done(0, Math.max(0, Number(argv[1]) || 0) * 1000);
    default:
      return out.err(`kubedrill: ${name} is not simulated inside containers\n`).done(126, 0);
  }
}

const BUILTINS = new Set(['echo', 'true', 'false']);

/**
 * A process's environment in the container, in the order `env` prints it:
 * the image's PATH and the runtime's HOSTNAME, the kubelet's variables (a
 * declared one replaces the image's), TERM for an exec with a terminal, and
 * HOME, which runc adds when nobody set it.
 */
export function processEnvironment(container: RuntimeContainer, hostname: string, tty: boolean): Map<string, string> {
  const vars = new Map<string, string>([
    ['PATH', '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'],
    ['HOSTNAME', hostname],
  ]);
  for (const [k, v] of container.env ?? []) vars.set(k, v);
  if (tty) vars.set('TERM', 'xterm');
  if (!vars.has('HOME')) vars.set('HOME', '/root');
  return vars;
}

/** The files a container's own filesystem answers for. */
function readFile(path: string, target: ExecTarget): string | undefined {
  if (path === '/etc/resolv.conf') return target.resolvConf();
  if (path === '/etc/hostname') return `${target.sandbox.hostNetwork ? target.node : target.sandbox.podName}\n`;
  if (path === '/etc/hosts' && !target.sandbox.hostNetwork) {
    // The kubelet-managed hosts file (pkg/kubelet/kubelet_pods.go managedHostsFileContent).
    return `# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n${target.sandbox.ip}\t${target.sandbox.podName}\n`;
  }
  return undefined;
}
