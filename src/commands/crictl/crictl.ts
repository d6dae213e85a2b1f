/**
 * The `crictl` command (cri-tools v1.32) on a node: global flags, the
 * connection preamble (default-endpoint warnings, per-endpoint errors, the
 * fatal error when containerd does not answer), then the subcommand over the
 * node's container runtime. Errors end as logrus.Fatal does: a FATA line and
 * exit status 1.
 */
import type { Command, CommandContext, ExecResult } from '../types.js';
import { readHostFile } from '../text/lib/file-access.js';
import { connect, logrusLine, parseCrictlConfig } from './connection.js';
import { flag, parseCli, type CliFlag } from './flags.js';
import { runInspect, runLogs, runPs, type CriNode, type CriResult } from './containers.js';
import { runImages, runInspectp, runPods, runRmi, runRmiAll, runRmiPrune } from './pods-images.js';
import { runInfo, runVersion } from './info.js';
import { crictlTimeoutMs, CrictlCri } from './cri-calls.js';
import { CriClient } from '../../cluster/runtime/cri-client.js';
import { runInspecti } from './inspecti.js';
import { crictlHelp } from './help.js';
import { crictlCommandHelp } from './command-help.js';

/** The version crictl reports (`--version`, the help's VERSION). */
const VERSION = 'v1.32.0';

/** Which CRI services a subcommand dials, in order (the Action's getRuntimeService/getImageService calls). */
const SERVICES: Record<string, readonly ('runtime' | 'image')[]> = {
  ps: ['runtime', 'image'],
  pods: ['runtime'],
  images: ['image'],
  inspect: ['runtime'],
  inspectp: ['runtime'],
  inspecti: ['image'],
  logs: ['runtime'],
  info: ['runtime'],
  version: ['runtime'],
  rmi: ['image'],
};

/** Subcommand aliases (urfave/cli Aliases). */
const ALIASES: Record<string, string> = { image: 'images', img: 'images' };

const GLOBAL: readonly CliFlag[] = [flag(true, 'config', 'c'), flag(true, 'runtime-endpoint', 'r'), flag(true, 'image-endpoint', 'i'), flag(true, 'timeout', 't'), flag(false, 'debug', 'D')];

const LIST_FLAGS = [flag(false, 'quiet', 'q'), flag(true, 'output', 'o'), flag(false, 'verbose', 'v'), flag(true, 'name'), flag(true, 'namespace'), flag(true, 'id'), flag(true, 'state', 's'), flag(true, 'label'), flag(false, 'latest', 'l'), flag(true, 'last', 'n'), flag(false, 'no-trunc')];

const FLAGS: Record<string, readonly CliFlag[]> = {
  ps: [...LIST_FLAGS, flag(false, 'all', 'a'), flag(true, 'pod', 'p'), flag(true, 'image'), flag(false, 'resolve-image-path', 'r')],
  pods: [...LIST_FLAGS, flag(true, 'runtime')],
  images: [flag(false, 'quiet', 'q'), flag(false, 'verbose', 'v'), flag(true, 'output', 'o'), flag(false, 'digests'), flag(false, 'no-trunc'), flag(false, 'pinned'), flag(true, 'filter', 'f')],
  inspect: [flag(true, 'output', 'o'), flag(false, 'quiet', 'q'), flag(true, 'template')],
  inspectp: [flag(true, 'output', 'o'), flag(false, 'quiet', 'q'), flag(true, 'template')],
  inspecti: [flag(true, 'output', 'o'), flag(false, 'quiet', 'q'), flag(true, 'template'), flag(true, 'name'), flag(true, 'filter', 'f')],
  logs: [flag(false, 'follow', 'f'), flag(false, 'previous', 'p'), flag(false, 'reopen', 'r'), flag(true, 'tail'), flag(true, 'limit-bytes'), flag(true, 'since'), flag(false, 'timestamps', 't')],
  info: [flag(true, 'output', 'o'), flag(false, 'quiet', 'q'), flag(true, 'template')],
  version: [],
  rmi: [flag(false, 'all', 'a'), flag(false, 'prune', 'q')],
};

const NOT_SIMULATED = new Set(['attach', 'create', 'exec', 'imagefsinfo', 'port-forward', 'pull', 'run', 'runp', 'rm', 'rmp', 'start', 'stop', 'stopp', 'update', 'config', 'stats', 'statsp', 'metricsp', 'completion', 'checkpoint', 'runtime-config', 'events', 'update-runtime-config']);

const fatal = (stderr: string, message: string): ExecResult => ({ stdout: '', stderr: stderr + logrusLine('FATA', message), exitCode: 1 });

/** Runs `crictl ARGS` on the current host. */
export function runCrictl(args: readonly string[], ctx: CommandContext): ExecResult {
  const handle = ctx.cluster.node?.(ctx.host);
  if (!handle) return { stdout: '', stderr: `bash: crictl: command not found\n`, exitCode: 127 };
  // Global flags come before the subcommand.
  let i = 0;
  const globalArgs: string[] = [];
  while (i < args.length && args[i].startsWith('-')) {
    const spec = GLOBAL.find((g) => g.names.some((n) => args[i] === `-${n}` || args[i] === `--${n}` || args[i].startsWith(`--${n}=`)));
    if (args[i] === '--version' || args[i] === '-v') return { stdout: `crictl version ${VERSION}\n`, stderr: '', exitCode: 0 };
    // urfave/cli's global --help/-h flag: the app's help, whatever follows.
    if (args[i] === '--help' || args[i] === '-h') return { stdout: crictlHelp(VERSION), stderr: '', exitCode: 0 };
    if (!spec) return { stdout: '', stderr: `Incorrect Usage: flag provided but not defined: ${args[i]}\n\n`, exitCode: 1 };
    globalArgs.push(args[i]);
    if (spec.value && !args[i].includes('=')) globalArgs.push(args[++i] ?? '');
    i++;
  }
  const globals = parseCli(globalArgs, GLOBAL);
  if (!globals.ok) return { stdout: '', stderr: `Incorrect Usage: ${globals.error}\n\n`, exitCode: 1 };
  const rawSub = args[i];
  if (rawSub === undefined || ((rawSub === 'help' || rawSub === 'h') && args[i + 1] === undefined)) return { stdout: crictlHelp(VERSION), stderr: '', exitCode: 0 };
  // A command's own help: `crictl help ps` shows the command as the app holds it; `crictl ps --help`
  // (or `crictl ps help`) runs it set up, with its --help flag and help subcommand (command-help.ts).
  const viaHelpCommand = rawSub === 'help' || rawSub === 'h';
  const helpFor = viaHelpCommand ? args[i + 1] : args.slice(i + 1).some((a) => a === '--help' || a === '-h') || args[i + 1] === 'help' || args[i + 1] === 'h' ? rawSub : undefined;
  if (helpFor !== undefined) {
    const text = crictlCommandHelp(ALIASES[helpFor] ?? helpFor, !viaHelpCommand);
    if (text !== undefined) return { stdout: text, stderr: '', exitCode: 0 };
    // urfave/cli's ShowCommandHelp for a name no command has.
    if (viaHelpCommand && !crictlHelp(VERSION).includes(`\n   ${helpFor} `) && !crictlHelp(VERSION).includes(`\n   ${helpFor},`)) return { stdout: '', stderr: `No help topic for '${helpFor}'\n`, exitCode: 3 };
    return { stdout: '', stderr: `kubedrill: crictl ${helpFor} --help is not simulated (crictl --help lists the commands)\n`, exitCode: 1 };
  }
  const sub = ALIASES[rawSub] ?? rawSub;
  if (NOT_SIMULATED.has(sub)) return { stdout: '', stderr: `crictl ${sub}: not available in this simulator\n`, exitCode: 1 };
  const specs = FLAGS[sub];
  // urfave/cli v2 without CommandNotFound: the help command answers and exits 3.
  if (!specs) return { stdout: '', stderr: `No help topic for '${rawSub}'\n`, exitCode: 3 };
  const parsed = parseCli(args.slice(i + 1), specs);
  if (!parsed.ok) return { stdout: '', stderr: `Incorrect Usage: ${parsed.error}\n\n`, exitCode: 1 };

  // Endpoints: flags first, then /etc/crictl.yaml (or --config), else the deprecated defaults.
  const gflags = globals.flags;
  const configPath = typeof gflags.get('config') === 'string' ? (gflags.get('config') as string) : '/etc/crictl.yaml';
  const config = parseCrictlConfig(readHostFile(ctx, configPath)) ?? {};
  const runtimeEndpoint = (gflags.get('runtime-endpoint') as string | undefined) ?? config.runtime;
  const imageEndpoint = (gflags.get('image-endpoint') as string | undefined) ?? config.image ?? runtimeEndpoint;
  // Every answer comes through a CRI client with crictl's deadline: a hung containerd holds each locking call until it.
  const startedAt = handle.host.now();
  const timeoutMs = crictlTimeoutMs(typeof gflags.get('timeout') === 'string' ? (gflags.get('timeout') as string) : undefined);
  const client = new CriClient(handle.runtime, { timeoutMs, wait: (ms) => ctx.cluster.advance(ms), clockOffsetMs: handle.host.clockOffsetMs, files: handle.host.fs });
  let stderr = '';
  for (const service of SERVICES[sub] ?? []) {
    if (service === 'image' && sub === 'rmi' && !parsed.flags.has('prune') && !parsed.flags.has('all') && parsed.args.length === 0) break;
    const c = connect(service, service === 'runtime' ? runtimeEndpoint : imageEndpoint, client);
    stderr += c.stderr;
    if (c.fatal) return fatal(stderr, c.fatal);
  }
  if (sub === 'rmi' && parsed.flags.has('prune')) {
    // --prune also lists containers through the runtime service.
    const c = connect('runtime', runtimeEndpoint, client);
    stderr += c.stderr;
    if (c.fatal) return fatal(stderr, c.fatal);
  }

  const f = parsed.flags;
  const str = (k: string) => (typeof f.get(k) === 'string' ? (f.get(k) as string) : undefined);
  const cri = new CrictlCri(client, handle.host);
  const node: CriNode = { cri, now: () => handle.host.now(), readFile: (path) => handle.host.fs.read(path) };
  const num = (k: string) => (str(k) !== undefined ? Number(str(k)) : undefined);
  const output = str('output');
  if (output && output !== 'table' && output !== 'json' && ['ps', 'pods', 'images'].includes(sub)) return fatal(stderr, `unsupported output format "${output}"`);
  let result: CriResult & { info?: string };
  switch (sub) {
    case 'ps':
      if (parsed.args.length) return { stdout: 'NAME:\n   crictl ps - List containers\n', stderr, exitCode: 0 };
      result = runPs(node, { all: f.has('all'), quiet: f.has('quiet'), name: str('name'), namespace: str('namespace'), pod: str('pod'), id: str('id'), state: str('state'), latest: f.has('latest'), last: num('last'), noTrunc: f.has('no-trunc') });
      break;
    case 'pods':
      result = runPods(node, { quiet: f.has('quiet'), name: str('name'), namespace: str('namespace'), state: str('state'), id: str('id'), latest: f.has('latest'), last: num('last'), noTrunc: f.has('no-trunc') });
      break;
    case 'images':
      result = runImages(node, { quiet: f.has('quiet'), digests: f.has('digests'), noTrunc: f.has('no-trunc'), filter: parsed.args[0] });
      break;
    case 'inspect':
      result = runInspect(node, parsed.args);
      break;
    case 'inspectp':
      result = runInspectp(node, parsed.args);
      break;
    case 'inspecti':
      result = runInspecti(node, parsed.args, { quiet: f.has('quiet'), output });
      break;
    case 'logs': {
      if (parsed.args.length > 1) return { stdout: 'NAME:\n   crictl logs - Fetch the logs of a container\n', stderr, exitCode: 0 };
      const tail = num('tail');
      result = runLogs(node, parsed.args[0], { tail: tail === undefined || Number.isNaN(tail) ? undefined : tail, timestamps: f.has('timestamps'), previous: f.has('previous') });
      break;
    }
    case 'info':
      result = runInfo(node, f.has('quiet'));
      break;
    case 'version':
      result = runVersion(node);
      break;
    case 'rmi':
      if (f.has('prune')) result = runRmiPrune(node);
      else if (f.has('all')) result = runRmiAll(node);
      else if (parsed.args.length === 0) return { stdout: 'NAME:\n   crictl rmi - Remove one or more images\n', stderr, exitCode: 0 };
      else result = runRmi(node, parsed.args);
      break;
    default:
      return { stdout: '', stderr: `No help topic for '${rawSub}'\n`, exitCode: 3 };
  }
  stderr += cri.log;
  if (result.info) stderr += logrusLine('INFO', result.info);
  // logrus stamps each line with the seconds since crictl started: a call that waited shows in the FATA line.
  const elapsed = Math.max(0, Math.floor((handle.host.now() - startedAt) / 1000));
  if (result.fatal) return { stdout: result.stdout, stderr: stderr + logrusLine('FATA', result.fatal, elapsed), exitCode: 1 };
  return { stdout: result.stdout, stderr, exitCode: 0 };
}

/** The `crictl` command. */
export const crictlCommand: Command = { name: 'crictl', execute: runCrictl };
