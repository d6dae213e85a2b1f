/**
 * The shell a learner gets with `kubectl exec -it POD -- sh` (or `kubectl run
 * -it … -- sh`): each command typed runs in the container through the API
 * server and the kubelet, as `kubectl exec` runs one, and the container's own
 * shell speaks: busybox ash on busybox and Alpine images (`/ # `, `sh: ping:
 * not found`), dash as Debian's sh (`# `, `sh: 1: ping: not found`), bash
 * with Debian's bashrc (`root@web-7d4b9:/# `, `bash: ping: command not
 * found`, `exit` on leaving), zsh (`web-7d4b9# `, `zsh: command not found:
 * ping`). Texts: busybox shell/ash.c (PS1 `\w \$ `, "%s: not found"),
 * dash src/exec.c ("%s: not found" after "<arg0>: <line>: "), bash
 * execute_cmd.c ("%s: command not found") and builtins/exit.def, zsh
 * Src/exec.c ("command not found: %s"), Debian's /etc/bash.bashrc PS1
 * (`\u@\h:\w\$ `).
 */
import type { Pod } from 'kubernetes-types/core/v1.js';
import type { ContainerRun, ContainerShell, ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import type { RuntimeContainer } from '../../cluster/runtime/runtime.js';
import { imageHas } from '../../cluster/programs/in-container.js';
import { processEnvironment } from '../../cluster/programs/exec.js';
import { hostPathMounts, nodePathOf } from '../../cluster/programs/host-mounts.js';

/** Directories every image's filesystem has (FHS), beside the container's volume mounts. */
const STANDARD_DIRS = ['/', '/bin', '/dev', '/etc', '/home', '/lib', '/mnt', '/opt', '/proc', '/root', '/run', '/sbin', '/srv', '/sys', '/tmp', '/usr', '/usr/bin', '/usr/lib', '/usr/local', '/usr/local/bin', '/usr/sbin', '/usr/share', '/var', '/var/log', '/var/run', '/var/tmp'];

type Dialect = 'ash' | 'dash' | 'bash' | 'zsh';

/** What the shell session needs to run commands in a pod's container. */
export interface ContainerTarget {
  pod: Pod;
  container: string;
  /** The shell as the learner named it (`sh`, `/bin/bash`). */
  argv0: string;
  /** Runs a command in the container (kubectl exec's path); undefined when the container is gone. */
  run(argv: readonly string[], cwd: string): ContainerRun;
  /** What kubectl prints once the shell exited with `status`. */
  ended(status: number): ExecResult;
}

/** The running runtime container behind a pod's container, as its node's runtime holds it. */
export function runtimeContainer(inv: Invocation, pod: Pod, name: string): RuntimeContainer | undefined {
  const runtime = inv.ctx.cluster.node?.(pod.spec?.nodeName ?? '')?.runtime;
  if (!runtime) return undefined;
  // A mirror pod's containers are its static pod's (UID = the config hash in its annotation).
  const uid = pod.metadata?.annotations?.['kubernetes.io/config.mirror'] ?? pod.metadata?.uid;
  for (const c of runtime.containers.values()) if (c.podUid === uid && c.name === name && c.state === 'CONTAINER_RUNNING') return c;
  return undefined;
}

/** The shell of `target`'s container, or undefined when the container is not running on a node the simulation has. */
export function containerShell(inv: Invocation, target: ContainerTarget): ContainerShell | undefined {
  const { pod, argv0 } = target;
  const c = runtimeContainer(inv, pod, target.container);
  if (!c) return undefined;
  const name = argv0.slice(argv0.lastIndexOf('/') + 1);
  const debian = (c.behaviour.userland ?? 'debian') === 'debian';
  const dialect: Dialect = name === 'bash' ? 'bash' : name === 'zsh' ? 'zsh' : name === 'dash' || (debian && name === 'sh') ? 'dash' : 'ash';
  const hostname = pod.spec?.hostNetwork ? (pod.spec.nodeName ?? '') : (pod.spec?.hostname ?? pod.metadata?.name ?? '');
  const spec = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].find((x) => x.name === target.container);
  const env: Record<string, string> = Object.create(null);
  for (const [k, v] of processEnvironment(c, hostname, true)) env[k] = v;
  env.PWD = '/';
  const home = env.HOME;
  const dirs = new Set([...STANDARD_DIRS, ...(spec?.volumeMounts ?? []).map((m) => m.mountPath.replace(/\/+$/, '') || '/')]);
  // Under a hostPath mount (a node debugging pod's /host) the directories are the node's own.
  const mounts = hostPathMounts(pod, target.container);
  const nodeFiles = mounts.length ? inv.ctx.cluster.node?.(pod.spec?.nodeName ?? '')?.host.fs : undefined;
  const isDir = (dir: string): boolean => {
    const onNode = nodeFiles && nodePathOf(dir, mounts);
    return onNode !== undefined ? nodeFiles!.exists(onNode) === 'dir' : dirs.has(dir);
  };
  // The shell's \w: the working directory, home shown as ~.
  const short = (cwd: string): string => (cwd === home ? '~' : cwd.startsWith(`${home}/`) ? `~${cwd.slice(home.length)}` : cwd);
  const err = (text: string, exitCode: number): ExecResult => ({ stdout: '', stderr: text, exitCode });
  return {
    host: `${pod.metadata?.namespace ?? 'default'}/${pod.metadata?.name ?? ''}/${target.container}`,
    env,
    prompt(cwd) {
      switch (dialect) {
        case 'ash':
          return `${short(cwd)} # `;
        case 'dash':
          return '# ';
        case 'bash':
          // Debian's bashrc sets `\u@\h:\w\$ `; elsewhere (Alpine) bash keeps its built-in `\s-\v\$ `.
          return debian ? `root@${hostname}:${short(cwd)}# ` : 'bash-5.2# ';
        case 'zsh':
          return `${hostname}# `;
      }
    },
    has: (binary) => imageHas(c, binary),
    notFound(binary, line) {
      switch (dialect) {
        case 'ash':
          return err(`${argv0}: ${binary}: not found\n`, 127);
        case 'dash':
          return err(`${argv0}: ${line}: ${binary}: not found\n`, 127);
        case 'bash':
          return err(`bash: ${binary}: command not found\n`, 127);
        case 'zsh':
          return err(`zsh: command not found: ${binary}\n`, 127);
      }
    },
    cannotEnter(dir, line) {
      if (isDir(dir)) return undefined;
      switch (dialect) {
        case 'ash':
          return err(`${argv0}: cd: can't cd to ${dir}: No such file or directory\n`, 2);
        case 'dash':
          return err(`${argv0}: ${line}: cd: can't cd to ${dir}\n`, 2);
        case 'bash':
          return err(`bash: cd: ${dir}: No such file or directory\n`, 1);
        case 'zsh':
          return err(`cd: no such file or directory: ${dir}\n`, 1);
      }
    },
    run: (argv, cwd) => target.run(argv, cwd),
    exit(status) {
      const said = target.ended(status);
      // An interactive bash says `exit` as it leaves (builtins/exit.def); the others leave silently.
      if (dialect !== 'bash') return said;
      const chunks = [{ fd: 2 as const, text: 'exit\n' }, ...(said.chunks ?? [{ fd: 2 as const, text: said.stderr }, { fd: 1 as const, text: said.stdout }])].filter((x) => x.text);
      return { stdout: said.stdout, stderr: `exit\n${said.stderr}`, exitCode: said.exitCode, chunks };
    },
  };
}
