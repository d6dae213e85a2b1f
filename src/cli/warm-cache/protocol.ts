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
 * from a snapshot makes no TLS connection, so it is started without it.
 */
const EXTRA_CA = 'NODE_EXTRA_CA_CERTS';
/**
 * glibc's tunables. The process asks its malloc for transparent huge pages where the system
 * gives them on request (`madvise`, the usual setting): Node reads the whole snapshot (10 MB
 * and more) into memory before V8 deserialises it, and took some 10,000 page faults, 4,000
 * fewer with it: about 8 ms of a cached 3-node `exec`'s 75. Other C libraries, and glibc
 * before 2.35, ignore it. A choice of the user's own about huge pages stands (glibc takes the
 * last of a name: it is not added to).
 */
const TUNABLES = 'GLIBC_TUNABLES';
const HUGE_PAGES = 'glibc.malloc.hugetlb=1';
/**
 * The variables the process was started with changed, as JSON: what each was as the CLI had it
 * (null: unset). The process puts them back at once ({@link restoreEnv}), for the processes it
 * starts in turn (an editor).
 */
const GIVEN_ENV = 'KUBEDRILL_GIVEN_ENV';

/** The environment of a process started from a snapshot to run `order`: `env` and the order, with NODE_EXTRA_CA_CERTS left out and huge pages asked for. */
export function snapshotRunEnv(env: NodeJS.ProcessEnv, order: string): NodeJS.ProcessEnv {
  const tunables = env[TUNABLES];
  const started: [name: string, value: string | undefined][] = [
    [EXTRA_CA, undefined],
    [TUNABLES, tunables?.includes('glibc.malloc.hugetlb=') ? tunables : tunables ? `${tunables}:${HUGE_PAGES}` : HUGE_PAGES],
  ];
  const out: NodeJS.ProcessEnv = { ...env, [RUN_ORDER_VAR]: order };
  const given: [string, string | null][] = [];
  for (const [name, value] of started) {
    given.push([name, env[name] ?? null]);
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  out[GIVEN_ENV] = JSON.stringify(given);
  return out;
}

/** In the process started from a snapshot: the environment back as it was given ({@link snapshotRunEnv}). */
export function restoreEnv(env: NodeJS.ProcessEnv): void {
  const raw = env[GIVEN_ENV];
  if (raw === undefined) return;
  delete env[GIVEN_ENV];
  for (const [name, value] of JSON.parse(raw) as [string, string | null][]) {
    if (value === null) delete env[name];
    else env[name] = value;
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
  /**
   * With an exec request: the command's stderr goes to this descriptor, the
   * CLI's own stderr handed over once ready, so that it interleaves with
   * stdout as the in-process run's does. Standard error itself stays a pipe
   * the CLI shows only once the process has run (what a snapshot that does
   * not load prints must not reach the terminal).
   */
  stderrFd?: number;
}

/** The descriptor the CLI's stderr has in a process started from a snapshot to run an exec request. */
export const COMMAND_STDERR_FD = 4;
