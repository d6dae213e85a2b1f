/**
 * The process side of the warmed-cluster cache, in `dist/simulation.cjs`
 * (simulation-main.ts). Run with `node --build-snapshot`, it takes the
 * scenario its builder loaded, warms the cluster up and leaves it in the
 * heap, which Node writes out as a V8 startup snapshot: the cluster with
 * everything pending in it (timers, watches, back-offs), exactly as warmed.
 * Started later with `node --snapshot-blob`, it finds that heap again and
 * runs the request of its run order on the cluster, as the CLI would have.
 */
import { startupSnapshot } from 'node:v8';
import { readFileSync, writeSync } from 'node:fs';
import { warmCluster } from '../../practice/run.js';
import type { Scenario } from '../../scenario/schema.js';
import type { Cluster } from '../../cluster/cluster.js';
import { runExecRequest } from '../exec-run.js';
import { ScenarioRun } from '../../practice/run.js';
import { checkSolution, checkStart } from '../../practice/verify.js';
import { guardStreams } from '../streams.js';
import { defaultCommandRegistry } from '../../commands/index.js';
import { tuneTiering } from '../v8-tiering.js';
import { errorCode, oneLineError } from '../../error-text.js';
import { BUILD_ORDER_VAR, READY, REPLY_FD, RUN_ORDER_VAR, restoreEnv, type BuildOrder, type CheckReply, type CheckRequest, type RunOrder } from './protocol.js';

if (startupSnapshot.isBuildingSnapshot()) build();

/**
 * Warms the ordered scenario up and registers what runs when the snapshot
 * starts; exits non-zero (no snapshot) on any doubt. The scenario comes on
 * standard input as JSON, checked and validated by the builder
 * (build-scenario.ts), so that no validator is in this bundle, nor in the heap.
 */
function build(): void {
  const order = JSON.parse(process.env[BUILD_ORDER_VAR] ?? 'null') as BuildOrder | null;
  if (!order) fail('no build order');
  let scenario: Scenario;
  try {
    scenario = JSON.parse(readFileSync(0, 'utf8')) as Scenario;
  } catch {
    fail('no scenario on standard input');
  }
  const cluster = warmCluster(scenario, order.seed);
  const key = order.key;
  // Every command's modules loaded into the heap now, not by the first command each process runs.
  defaultCommandRegistry()
    .loadAll()
    .then(
      () => startupSnapshot.setDeserializeMainFunction(() => serve(key, scenario, cluster)),
      (e: unknown) => fail(`cannot load the commands: ${oneLineError(e)}`),
    );
}

function fail(why: string): never {
  process.stderr.write(`kubedrill warm-cluster build: ${why}\n`);
  process.exit(3);
}

/** Runs the run order on the warmed cluster if it is meant for this snapshot; says `ready` first, on the reply descriptor. */
function serve(key: string, scenario: Scenario, cluster: Cluster): void {
  const raw = process.env[RUN_ORDER_VAR];
  // Not for a child of ours (an editor kubectl edit starts), which gets the environment back as the CLI had it.
  delete process.env[RUN_ORDER_VAR];
  restoreEnv(process.env);
  const order = raw === undefined ? undefined : (JSON.parse(raw) as RunOrder);
  if (order?.key !== key) {
    writeSync(REPLY_FD, 'stale\n');
    return;
  }
  writeSync(REPLY_FD, READY);
  guardStreams(process);
  // Started without V8 flags, so that Node's modules (the stdio streams just made) came from its code cache.
  tuneTiering();
  const request = order.request;
  if (isCheck(request)) {
    serveCheck(scenario, request, cluster).catch(failed);
    return;
  }
  const err = order.stderrFd === undefined ? process.stderr : descriptorWriter(order.stderrFd);
  runExecRequest(scenario, request, process.stdout, err, cluster).then(
    (code) => {
      process.exitCode = code;
    },
    failed,
  );
}

/**
 * A stream that writes to `fd` at once, as Node's own stdio streams write
 * to a pipe or file on Linux, so that it keeps its place against stdout. A
 * descriptor another process left non-blocking may take a write in parts
 * or not yet (EAGAIN): the rest is written after a millisecond. A reader
 * gone (EPIPE) ends the process as guardStreams does.
 */
function descriptorWriter(fd: number): NodeJS.WritableStream {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const write = (text: string | Uint8Array): boolean => {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text;
    for (let at = 0; at < bytes.length; ) {
      try {
        at += writeSync(fd, bytes, at);
      } catch (e) {
        if (errorCode(e) === 'EPIPE') process.exit(141);
        if (errorCode(e) !== 'EAGAIN') throw e;
        Atomics.wait(pause, 0, 0, 1);
      }
    }
    return true;
  };
  return { write } as unknown as NodeJS.WritableStream;
}

function isCheck(request: RunOrder['request']): request is CheckRequest {
  return request.mode === 'verify-start' || request.mode === 'verify-solution';
}

/** Runs half of verify on the warmed cluster and answers its problems on the reply descriptor. */
async function serveCheck(scenario: Scenario, request: CheckRequest, cluster: Cluster): Promise<void> {
  const run = new ScenarioRun(scenario, { seed: request.seed }, cluster);
  const problems = request.mode === 'verify-start' ? await checkStart(run) : await checkSolution(run);
  writeSync(REPLY_FD, JSON.stringify({ id: scenario.metadata.id, problems } satisfies CheckReply));
}

function failed(e: unknown): void {
  process.stderr.write(`kubedrill: ${oneLineError(e)}\n`);
  process.exitCode = 1;
}
