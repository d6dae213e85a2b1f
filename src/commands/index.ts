/**
 * Every command the simulation offers, registered explicitly (no folder
 * scanning). Other command families add their lines to `installCommands`.
 */
import { sharedRegistry, type CommandRegistry } from './registry.js';

/** Registers all commands into `registry` and returns it. */
export function installCommands(registry: CommandRegistry): CommandRegistry {
  const register = registry.register.bind(registry);
  // Text utilities learners pipe into: installed everywhere; filters pass on the provenance of what they read.
  register('grep', async () => (await import('./text/grep.js')).grepCommand, 'both', 'filter');
  register('sed', async () => (await import('./text/sed.js')).sedCommand, 'both', 'filter');
  register('egrep', async () => (await import('./text/grep.js')).egrepCommand, 'both', 'filter');
  register('fgrep', async () => (await import('./text/grep.js')).fgrepCommand, 'both', 'filter');
  register('head', async () => (await import('./text/head.js')).headCommand, 'both', 'filter');
  register('tail', async () => (await import('./text/tail.js')).tailCommand, 'both', 'filter');
  register('wc', async () => (await import('./text/wc.js')).wcCommand, 'both', 'filter');
  register('sort', async () => (await import('./text/sort.js')).sortCommand, 'both', 'filter');
  register('uniq', async () => (await import('./text/uniq.js')).uniqCommand, 'both', 'filter');
  register('awk', async () => (await import('./text/awk/awk.js')).awkCommand, 'both', 'filter');
  register('cut', async () => (await import('./text/cut.js')).cutCommand, 'both', 'filter');
  register('less', async () => (await import('./text/pager.js')).lessCommand, 'both', 'filter');
  register('more', async () => (await import('./text/pager.js')).moreCommand, 'both', 'filter');
  register('cat', async () => (await import('./text/pager.js')).catCommand, 'both', 'filter');
  register('tee', async () => (await import('./text/tee.js')).teeCommand, 'both', 'filter');
  register('tr', async () => (await import('./text/tr.js')).trCommand, 'both', 'filter');
  register('column', async () => (await import('./text/column.js')).columnCommand, 'both', 'filter');
  // kubectl (alias k): the workstation uses the learner's kubeconfig; on nodes kubectl.ts decides per host.
  register('kubectl', async () => (await import('./kubectl/kubectl.js')).kubectlCommand, 'both');
  register('k', async () => (await import('./kubectl/kubectl.js')).kCommand, 'both');
  // Node-side certificate and runtime tools (issue 3): openssl everywhere, crictl and kubeadm on nodes.
  register('openssl', async () => (await import('./openssl/openssl.js')).opensslCommand, 'both');
  register('kubeadm', async () => (await import('./kubeadm/kubeadm.js')).kubeadmCommand, 'node');
  register('crictl', async () => (await import('./crictl/crictl.js')).crictlCommand, 'node');
  // Host tools: node-only tools read the node's machine; the others also run on the workstation.
  register('journalctl', async () => (await import('./host/journalctl.js')).journalctlCommand, 'node');
  register('systemctl', async () => (await import('./host/systemctl/systemctl.js')).systemctlCommand, 'node');
  register('chronyc', async () => (await import('./host/chronyc.js')).chronycCommand, 'node');
  register('timedatectl', async () => (await import('./host/timedatectl.js')).timedatectlCommand, 'node');
  // Machine-state tools read the node; the workstation is a thin client without them (bash: command not found).
  register('df', async () => (await import('./host/df.js')).dfCommand, 'node');
  register('free', async () => (await import('./host/free.js')).freeCommand, 'node');
  register('uptime', async () => (await import('./host/uptime.js')).uptimeCommand, 'node');
  register('ps', async () => (await import('./host/ps.js')).psCommand, 'node');
  register('dmesg', async () => (await import('./host/dmesg.js')).dmesgCommand, 'node');
  register('lsof', async () => (await import('./host/lsof.js')).lsofCommand, 'node');
  // Editors open the learner's own editor on a copy of the file (as kubectl edit does) and write back what was saved.
  register('vi', async () => (await import('./host/editor.js')).viCommand, 'both', 'filter');
  register('vim', async () => (await import('./host/editor.js')).vimCommand, 'both', 'filter');
  register('nano', async () => (await import('./host/editor.js')).nanoCommand, 'both', 'filter');
  register('date', async () => (await import('./host/date.js')).dateCommand, 'both');
  register('sleep', async () => (await import('./host/sleep.js')).sleepCommand, 'both', 'filter');
  register('hostname', async () => (await import('./host/hostname.js')).hostnameCommand, 'both');
  // Tools that connect: through the cluster's one network, from the host the shell is on.
  register('curl', async () => (await import('./net/client-program.js')).curlCommand, 'both');
  register('iptables', async () => (await import('./host-iptables/iptables.js')).iptablesCommand, 'node');
  register('iptables-save', async () => (await import('./host-iptables/iptables-save.js')).iptablesSaveCommand, 'node');
  register('ipvsadm', async () => (await import('./host-ipvs/ipvsadm.js')).ipvsadmCommand, 'node');
  register('lsmod', async () => (await import('./host-ipvs/lsmod.js')).lsmodCommand, 'node');
  // A node's own network namespace (iproute2): links, addresses, routes, listening sockets.
  register('ip', async () => (await import('./net/client-program.js')).ipCommand, 'node');
  register('ss', async () => (await import('./net/client-program.js')).ssCommand, 'node');
  register('dig', async () => (await import('./net/client-program.js')).digCommand, 'node');
  register('ping', async () => (await import('./net/client-program.js')).pingCommand, 'node');
  register('nc', async () => (await import('./net/client-program.js')).ncCommand, 'node');
  register('wget', async () => (await import('./net/client-program.js')).wgetCommand, 'node');
  register('nslookup', async () => (await import('./net/client-program.js')).nslookupCommand, 'node');
  register('etcdctl', async () => (await import('./net/client-program.js')).etcdctlCommand, 'node');
  register('ls', async () => (await import('./host/ls.js')).lsCommand, 'both');
  register('du', async () => (await import('./host/du.js')).duCommand, 'both');
  register('rm', async () => (await import('./host/rm.js')).rmCommand, 'both', 'filter');
  register('cp', async () => (await import('./host/cp.js')).cpCommand, 'both', 'filter');
  register('mv', async () => (await import('./host/cp.js')).mvCommand, 'both', 'filter');
  register('touch', async () => (await import('./host/touch.js')).touchCommand, 'both', 'filter');
  register('mkdir', async () => (await import('./host/mkdir.js')).mkdirCommand, 'both', 'filter');
  register('readlink', async () => (await import('./host/readlink.js')).readlinkCommand, 'both');
  return registry;
}

let installed = false;

/** The shared registry with every command installed (installed on first call). */
export function defaultCommandRegistry(): CommandRegistry {
  const registry = sharedRegistry();
  if (!installed) {
    installCommands(registry);
    installed = true;
  }
  return registry;
}
