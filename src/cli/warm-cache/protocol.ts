/**
 * How the CLI talks to the processes of the warmed-cluster cache. Orders go
 * in environment variables as JSON (plain data: the learner's command line
 * is data to the simulation there, as it is in this process, and never
 * reaches a shell); the snapshot process answers on file descriptor 3.
 */
import type { ExecRequest } from '../exec-request.js';

/** The variable carrying a {@link BuildOrder} to the process that builds a snapshot. */
export const BUILD_ORDER_VAR = 'KUBEDRILL_WARM_BUILD';
/** The variable carrying a {@link RunOrder} to a process started from a snapshot. */
export const RUN_ORDER_VAR = 'KUBEDRILL_WARM_RUN';
/**
 * Node reads NODE_EXTRA_CA_CERTS when it starts, before any code runs: a system bundle of 144
 * certificates costs some 60 ms of CPU, three times the rest of `node -e 0`. A process started
 * from a snapshot makes no TLS connection, so it is started without it, the value moved here,
 * and puts it back at once for the processes it starts in turn (an editor).
 */
const EXTRA_CA = 'NODE_EXTRA_CA_CERTS';
const MOVED_EXTRA_CA = 'KUBEDRILL_NODE_EXTRA_CA_CERTS';
/**
 * glibc's tunables. The process asks its malloc for transparent huge pages where the system
 * gives them on request (`madvise`, the usual setting): Node reads the whole snapshot (10 MB
 * and more) into memory before V8 deserialises it, and took some 10,000 page faults, 4,000
 * fewer with it: about 8 ms of a cached 3-node `exec`'s 75. Other C libraries, and glibc
 * before 2.35, ignore it. The value given, if any, is kept here and put back as for the CA file.
 */
const TUNABLES = 'GLIBC_TUNABLES';
const MOVED_TUNABLES = 'KUBEDRILL_GLIBC_TUNABLES';
/** What MOVED_TUNABLES holds when there was no GLIBC_TUNABLES to put back (a value is never empty: glibc's syntax). */
const NO_TUNABLES = '-';
const HUGE_PAGES = 'glibc.malloc.hugetlb=1';

/** The environment of a process started from a snapshot to run `order`: `env`, the order, NODE_EXTRA_CA_CERTS moved aside, huge pages asked for. */
export function snapshotRunEnv(env: NodeJS.ProcessEnv, order: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, [RUN_ORDER_VAR]: order };
  delete out[MOVED_EXTRA_CA];
  if (out[EXTRA_CA] !== undefined) {
    out[MOVED_EXTRA_CA] = out[EXTRA_CA];
    delete out[EXTRA_CA];
  }
  const tunables = env[TUNABLES];
  out[MOVED_TUNABLES] = tunables ?? NO_TUNABLES;
  // A choice of the user's own about huge pages stands (glibc takes the last of a name: it is not added to).
  if (!tunables?.includes('glibc.malloc.hugetlb=')) out[TUNABLES] = tunables ? `${tunables}:${HUGE_PAGES}` : HUGE_PAGES;
  return out;
}

/** In the process started from a snapshot: the environment back as it was given ({@link snapshotRunEnv}). */
export function restoreEnv(env: NodeJS.ProcessEnv): void {
  const moved = env[MOVED_EXTRA_CA];
  if (moved !== undefined) {
    env[EXTRA_CA] = moved;
    delete env[MOVED_EXTRA_CA];
  }
  const tunables = env[MOVED_TUNABLES];
  if (tunables !== undefined) {
    if (tunables === NO_TUNABLES) delete env[TUNABLES];
    else env[TUNABLES] = tunables;
    delete env[MOVED_TUNABLES];
  }
}

/** The descriptor the snapshot process answers on. */
export const REPLY_FD = 3;
/** Its answer once it has checked the order and is about to run it: from here on its output is the command's. */
export const READY = 'ready\n';
/** The longest order passed in the environment (Linux takes 128 KiB per variable); a longer script runs in process. */
export const MAX_ORDER_CHARS = 100_000;

/**
 * Warm up this scenario with this seed and keep the cluster in a snapshot.
 * The process that builds it gets the order in {@link BUILD_ORDER_VAR} and
 * the scenario, as the builder loaded it, as JSON on its standard input.
 */
export interface BuildOrder {
  key: string;
  file: string;
  /** The SHA-256 of the file's bytes the key was computed from: the builder checks what it reads against it (build-scenario.ts). */
  digest: string;
  seed: number | undefined;
}

/** One half of `kubedrill verify` (src/practice/verify.ts), each on its own fresh cluster. */
export interface CheckRequest {
  mode: 'verify-start' | 'verify-solution';
  file: string;
  seed: number | undefined;
}

/** What the snapshot process answers to a {@link CheckRequest} after {@link READY}: JSON of this. */
export interface CheckReply {
  id: string;
  problems: string[];
}

/** Run this request on the warmed cluster, if the snapshot is the one of `key`. */
export interface RunOrder {
  key: string;
  request: ExecRequest | CheckRequest;
}
