/**
 * A containerd-like container runtime for one node: images, pod sandboxes,
 * containers with their state, exit codes and logs. This is what the kubelet
 * drives through CRI and what crictl reads. It can be down.
 */
import type { EventQueue, TimerId } from '../clock/event-queue.js';
import type { Random } from '../clock/random.js';
import { fullImageName, parseImageRef, type ImageBehaviour, type ImageCatalog } from '../workloads/catalog.js';
import type { ContainerProcess, ProgramLauncher } from './process.js';
import { parseWaitLoop } from '../programs/wait-loop.js';
import { CNI_CONF_DIR, CNI_NOT_INITIALIZED, loadCniNetwork, seedCniPlugins, setupNetwork, type CniFiles } from './cni.js';
import { FLANNEL_SUBNET_FILE, flannelSubnet } from '../flannel/subnet-env.js';
import { ImageStore } from './image-store.js';
import { resolvConfText, type DnsConfig } from '../dns/resolv-conf.js';
import { ContainerLog } from './container-log.js';
import { isShell } from '../programs/shell-words.js';

/** An image in the node's content store. */
export interface RuntimeImage {
  id: string;
  /** Tags it is known by (`docker.io/library/nginx:1.27`). */
  tags: string[];
  sizeBytes: number;
  behaviour: ImageBehaviour;
}

/** A pod sandbox (the pause container and its network namespace). */
export interface Sandbox {
  id: string;
  podUid: string;
  podName: string;
  namespace: string;
  attempt: number;
  ip: string;
  createdAt: number;
  state: 'SANDBOX_READY' | 'SANDBOX_NOTREADY';
  /** The pod shares the node's network namespace (spec.hostNetwork): `ip` is the node's. */
  hostNetwork?: boolean;
  /** The sandbox's /etc/resolv.conf, bind-mounted into its containers (from the kubelet's DNSConfig). */
  resolvConf?: string;
  /**
   * The interface index of its veth's host end (the CNI bridge plugin makes one per
   * pod network): the node numbers new links on from there, never reusing one.
   */
  hostIfIndex?: number;
}

/** A container and its process. */
export interface RuntimeContainer {
  id: string;
  sandboxId: string;
  podUid: string;
  name: string;
  attempt: number;
  image: string;
  imageId: string;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  reason?: string;
  state: 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED';
  /** Its log lines with their times (what `kubectl logs` / `crictl logs` print). */
  readonly logs: ContainerLog;
  behaviour: ImageBehaviour;
  exitTimer?: TimerId;
  /** The command line its process runs (commandLine: command + args, or the image's ENTRYPOINT + args, or its default). */
  argv: readonly string[];
  /** The environment the kubelet gave the process (kubelet_pods.go makeEnvironmentVariables), in order. */
  env?: readonly (readonly [string, string])[];
  /** The simulated program its image runs, while it runs (kube-proxy, CoreDNS; see process.ts). */
  process?: ContainerProcess;
  /** When its process was stopped by SIGSTOP (`kill -STOP`, the cgroup freezer): it still runs but does nothing until killed. */
  frozenAt?: number;
}

const NO_ARGV: readonly string[] = Object.freeze([]);

/** Result of a CRI call. */
export type CriResult<T> = { ok: true; value: T } | { ok: false; error: string };

const CONTAINERD_SOCK_ERROR = 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"';

/** A CRI runtime condition (RuntimeReady, NetworkReady) as containerd's Status reports it. */
export interface RuntimeCondition {
  type: 'RuntimeReady' | 'NetworkReady';
  status: boolean;
  reason: string;
  message: string;
}

/** The runtime of one node. */
export class ContainerRuntime {
  readonly images = new ImageStore();
  readonly sandboxes = new Map<string, Sandbox>();
  readonly containers = new Map<string, RuntimeContainer>();
  private isUp = true;
  private latency = 0;
  private stateChanges = 0;
  private cniFiles?: CniFiles;
  private exitListeners: ((c: RuntimeContainer) => void)[] = [];
  /** The next host interface index a pod's veth gets: lo, the NIC, flannel.1 and cni0 hold 1-4. */
  private nextIfIndex = 5;
  private changeListeners: (() => void)[] = [];
  /** Each container's CRI log file: where it is, the function that renders it, and its size so far. */
  private readonly logFiles = new WeakMap<RuntimeContainer, { path: string; content: () => string; bytes: number }>();

  /**
   * Starts the simulated program of a container whose image is one (principle 1:
   * images are programs). Set by the cluster for each node; absent in tests of the runtime alone.
   */
  launcher?: ProgramLauncher;

  /**
   * How far the host's clock is ahead of true time: containerd stamps its CRI
   * log lines with the host's clock. Set by the cluster for each node. Applied
   * when the file is read, so a skew changed later moves earlier lines too.
   */
  hostClockOffsetMs: () => number = () => 0;

  constructor(private readonly queue: EventQueue, private readonly random: Random, private readonly catalog: ImageCatalog) {}

  /** The interface index the next pod veth's host end will get (5 while no pod network was ever set up). */
  get nextHostIfIndex(): number {
    return this.nextIfIndex;
  }

  /** The simulated time on this node's runtime (ms since the epoch): what its processes stamp. */
  now(): number {
    return this.queue.now();
  }

  /** Is containerd up (answering on its socket)? Its systemd unit sets this. */
  get up(): boolean {
    return this.isUp;
  }

  set up(value: boolean) {
    if (value === this.isUp) return;
    this.beforeChange();
    this.isUp = value;
    // Stopping containerd ends the process that held the stuck task's lock:
    // the restarted daemon reloads task state from the shims and answers at
    // once again. Running containers survive a stop (their shims keep them).
    if (!value) this.latency = 0;
  }

  /**
   * How long each list/status call of the CRI takes to answer (ms): 0 for a
   * healthy containerd; large when a hung task holds containerd's lock.
   */
  get latencyMs(): number {
    return this.latency;
  }

  set latencyMs(value: number) {
    if (value === this.latency) return;
    this.beforeChange();
    this.latency = Math.max(0, value);
  }

  /**
   * Grows with every change of what Status answers from, besides the CNI
   * files' contents: `up`, `latencyMs`, and which files it reads.
   */
  get stateVersion(): number {
    return this.stateChanges;
  }

  /** Subscribes to `up`/`latencyMs` changes; called just before the change takes effect. */
  onStateChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * Gives containerd the host's filesystem: from then on its CRI plugin reads
   * /etc/cni/net.d (re-read on every use, as its fsnotify watch does) and
   * runs plugins from /opt/cni/bin.
   */
  attachHostFiles(fs: CniFiles): void {
    // Status may read other files now: a version of the old ones says nothing about them.
    if (fs !== this.cniFiles) this.stateChanges++;
    this.cniFiles = fs;
    seedCniPlugins(fs);
  }

  /** The runtime conditions of containerd's Status call (undefined when it is down). */
  status(): readonly RuntimeCondition[] | undefined {
    if (!this.up) return undefined;
    // The kubelet asks every few seconds: the two possible answers are shared (frozen) values.
    return this.cniFiles && !loadCniNetwork(this.cniFiles).ok ? NETWORK_NOT_READY : ALL_READY;
  }

  /**
   * Changes whenever Status's NetworkReady answer may have: it is read from
   * the CNI configuration directory alone. Undefined when the files carry no
   * version (the answer must then be asked for).
   */
  networkConfigVersion(): number | undefined {
    const fs = this.cniFiles;
    if (!fs) return 0;
    return fs.dirVersion ? fs.dirVersion(CNI_CONF_DIR) : fs.version;
  }

  /** The reason the last CNI config load failed, if it did (what containerd logs). */
  cniLoadError(): string | undefined {
    if (!this.cniFiles) return undefined;
    const load = loadCniNetwork(this.cniFiles);
    return load.ok ? undefined : load.error;
  }

  private beforeChange(): void {
    this.stateChanges++;
    for (const l of this.changeListeners) l();
  }

  /** Subscribes to container exits (the kubelet's PLEG). */
  onExit(listener: (c: RuntimeContainer) => void): void {
    this.exitListeners.push(listener);
  }

  /** The image if present on the node. */
  findImage(image: string): RuntimeImage | undefined {
    let name = this.imageNames.get(image);
    if (name === undefined) {
      name = fullImageName(parseImageRef(image));
      // Pod specs name few images, learners may type many: remember a bounded few.
      if (this.imageNames.size >= 256) this.imageNames.clear();
      this.imageNames.set(image, name);
    }
    for (const img of this.images.values()) if (img.tags.includes(name)) return img;
    return undefined;
  }

  /** Image references as written in pod specs → their full normalized names (the kubelet asks at every container start). */
  private readonly imageNames = new Map<string, string>();

  /** Pulls an image from the (simulated) registry; the error text is containerd's. */
  pullImage(image: string): CriResult<RuntimeImage> {
    if (!this.up) return { ok: false, error: CONTAINERD_SOCK_ERROR };
    const ref = parseImageRef(image);
    const name = fullImageName(ref);
    const behaviour = this.catalog.lookup(image);
    if (!behaviour) {
      if (ref.repository.startsWith('docker.io/') && !this.catalog.knowsRepository(image)) {
        return { ok: false, error: `rpc error: code = Unknown desc = failed to pull and unpack image "${name}": failed to resolve reference "${name}": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed` };
      }
      return { ok: false, error: `rpc error: code = NotFound desc = failed to pull and unpack image "${name}": failed to resolve reference "${name}": ${name}: not found` };
    }
    const existing = this.findImage(image);
    if (existing) return { ok: true, value: existing };
    const img: RuntimeImage = { id: `sha256:${this.random.hex(64)}`, tags: [name], sizeBytes: behaviour.sizeBytes ?? 10_000_000, behaviour };
    this.images.set(img.id, img);
    return { ok: true, value: img };
  }

  /**
   * Creates a pod sandbox with the IP the CNI plugin gave it and the
   * resolv.conf its DNSConfig asks for. `ip` is the address, or the IPAM
   * that hands one out once the plugins before it succeeded (a plugin that
   * fails first takes no address). IPAM without an address to give (the
   * node has no pod CIDR yet) is a failure with an empty error, and nothing
   * is created.
   */
  runPodSandbox(pod: { uid: string; name: string; namespace: string }, ip: string | ((subnet: string | undefined) => string | undefined), attempt: number, hostNetwork = false, dns?: DnsConfig): CriResult<Sandbox> {
    if (!this.up) return { ok: false, error: CONTAINERD_SOCK_ERROR };
    let failure: string | undefined;
    let subnet: string | undefined;
    if (this.cniFiles && !hostNetwork) {
      // The pause container is created, then the network set up; a failure removes the sandbox again.
      const load = loadCniNetwork(this.cniFiles);
      failure = load.ok ? setupNetwork(this.cniFiles, load.network) : CNI_NOT_INITIALIZED;
      // flannel's plugin gives host-local the subnet flanneld wrote, read from the node's disk, not from the API server.
      if (!failure && load.ok && load.network.plugins.includes('flannel')) subnet = flannelSubnet(this.cniFiles.read(FLANNEL_SUBNET_FILE));
    }
    const address = failure ? undefined : typeof ip === 'string' ? ip : ip(subnet);
    if (!failure && address === undefined) return { ok: false, error: '' };
    const id = this.random.hex(64);
    if (failure || address === undefined) return { ok: false, error: `rpc error: code = Unknown desc = failed to setup network for sandbox "${id}": ${failure}` };
    const sandbox: Sandbox = { id, podUid: pod.uid, podName: pod.name, namespace: pod.namespace, attempt, ip: address, createdAt: this.queue.now(), state: 'SANDBOX_READY', ...(hostNetwork ? { hostNetwork } : { hostIfIndex: this.nextIfIndex++ }) };
    if (dns) sandbox.resolvConf = resolvConfText(dns, this.cniFiles?.read('/etc/resolv.conf'));
    this.sandboxes.set(sandbox.id, sandbox);
    return { ok: true, value: sandbox };
  }

  /** Stops and removes a sandbox and its containers. */
  removePodSandbox(sandboxId: string): void {
    const sandbox = this.sandboxes.get(sandboxId);
    if (sandbox) this.cniFiles?.remove?.(podLogDir(sandbox), true);
    for (const c of [...this.containers.values()]) if (c.sandboxId === sandboxId) this.removeContainer(c.id);
    this.sandboxes.delete(sandboxId);
  }

  /** Creates a container; the command must name an executable the image has. */
  createContainer(sandboxId: string, spec: { name: string; command?: string[]; args?: string[]; stdin?: boolean; env?: readonly (readonly [string, string])[] }, image: RuntimeImage, attempt: number): CriResult<RuntimeContainer> {
    if (!this.up) return { ok: false, error: CONTAINERD_SOCK_ERROR };
    const sandbox = this.sandboxes.get(sandboxId);
    if (!sandbox) return { ok: false, error: `rpc error: code = NotFound desc = failed to get sandbox "${sandboxId}": not found` };
    const container: RuntimeContainer = {
      id: this.random.hex(64),
      sandboxId,
      podUid: sandbox.podUid,
      name: spec.name,
      attempt,
      image: image.tags[0],
      imageId: image.id,
      createdAt: this.queue.now(),
      state: 'CONTAINER_CREATED',
      logs: new ContainerLog(),
      behaviour: behaviourFor(image.behaviour, spec.command, spec.args, spec.stdin === true),
      argv: commandLine(image.behaviour, spec.command, spec.args),
    };
    // Set after, not spread in (V8's slow copy path at every container); it stays the last key.
    if (spec.env?.length) container.env = spec.env;
    this.containers.set(container.id, container);
    // The CRI log file the kubelet asks for (LogDirectory/LogPath), in the CRI log format `<RFC3339Nano> stdout F <line>`.
    if (this.cniFiles) {
      const path = `${podLogDir(sandbox)}/${spec.name}/${attempt}.log`;
      const content = () => container.logs.lines().map((l) => `${criLogTime(l.time + this.hostClockOffsetMs())} stdout F ${l.line}\n`).join('');
      // Sized as it grows (appendLog), never rendered to be measured: the eviction manager polls disk usage.
      this.cniFiles.write(path, content, { mode: 0o640, sizeBytes: 0 });
      this.logFiles.set(container, { path, content, bytes: 0 });
    }
    return { ok: true, value: container };
  }

  /**
   * Writes lines to a container's stdout: its log (`kubectl logs`) and its
   * CRI log file, whose size grows by the CRI-formatted line (30-character
   * timestamp + " stdout F " + the line + newline) without rendering the file.
   * Logs grow only through here; the log keeps `lines`, which the caller
   * must not change afterwards.
   */
  appendLog(container: RuntimeContainer, time: number, lines: readonly string[]): void {
    this.appendSizedLog(container, time, lines, undefined);
  }

  /** appendLog of lines whose CRI-formatted size is `bytes` (measured here when undefined). */
  private appendSizedLog(container: RuntimeContainer, time: number, lines: readonly string[], bytes: number | undefined): void {
    const file = this.logFiles.get(container);
    container.logs.append(time, lines);
    if (!file) return;
    file.bytes += bytes ?? criLogBytes(lines);
    this.cniFiles?.resize?.(file.path, file.bytes, file.content);
  }

  /**
   * Starts a container's process. An exec-form command naming a file the
   * image lacks fails as runc does, and the container is left exited with 128.
   */
  startContainer(id: string, command: string[] | undefined): CriResult<RuntimeContainer> {
    if (!this.up) return { ok: false, error: CONTAINERD_SOCK_ERROR };
    const c = this.containers.get(id);
    if (!c) return { ok: false, error: `rpc error: code = NotFound desc = failed to find container "${id}": not found` };
    const now = this.queue.now();
    const executable = command?.[0];
    if (executable && c.behaviour.binaries && !c.behaviour.binaries.includes(executable)) {
      c.state = 'CONTAINER_EXITED';
      c.exitCode = 128;
      c.reason = 'StartError';
      c.startedAt = 0;
      c.finishedAt = now;
      const why = executable.includes('/') ? `exec: "${executable}": stat ${executable}: no such file or directory` : `exec: "${executable}": executable file not found in $PATH`;
      return { ok: false, error: `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: ${why}: unknown` };
    }
    c.state = 'CONTAINER_RUNNING';
    c.startedAt = now;
    const lines = c.behaviour.logs;
    // An image's start-up lines are one array shared by its containers (a behaviour's own when its command echoes).
    if (lines?.length) this.appendSizedLog(c, now, lines, startupLogBytes(lines));
    const sandbox = this.sandboxes.get(c.sandboxId);
    if (this.launcher && sandbox) c.process = this.launcher(c, sandbox);
    const exits = c.behaviour.exits;
    if (exits && !c.process?.exitsByItself) c.exitTimer = this.queue.after(exits.afterMs, () => this.exit(c, exits.code, exits.code === 0 ? 'Completed' : 'Error'));
    return { ok: true, value: c };
  }

  /** Kills a container's process (SIGTERM then SIGKILL); it exits with 137 unless it was done. */
  stopContainer(id: string): void {
    const c = this.containers.get(id);
    if (!c || c.state !== 'CONTAINER_RUNNING') return;
    this.exit(c, 137, 'Error', false);
  }

  /**
   * Stops a running container's process in place (SIGSTOP): the container
   * stays running for the runtime and the kubelet, its program stops acting
   * (kube-proxy's rules stay as its last sync left them) until the container
   * is killed and restarted.
   */
  freezeContainer(id: string): void {
    const c = this.containers.get(id);
    if (!c || c.state !== 'CONTAINER_RUNNING') return;
    c.frozenAt = this.queue.now();
    this.endProcess(c);
  }

  /** Removes a container record. */
  removeContainer(id: string): void {
    const c = this.containers.get(id);
    if (c?.exitTimer !== undefined) this.queue.cancel(c.exitTimer);
    if (c) this.endProcess(c);
    this.containers.delete(id);
  }

  /** Containers of a pod sandbox. */
  containersOf(sandboxId: string): RuntimeContainer[] {
    return [...this.containers.values()].filter((c) => c.sandboxId === sandboxId);
  }

  /** Is the process of this container listening on `port` and serving now? */
  serving(c: RuntimeContainer, port: number, localIP?: string): boolean {
    if (c.state !== 'CONTAINER_RUNNING' || c.startedAt === undefined) return false;
    const ready = c.startedAt + (c.behaviour.readyAfterMs ?? 0) <= this.queue.now();
    return ready && (c.behaviour.listens ?? []).includes(port) && (c.process?.listening?.(port, localIP) ?? true);
  }

  /** Ends a container's simulated program (its process died with the container). */
  private endProcess(c: RuntimeContainer): void {
    const process = c.process;
    if (!process) return;
    c.process = undefined;
    process.stop();
  }

  /**
   * Ends a running container's process from inside: the program exited by
   * itself with `code` (a crash-looping component, a finished `wget`).
   */
  processExited(c: RuntimeContainer, code: number): void {
    this.exit(c, code, code === 0 ? 'Completed' : 'Error');
  }

  private exit(c: RuntimeContainer, code: number, reason: string, notify = true): void {
    if (c.state !== 'CONTAINER_RUNNING') return;
    c.state = 'CONTAINER_EXITED';
    c.exitCode = code;
    c.reason = reason;
    c.finishedAt = this.queue.now();
    if (c.exitTimer !== undefined) this.queue.cancel(c.exitTimer);
    this.endProcess(c);
    if (notify) for (const l of this.exitListeners) l(c);
  }
}

/**
 * How a container behaves given its command: an image's default behaviour,
 * bent by a few well-known shell idioms (`sleep N`, `exit N`, `sleep infinity`).
 */
function behaviourFor(base: ImageBehaviour, command: string[] | undefined, args: string[] | undefined, stdin = false): ImageBehaviour {
  // A shell given no script reads its stdin: with stdin open (`kubectl run -it -- sh`) it waits for a line to run.
  if (stdin) {
    const argv = commandLine(base, command, args);
    if (argv.length > 0 && isShell(argv[0]) && !argv.includes('-c')) {
      const b: ImageBehaviour = { ...base };
      delete b.exits;
      return b;
    }
  }
  const words = [...(command ?? []), ...(args ?? [])];
  if (words.length === 0) return base;
  const b: ImageBehaviour = { ...base };
  // A wait loop (`until nslookup db; do ...; sleep 2; done`) ends when its program succeeds, and logs what it runs (programs/wait-loop.ts).
  if (parseWaitLoop(commandLine(base, command, args), '')) {
    delete b.exits;
    return b;
  }
  const script = words.join(' ');
  if (/sleep (infinity|\d{5,})|while true|tail -f/.test(script)) delete b.exits;
  // A script of several sleeps runs them one after another (`touch f; sleep 30; rm f; sleep 600` lives 630 s).
  else if (/\bsleep (\d+)/.test(script)) b.exits = { code: exitCodeIn(script) ?? 0, afterMs: [...script.matchAll(/\bsleep (\d+)/g)].reduce((sum, m) => sum + Number(m[1]) * 1000, 0) };
  else if (exitCodeIn(script) !== undefined) b.exits = { code: exitCodeIn(script)!, afterMs: 100 };
  const echoed = [...script.matchAll(/echo ["']?([^"';&|]*)["']?/g)].map((m) => m[1].trim());
  if (echoed.length) b.logs = [...(b.logs ?? []), ...echoed];
  return b;
}

/**
 * The process's command line: `command` then `args`; args alone follow the
 * image's entrypoint, unless they name a shell themselves (`args: [/bin/sh,
 * -c, ...]` on an image whose default is only a CMD, as busybox's `sh` is).
 */
function commandLine(base: ImageBehaviour, command: readonly string[] | undefined, args: readonly string[] | undefined): readonly string[] {
  // The spec's own arrays (stored objects are not mutated) and the image's, uncopied where nothing is joined.
  if (command) return args?.length ? [...command, ...args] : command;
  const image = base.entrypoint ?? NO_ARGV;
  if (!args) return image;
  // args replace the image's CMD (the tail of its default command) and follow its ENTRYPOINT.
  const cmd = base.cmd?.length ?? 0;
  const entrypoint = cmd > 0 && cmd <= image.length ? image.slice(0, image.length - cmd) : image;
  // A shell named in args is a whole command line even where the catalog does not split ENTRYPOINT from CMD.
  if (entrypoint.length === 0 || isShell(args[0] ?? '')) return args;
  return [...entrypoint, ...args];
}

function exitCodeIn(script: string): number | undefined {
  const m = /\bexit (\d+)/.exec(script);
  return m ? Number(m[1]) : undefined;
}

/** The pod's log directory, as the kubelet names it: /var/log/pods/<namespace>_<name>_<uid>. */
export function podLogDir(sandbox: { namespace: string; podName: string; podUid: string }): string {
  return `/var/log/pods/${sandbox.namespace}_${sandbox.podName}_${sandbox.podUid}`;
}

/** containerd's Status conditions with everything ready. */
const ALL_READY: readonly RuntimeCondition[] = Object.freeze([
  Object.freeze({ type: 'RuntimeReady', status: true, reason: '', message: '' }),
  Object.freeze({ type: 'NetworkReady', status: true, reason: '', message: '' }),
]);

/** containerd's Status conditions while no CNI network config loads. */
const NETWORK_NOT_READY: readonly RuntimeCondition[] = Object.freeze([
  ALL_READY[0],
  Object.freeze({ type: 'NetworkReady', status: false, reason: 'NetworkPluginNotReady', message: `Network plugin returns error: ${CNI_NOT_INITIALIZED}` }),
]);

/** The size lines take in a CRI log file: a 30-character timestamp, " stdout F ", the line and a newline each. */
function criLogBytes(lines: readonly string[]): number {
  let bytes = 0;
  for (const line of lines) bytes += 41 + Buffer.byteLength(line);
  return bytes;
}

/** criLogBytes of each image's start-up lines (never changed: appendLog's callers hand their arrays over), measured once. */
const startupBytes = new WeakMap<readonly string[], number>();

function startupLogBytes(lines: readonly string[]): number {
  let bytes = startupBytes.get(lines);
  if (bytes === undefined) startupBytes.set(lines, (bytes = criLogBytes(lines)));
  return bytes;
}

/** RFC 3339 with nanoseconds, as containerd's CRI logger stamps lines. */
function criLogTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}
