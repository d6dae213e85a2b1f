/**
 * The control-plane images as programs (principle 1): a container of
 * `registry.k8s.io/kube-scheduler`, `kube-controller-manager` or
 * `kube-apiserver` runs the component from its own command line, and
 * stopping the container stops it. A flag it does not know, or a kubeconfig
 * or file it cannot read, makes it exit 1 with the component's own words
 * (component-base cli.Run: `Error: ...` before logging is set up, else klog's
 * `"command failed" err=...`), so the static pod crash-loops.
 *
 * The scheduler and controller manager reach the API server only through
 * their kubeconfig (kubeconfig-client.ts); the API server is reachable on
 * its node's :6443 exactly while its container runs (the network finds the
 * listening host-network container).
 */
import type { ContainerProcess } from '../runtime/process.js';
import type { LaunchContext, SystemProgram } from '../system-programs.js';
import type { ServerProgram } from '../network/requests.js';
import type { ApiClient } from '../apiserver/types.js';
import type { Component } from '../component.js';
import { klogKV, klogLine, type KlogSeverity } from '../host/journal.js';
import { Scheduler } from '../scheduler/scheduler.js';
import { CONTROLLER_NAMES, ControllerManager, type ControllerName } from '../controllers/controller-manager.js';
import { DEFAULT_LEADER_ELECTION, type ElectionHooks, type LeaderElectionTiming } from '../client/leader-election.js';
import { durationFlag, flagSet, flagTrue, parseComponentFlags, type FlagSet } from './component-flags.js';
import { controllerStarts, controllersFlag, validateControllers } from './controller-catalog.js';
import { kubeconfigClient } from './kubeconfig-client.js';
import { HEALTH_SERVER, healthServer } from '../network/host-daemons.js';
import { failingStorageStart, PROBE_ERROR, storageClient } from './apiserver-storage.js';
import { componentProbes } from './component-probes.js';
import { webhookClient } from './webhook-client.js';
import { servingOptions } from '../apiserver/serving-options.js';

/** The process id of a component in its container. */
const PID = 1;

const SERVING = 'bind-address cert-dir http2-max-streams-per-connection secure-port tls-cert-file tls-cipher-suites tls-min-version tls-private-key-file tls-sni-cert-key';
const DELEGATION = 'authentication-kubeconfig authentication-token-webhook-cache-ttl authorization-always-allow-paths authorization-kubeconfig authorization-webhook-cache-authorized-ttl authorization-webhook-cache-unauthorized-ttl client-ca-file requestheader-allowed-names requestheader-client-ca-file requestheader-extra-headers-prefix requestheader-group-headers requestheader-uid-headers requestheader-username-headers';
const LEADER = 'leader-elect-lease-duration leader-elect-renew-deadline leader-elect-resource-lock leader-elect-resource-name leader-elect-resource-namespace leader-elect-retry-period';
const METRICS = 'allow-metric-labels allow-metric-labels-manifest disabled-metrics show-hidden-metrics-for-version';
const CLIENT = 'kube-api-burst kube-api-content-type kube-api-qps kubeconfig master';

/** kube-scheduler's flags (v1.32 `kube-scheduler --help`). */
const SCHEDULER_FLAGS: FlagSet = flagSet(`${SERVING} ${DELEGATION} ${LEADER} ${METRICS} ${CLIENT} config write-config-to pod-max-in-unschedulable-pods-duration emulated-version`, 'leader-elect permit-address-sharing permit-port-sharing profiling contention-profiling authentication-skip-lookup authentication-tolerate-lookup-failure');

/** kube-controller-manager's flags (the ones a kubeadm cluster and the CKA use; v1.32 `--help`). */
const CONTROLLER_MANAGER_FLAGS: FlagSet = flagSet(
  `${SERVING} ${DELEGATION} ${LEADER} ${METRICS} ${CLIENT} cloud-config cloud-provider cluster-cidr cluster-name cluster-signing-cert-file cluster-signing-duration cluster-signing-key-file cluster-signing-kube-apiserver-client-cert-file cluster-signing-kube-apiserver-client-key-file cluster-signing-kubelet-client-cert-file cluster-signing-kubelet-client-key-file cluster-signing-kubelet-serving-cert-file cluster-signing-kubelet-serving-key-file cluster-signing-legacy-unknown-cert-file cluster-signing-legacy-unknown-key-file concurrent-deployment-syncs concurrent-endpoint-syncs concurrent-gc-syncs concurrent-namespace-syncs concurrent-replicaset-syncs concurrent-service-endpoint-syncs concurrent-statefulset-syncs concurrent-daemonset-syncs concurrent-job-syncs concurrent-cron-job-syncs concurrent-rc-syncs concurrent-resource-quota-syncs concurrent-serviceaccount-token-syncs concurrent-ttl-after-finished-syncs controller-start-interval horizontal-pod-autoscaler-sync-period large-cluster-size-threshold min-resync-period namespace-sync-period node-cidr-mask-size node-cidr-mask-size-ipv4 node-cidr-mask-size-ipv6 node-eviction-rate node-monitor-grace-period node-monitor-period node-startup-grace-period pv-recycler-pod-template-filepath-hostpath resource-quota-sync-period root-ca-file secondary-node-eviction-rate service-account-private-key-file service-cluster-ip-range terminated-pod-gc-threshold unhealthy-zone-threshold emulated-version`,
  'allocate-node-cidrs configure-cloud-routes enable-dynamic-provisioning enable-garbage-collector enable-hostpath-provisioner leader-elect profiling contention-profiling use-service-account-credentials authentication-skip-lookup authentication-tolerate-lookup-failure',
  'controllers',
);

/** kube-apiserver's flags (the ones kubeadm writes and the usual others; v1.32 `--help`). */
const APISERVER_FLAGS: FlagSet = flagSet(
  `${SERVING} ${METRICS} admission-control-config-file advertise-address api-audiences apiserver-count audit-log-format audit-log-maxage audit-log-maxbackup audit-log-maxsize audit-log-path audit-policy-file audit-webhook-config-file authentication-config authorization-config authorization-mode client-ca-file cors-allowed-origins default-not-ready-toleration-seconds default-unreachable-toleration-seconds disable-admission-plugins egress-selector-config-file enable-admission-plugins encryption-provider-config endpoint-reconciler-type etcd-cafile etcd-certfile etcd-keyfile etcd-prefix etcd-servers etcd-servers-overrides event-ttl external-hostname goaway-chance kubelet-certificate-authority kubelet-client-certificate kubelet-client-key kubelet-preferred-address-types kubelet-timeout livez-grace-period max-mutating-requests-inflight max-requests-inflight min-request-timeout oidc-ca-file oidc-client-id oidc-groups-claim oidc-issuer-url oidc-username-claim proxy-client-cert-file proxy-client-key-file request-timeout requestheader-allowed-names requestheader-client-ca-file requestheader-extra-headers-prefix requestheader-group-headers requestheader-uid-headers requestheader-username-headers runtime-config service-account-issuer service-account-jwks-uri service-account-key-file service-account-max-token-expiration service-account-signing-key-file service-cluster-ip-range service-node-port-range shutdown-delay-duration storage-backend storage-media-type strict-transport-security-directives token-auth-file watch-cache-sizes emulated-version`,
  'allow-privileged anonymous-auth enable-aggregator-routing enable-bootstrap-token-auth enable-priority-and-fairness profiling contention-profiling watch-cache service-account-lookup',
);

/** A component process in a container: its log is the container's output. */
class ComponentProcess implements ContainerProcess {
  stopped = false;
  listening?: (port: number) => boolean;
  private readonly stops: (() => void)[] = [];
  server?: ServerProgram;
  clientCertificate?: ContainerProcess['clientCertificate'];

  constructor(readonly lc: LaunchContext) {}

  stop(): void {
    this.stopped = true;
    for (const s of this.stops.splice(0)) s();
  }

  onStop(fn: () => void): void {
    this.stops.push(fn);
  }

  log(severity: KlogSeverity, source: string, message: string): void {
    const now = this.lc.ctx.queue.now();
    this.lc.node.runtime.appendLog(this.lc.container, now, [klogLine(severity, now, PID, source, message)]);
  }

  /** The process ends with `code` (scheduled: a launcher must not exit inside the call). */
  exit(code: number): this {
    this.lc.ctx.queue.after(0, () => !this.stopped && this.lc.node.runtime.processExited(this.lc.container, code));
    return this;
  }

  /** cli.Run before logging is set up (a flag that does not parse): `Error: ...` on stderr, exit 1. */
  flagError(error: string): this {
    this.lc.node.runtime.appendLog(this.lc.container, this.lc.ctx.queue.now(), [`Error: ${error}`]);
    return this.exit(1);
  }

  /** cli.Run once logging is set up: klog's `"command failed" err=...`, exit 1. */
  commandFailed(error: string): this {
    this.log('E', 'run.go:72', klogKV('command failed', { err: error }));
    return this.exit(1);
  }

  /** The image tag: the component's version. */
  version(): string {
    const image = this.lc.container.image;
    const colon = image.lastIndexOf(':');
    return colon > image.lastIndexOf('/') ? image.slice(colon + 1) : 'v0.0.0';
  }
}

/** Parses the container's command line against `set`: the flags, or the process already exiting. */
function commandLine(proc: ComponentProcess, set: FlagSet): Map<string, string> | undefined {
  const parsed = parseComponentFlags(proc.lc.container.argv.slice(1), set);
  if (parsed.ok) return parsed.flags;
  proc.flagError(parsed.error);
  return undefined;
}

/** The client of `--kubeconfig` (clientcmd.BuildConfigFromFlags), or the process already exiting. */
function componentClient(proc: ComponentProcess, flags: Map<string, string>) {
  const path = flags.get('kubeconfig') ?? '';
  if (path === '') {
    // No kubeconfig: the in-cluster config, whose token a static pod does not have.
    proc.log('W', 'client_config.go:667', 'Neither --kubeconfig nor --master was specified.  Using the inClusterConfig.  This might not work.');
    proc.commandFailed('open /var/run/secrets/kubernetes.io/serviceaccount/token: no such file or directory');
    return undefined;
  }
  // leaderelection's requests carry the client timeout of RenewDeadline/2. --master overrides the
  // kubeconfig's server (clientcmd.BuildConfigFromFlags: ConfigOverrides.ClusterInfo.Server).
  const client = kubeconfigClient(proc.lc, path, '?timeout=5s', flags.get('master'));
  if (!client.ok) {
    proc.commandFailed(client.error);
    return undefined;
  }
  proc.clientCertificate = { path, use: client.useCertificate };
  return client;
}

/**
 * Secure serving's first line (no --tls-cert-file: a self-signed certificate),
 * then delegated authentication's client CA: a missing --client-ca-file ends
 * the process (answers false) as DelegatingAuthenticationOptions.ApplyTo does.
 */
function servingLines(proc: ComponentProcess, flags: Map<string, string>): boolean {
  proc.log('I', 'serving.go:386', 'Generated self-signed cert in-memory');
  const ca = flags.get('client-ca-file');
  if (ca === undefined || ca === '' || proc.lc.node.host.fs.exists(ca) === 'file') return true;
  proc.commandFailed(`unable to load client CA provider: open ${ca}: no such file or directory`);
  return false;
}

/** How a leader-elected component (scheduler, controller manager) starts, logs and loses its lease. */
interface ElectedComponent {
  readonly repository: string;
  readonly flags: FlagSet;
  readonly securePort: number;
  /** Its start-up lines after the client is built: [source, message] pairs. */
  startLines(version: string): readonly (readonly [string, string])[];
  /** Its OnStoppedLeading line before klog.FlushAndExit(..., 1): [source, message]. */
  readonly lostLine: readonly [string, string];
  /** Options.Validate (after logging is set up, before serving): the error that ends the command, if any. */
  validate?(flags: Map<string, string>): string | undefined;
  create(lc: LaunchContext, flags: Map<string, string>, client: ApiClient, election: ElectionHooks & { leaderElect: boolean; timing: LeaderElectionTiming }): Component;
}

const LEADER_DURATIONS = [
  ['leader-elect-lease-duration', DEFAULT_LEADER_ELECTION.leaseDurationSeconds * 1000],
  ['leader-elect-renew-deadline', DEFAULT_LEADER_ELECTION.renewDeadlineMs],
  ['leader-elect-retry-period', DEFAULT_LEADER_ELECTION.retryPeriodMs],
] as const;

/** --leader-elect-lease-duration, -renew-deadline, -retry-period (component-base defaults 15s, 10s, 2s), or pflag's error. */
function leaderTiming(flags: Map<string, string>): { ok: true; timing: LeaderElectionTiming } | { ok: false; error: string } {
  const ms: number[] = [];
  for (const [name, fallback] of LEADER_DURATIONS) {
    const parsed = durationFlag(flags, name, fallback);
    if (!parsed.ok) return parsed;
    ms.push(parsed.ms);
  }
  // The Lease stores whole seconds (leaseDurationSeconds = int32(LeaseDuration / time.Second)).
  return { ok: true, timing: { leaseDurationSeconds: Math.floor(ms[0] / 1000), renewDeadlineMs: ms[1], retryPeriodMs: ms[2] } };
}

/** The program of an elected component: flags, serving, kubeconfig client, then the component campaigns. */
function electedProgram(component: ElectedComponent): SystemProgram {
  return {
    repository: component.repository,
    launch(lc) {
      const proc = new ComponentProcess(lc);
      const flags = commandLine(proc, component.flags);
      if (!flags) return proc;
      const timing = leaderTiming(flags);
      if (!timing.ok) return proc.flagError(timing.error);
      const invalid = component.validate?.(flags);
      if (invalid !== undefined) return proc.commandFailed(invalid);
      if (!servingLines(proc, flags)) return proc;
      const api = componentClient(proc, flags);
      if (!api) return proc;
      for (const [source, message] of component.startLines(proc.version())) proc.log('I', source, message);
      proc.log('I', 'secure_serving.go:213', `Serving securely on ${flags.get('bind-address') ?? '0.0.0.0'}:${flags.get('secure-port') ?? component.securePort}`);
      const running = component.create(lc, flags, api.client, {
        leaderElect: flagTrue(flags.get('leader-elect'), true),
        timing: timing.timing,
        log: (sev, source, message) => proc.log(sev, source, message),
        onLost: () => {
          proc.log('E', component.lostLine[0], klogKV(component.lostLine[1]));
          proc.exit(1);
        },
      });
      running.start();
      proc.onStop(() => running.stop());
      // Secure serving: /healthz, /livez, /readyz answer `ok` to anyone (--authorization-always-allow-paths).
      proc.server = HEALTH_SERVER;
      return proc;
    },
  };
}

const GOLANG_SETTINGS = klogKV('Golang settings', { GOGC: '', GOMAXPROCS: '', GOTRACEBACK: '' });

/** The kube-scheduler program (cmd/kube-scheduler/app/server.go). */
export const kubeSchedulerProgram: SystemProgram = electedProgram({
  repository: 'registry.k8s.io/kube-scheduler',
  flags: SCHEDULER_FLAGS,
  securePort: 10259,
  startLines: (version) => [
    ['server.go:167', klogKV('Starting Kubernetes Scheduler', { version })],
    ['server.go:169', GOLANG_SETTINGS],
  ],
  lostLine: ['server.go:312', 'Leaderelection lost'],
  create: (lc, _flags, client, { leaderElect, timing, ...election }) => new Scheduler(lc.ctx, { hostName: lc.node.name, client, election, leaderElect, leaderElection: timing }),
});

/** The kube-controller-manager program (cmd/kube-controller-manager/app/controllermanager.go). */
export const kubeControllerManagerProgram: SystemProgram = electedProgram({
  repository: 'registry.k8s.io/kube-controller-manager',
  flags: CONTROLLER_MANAGER_FLAGS,
  securePort: 10257,
  startLines: (version) => [
    ['controllermanager.go:185', klogKV('Starting', { version })],
    ['controllermanager.go:187', GOLANG_SETTINGS],
  ],
  lostLine: ['controllermanager.go:328', 'leaderelection lost'],
  validate: (flags) => validateControllers(controllersFlag(flags.get('controllers'))),
  create: (lc, flags, client, { leaderElect, timing, ...election }) => {
    const allocate = flagTrue(flags.get('allocate-node-cidrs'), false);
    // startNodeIpamController returns (nil, false, nil) without --allocate-node-cidrs: "Warning: skipping controller".
    const starts = controllerStarts(controllersFlag(flags.get('controllers')), new Set(allocate ? [] : ['node-ipam-controller']));
    const started = new Set(starts.filter((s) => s.outcome === 'started').map((s) => s.name));
    const controllers: ControllerName[] = CONTROLLER_NAMES.filter((n) => started.has(n));
    const cidr = allocate ? flags.get('cluster-cidr') : undefined;
    // --root-ca-file is what the root CA publisher publishes (without it, upstream uses the kubeconfig's CA: the same file on kubeadm's nodes).
    const rootCA = lc.node.host.fs.read(flags.get('root-ca-file') ?? '/etc/kubernetes/pki/ca.crt');
    return new ControllerManager(lc.ctx, { hostName: lc.node.name, client, election, leaderElect, leaderElection: timing, controllers, starts, ...(cidr ? { clusterCidr: cidr } : {}), ...(rootCA ? { rootCA } : {}) });
  },
});

/** The files kube-apiserver reads at start, by flag: a missing one ends it with its error. */
const APISERVER_FILES: readonly (readonly [string, (path: string) => string])[] = [
  // BuiltInAuthenticationOptions.ToAuthenticationConfig returns NewDynamicCAContentFromFile's error as it is.
  ['client-ca-file', (p) => `open ${p}: no such file or directory`],
];

/** The kube-apiserver program: while it runs, its node's :6443 accepts connections. */
export const kubeApiServerProgram: SystemProgram = {
  repository: 'registry.k8s.io/kube-apiserver',
  launch(lc) {
    const proc = new ComponentProcess(lc);
    const flags = commandLine(proc, APISERVER_FLAGS);
    if (!flags) return proc;
    proc.log('I', 'options.go:238', `external host was not specified, using ${flags.get('advertise-address') ?? lc.node.ip}`);
    // completedOptions.Validate() runs before Run logs the version: a bad mode or plugin name ends it here.
    const judged = servingOptions((name) => flags.get(name));
    if (!judged.ok) return proc.commandFailed(judged.error);
    proc.log('I', 'server.go:143', `Version: ${proc.version()}`);
    proc.log('I', 'server.go:145', GOLANG_SETTINGS);
    for (const [flag, error] of APISERVER_FILES) {
      const path = flags.get(flag);
      if (path !== undefined && lc.node.host.fs.exists(path) !== 'file') return proc.commandFailed(error(path));
    }
    const storage = storageClient(lc, flags);
    const api = lc.api;
    // Serving starts once storage is there: until then nothing listens on 6443.
    let serving = false;
    proc.listening = () => serving;
    const serve = () => {
      serving = true;
      // The lease endpoint reconciler: once serving, it lists itself in the `kubernetes` endpoints, and takes itself out on shutdown.
      const peers = lc.apiServerPeers;
      if (peers) {
        const advertise = flags.get('advertise-address') ?? lc.node.ip;
        peers.serving(advertise);
        proc.onStop(() => peers.stopped(advertise));
      }
      proc.server = api ? healthServer((path) => api.healthAnswer(path)) : HEALTH_SERVER;
      if (!api) return;
      api.configure(judged.options);
      const probes = componentProbes(lc, storage);
      api.componentProbes = probes;
      const stopCallingWebhooks = api.addWebhookTransport(webhookClient(lc));
      proc.onStop(() => {
        if (api.componentProbes === probes) api.componentProbes = [];
        stopCallingWebhooks();
      });
      if (!storage) return;
      const probe = () => ('error' in storage.dial() ? PROBE_ERROR : undefined);
      api.storageProbe = probe;
      proc.onStop(() => {
        if (api.storageProbe === probe) api.storageProbe = undefined;
      });
    };
    if (!storage || !('error' in storage.dial())) serve();
    else failingStorageStart(proc, storage, serve);
    return proc;
  },
};

/** The control-plane programs. */
export const CONTROL_PLANE_PROGRAMS: readonly SystemProgram[] = [kubeApiServerProgram, kubeControllerManagerProgram, kubeSchedulerProgram];
