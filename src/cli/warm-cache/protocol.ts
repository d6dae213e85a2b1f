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

/** The environment of a process started from a snapshot to run `order`: `env`, the order, NODE_EXTRA_CA_CERTS moved aside. */
export function snapshotRunEnv(env: NodeJS.ProcessEnv, order: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, [RUN_ORDER_VAR]: order };
  delete out[MOVED_EXTRA_CA];
  if (out[EXTRA_CA] !== undefined) {
    out[MOVED_EXTRA_CA] = out[EXTRA_CA];
    delete out[EXTRA_CA];
  }
  return out;
}

/** In the process started from a snapshot: NODE_EXTRA_CA_CERTS back as it was given ({@link snapshotRunEnv}). */
export function restoreExtraCa(env: NodeJS.ProcessEnv): void {
  const moved = env[MOVED_EXTRA_CA];
  if (moved === undefined) return;
  env[EXTRA_CA] = moved;
  delete env[MOVED_EXTRA_CA];
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
