/**
 * Client programs: the binaries of an image or a node that send traffic
 * (wget, curl, nc, nslookup, dig, ping). They run inside the simulation, in
 * a container (`kubectl run`/`exec`, an init container's loop) or on a
 * host (`ssh node-1` then `curl`), and everything they meet comes from the
 * network model. What they print is their own stdout/stderr, word for word
 * the real tool's.
 */
import type { Network, NetSource } from '../network/network.js';

/** Where and how a program runs. */
export interface ProgramContext {
  readonly network: Network;
  /** The network namespace it runs in. */
  readonly from: NetSource;
  /** The text of /etc/resolv.conf as the process sees it (undefined: no such file). */
  resolvConf(): string | undefined;
  /** Its stdout is a terminal (`kubectl exec -t`): tools then skip what they print only for pipes (curl's meter). */
  readonly tty?: boolean;
  /** The simulated time it starts at (ms since the epoch). */
  readonly now: number;
  /** The image whose binary runs (undefined: the host's own, e.g. a node's iproute2): tools differ by build (busybox applets). */
  readonly image?: string;
  /** The container it runs in (undefined: on a host): whose processes it can see (one pid namespace per container). */
  readonly containerId?: string;
  /** The files it may create, relative to its working directory (undefined: none, its output goes to stdout only). */
  readonly files?: ProgramFiles;
  /** Reads a file it opens (certificates, keys), relative to its working directory; undefined: no such file. */
  readFile?(path: string): string | undefined;
  /** Its environment (ETCDCTL_API, ETCDCTL_ENDPOINTS, ...); absent: empty. */
  readonly env?: Readonly<Record<string, string>>;
}

/** A program's view of the filesystem it writes into (wget saving a download). */
export interface ProgramFiles {
  /** Is there a file or directory at `path`? */
  exists(path: string): boolean;
  /** Creates or replaces the file at `path`; false when it cannot (a directory is in the way). */
  write(path: string, text: string): boolean;
}

/** What a program run produced, and how much simulated time it took (timeouts, retries). */
export interface ProgramRun {
  stdout: string;
  stderr: string;
  exitCode: number;
  durationMs: number;
  /** Both streams in the order they were written (absent: stderr is taken to come first). */
  chunks?: readonly { readonly fd: 1 | 2; readonly text: string }[];
}

/** A client program. */
export type Program = (argv: readonly string[], ctx: ProgramContext) => ProgramRun;
