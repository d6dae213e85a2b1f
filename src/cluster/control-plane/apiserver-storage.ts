/**
 * kube-apiserver's etcd client (k8s.io/apiserver storagebackend/factory/etcd3.go):
 * it dials the first of --etcd-servers with --etcd-cafile/--etcd-certfile
 * from its node, through the simulated network (etcd/client-dial.ts), so any
 * wrong address, port, scheme or certificate fails as the network and etcd
 * decide.
 *
 * When it cannot connect, grpc-go's channels log every failed attempt
 * (`[core] [Channel #N SubChannel #M]grpc: addrConn.createTransport failed
 * to connect to {...}. Err: connection error: desc = "..."`, through
 * component-base's grpc logger, logging.go:55), retrying with grpc's
 * default back-off (1 s, ×1.6, ±20% jitter); the lease reconciler's storage
 * gives up after the client's 20 s dial timeout, and the process ends with
 * klog.Fatalf `Error creating leases: error creating storage factory:
 * context deadline exceeded` (instance.go:226 in v1.32.0), exit 255. The
 * channel numbers and line order are those of a v1.32.0 API server whose
 * etcd refused it.
 */
import { decodeCertificate } from '../host/certs.js';
import { goQuote } from '../go-quote.js';
import { dialEtcd, parseEtcdEndpoint, type EtcdClientTls, type EtcdDial } from '../etcd/client-dial.js';
import type { LaunchContext } from '../system-programs.js';
import type { KlogSeverity } from '../host/journal.js';

/** The storage client of one kube-apiserver process. */
export interface StorageClient {
  /** The first of --etcd-servers, as written. */
  readonly endpoint: string;
  /** One connection attempt now. */
  dial(): EtcdDial;
}

/** The client of `--etcd-servers` (undefined when the flag is absent: storage not modelled then). */
export function storageClient(lc: LaunchContext, flags: Map<string, string>): StorageClient | undefined {
  const servers = flags.get('etcd-servers');
  if (servers === undefined || servers === '') return undefined;
  const endpoint = servers.split(',')[0]!.trim();
  const fs = lc.node.host.fs;
  const ca = flags.get('etcd-cafile');
  const certPath = flags.get('etcd-certfile');
  const caPem = ca ? fs.read(ca) : undefined;
  const certPem = certPath ? fs.read(certPath) : undefined;
  const tls: EtcdClientTls = {
    configured: !!(ca || certPath || flags.get('etcd-keyfile')),
    ...(caPem !== undefined ? { trustedCa: decodeCertificate(caPem)?.subject.CN ?? '' } : {}),
    ...(certPem !== undefined && decodeCertificate(certPem) ? { cert: decodeCertificate(certPem)! } : {}),
    skipVerify: false,
  };
  return { endpoint, dial: () => dialEtcd(lc.network, { kind: 'host', node: lc.node.name }, endpoint, tls) };
}

/** etcd3ProberMonitor.Probe's error once the client's GET of /registry/health times out. */
export const PROBE_ERROR = 'error getting data from etcd: context deadline exceeded';

/** The grpc warning of one failed connection attempt. */
export function createTransportWarning(channel: number, subChannel: number, endpoint: string, desc: string): string {
  const { host, port } = parseEtcdEndpoint(endpoint);
  const addr = `${host}:${port}`;
  return `[core] [Channel #${channel} SubChannel #${subChannel}]grpc: addrConn.createTransport failed to connect to {Addr: ${goQuote(addr)}, ServerName: ${goQuote(addr)}, }. Err: connection error: desc = ${goQuote(desc)}`;
}

/** What the failing start needs from its process. */
export interface FailingProcess {
  readonly lc: LaunchContext;
  readonly stopped: boolean;
  log(severity: KlogSeverity, source: string, message: string): void;
  exit(code: number): unknown;
}

/** The storage channels a v1.32.0 server opens before it gives up, with when (ms after start) each first dials. */
const CHANNELS: readonly (readonly [channel: number, subChannel: number, firstAtMs: number])[] = [
  [2, 4, 436],
  [1, 3, 437],
  [7, 8, 456],
];

/** When the lease reconciler starts creating its storage (ms after start): `Using reconciler: lease`. */
const RECONCILER_AT_MS = 455;

/** The etcd client's DialTimeout (etcd3.go dialTimeout). */
const DIAL_TIMEOUT_MS = 20_000;

/**
 * A start whose storage cannot connect: the channels' warnings as grpc
 * retries, then the fatal line and exit 255 (klog.Fatalf). Each attempt
 * dials again, so an etcd that comes up meanwhile is simply connected
 * (the process then lives on; what it serves is the caller's business).
 */
export function failingStorageStart(proc: FailingProcess, storage: StorageClient, connected: () => void): void {
  const queue = proc.lc.ctx.queue;
  const random = proc.lc.ctx.random;
  let done = false;
  const attempt = (channel: number, subChannel: number, retries: number) => {
    if (proc.stopped || done) return;
    const d = storage.dial();
    if (!('error' in d)) {
      done = true;
      connected();
      return;
    }
    proc.log('W', 'logging.go:55', createTransportWarning(channel, subChannel, storage.endpoint, d.error));
    // grpc internal/backoff: BaseDelay for the first retry, then ×1.6 with ±20% jitter.
    const delay = retries === 0 ? 1000 : Math.round(1000 * 1.6 ** retries * (1 + 0.2 * (random.next() * 2 - 1)));
    queue.after(delay, () => attempt(channel, subChannel, retries + 1));
  };
  for (const [channel, subChannel, at] of CHANNELS) queue.after(at, () => attempt(channel, subChannel, 0));
  queue.after(RECONCILER_AT_MS, () => !proc.stopped && !done && proc.log('I', 'instance.go:233', 'Using reconciler: lease'));
  queue.after(RECONCILER_AT_MS + DIAL_TIMEOUT_MS, () => {
    if (proc.stopped || done) return;
    done = true;
    proc.log('F', 'instance.go:226', 'Error creating leases: error creating storage factory: context deadline exceeded');
    proc.exit(255);
  });
}
