/**
 * The calico images as programs (principle 1). `docker.io/calico/cni` runs
 * the calico-node pod's first two init containers: `calico-ipam -upgrade`
 * (nothing to migrate on a fresh install: it exits 0) and `install`, which
 * copies the calico and calico-ipam plugin binaries to the node and writes
 * the conflist from CNI_NETWORK_CONFIG (calico-config's cni_network_config)
 * with __KUBERNETES_NODE_NAME__, __CNI_MTU__ and __KUBECONFIG_FILEPATH__
 * filled in, through its hostPath volumes; so a new calico-node pod repairs a
 * node whose /etc/cni/net.d lost the file. `docker.io/calico/node` runs the
 * mount-bpffs init container (`calico-node -init -best-effort`, exits 0) and
 * calico-node itself, which logs its start-up lines and keeps running.
 * Felix and BIRD are not simulated: policy enforcement and routes come from
 * the network model (network/policy.ts, programs/netns.ts), not from this
 * process. calico/kube-controllers is behaviour data only (catalog).
 *
 * Log texts, at tag v3.29.3: install's are cni-plugin/pkg/install/install.go's
 * in libcalico-go/lib/logutils' format; calico-node's are a few of
 * node/pkg/lifecycle/startup/startup.go's and lifecycle/utils/utils.go's (the
 * IP autodetection, pool and BGP lines between them are left out; the pid is
 * the one a real pod shows under runit).
 */
import type { ContainerProcess } from '../runtime/process.js';
import type { LaunchContext, SystemProgram } from '../system-programs.js';
import { effectiveArgv } from '../programs/in-container.js';
import { hostPathMounts, nodePathOf } from '../programs/host-mounts.js';
import { nodeIdentityClient } from '../client/pod-identity.js';
import { CALICO_CNI_BINARY_SIZE, CALICO_KUBECONFIG_PATH, CALICO_VERSION, fillCniTemplate } from './manifest.js';
import { FLANNEL_CNI_BINARY_SIZE } from '../runtime/cni.js';

type Obj = Record<string, any>;

/** How long an init container's work takes. */
const INIT_MS = 20;

/** calico's logrus format: `2006-01-02 15:04:05.000 [LEVEL][pid] file line: msg`. */
function calicoTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
}

const envOf = (lc: LaunchContext) => new Map(lc.container.env ?? []);

/** The node path behind `path` in the container, through its hostPath mounts. */
function nodePath(lc: LaunchContext, path: string): string | undefined {
  const pod = nodeIdentityClient(lc.ctx, lc.node.name).get('pods', lc.sandbox.namespace, lc.sandbox.podName);
  return nodePathOf(path, pod.ok ? hostPathMounts(pod.value as Obj, lc.container.name) : []);
}

/** Runs `work` after a moment, logs its lines and ends the container with `code`. */
function runOnce(lc: LaunchContext, work: () => { lines: string[]; code: number }): ContainerProcess {
  const { queue } = lc.ctx;
  const timer = queue.after(INIT_MS, () => {
    const { lines, code } = work();
    if (lines.length) lc.node.runtime.appendLog(lc.container, queue.now(), lines);
    lc.node.runtime.processExited(lc.container, code);
  });
  return { exitsByItself: true, stop: () => queue.cancel(timer) };
}

/** What calico/cni's /opt/cni/bin holds besides `install` (cni-plugin/Makefile's build and build-cni-bins), in ReadDir's order. */
const IMAGE_CNI_BINARIES = ['bandwidth', 'calico', 'calico-ipam', 'flannel', 'host-local', 'loopback', 'portmap', 'tuning'];
const binarySize = (name: string) => (name === 'calico' || name === 'calico-ipam' ? CALICO_CNI_BINARY_SIZE : name === 'flannel' ? FLANNEL_CNI_BINARY_SIZE : 4_194_304);

/**
 * `/opt/cni/bin/install` (cni-plugin/pkg/install/install.go Install): every
 * binary of the image into /host/opt/cni/bin (UPDATE_CNI_BINARIES defaults to
 * true, so existing ones are overwritten), the unmounted secondary bin dir
 * skipped, then the template written with its placeholders filled and echoed
 * to stdout. Not modelled: calico-kubeconfig (writeKubeconfig) and the
 * template's JSON validation.
 */
function install(lc: LaunchContext): { lines: string[]; code: number } {
  const env = envOf(lc);
  const at = calicoTime(lc.ctx.queue.now());
  // logutils' formatter with component cni-installer; logrus reports no caller, hence `<nil> <nil>`.
  const info = (msg: string) => `${at} [INFO][1] cni-installer/<nil> <nil>: ${msg}`;
  const lines = [info('Running as a Kubernetes pod')];
  const fs = lc.node.host.fs;
  for (const name of IMAGE_CNI_BINARIES) {
    const target = nodePath(lc, `/host/opt/cni/bin/${name}`);
    if (target) fs.write(target, '\u007fELF', { mode: 0o755, sizeBytes: binarySize(name) });
    lines.push(info(`Installed /host/opt/cni/bin/${name}`));
  }
  // `Wrote Calico CNI binaries to %s\n`: the formatter adds its own newline, so an empty line follows.
  lines.push(info('Wrote Calico CNI binaries to /host/opt/cni/bin'), '', info(`CNI plugin version: ${CALICO_VERSION}`), info('/host/secondary-bin-dir is not writeable, skipping'));
  const template = env.get('CNI_NETWORK_CONFIG');
  if (template) lines.push(info('Using CNI config template from CNI_NETWORK_CONFIG environment variable.'));
  // getEnv: a variable that is set counts even when empty; CNI_MTU defaults to 1500.
  const conf = fillCniTemplate(template || '', { nodeName: env.get('KUBERNETES_NODE_NAME') ?? lc.node.name, mtu: env.get('CNI_MTU') ?? '1500', kubeconfig: CALICO_KUBECONFIG_PATH });
  const confName = env.get('CNI_CONF_NAME') ?? '10-calico.conflist';
  const target = nodePath(lc, `/host/etc/cni/net.d/${confName}`);
  if (target) fs.write(target, conf, { mode: 0o644 });
  lines.push(info(`Created /host/etc/cni/net.d/${confName}`), ...conf.split('\n'), info('Done configuring CNI.  Sleep= false'));
  return { lines, code: 0 };
}

/** docker.io/calico/cni: install-cni and upgrade-ipam. */
export const calicoCniProgram: SystemProgram = {
  repository: 'docker.io/calico/cni',
  launch: (lc) => {
    const argv = effectiveArgv(lc.container.argv);
    if (argv[0] === '/opt/cni/bin/install') return runOnce(lc, () => install(lc));
    // A fresh install has no host-local allocations to migrate.
    if (argv[0] === '/opt/cni/bin/calico-ipam' && argv.includes('-upgrade')) return runOnce(lc, () => ({ lines: [], code: 0 }));
    return undefined;
  },
};

/** calico-node's start-up (startup.Run), then the long-running supervisor of felix and bird (not simulated). */
function startCalicoNode(lc: LaunchContext): ContainerProcess {
  const env = envOf(lc);
  const node = env.get('NODENAME') ?? lc.node.name;
  const at = calicoTime(lc.ctx.queue.now());
  const info = (src: string, msg: string) => `${at} [INFO][9] ${src}: ${msg}`;
  // startup.Run at v3.29.3: ConfigureLogging, utils.DetermineNodeName, then waitForConnection.
  lc.node.runtime.appendLog(lc.container, lc.ctx.queue.now(), [
    info('startup/startup.go 439', 'Early log level set to info'),
    info('startup/utils.go 126', `Using NODENAME environment for node name ${node}`),
    info('startup/utils.go 138', `Determined node name: ${node}`),
    info('startup/startup.go 95', `Starting node ${node} with version ${CALICO_VERSION}`),
    info('startup/startup.go 444', 'Checking datastore connection'),
    info('startup/startup.go 468', 'Datastore connection verified'),
    info('startup/startup.go 105', 'Datastore is ready'),
    info('startup/startup.go 215', `Using node name: ${node}`),
  ]);
  return { stop: () => {} };
}

/** docker.io/calico/node: mount-bpffs (`calico-node -init -best-effort`) or calico-node itself. */
export const calicoNodeProgram: SystemProgram = {
  repository: 'docker.io/calico/node',
  launch: (lc) => {
    const argv = effectiveArgv(lc.container.argv);
    if (argv[0]?.endsWith('calico-node') && argv.includes('-init')) return runOnce(lc, () => ({ lines: [], code: 0 }));
    return argv[0] === 'start_runit' ? startCalicoNode(lc) : undefined;
  },
};
