/**
 * etcdctl 3.5.16 (etcdctl/ctlv3): reaches the etcd member over the one
 * network from where it runs (a control-plane node's shell, or inside the
 * etcd container through `kubectl exec`), with TLS as its flags set it up,
 * and prints what its simple, table and json printers print.
 */
import type { Program, ProgramContext, ProgramRun } from './types.js';
import { durationString } from '../clock/go-duration.js';
import { ProgramOutput } from './output.js';
import { decodeCertificate } from '../host/certs.js';
import { dialEtcd, type EtcdClientTls, type EtcdDial } from '../etcd/client-dial.js';
import { ETCD_VERSION, type EtcdMember } from '../etcd/member.js';
import { humanizeBytes, zapLine, zapTime } from '../etcd/format.js';
import { renderTable } from '../etcd/tablewriter.js';
import { hexText, terminalText } from '../etcd/value.js';
import { normalizePath } from '../host/vfs.js';

/** --command-timeout default (ctlv3/ctl.go defaultCommandTimeOut). */
const COMMAND_TIMEOUT_MS = 5_000;

/** Flags that take a value (global and per command). */
const VALUE_FLAGS = new Set(['endpoints', 'cacert', 'cert', 'key', 'write-out', 'w', 'dial-timeout', 'command-timeout', 'keepalive-time', 'keepalive-timeout', 'user', 'password', 'discovery-srv', 'd', 'discovery-srv-name', 'limit', 'rev', 'sort-by', 'order', 'consistency', 'from-key']);

/** Boolean flags etcdctl knows. */
const BOOL_FLAGS = new Set(['debug', 'hex', 'insecure-transport', 'insecure-discovery', 'insecure-skip-tls-verify', 'prefix', 'keys-only', 'print-value-only', 'count-only', 'cluster', 'physical', 'help', 'h']);

/** Parsed command line. */
interface Args {
  words: string[];
  flags: Map<string, string>;
}

/** Splits argv into words and flags, as cobra/pflag would; an error text for an unknown flag. */
function parse(argv: readonly string[]): Args | string {
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    const m = /^--?([a-z][a-z-]*)(=(.*))?$/s.exec(a);
    if (!m || a === '-') {
      words.push(a);
      continue;
    }
    const name = m[1]!;
    if (VALUE_FLAGS.has(name)) {
      const value = m[3] ?? argv[++i];
      if (value === undefined) return `flag needs an argument: ${a.startsWith('--') ? `--${name}` : `'${name}' in -${name}`}`;
      flags.set(name === 'w' ? 'write-out' : name, value);
    } else if (BOOL_FLAGS.has(name)) flags.set(name, m[3] ?? 'true');
    else return a.startsWith('--') ? `unknown flag: --${name}` : `unknown shorthand flag: '${name[0]}' in ${a}`;
  }
  return { words, flags };
}

/** A flag's value, or its ETCDCTL_ environment variable (flags.SetPflagsFromEnv), or undefined. */
function setting(args: Args, env: Readonly<Record<string, string>>, name: string): string | undefined {
  return args.flags.get(name) ?? env[`ETCDCTL_${name.toUpperCase().replace(/-/g, '_')}`];
}

/** The etcdctl program. */
export const etcdctl: Program = (argv, ctx) => {
  const out = new ProgramOutput();
  const env = ctx.env ?? {};
  const api = env.ETCDCTL_API ?? '';
  if (api === '2') return out.err('kubedrill: etcdctl v2 (ETCDCTL_API=2) is not simulated\n').done(126, 0);
  if (api !== '' && api !== '3') return out.err(`unsupported API version: ${api}\n`).done(1, 0);
  const args = parse(argv.slice(1));
  if (typeof args === 'string') return out.err(`Error: ${args}\n`).done(1, 0);
  const [command, sub, ...rest] = args.words;
  if (command === 'version') return out.out(`etcdctl version: ${ETCD_VERSION}\nAPI version: 3.5\n`).done(0, 0);
  if (command === undefined) return out.err('kubedrill: etcdctl without a command prints its help, which is not simulated; try `etcdctl member list`\n').done(126, 0);
  const known = ['endpoint', 'member', 'alarm', 'defrag', 'compaction', 'get', 'snapshot', 'put', 'del', 'watch', 'lease', 'check', 'move-leader', 'role', 'user', 'auth', 'txn', 'elect', 'lock', 'make-mirror', 'downgrade'];
  if (!known.includes(command)) return out.err(`Error: unknown command "${command}" for "etcdctl"\nRun 'etcdctl --help' for usage.\n`).done(1, 0);
  const format = setting(args, env, 'write-out') ?? 'simple';
  if (!['simple', 'table', 'json', 'fields', 'protobuf'].includes(format)) return out.err(`Error: unknown output format "${format}"\n`).done(1, 0);
  const endpoints = (setting(args, env, 'endpoints') ?? '127.0.0.1:2379').split(',').filter(Boolean);
  const tls = clientTls(args, env, ctx);
  if (typeof tls === 'string') return out.err(`Error: ${tls}\n`).done(128, 0);
  const run: Run = { ctx, out, args, format, endpoints, tls, elapsed: 0 };
  switch (`${command} ${sub ?? ''}`.trim()) {
    case 'endpoint status':
    case 'endpoint health': {
      const fromCluster = clusterEndpoints(run);
      if (fromCluster) return fromCluster;
      return sub === 'status' ? endpointStatus(run) : endpointHealth(run);
    }
    case 'member list':
      return withMember(run, (m) => memberList(run, m));
    case 'alarm list':
    case 'alarm disarm':
      if (rest.length) return out.err(`Error: alarm ${sub} command accepts no arguments\n`).done(128, 0);
      return withMember(run, (m) => printAlarms(run, m, sub === 'disarm' ? m.disarm() : m.alarms));
    default:
      break;
  }
  if (command === 'defrag') return defrag(run);
  if (command === 'compaction') return compaction(run, sub === undefined ? [] : [sub, ...rest]);
  if (command === 'get') return get(run, sub === undefined ? [] : [sub, ...rest]);
  if (command === 'snapshot' && sub === 'save') return snapshotSave(run, rest);
  if (command === 'snapshot' && sub === 'status') return snapshotStatus(run, rest);
  return out.err(`kubedrill: etcdctl ${args.words.join(' ')} is not simulated\n`).done(126, 0);
};

/** The client's TLS set-up (ctlv3 global.go newClientCfg, client/pkg/transport TLSInfo). */
type ClientTls = EtcdClientTls;

/** Reads --cert/--key/--cacert as tlsinfo.ClientConfig does: an error text for a missing file or a lone cert or key. */
function clientTls(args: Args, env: Readonly<Record<string, string>>, ctx: ProgramContext): ClientTls | string {
  const cert = setting(args, env, 'cert');
  const key = setting(args, env, 'key');
  const cacert = setting(args, env, 'cacert');
  const skipVerify = setting(args, env, 'insecure-skip-tls-verify') === 'true';
  const read = (path: string) => ctx.readFile?.(normalizePath(path));
  const tls: ClientTls = { configured: !!(cert || key || cacert), skipVerify };
  if ((cert ?? '') === '' !== ((key ?? '') === '')) return `KeyFile and CertFile must both be present[key: ${key ?? ''}, cert: ${cert ?? ''}]`;
  if (cert && key) {
    const pem = read(cert);
    if (pem === undefined) return `open ${cert}: no such file or directory`;
    if (read(key) === undefined) return `open ${key}: no such file or directory`;
    const decoded = decodeCertificate(pem);
    if (!decoded) return 'tls: failed to find any PEM data in certificate input';
    tls.cert = decoded;
  }
  if (cacert) {
    const pem = read(cacert);
    if (pem === undefined) return `open ${cacert}: no such file or directory`;
    tls.trustedCa = decodeCertificate(pem)?.subject.CN ?? '';
  }
  return tls;
}

/** One etcdctl run. */
interface Run {
  ctx: ProgramContext;
  out: ProgramOutput;
  args: Args;
  format: string;
  endpoints: string[];
  tls: ClientTls;
  /** Simulated time spent so far (ms). */
  elapsed: number;
}

/** Dials `endpoint` from where etcdctl runs (etcd/client-dial.ts). */
function connect(run: Run, endpoint: string): EtcdDial {
  return dialEtcd(run.ctx.network, run.ctx.from, endpoint, run.tls);
}

/** The warning client/v3's retry interceptor logs before the command gives up. */
function retryWarning(run: Run, endpoint: string, error: string): string {
  const target = endpoint.replace(/^\w+:\/\//, '');
  const pointer = `0xc000${((run.ctx.now >>> 4) & 0xfff).toString(16).padStart(3, '0')}000`;
  const line = zapLine('warn', zapTime(run.ctx.now + COMMAND_TIMEOUT_MS, 123), 'v3@v3.5.16/retry_interceptor.go:62', 'retrying of unary invoker failed', [
    ['target', `etcd-endpoints://${pointer}/${target}`],
    ['attempt', 0],
    ['error', `rpc error: code = DeadlineExceeded desc = latest balancer error: last connection error: connection error: desc = ${JSON.stringify(error)}`],
  ]);
  return `${line.replace('"caller"', '"logger":"etcd-client","caller"')}\n`;
}

/** Runs `body` against the first endpoint's member, or fails as etcdctl does when it cannot connect. */
function withMember(run: Run, body: (member: EtcdMember) => ProgramRun): ProgramRun {
  const endpoint = run.endpoints[0] ?? '127.0.0.1:2379';
  const c = connect(run, endpoint);
  if ('error' in c) return run.out.err(retryWarning(run, endpoint, c.error)).err('Error: context deadline exceeded\n').done(1, COMMAND_TIMEOUT_MS);
  return body(c.member);
}

/**
 * `--cluster`: the endpoints become every member's client URLs, read from the
 * member list of the first endpoint (ctlv3 endpointsFromCluster); a failed
 * connection ends the command there (the returned run).
 */
function clusterEndpoints(run: Run): ProgramRun | undefined {
  if (run.args.flags.get('cluster') !== 'true') return undefined;
  const endpoint = run.endpoints[0] ?? '127.0.0.1:2379';
  const c = connect(run, endpoint);
  if ('error' in c) return run.out.err(retryWarning(run, endpoint, c.error)).err('Error: context deadline exceeded\n').done(1, COMMAND_TIMEOUT_MS);
  run.endpoints = membersOf(c.member).map((m) => m.clientURL);
  return undefined;
}

/** The members of `m`'s cluster as MemberList returns them (by id). */
function membersOf(m: EtcdMember): EtcdMember[] {
  return m.group ? m.group.byId() : [m];
}

/** A JSON number from a bigint or number (Go prints uint64 exactly). */
const num = (v: bigint | number) => v.toString();

function header(m: EtcdMember, withRevision = true): string {
  return `{"cluster_id":${num(m.clusterId)},"member_id":${num(m.id)},${withRevision ? `"revision":${m.status().revision},` : ''}"raft_term":${m.raftTerm}}`;
}

function endpointStatus(run: Run): ProgramRun {
  const rows: string[][] = [];
  const json: string[] = [];
  let failed = false;
  for (const ep of run.endpoints) {
    const c = connect(run, ep);
    if ('error' in c) {
      run.out.err(retryWarning(run, ep, c.error)).err(`Failed to get the status of endpoint ${ep} (context deadline exceeded)\n`);
      run.elapsed += COMMAND_TIMEOUT_MS;
      failed = true;
      continue;
    }
    const s = c.member.status();
    rows.push([ep, s.memberId.toString(16), s.version, humanizeBytes(s.dbSize), String(s.leader === s.memberId), String(s.isLearner), String(s.raftTerm), String(s.raftIndex), String(s.raftAppliedIndex), s.errors.join(', ')]);
    const errors = s.errors.length ? `,"errors":${JSON.stringify(s.errors)}` : '';
    json.push(`{"Endpoint":${JSON.stringify(ep)},"Status":{"header":${header(c.member)},"version":"${s.version}","dbSize":${s.dbSize},"leader":${num(s.leader)},"raftIndex":${s.raftIndex},"raftTerm":${s.raftTerm},"raftAppliedIndex":${s.raftAppliedIndex}${errors},"dbSizeInUse":${s.dbSizeInUse}}}`);
  }
  if (run.format === 'table') run.out.out(renderTable(['endpoint', 'ID', 'version', 'db size', 'is leader', 'is learner', 'raft term', 'raft index', 'raft applied index', 'errors'], rows));
  else if (run.format === 'json') run.out.out(`[${json.join(',')}]\n`);
  else run.out.out(rows.map((r) => `${r.join(', ')}\n`).join(''));
  return run.out.done(failed ? 1 : 0, run.elapsed);
}

function endpointHealth(run: Run): ProgramRun {
  const rows: string[][] = [];
  let failed = false;
  for (const ep of run.endpoints) {
    const c = connect(run, ep);
    if ('error' in c) {
      run.out.err(retryWarning(run, ep, c.error));
      rows.push([ep, 'false', '', 'context deadline exceeded']);
      run.elapsed = Math.max(run.elapsed, COMMAND_TIMEOUT_MS);
      failed = true;
      continue;
    }
    // A linearizable get of "health": it waits until the member has applied what it committed.
    const commit = c.member.commit();
    const tookNs = Math.min(commit.tookNs, COMMAND_TIMEOUT_MS * 1e6);
    run.elapsed = Math.max(run.elapsed, Math.ceil(tookNs / 1e6));
    let error = commit.error || commit.tookNs > COMMAND_TIMEOUT_MS * 1e6 ? 'context deadline exceeded' : '';
    if (!error && c.member.alarms.length) error = `Active Alarm(s): ${c.member.alarms.map((a) => `${a} `).join('')}`;
    rows.push([ep, String(!error), durationString(tookNs), error]);
    if (error) failed = true;
  }
  if (run.format === 'table') run.out.out(renderTable(['endpoint', 'health', 'took', 'error'], rows));
  else if (run.format === 'json') run.out.out(`[${rows.map((r) => `{"endpoint":${JSON.stringify(r[0])},"health":${r[1]},"took":${JSON.stringify(r[2])}${r[3] ? `,"error":${JSON.stringify(r[3])}` : ''}}`).join(',')}]\n`);
  else {
    for (const r of rows) {
      if (!r[3]) run.out.out(`${r[0]} is healthy: successfully committed proposal: took = ${r[2]}\n`);
      else run.out.err(`${r[0]} is unhealthy: failed to commit proposal: ${r[3]}\n`);
    }
  }
  if (failed) run.out.err('Error: unhealthy cluster\n');
  return run.out.done(failed ? 1 : 0, run.elapsed);
}

function memberList(run: Run, m: EtcdMember): ProgramRun {
  const members = membersOf(m);
  const rows = members.map((x) => [x.idHex(), 'started', x.name, x.peerURL, x.clientURL, 'false']);
  if (run.format === 'table') run.out.out(renderTable(['ID', 'Status', 'Name', 'Peer Addrs', 'Client Addrs', 'Is Learner'], rows));
  else if (run.format === 'json') run.out.out(`{"header":${header(m, false)},"members":[${members.map((x) => `{"ID":${num(x.id)},"name":${JSON.stringify(x.name)},"peerURLs":[${JSON.stringify(x.peerURL)}],"clientURLs":[${JSON.stringify(x.clientURL)}]}`).join(',')}]}\n`);
  else run.out.out(rows.map((r) => `${r.join(', ')}\n`).join(''));
  return run.out.done(0, 2);
}

/** `%+v` of each AlarmMember (its generated String(): compact text with a trailing space). */
function printAlarms(run: Run, m: EtcdMember, alarms: readonly string[]): ProgramRun {
  if (run.format === 'table') return run.out.err('Error: table is not supported as output format\n').done(4, 0);
  run.out.out(alarms.map((a) => `memberID:${m.id} alarm:${a} \n`).join(''));
  return run.out.done(0, 2);
}

function defrag(run: Run): ProgramRun {
  let failures = 0;
  for (const ep of run.endpoints) {
    const c = connect(run, ep);
    if ('error' in c) {
      run.out.err(retryWarning(run, ep, c.error)).err(`Failed to defragment etcd member[${ep}] (context deadline exceeded)\n`);
      run.elapsed += COMMAND_TIMEOUT_MS;
      failures++;
      continue;
    }
    const before = c.member.dbSize();
    c.member.defragment();
    run.elapsed += 50 + Math.ceil(before / 5_000_000);
    run.out.out(`Finished defragmenting etcd member[${ep}]\n`);
  }
  return run.out.done(failures ? 1 : 0, run.elapsed);
}

function compaction(run: Run, words: string[]): ProgramRun {
  if (words.length !== 1) return run.out.err('Error: compaction command needs 1 argument\n').done(128, 0);
  const text = words[0]!;
  if (!/^[+-]?\d+$/.test(text)) return run.out.err(`Error: strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax\n`).done(1, 0);
  const rev = Number(text);
  return withMember(run, (m) => {
    const error = m.compact(rev);
    if (error) return run.out.err(`Error: ${error}\n`).done(1, 2);
    return run.out.out(`compacted revision ${rev}\n`).done(0, 5);
  });
}

/** The key after every key with `prefix` (clientv3.GetPrefixRangeEnd); '\0' when there is none. */
function prefixEnd(prefix: string): string {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const c = prefix.charCodeAt(i);
    if (c < 0xff) return prefix.slice(0, i) + String.fromCharCode(c + 1);
  }
  return '\0';
}

function get(run: Run, words: string[]): ProgramRun {
  if (words.length < 1 || words.length > 2) return run.out.err('Error: get command needs one argument as key and an optional argument as range_end\n').done(128, 0);
  const flags = run.args.flags;
  const key = words[0]!;
  const prefix = flags.get('prefix') === 'true';
  const rangeEnd = prefix ? (key === '' ? '\0' : prefixEnd(key)) : words[1];
  const limit = Number(flags.get('limit') ?? 0) || 0;
  return withMember(run, (m) => {
    const kvs = m.range(key, rangeEnd, limit);
    if (flags.get('count-only') === 'true') return run.out.done(0, 2);
    const keysOnly = flags.get('keys-only') === 'true';
    const valueOnly = flags.get('print-value-only') === 'true';
    const hex = flags.get('hex') === 'true';
    const enc = new TextEncoder();
    for (const kv of kvs) {
      if (!valueOnly) run.out.out(`${hex ? hexText(enc.encode(kv.key)) : kv.key}\n`);
      const value = keysOnly ? new Uint8Array() : kv.value;
      run.out.out(`${hex ? hexText(value) : terminalText(value)}\n`);
    }
    return run.out.done(0, 2);
  });
}

/** What `snapshot save` writes: a marker the simulated `snapshot status` reads back (the bytes of a real bbolt file are not modelled). */
const SNAPSHOT_MAGIC = 'kubedrill-etcd-snapshot';

function snapshotSave(run: Run, words: string[]): ProgramRun {
  if (words.length !== 1) return run.out.err('Error: snapshot save expects one argument\n').done(128, 0);
  if (run.endpoints.length !== 1) return run.out.err(`Error: snapshot must be requested to one selected node, not multiple [${run.endpoints.join(' ')}]\n`).done(5, 0);
  const path = words[0]!;
  const files = run.ctx.files;
  const ep = run.endpoints[0]!;
  const now = run.ctx.now;
  const log = (caller: string, msg: string, fields: [string, string][] = [], client = false, dt = 0) => {
    const line = zapLine('info', zapTime(now + dt, 100 + dt), caller, msg, fields);
    return `${client ? line.replace('"caller"', '"logger":"client","caller"') : line}\n`;
  };
  if (!files || !files.write(`${path}.part`, '')) return run.out.err(`Error: could not open ${path}.part (open ${path}.part: no such file or directory)\n`).done(6, 0);
  run.out.err(log('snapshot/v3_snapshot.go:65', 'created temporary db file', [['path', `${path}.part`]]));
  const c = connect(run, ep);
  if ('error' in c) return run.out.err(retryWarning(run, ep, c.error)).err('Error: context deadline exceeded\n').done(5, COMMAND_TIMEOUT_MS);
  const m = c.member;
  const size = m.dbSize();
  const status = { hash: Number(m.id % 4_294_967_291n) ^ m.status().revision, revision: m.status().revision, keys: m.keyCount(), size };
  run.out.err(log('v3@v3.5.16/maintenance.go:212', 'opened snapshot stream; downloading', [], true, 1));
  run.out.err(log('snapshot/v3_snapshot.go:73', 'fetching snapshot', [['endpoint', ep]], false, 1));
  run.out.err(log('v3@v3.5.16/maintenance.go:220', 'completed snapshot read; closing', [], true, 40));
  run.out.err(log('snapshot/v3_snapshot.go:88', 'fetched snapshot', [['endpoint', ep], ['size', humanizeBytes(size)], ['took', 'now']], false, 41));
  files.write(path, `${SNAPSHOT_MAGIC} ${JSON.stringify(status)}\n`);
  run.out.err(log('snapshot/v3_snapshot.go:97', 'saved', [['path', path]], false, 42));
  return run.out.out(`Snapshot saved at ${path}\n`).done(0, 45);
}

function snapshotStatus(run: Run, words: string[]): ProgramRun {
  run.out.err('Deprecated: Use `etcdutl snapshot status` instead.\n\n');
  if (words.length !== 1) return run.out.err('Error: snapshot status requires exactly one argument\n').done(128, 0);
  const path = words[0]!;
  const text = run.ctx.readFile?.(normalizePath(path));
  if (text === undefined) return run.out.err(`Error: stat ${path}: no such file or directory\n`).done(1, 0);
  const m = new RegExp(`^${SNAPSHOT_MAGIC} (\\{.*\\})`).exec(text);
  if (!m) return run.out.err('Error: invalid database\n').done(1, 0);
  const s = JSON.parse(m[1]!) as { hash: number; revision: number; keys: number; size: number };
  const row = [(s.hash >>> 0).toString(16), String(s.revision), String(s.keys), humanizeBytes(s.size)];
  if (run.format === 'table') run.out.out(renderTable(['hash', 'revision', 'total keys', 'total size'], [row]));
  else if (run.format === 'json') run.out.out(`{"hash":${s.hash >>> 0},"revision":${s.revision},"totalKey":${s.keys},"totalSize":${s.size}}\n`);
  else run.out.out(`${row.join(', ')}\n`);
  return run.out.done(0, 20);
}
