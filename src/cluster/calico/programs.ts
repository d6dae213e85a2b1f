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
 * Log texts: install's lines are cni-plugin/pkg/install/install.go's (logrus
 * without caller, hence `cni-installer/<nil> <nil>:`); calico-node's are
 * node/pkg/lifecycle/startup's messages. The startup line numbers are as a
 * v3.29 calico-node prints them to the best of our knowledge, not checked
 * against the v3.29.3 tree.
 */
import type { ContainerProcess } from '../runtime/process.js';
import type { LaunchContext, SystemProgram } from '../system-programs.js';
import { effectiveArgv } from '../programs/in-container.js';
import { hostPathMounts, nodePathOf } from '../programs/host-mounts.js';
import { nodeIdentityClient } from '../client/pod-identity.js';
import { CALICO_CNI_BINARY_SIZE, CALICO_KUBECONFIG_PATH, CALICO_VERSION } from './manifest.js';

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

/** `/opt/cni/bin/install`: the binaries, then the conflist. */
function install(lc: LaunchContext): { lines: string[]; code: number } {
  const env = envOf(lc);
  const at = calicoTime(lc.ctx.queue.now());
  const info = (msg: string) => `${at} [INFO][1] cni-installer/<nil> <nil>: ${msg}`;
  const lines = [info('Running as a Kubernetes pod')];
  const fs = lc.node.host.fs;
  for (const name of ['calico', 'calico-ipam']) {
    const target = nodePath(lc, `/host/opt/cni/bin/${name}`);
    if (target) fs.write(target, '\u007fELF', { mode: 0o755, sizeBytes: CALICO_CNI_BINARY_SIZE });
    lines.push(info(`Installed /host/opt/cni/bin/${name}`));
  }
  lines.push(info('Wrote Calico CNI binaries to /host/opt/cni/bin'), info(`CNI plugin version: ${CALICO_VERSION}`));
  const confName = env.get('CNI_CONF_NAME') || '10-calico.conflist';
  const template = env.get('CNI_NETWORK_CONFIG') ?? '';
  const conf = template
    .replaceAll('__KUBERNETES_NODE_NAME__', env.get('KUBERNETES_NODE_NAME') ?? '')
    .replaceAll('__CNI_MTU__', env.get('CNI_MTU') || '1500')
    .replaceAll('__KUBECONFIG_FILEPATH__', CALICO_KUBECONFIG_PATH);
  const target = nodePath(lc, `/host/etc/cni/net.d/${confName}`);
  if (target) fs.write(target, conf.endsWith('\n') ? conf : `${conf}\n`, { mode: 0o644 });
  lines.push(info(`Created /host/etc/cni/net.d/${confName}`), info('Done configuring CNI.  Sleep= false'));
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
  lc.node.runtime.appendLog(lc.container, lc.ctx.queue.now(), [
    info('startup/startup.go 431', 'Early log level set to info'),
    info('startup/utils.go 126', `Using NODENAME environment for node name ${node}`),
    info('startup/utils.go 138', `Determined node name: ${node}`),
    info('startup/startup.go 95', `Starting node ${node} with version ${CALICO_VERSION}`),
    info('startup/startup.go 106', 'Datastore is ready'),
    info('startup/startup.go 255', `Using node name: ${node}`),
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
