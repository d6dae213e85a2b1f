/**
 * The CoreDNS program (registry.k8s.io/coredns/coredns, v1.11.3): what runs
 * while a coredns container runs. It reads the Corefile its `-conf` flag
 * names from the ConfigMap volume the kubelet projected; a file that does not
 * load ends the process at once with CoreDNS's message on stderr
 * (coremain/run.go mustLogFatal, no timestamp) and exit code 1, so the pod
 * crash-loops. Otherwise it prints its start-up lines, lists and watches
 * Services, EndpointSlices and Namespaces with the `coredns` ServiceAccount's
 * identity (its informers follow changes; nothing runs per tick), and serves
 * DNS on 53/udp+tcp, `/health` on 8080 and `/ready` on 8181.
 *
 * Names outside the cluster zones go to `forward . /etc/resolv.conf`: the
 * pod's resolv.conf (dnsPolicy Default: the node's uplink server, the data
 * center's resolver in dns/upstream.ts, which knows no public names and
 * answers NXDOMAIN). When the upstream does not answer (a policy drops it, a
 * `forward` to an address nobody holds), the forward plugin keeps retrying
 * until its deadline (5 s, 2 s read timeouts: about 6 s), logs the
 * `plugin/errors` line and answers SERVFAIL — later than a client with the
 * default 5 s timeout waits, so the client times out.
 */
import type { SystemProgram, LaunchContext } from '../system-programs.js';
import type { ContainerProcess } from '../runtime/process.js';
import type { DnsQuery, DnsResponse, NetRequest, NetResponse, ServerProgram, HttpResponse } from '../network/requests.js';
import { createHash } from 'node:crypto';
import { Informer } from '../client/informer.js';
import { pathOf, reasonPhrase } from '../network/app-server.js';
import { corefileHash, loadCorefile, type ServerConfig } from './corefile.js';
import type { TimerId } from '../clock/event-queue.js';
import { containerSpec, readMountedFile } from './mounted-file.js';
import { fqdn, kubernetesAnswer } from './kubernetes-records.js';
import { KubernetesCache } from './kubernetes-cache.js';
import { parseResolvConf } from './resolv-conf.js';

type Obj = Record<string, any>;

/** The version banner CoreDNS 1.11.3 prints after its server addresses (coremain showVersion). */
const VERSION_LINES = ['CoreDNS-1.11.3', 'linux/amd64, go1.21.11, a6338e9'];

/** How long the forward plugin keeps retrying a silent upstream before answering SERVFAIL (defaultTimeout 5 s, read timeout 2 s). */
export const FORWARD_GIVE_UP_MS = 6_000;

/** How long the kubelet takes to project a ConfigMap change into a volume (its sync period plus the cache TTL, about a minute). */
export const KUBELET_SYNC_MS = 60_000;
/** The reload plugin's check interval (plugin/reload defaultInterval; its ±7.5 s jitter is left out). */
export const RELOAD_INTERVAL_MS = 30_000;

/** The CoreDNS system program. */
export const coreDNSProgram: SystemProgram = {
  repository: 'registry.k8s.io/coredns/coredns',
  launch: (launch) => startCoreDNS(launch),
};

function startCoreDNS(launch: LaunchContext): ContainerProcess {
  const { ctx, node, container, sandbox } = launch;
  const queue = ctx.queue;
  const log = (lines: readonly string[]) => node.runtime.appendLog(container, queue.now(), lines);
  /** The forward plugin's upstream addresses: its `to` list, a resolv.conf path read as the container sees it. */
  const upstreamsOf = (server: ServerConfig): string[] =>
    (server.forward?.to ?? []).flatMap((t) => (t.startsWith('/') ? (t === '/etc/resolv.conf' ? parseResolvConf(sandbox.resolvConf ?? '').servers : []) : [t.replace(/^dns:\/\//, '').replace(/:\d+$/, '')]));
  // The kubelet's volume manager projected the ConfigMap; it reads as the node.
  const kubeletClient = ctx.client({ type: 'loopback', user: `system:node:${node.name}`, groups: ['system:nodes'] });
  const mount = { client: kubeletClient, namespace: sandbox.namespace, pod: sandbox.podName, container: container.name };
  const confPath = confFlag(containerSpec(mount)?.container) ?? 'Corefile';
  const file = readMountedFile(mount, confPath.startsWith('/') ? confPath : `/${confPath}`);
  const loaded = file.ok ? loadCorefile(file.text, confPath) : { ok: false as const, error: file.error };
  let stopped = false;
  /** log.Fatal: the last line, then exit status 1 (scheduled: a program does not exit inside its launch). */
  const fatal = (line: string): ContainerProcess => {
    log([line]);
    queue.after(0, () => {
      if (!stopped && container.state === 'CONTAINER_RUNNING') node.runtime.processExited(container, 1);
    });
    return { stop: () => void (stopped = true) };
  };
  if (!loaded.ok) return fatal(loaded.error);
  let servers = loaded.servers;
  let sha512 = loaded.sha512;
  const hasPlugin = (name: string) => servers.some((x) => x.plugins.has(name));
  log([...servers.flatMap((x) => x.zones.map((z) => `${z}:${x.port}`)), ...(hasPlugin('reload') ? [`[INFO] plugin/reload: Running configuration SHA512 = ${sha512}`] : []), ...VERSION_LINES]);

  // plugin/loop: its HINFO probe, forwarded to a loopback address of the pod (a resolv.conf naming a
  // local stub such as systemd-resolved's 127.0.0.53), comes back to CoreDNS itself: fatal.
  const loopback = servers.find((x) => x.plugins.has('loop') && x.forward && upstreamsOf(x).some((ip) => ip.startsWith('127.')));
  if (loopback) {
    const n = (label: string) => BigInt(`0x${createHash('sha256').update(`${sandbox.id}|${label}`).digest('hex').slice(0, 16)}`) >> 1n;
    const port = 32768 + Number(n('port') % 28232n);
    return fatal(`[FATAL] plugin/loop: Loop (127.0.0.1:${port} -> :${loopback.port}) detected for zone "${loopback.zones[0]}", see https://coredns.io/plugins/loop#troubleshooting. Query: "HINFO ${n('a')}.${n('b')}.${loopback.zones[0] === '.' ? '' : loopback.zones[0]}"`);
  }

  // The kubernetes plugin's caches, with the ServiceAccount's identity (RBAC: ClusterRole system:coredns).
  let cache: KubernetesCache | undefined;
  const startCache = () => {
    if (cache || !servers.some((x) => x.kubernetes)) return;
    const client = ctx.client({ type: 'loopback', user: 'system:serviceaccount:kube-system:coredns', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system'] });
    cache = new KubernetesCache(client, () => queue.now(), log, (ms, fn) => queue.after(ms, () => !stopped && fn()), (id) => queue.cancel(id));
    // kubernetes.go InitKubeCache: after 5 s without a synced cache the server starts anyway.
    if (!cache.synced) log(['[WARNING] plugin/kubernetes: starting server with unsynced Kubernetes API']);
  };
  startCache();

  // The reload plugin: the kubelet projects a ConfigMap change into the volume at its next sync
  // (about a minute), and the plugin notices at its next 30 s check; one change, one check.
  const startedAt = queue.now();
  let reloadTimer: TimerId | undefined;
  const checkReload = () => {
    reloadTimer = undefined;
    if (stopped || !hasPlugin('reload')) return;
    const now = readMountedFile(mount, confPath.startsWith('/') ? confPath : `/${confPath}`);
    if (!now.ok) return;
    const hash = corefileHash(now.text, confPath);
    if (!hash.ok) {
      log([`[WARNING] plugin/reload: Corefile parse failed: ${hash.error}`]);
      return;
    }
    if (hash.sha512 === sha512) return;
    // reload.go: the new hash is kept even when the restart fails, so the same broken file is not retried.
    sha512 = hash.sha512;
    const next = loadCorefile(now.text, confPath);
    if (!next.ok) {
      const err = `starting with listener file descriptors: ${next.error}`;
      log(['[INFO] Reloading', `[ERROR] Restart failed: ${err}`, `[ERROR] plugin/reload: Corefile changed but reload failed: ${err}`]);
      return;
    }
    servers = next.servers;
    startCache();
    log(['[INFO] Reloading', ...(hasPlugin('reload') ? [`[INFO] plugin/reload: Running configuration SHA512 = ${sha512}`] : []), '[INFO] Reloading complete']);
  };
  const configMaps = new Informer(kubeletClient, 'configmaps', sandbox.namespace).on((type) => {
    if (type !== 'MODIFIED' || reloadTimer !== undefined || stopped) return;
    const projected = queue.now() + KUBELET_SYNC_MS;
    const tick = RELOAD_INTERVAL_MS - ((projected - startedAt) % RELOAD_INTERVAL_MS);
    reloadTimer = queue.after(projected + tick - queue.now(), checkReload);
  });
  configMaps.start();

  const from = { kind: 'pod' as const, node: node.name, sandboxId: sandbox.id };
  let queries = 0;
  const forward = (q: DnsQuery, server: ServerConfig): DnsResponse => {
    const upstreams = upstreamsOf(server);
    for (const ip of upstreams) {
      const r = launch.network.request(from, ip, 53, q);
      if (r.ok && r.response?.kind === 'dns' && (r.response.delayMs ?? 0) < FORWARD_GIVE_UP_MS) return { ...r.response, authoritative: false, recursionAvailable: true };
    }
    const upstream = upstreams[0];
    if (server.plugins.has('errors') && upstream) {
      // A source port of the forward plugin's socket: derived from the query count, as ports are not modelled.
      const port = 32768 + ((queries * 7919 + sandbox.ip.length * 104729) % 28232);
      log([`[ERROR] plugin/errors: 2 ${fqdn(q.name)} ${q.type}: read udp ${sandbox.ip}:${port}->${upstream}:53: i/o timeout`]);
    }
    return { kind: 'dns', rcode: 'SERVFAIL', answers: [], recursionAvailable: true, delayMs: FORWARD_GIVE_UP_MS };
  };

  const answerDns = (q: DnsQuery): DnsResponse => {
    queries++;
    const name = fqdn(q.name).toLowerCase();
    const server = bestServer(servers, name);
    if (!server) return { kind: 'dns', rcode: 'REFUSED', answers: [] };
    const k = server.kubernetes;
    const view = cache?.view;
    const zone = k && view ? longestZone(k.zones, name) : undefined;
    if (k && view && zone) {
      const a = kubernetesAnswer(q, zone, k, view);
      if (a.kind === 'answer') return a.response;
    }
    if (server.forward && inZone(name, server.forward.from)) return forward(q, server);
    // plugin.NextOrFailure: nothing after the plugin that passed the query on.
    return { kind: 'dns', rcode: 'SERVFAIL', answers: [] };
  };

  const server: ServerProgram = {
    answer(request: NetRequest, port: number): NetResponse | undefined {
      if (request.kind === 'dns') return port === 53 ? answerDns(request) : undefined;
      if (request.kind !== 'http') return undefined;
      const path = pathOf(request.path);
      if (port === 8080 && hasPlugin('health')) return path === '/health' ? text(200, 'OK') : text(404, '404 page not found\n');
      if (port === 8181 && hasPlugin('ready')) {
        if (path !== '/ready') return text(404, '404 page not found\n');
        // plugin/ready: 503 and the names of the plugins not ready yet.
        return !cache || cache.synced ? text(200, 'OK') : text(503, 'kubernetes');
      }
      return text(404, '404 page not found\n');
    },
  };

  return {
    server,
    stop: () => {
      stopped = true;
      if (reloadTimer !== undefined) queue.cancel(reloadTimer);
      configMaps.stop();
      cache?.stop();
    },
  };
}

/** The value of the container's `-conf` flag (command then args). */
function confFlag(container: Obj | undefined): string | undefined {
  const words: string[] = [...((container?.command as string[]) ?? []), ...((container?.args as string[]) ?? [])];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '-conf' || w === '--conf') return words[i + 1];
    const m = /^--?conf=(.*)$/.exec(w);
    if (m) return m[1];
  }
  return undefined;
}

/** The server block on port 53 whose zone matches `name` most specifically (dnsserver's zone lookup). */
function bestServer(servers: ServerConfig[], name: string): ServerConfig | undefined {
  let best: ServerConfig | undefined;
  let bestLen = -1;
  for (const s of servers) {
    if (s.port !== 53) continue;
    for (const z of s.zones) {
      if (inZone(name, z) && z.length > bestLen) {
        best = s;
        bestLen = z.length;
      }
    }
  }
  return best;
}

function longestZone(zones: string[], name: string): string | undefined {
  let best: string | undefined;
  for (const z of zones) if (inZone(name, z) && (!best || z.length > best.length)) best = z;
  return best;
}

function inZone(name: string, zone: string): boolean {
  return zone === '.' || name === zone || name.endsWith(`.${zone}`);
}

function text(status: number, body: string): HttpResponse {
  const key = `${status} ${body}`;
  let response = TEXTS.get(key);
  if (!response) {
    response = Object.freeze({ kind: 'http', status, reason: reasonPhrase(status), headers: Object.freeze([Object.freeze(['Content-Type', 'text/plain; charset=utf-8'] as const), Object.freeze(['Content-Length', String(Buffer.byteLength(body))] as const)]), body });
    TEXTS.set(key, response);
  }
  return response;
}

/** The health and ready plugins' few answers (the kubelet asks for one every probe period), each made once and shared, frozen. */
const TEXTS = new Map<string, HttpResponse>();
