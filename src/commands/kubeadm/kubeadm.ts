/**
 * The `kubeadm` command (v1.32) on a node: `certs check-expiration`,
 * `certs renew <name|all>`, `kubeconfig user` (a kubeconfig with an embedded
 * client certificate signed by the cluster CA: the documented way to recover
 * a node whose kubelet client certificate expired) and `version`.
 * Errors are printed as kubeadmutil.CheckErr does.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import type { NodeHandle } from '../../cluster/cluster.js';
import { Random } from '../../cluster/clock/random.js';
import { encodeCertificate, type Certificate } from '../../cluster/host/certs.js';
import { checkExpiration, renew, RENEWABLE } from './certs.js';
import { CERT_VALIDITY_MS, embeddedKubeconfig, ensureControlPlanePki, readCa, rsaKeyBlock, KUBEADM_CAS } from '../../cluster/bootstrap/kubeadm-pki.js';

const STACK_HINT = 'To see the stack trace of this error execute with --v=5 or higher\n';
const failure = (message: string): ExecResult => ({ stdout: '', stderr: `error: ${message}\n${STACK_HINT}`, exitCode: 1 });

/** v1.32.4's build info (k8s.io/component-base/version). */
const VERSION_INFO = 'kubeadm version: &version.Info{Major:"1", Minor:"32", GitVersion:"v1.32.4", GitCommit:"59526cd4867447956156ae3a602fcbac10a2c335", GitTreeState:"clean", BuildDate:"2025-04-22T16:02:27Z", GoVersion:"go1.23.6", Compiler:"gc", Platform:"linux/amd64"}\n';

/** Parses a Go duration like `8760h`, `24h0m0s`, `30m` into ms; undefined when malformed. */
function goDuration(s: string): number | undefined {
  if (!/^(\d+(\.\d+)?(h|m|s|ms))+$/.test(s)) return undefined;
  let total = 0;
  for (const [, n, unit] of s.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) total += Number(n) * { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }[unit as 'h' | 'm' | 's' | 'ms'];
  return total;
}

/** `kubeadm kubeconfig user --client-name NAME [--org ORG]... [--validity-period D]`. */
function kubeconfigUser(node: NodeHandle, args: readonly string[]): ExecResult {
  let clientName: string | undefined;
  const orgs: string[] = [];
  let validity = CERT_VALIDITY_MS;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].includes('=') ? [args[i].slice(0, args[i].indexOf('=')), args[i].slice(args[i].indexOf('=') + 1)] : [args[i], undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--client-name') clientName = value();
    else if (flag === '--org') orgs.push(...(value() ?? '').split(',').filter(Boolean));
    else if (flag === '--validity-period') {
      const d = goDuration(value() ?? '');
      if (d === undefined) return failure(`invalid argument "${inline ?? args[i]}" for "--validity-period" flag: time: invalid duration`);
      validity = d;
    } else if (flag === '--config' || flag === '--token') value();
    else return failure(`unknown flag: ${flag}`);
  }
  if (!clientName) return failure('required flag(s) "client-name" not set');
  const fs = node.host.fs;
  const caInfo = KUBEADM_CAS[0];
  const ca = readCa(fs, caInfo);
  if (!ca) return failure(`couldn't create a kubeconfig; the CA files couldn't be loaded: failure loading ca certificate: couldn't load the certificate file ${caInfo.file}.crt: open ${caInfo.file}.crt: no such file or directory`);
  if (!fs.exists(`${caInfo.file}.key`)) return failure(`couldn't create a kubeconfig; the CA files couldn't be loaded: failure loading key for ca: couldn't load the private key file ${caInfo.file}.key: open ${caInfo.file}.key: no such file or directory`);
  const now = node.host.now();
  const random = new Random((Math.floor(now / 1000) ^ clientName.length * 7919) >>> 0);
  const cert: Certificate = { serial: random.hex(16), subject: { CN: clientName, ...(orgs.length ? { O: orgs } : {}) }, issuer: { CN: ca.subject.CN }, notBefore: ca.notBefore, notAfter: now + validity };
  return { stdout: embeddedKubeconfig(`https://${node.host.ip}:6443`, fs.read(`${caInfo.file}.crt`) ?? '', clientName, encodeCertificate(cert), rsaKeyBlock(random)), stderr: '', exitCode: 0 };
}

/** Runs `kubeadm ARGS` on the current node. */
export function runKubeadm(args: readonly string[], ctx: CommandContext): ExecResult {
  const node = ctx.cluster.node?.(ctx.host);
  if (!node) return { stdout: '', stderr: 'bash: kubeadm: command not found\n', exitCode: 127 };
  // Bootstrap may not have laid down the control-plane PKI yet: create it on first use.
  ensureControlPlanePki(node.host);
  const positional = args.filter((a) => !a.startsWith('-'));
  const [verb, sub, target] = positional;
  if (verb === undefined) return { stdout: 'Usage:\n  kubeadm [command]\n', stderr: '', exitCode: 0 };
  if (verb === 'version') {
    const short = args.includes('-o=short') || args.includes('--output=short') || (args.includes('-o') && args[args.indexOf('-o') + 1] === 'short');
    return { stdout: short ? 'v1.32.4\n' : VERSION_INFO, stderr: '', exitCode: 0 };
  }
  if (verb === 'certs') {
    if (sub === 'check-expiration') return { stdout: checkExpiration(node.host, ctx.cluster), stderr: '', exitCode: 0 };
    if (sub === 'renew') {
      if (!target) return { stdout: 'This command is not meant to be run on its own. See list of available subcommands.\n', stderr: '', exitCode: 0 };
      if (!RENEWABLE.includes(target)) return failure(`unknown command "${target}" for "kubeadm certs renew"`);
      const r = renew(node.host, ctx.cluster, target);
      return { stdout: r.stdout, stderr: r.error ?? '', exitCode: r.error ? 1 : 0 };
    }
    if (!sub) return { stdout: 'Commands related to handling Kubernetes certificates\n', stderr: '', exitCode: 0 };
    return failure(`unknown command "${sub}" for "kubeadm certs"`);
  }
  if (verb === 'kubeconfig') {
    if (sub === 'user') return kubeconfigUser(node, args.slice(args.indexOf('user') + 1));
    return { stdout: 'Kubeconfig file utilities.\n', stderr: '', exitCode: 0 };
  }
  if (['init', 'join', 'reset', 'upgrade', 'token', 'config', 'alpha', 'completion'].includes(verb)) return { stdout: '', stderr: `kubeadm ${verb}: not available in this simulator\n`, exitCode: 1 };
  return failure(`unknown command "${verb}" for "kubeadm"`);
}

/** The `kubeadm` command. */
export const kubeadmCommand: Command = { name: 'kubeadm', execute: runKubeadm };
