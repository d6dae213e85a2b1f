/**
 * The `kubectl` command: finds the verb the way cobra does (global flags may
 * come first: `kubectl -n kube-system get pods`), parses that verb's flags,
 * and runs it against the learner's API client. `k` is the same command.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { WORKSTATION } from '../registry.js';
import { goDialError } from '../../cluster/network/dial-error.js';
import { SUBCOMMANDS, VERB_FLAGS, arr, globalTakesValue, parseFlags, str } from './flags.js';
import type { Invocation } from './invocation.js';
import { usageError } from './errors.js';
import { identityFlagRefusal } from './identity-flags.js';
import { runGet } from './get.js';
import { runDescribe } from './describe.js';
import { runLogs } from './logs.js';
import { runExec } from './exec.js';
import { runRun } from './run.js';
import { runDebug } from './debug.js';
import { runPortForward } from './port-forward.js';
import { runCordon, runTaint } from './node-verbs.js';
import { runAnnotate, runLabel } from './label.js';
import { runDelete } from './delete.js';
import { runScale, runSetImage, runSetResources } from './set.js';
import { runPatch } from './patch.js';
import { runEdit } from './edit.js';
import { runApply, runCreate, runCreateDeployment, runCreateNamespace } from './apply.js';
import { runCreateConfigMap, runCreateSecret } from './create-data.js';
import { runRolloutRestart, runRolloutStatus, runRolloutUndo } from './rollout.js';
import { runRolloutHistory } from './rollout-history.js';
import { CLIENT_VERSION, KUSTOMIZE_VERSION, runApiResources, runClusterInfo, runTop, runVersion } from './info.js';
import { helpFor, KUBECTL_HELP, SUBCOMMAND_HELP } from './help.js';
import { runCertificateApprove, runCertificateDeny } from './certificate.js';
import { runAuthCanI, runAuthWhoAmI } from './auth.js';
import { dryRunClient, dryRunStrategy } from './dry-run.js';
import { runExpose } from './expose.js';
import { runCreateService } from './create-service.js';
import { runCreateClusterRole, runCreateClusterRoleBinding, runCreateRole, runCreateRoleBinding, runCreateServiceAccount } from './create-rbac.js';

type Handler = (inv: Invocation) => ExecResult | Promise<ExecResult>;

/** Every verb the simulator implements, keyed like VERB_FLAGS. */
const HANDLERS: Readonly<Record<string, Handler>> = {
  get: runGet,
  describe: runDescribe,
  logs: runLogs,
  exec: runExec,
  run: runRun,
  debug: runDebug,
  'port-forward': runPortForward,
  cordon: (inv) => runCordon(inv, true),
  uncordon: (inv) => runCordon(inv, false),
  taint: runTaint,
  label: runLabel,
  annotate: runAnnotate,
  delete: runDelete,
  scale: runScale,
  'set image': runSetImage,
  'set resources': runSetResources,
  patch: runPatch,
  edit: runEdit,
  apply: runApply,
  create: runCreate,
  'create deployment': runCreateDeployment,
  'create namespace': runCreateNamespace,
  'create configmap': runCreateConfigMap,
  'create secret': runCreateSecret,
  'create service': runCreateService,
  'create serviceaccount': runCreateServiceAccount,
  'create role': runCreateRole,
  'create clusterrole': runCreateClusterRole,
  'create rolebinding': runCreateRoleBinding,
  'create clusterrolebinding': runCreateClusterRoleBinding,
  expose: runExpose,
  'rollout status': runRolloutStatus,
  'rollout restart': runRolloutRestart,
  'rollout undo': runRolloutUndo,
  'rollout history': runRolloutHistory,
  version: runVersion,
  'cluster-info': runClusterInfo,
  'api-resources': runApiResources,
  top: runTop,
  'certificate approve': runCertificateApprove,
  'certificate deny': runCertificateDeny,
  'auth can-i': runAuthCanI,
  'auth whoami': runAuthWhoAmI,
};

/**
 * Flags kubectl takes whose work is not simulated: server-side apply (field
 * managers and their conflicts), apply's pruning, and --local (editing a
 * manifest file without the server). Refused when set, rather than the
 * command doing something else.
 */
const UNSIMULATED_FLAGS: readonly string[] = ['server-side', 'force-conflicts', 'prune', 'local'];

/** Real kubectl verbs this simulator does not offer (answered honestly rather than as unknown). */
const NOT_SIMULATED = ['cp', 'attach', 'proxy', 'drain', 'explain', 'diff', 'autoscale', 'config', 'wait', 'kustomize', 'plugin', 'completion', 'events', 'replace', 'alpha', 'api-versions', 'options'];

/** Cobra's suggestion rule: Levenshtein distance <= 2 or a prefix. */
function suggestions(typed: string): string[] {
  const dist = (a: string, b: string): number => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
    for (let j = 1; j <= b.length; j++) d[0][j] = j;
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    return d[a.length][b.length];
  };
  const verbs = [...new Set([...Object.keys(HANDLERS).map((k) => k.split(' ')[0]), ...NOT_SIMULATED])].sort();
  return verbs.filter((v) => dist(typed.toLowerCase(), v) <= 2 || v.startsWith(typed.toLowerCase()));
}

/** Finds the index of the first positional argument at or after `from` (skipping global flags and their values). */
function nextPositional(args: readonly string[], from: number): number {
  for (let i = from; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return -1;
    if (a.startsWith('-') && a !== '-') {
      if (globalTakesValue(a)) i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** What kubectl says with no kubeconfig (a worker node has none; kubeadm writes admin.conf on control-plane nodes). */
const CONNECTION_REFUSED = 'The connection to the server localhost:8080 was refused - did you specify the right host or port?';

/** The workstation and control-plane nodes have a kubeconfig; worker nodes do not. */
function hasKubeconfig(ctx: CommandContext): boolean {
  if (ctx.host === WORKSTATION) return true;
  const node = ctx.cluster.adminClient().get('nodes', undefined, ctx.host);
  return node.ok && 'node-role.kubernetes.io/control-plane' in (node.value.metadata.labels ?? {});
}

/** Verbs that answer without the API server. */
const OFFLINE_VERBS: ReadonlySet<string> = new Set(['completion', 'config view', 'config current-context', 'config get-contexts']);

/**
 * The kubeconfig's server (kubeadm's admin.conf: the control-plane node's
 * :6443) dialled from where kubectl runs; kubectl's words when it fails
 * (k8s.io/kubectl/pkg/cmd/util/helpers.go standardErrorMessage).
 */
function serverUnreachable(ctx: CommandContext): string | undefined {
  const failure = ctx.cluster.dialApiServer?.(ctx.host === WORKSTATION ? undefined : ctx.host);
  if (!failure || !ctx.cluster.apiServerAddress) return undefined;
  const { ip, port } = ctx.cluster.apiServerAddress;
  if (failure === 'refused') return `The connection to the server ${ip}:${port} was refused - did you specify the right host or port?\n`;
  return `Unable to connect to the server: dial tcp ${ip}:${port}: ${goDialError(failure)}\n`;
}

/** Runs a kubectl command line (`args` without the leading `kubectl`). */
export async function runKubectl(args: readonly string[], ctx: CommandContext): Promise<ExecResult> {
  const at = nextPositional(args, 0);
  const wantsHelp = args.some((a) => a === '--help' || a === '-h');
  if (at < 0) {
    if (args.length === 0 || wantsHelp) return { stdout: KUBECTL_HELP, stderr: '', exitCode: 0 };
    const parsed = parseFlags(args, []);
    if (!parsed.ok) return usageError(parsed.error, 'kubectl');
    return { stdout: KUBECTL_HELP, stderr: '', exitCode: 0 };
  }
  let verb = args[at];
  if (verb === 'help') return { stdout: args[at + 1] ? helpFor(args[at + 1]) : KUBECTL_HELP, stderr: '', exitCode: 0 };
  const rest = [...args.slice(0, at), ...args.slice(at + 1)];
  // Own keys only: `kubectl constructor` is an unknown verb, not Object.prototype.constructor.
  const subs = Object.hasOwn(SUBCOMMANDS, verb) ? SUBCOMMANDS[verb] : undefined;
  if (subs) {
    const subAt = nextPositional(rest, at);
    const sub = subAt >= 0 ? rest[subAt] : undefined;
    if (sub && subs.includes(sub)) {
      verb = `${verb} ${sub === 'ns' ? 'namespace' : sub === 'cm' ? 'configmap' : sub === 'sa' ? 'serviceaccount' : sub === 'svc' ? 'service' : sub}`;
      rest.splice(subAt, 1);
    } else if (verb !== 'create') {
      if (wantsHelp || !sub) return { stdout: SUBCOMMAND_HELP[verb] ?? '', stderr: '', exitCode: 0 };
      return { stdout: '', stderr: `error: unknown command "${sub}" for "kubectl ${verb}"\nRun 'kubectl ${verb} --help' for usage.\n`, exitCode: 1 };
    }
  }
  const handler = Object.hasOwn(HANDLERS, verb) ? HANDLERS[verb] : undefined;
  if (!handler) {
    if (NOT_SIMULATED.includes(verb)) return { stdout: '', stderr: `error: "kubectl ${verb}" is not available in this simulator\n`, exitCode: 1 };
    const near = suggestions(verb);
    const hint = near.length ? `\n\nDid you mean this?\n${near.map((v) => `\t${v}\n`).join('')}` : '\n';
    return { stdout: '', stderr: `error: unknown command "${verb}" for "kubectl"${hint}${near.length ? '\n' : ''}Run 'kubectl --help' for usage.\n`, exitCode: 1 };
  }
  if (wantsHelp) return { stdout: helpFor(verb), stderr: '', exitCode: 0 };
  const parsed = parseFlags(rest, VERB_FLAGS[verb] ?? []);
  // Before the kubeconfig check: `--kubeconfig=kubelet.conf` on a worker must not answer "connection refused".
  const refusal = identityFlagRefusal(parsed, parsed.ok && parsed.set.has('kubeconfig') && hasKubeconfig(ctx), VERB_FLAGS[verb] ?? []);
  if (refusal) return { stdout: '', stderr: refusal, exitCode: 1 };
  if (!hasKubeconfig(ctx)) return { stdout: '', stderr: `${CONNECTION_REFUSED}\n`, exitCode: 1 };
  if (!parsed.ok) return usageError(parsed.error, `kubectl ${verb}`);
  // Flags whose work is not simulated would otherwise be parsed and ignored: the command would do something else.
  const unsimulated = UNSIMULATED_FLAGS.find((name) => parsed.set.has(name) && parsed.flags[name] === true);
  if (unsimulated) return { stdout: '', stderr: `error: --${unsimulated} is not simulated by kubedrill\n`, exitCode: 1 };
  const clientOnly = verb === 'version' && parsed.set.has('client');
  if (!OFFLINE_VERBS.has(verb) && !clientOnly) {
    const unreachable = serverUnreachable(ctx);
    // `kubectl version` prints its own versions before it asks the server.
    if (unreachable) return { stdout: verb === 'version' ? `Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n` : '', stderr: unreachable, exitCode: 1 };
  }
  const namespace = str(parsed.flags, 'namespace');
  // --as and --as-group: client-go sends them as Impersonate-User and Impersonate-Group headers.
  const asUser = str(parsed.flags, 'as') ?? '';
  const asGroups = arr(parsed.flags, 'as-group');
  // clientcmd validation.go validateAuthInfo, on the kubeconfig's user (kubeadm's admin.conf names it kubernetes-admin).
  if (asGroups.length > 0 && asUser === '') return { stdout: '', stderr: 'error: invalid configuration: requesting uid, groups or user-extra for kubernetes-admin without impersonating a user\n', exitCode: 1 };
  // --dry-run, where the verb takes it: writes are then made locally (client) or sent as dry runs (server).
  const takesDryRun = (VERB_FLAGS[verb] ?? []).some((spec) => spec.name === 'dry-run');
  const dryRun = takesDryRun ? dryRunStrategy(parsed.flags) : ({ ok: true, strategy: 'none' } as const);
  if (!dryRun.ok) return { stdout: '', stderr: `error: ${dryRun.error}\n`, exitCode: 1 };
  const client = ctx.cluster.adminClient(asUser === '' ? undefined : { user: asUser, groups: asGroups });
  const inv: Invocation = {
    ctx,
    client: dryRunClient(client, dryRun.strategy),
    ...(dryRun.strategy !== 'none' ? { dryRun: dryRun.strategy } : {}),
    now: ctx.cluster.now(),
    args: parsed.positional,
    ...(parsed.dashAt !== undefined ? { dashAt: parsed.dashAt } : {}),
    flags: parsed.flags,
    set: parsed.set,
    namespace: namespace || 'default',
    explicitNamespace: namespace !== undefined,
    commandPath: `kubectl ${verb}`,
  };
  // A request that waited on the server (a webhook that never answered) took that long: the clock moves on by it.
  const waitedBefore = client.waitedMs?.() ?? 0;
  const result = await handler(inv);
  const waited = (client.waitedMs?.() ?? 0) - waitedBefore;
  if (waited > 0) ctx.cluster.advance(waited);
  return result;
}

/** The `kubectl` command. */
export const kubectlCommand: Command = { name: 'kubectl', execute: runKubectl };

/** `k`, the alias everyone sets up. */
export const kCommand: Command = { name: 'k', execute: runKubectl };
