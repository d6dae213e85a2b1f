/**
 * The etcd image as a program (principle 1): its container's process reads
 * its flags, logs etcd 3.5's start-up lines to the container's log, and
 * serves the member behind the data dir on 2379 for as long as it runs.
 * The member (the data) outlives the process, as /var/lib/etcd does.
 */
import type { ContainerProcess } from '../runtime/process.js';
import type { LaunchContext, SystemProgram } from '../system-programs.js';
import type { EtcdCall, EtcdSession, ServerProgram } from '../network/requests.js';
import { decodeCertificate } from '../host/certs.js';
import { DEFAULT_QUOTA_BYTES, ETCD_VERSION, type EtcdMember } from './member.js';
import { parseBytes } from '../quantity.js';
import { applicationServer } from '../network/app-server.js';

/** The repository kubeadm's etcd image comes from. */
export const ETCD_REPOSITORY = 'registry.k8s.io/etcd';

/** etcd 3.5.16's build (version.GitSHA of the release; the image's Go toolchain). */
const GIT_SHA = 'f20bbad';
const GO_VERSION = 'go1.22.7';

/** The etcd program. */
export const etcdProgram: SystemProgram = {
  repository: ETCD_REPOSITORY,
  launch: (launch) => (launch.etcd ? startEtcd(launch, launch.etcd) : undefined),
};

/** The value of `--name=value` among `argv`. */
function flag(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  for (let i = argv.length - 1; i >= 0; i--) if (argv[i]!.startsWith(prefix)) return argv[i]!.slice(prefix.length);
  return undefined;
}

function startEtcd(launch: LaunchContext, member: EtcdMember): ContainerProcess {
  const { container, node, ctx } = launch;
  const argv = container.argv;
  const log = (line: string) => node.runtime.appendLog(container, ctx.queue.now(), [line]);
  const quota = flag(argv, 'quota-backend-bytes');
  if (quota !== undefined) member.quotaBytes = Number(quota) > 0 ? Number(quota) : (parseBytes(quota) ?? DEFAULT_QUOTA_BYTES);
  const initialized = member.starts > 0;
  member.starts++;
  for (const line of startupLines(member, argv, initialized)) log(line);
  member.log = log;
  member.serving = true;
  const files = node.host.fs;
  // Its HTTP endpoints (the kubelet's probes of /livez, /readyz on 2381) answer as the image's behaviour says.
  const http = applicationServer(node.runtime, container);
  const listeners = listenAddresses(argv);
  // The process's flags are fixed while it runs; the files they name are read at each handshake.
  const peerCertFile = flag(argv, 'peer-cert-file') ?? '';
  const peerCaFile = flag(argv, 'peer-trusted-ca-file') ?? '';
  const certFile = flag(argv, 'cert-file') ?? '';
  const caFile = flag(argv, 'trusted-ca-file') ?? '';
  const server: ServerProgram = {
    answer(request, port, conn) {
      if (request.kind !== 'etcd') return http.answer(request, port, conn);
      if (port === listeners.peerPort) {
        // The peer listener: TLS with peer certificates, then rafthttp's HTTP/1 handlers.
        const tls = session(member, request, files.read(peerCertFile), files.read(peerCaFile), node.host.now());
        return tls.refused ? tls : { kind: 'etcd', ...(tls.serverCert ? { serverCert: tls.serverCert } : {}), refused: 'http1' };
      }
      if (port !== listeners.clientPort) return { kind: 'etcd', refused: 'http1' };
      return session(member, request, files.read(certFile), files.read(caFile), node.host.now());
    },
  };
  return {
    server,
    listening: (port, ip) => listeners.listens(port, ip),
    stop: () => {
      if (member.log === log) member.log = undefined;
      member.serving = false;
    },
  };
}

/** Where etcd listens, from its --listen-*-urls (etcd's defaults: localhost:2379 and :2380). */
function listenAddresses(argv: readonly string[]): { clientPort: number; peerPort: number; listens(port: number, ip?: string): boolean } {
  const urls = (name: string, fallback: string) => (flag(argv, name) ?? fallback).split(',').map((u) => /^\w+:\/\/([^:/]+):(\d+)/.exec(u.trim())).filter((m): m is RegExpExecArray => m !== null);
  const all = [...urls('listen-client-urls', 'http://localhost:2379'), ...urls('listen-peer-urls', 'http://localhost:2380'), ...urls('listen-metrics-urls', '')];
  const client = urls('listen-client-urls', 'http://localhost:2379')[0];
  const peer = urls('listen-peer-urls', 'http://localhost:2380')[0];
  return {
    clientPort: Number(client?.[2] ?? 2379),
    peerPort: Number(peer?.[2] ?? 2380),
    listens(port, ip) {
      return all.some((m) => Number(m[2]) === port && (ip === undefined || m[1] === ip || m[1] === '0.0.0.0' || (m[1] === 'localhost' && ip === '127.0.0.1')));
    },
  };
}

/**
 * The TLS handshake of a client connection as etcd's server side judges it
 * (--client-cert-auth=true: a client certificate signed by the trusted CA,
 * valid by the host's clock), then the member.
 */
function session(member: EtcdMember, call: EtcdCall, serverPem: string | undefined, caPem: string | undefined, now: number): EtcdSession {
  const serverCert = serverPem ? decodeCertificate(serverPem) : undefined;
  if (!call.tls) return { kind: 'etcd', refused: 'plaintext' };
  if (!call.clientCert) return { kind: 'etcd', serverCert, refused: 'certificate-required' };
  const ca = caPem ? decodeCertificate(caPem) : undefined;
  if (!ca || call.clientCert.issuer.CN !== ca.subject.CN) return { kind: 'etcd', serverCert, refused: 'unknown-ca' };
  if (now < call.clientCert.notBefore || now > call.clientCert.notAfter) return { kind: 'etcd', serverCert, refused: 'expired' };
  return { kind: 'etcd', serverCert, member };
}

/** etcd 3.5.16's start-up lines for a single-member cluster as kubeadm configures it. */
function startupLines(member: EtcdMember, argv: readonly string[], initialized: boolean): string[] {
  const id = member.idHex();
  const cid = member.clusterId.toString(16);
  const dataDir = flag(argv, 'data-dir') ?? 'default.etcd';
  const peerUrls = (flag(argv, 'listen-peer-urls') ?? 'http://localhost:2380').split(',');
  const clientUrls = (flag(argv, 'listen-client-urls') ?? 'http://localhost:2379').split(',');
  const advertiseClient = (flag(argv, 'advertise-client-urls') ?? 'http://localhost:2379').split(',');
  const advertisePeer = (flag(argv, 'initial-advertise-peer-urls') ?? 'http://localhost:2380').split(',');
  const metrics = (flag(argv, 'listen-metrics-urls') ?? '').split(',').filter(Boolean);
  const l = (caller: string, msg: string, fields: [string, string | number | boolean | string[]][] = []) => member.line('info', caller, msg, fields);
  // Of a cluster with peers, the member that leads while this one starts (this one is not serving yet).
  const leader = member.group?.leader();
  const raft = (msg: string) => member.line('info', 'etcdserver/zap_raft.go:77', msg, []).replace('"caller"', '"logger":"raft","caller"');
  const lines = [
    l('etcdmain/etcd.go:73', 'Running: ', [['args', [...argv]]]),
    ...(initialized ? [l('etcdmain/etcd.go:116', 'server has been already initialized', [['data-dir', dataDir], ['dir-type', 'member']])] : []),
    l('embed/etcd.go:128', 'configuring peer listeners', [['listen-peer-urls', peerUrls]]),
    l('embed/etcd.go:136', 'configuring client listeners', [['listen-client-urls', clientUrls]]),
    l('embed/etcd.go:311', 'starting an etcd server', [
      ['etcd-version', ETCD_VERSION],
      ['git-sha', GIT_SHA],
      ['go-version', GO_VERSION],
      ['go-os', 'linux'],
      ['go-arch', 'amd64'],
      ['max-cpu-set', 2],
      ['max-cpu-available', 2],
      ['member-initialized', initialized],
      ['name', member.name],
      ['data-dir', dataDir],
      ['wal-dir', ''],
      ['wal-dir-dedicated', ''],
      ['member-dir', `${dataDir}/member`],
      ['force-new-cluster', false],
      ['heartbeat-interval', '100ms'],
      ['election-timeout', '1s'],
      ['initial-election-tick-advance', true],
      ['snapshot-count', Number(flag(argv, 'snapshot-count') ?? 100000)],
      ['max-wals', 5],
      ['max-snapshots', 5],
      ['snapshot-catchup-entries', 5000],
      ['initial-advertise-peer-urls', advertisePeer],
      ['listen-peer-urls', peerUrls],
      ['advertise-client-urls', advertiseClient],
      ['listen-client-urls', clientUrls],
      ['listen-metrics-urls', metrics],
      ['cors', ['*']],
      ['host-whitelist', ['*']],
      ['initial-cluster', initialized ? '' : (flag(argv, 'initial-cluster') ?? '')],
      ['initial-cluster-state', flag(argv, 'initial-cluster-state') ?? 'new'],
      ['initial-cluster-token', initialized ? '' : 'etcd-cluster'],
      ['quota-backend-bytes', member.quotaBytes],
      ['max-request-bytes', 1572864],
      ['max-concurrent-streams', 4294967295],
      ['pre-vote', true],
      ['initial-corrupt-check', flag(argv, 'experimental-initial-corrupt-check') === 'true'],
      ['corrupt-check-time-interval', '0s'],
      ['compact-check-time-enabled', false],
      ['compact-check-time-interval', '1m0s'],
      ['auto-compaction-mode', 'periodic'],
      ['auto-compaction-retention', '0s'],
      ['auto-compaction-interval', '0s'],
      ['discovery-url', ''],
      ['discovery-proxy', ''],
      ['downgrade-check-interval', '5s'],
    ]),
    l('etcdserver/backend.go:81', 'opened backend db', [['path', `${dataDir}/member/snap/db`], ['took', '1.602871ms']]),
    initialized
      ? l('etcdserver/raft.go:530', 'restarting local member', [['cluster-id', cid], ['local-member-id', id], ['commit-index', member.raftIndex]])
      : l('etcdserver/raft.go:505', 'starting local member', [['local-member-id', id], ['cluster-id', cid]]),
    raft(`${id} switched to configuration voters=()`),
    raft(`${id} became follower at term ${initialized ? member.raftTerm : 0}`),
    ...(initialized ? [] : [raft(`newRaft ${id} [peers: [], term: 0, commit: 0, applied: 0, lastindex: 0, lastterm: 0]`), raft(`${id} became follower at term 1`)]),
    l('etcdserver/server.go:864', 'starting etcd server', [['local-member-id', id], ['local-server-version', ETCD_VERSION], ['cluster-version', 'to_be_decided']]),
    ...(initialized ? [] : [l('membership/cluster.go:421', 'added member', [['cluster-id', cid], ['local-member-id', id], ['added-peer-id', id], ['added-peer-peer-urls', advertisePeer]])]),
    l('embed/etcd.go:729', 'starting with client TLS', [['tls-info', `cert = ${flag(argv, 'cert-file') ?? ''}, key = ${flag(argv, 'key-file') ?? ''}, client-cert=, client-key=, trusted-ca = ${flag(argv, 'trusted-ca-file') ?? ''}, client-cert-auth = ${flag(argv, 'client-cert-auth') === 'true'}, crl-file = `], ['cipher-suites', []]]),
    l('embed/etcd.go:280', 'now serving peer/client/metrics', [['local-member-id', id], ['initial-advertise-peer-urls', advertisePeer], ['listen-peer-urls', peerUrls], ['advertise-client-urls', advertiseClient], ['listen-client-urls', clientUrls], ['listen-metrics-urls', metrics]]),
    l('embed/etcd.go:600', 'serving peer traffic', [['address', peerUrls[0]!.replace(/^\w+:\/\//, '')]]),
    ...(leader && leader !== member
      ? // A member of a cluster that has a leader follows it (raft.go: a heartbeat from the leader's term).
        [raft(`raft.node: ${id} elected leader ${leader.idHex()} at term ${leader.raftTerm}`)]
      : [
          raft(`${id} is starting a new election at term ${initialized ? member.raftTerm : 1}`),
          raft(`${id} became pre-candidate at term ${initialized ? member.raftTerm : 1}`),
          raft(`${id} became candidate at term ${initialized ? member.raftTerm + 1 : 2}`),
          raft(`${id} became leader at term ${initialized ? member.raftTerm + 1 : 2}`),
          raft(`raft.node: ${id} elected leader ${id} at term ${initialized ? member.raftTerm + 1 : 2}`),
        ]),
    l('etcdserver/server.go:2088', 'published local member to cluster through raft', [['local-member-id', id], ['local-member-attributes', `{Name:${member.name} ClientURLs:[${advertiseClient.join(' ')}]}`], ['cluster-id', cid], ['publish-timeout', '7s']]),
    l('embed/serve.go:103', 'ready to serve client requests'),
    l('etcdmain/main.go:44', 'notifying init daemon'),
    l('etcdmain/main.go:50', 'successfully notified init daemon'),
    ...clientUrls.map((u) => l('embed/serve.go:250', 'serving client traffic securely', [['traffic', 'grpc+http'], ['address', u.replace(/^\w+:\/\//, '')]])),
    ...metrics.map((u) => l('embed/etcd.go:871', 'serving metrics', [['address', u]])),
  ];
  if (leader && leader !== member) member.raftTerm = leader.raftTerm;
  else if (initialized) member.raftTerm++;
  return lines;
}
