/**
 * kubectl's global flags that would change who kubectl is or which cluster it
 * talks to (k8s.io/cli-runtime genericclioptions ConfigFlags). The simulator
 * has one kubeconfig, the learner's cluster-admin one, so honouring none of
 * them would answer `kubectl --token=x get nodes` as cluster-admin: a false
 * answer. They are refused; `--as` and `--as-group` are honoured (the API
 * server's impersonation: see kubectl.ts and apiserver/impersonation.ts).
 */
import type { ParsedArgs } from './flags.js';

/** In ConfigFlags order; `cluster`, `username` and `password` change the target or identity too. */
const IDENTITY_FLAGS: readonly string[] = [
  'kubeconfig',
  'cluster',
  'user',
  'context',
  'server',
  'certificate-authority',
  'client-certificate',
  'client-key',
  'token',
  'as-uid',
  'username',
  'password',
];

/**
 * The kubeconfigs that already are the learner's identity: kubeadm's admin
 * kubeconfigs on a control-plane node, and the workstation's own. Naming one
 * (`kubectl --kubeconfig /etc/kubernetes/admin.conf get nodes`, as CKA
 * learners type on a control plane) changes nothing, so it is honoured.
 */
const ADMIN_KUBECONFIGS = new Set(['/etc/kubernetes/admin.conf', '/etc/kubernetes/super-admin.conf', '~/.kube/config', '$HOME/.kube/config']);

/**
 * The refusal for the first identity flag on the line, or undefined when there
 * is none; `adminHere` says whether this host has the admin kubeconfig.
 */
export function identityFlagRefusal(parsed: ParsedArgs, adminHere = false, local: readonly { name: string }[] = []): string | undefined {
  if (!parsed.ok) return undefined;
  const kubeconfig = parsed.flags.kubeconfig;
  const sameIdentity = (name: string) => name === 'kubeconfig' && adminHere && typeof kubeconfig === 'string' && (ADMIN_KUBECONFIGS.has(kubeconfig) || /^\/(root|home\/[^/]+)\/\.kube\/config$/.test(kubeconfig));
  // A flag the verb defines itself (create rolebinding --user) is the verb's: cobra's local flags shadow the global ones.
  const flag = IDENTITY_FLAGS.find((name) => parsed.set.has(name) && !sameIdentity(name) && !local.some((spec) => spec.name === name));
  if (flag === undefined) return undefined;
  return `error: --${flag} is not simulated by kubedrill: every kubectl runs as the learner's cluster-admin kubeconfig\n`;
}
