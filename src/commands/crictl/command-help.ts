/**
 * `crictl <command> --help` (and `crictl help <command>`): cri-tools v1.32.0's
 * command definitions (cmd/crictl/*.go: Name, Usage, ArgsUsage, Description,
 * Flags, Subcommands) rendered as urfave/cli v2.27.5 renders a command's help
 * (template.go CommandHelpTemplate, or SubcommandHelpTemplate for a command
 * with subcommands of its own; flag.go stringifyFlag; help.go's tabwriter
 * with padding 2). Running the command with --help sets it up first
 * (command.go setup): its flags gain `--help, -h` and its subcommands `help,
 * h`; `crictl help <command>` shows it as the app holds it, without them.
 */
import { tabwrite } from '../kubectl/output/tabwriter.js';

/** A urfave/cli flag as the help needs it: its type (which decides the default text), names, usage, default value, env vars. */
interface HelpFlag {
  readonly kind: 'bool' | 'string' | 'int' | 'slice' | 'duration';
  readonly names: readonly string[];
  readonly usage: string;
  /** Value: for strings the default shown quoted; for ints the number; for durations the Go duration text. */
  readonly value?: string | number;
  readonly env?: readonly string[];
}

interface HelpSubcommand {
  readonly names: readonly string[];
  readonly usage: string;
}

interface CommandDef {
  readonly name: string;
  readonly usage: string;
  readonly argsUsage?: string;
  readonly description?: string;
  readonly flags: readonly HelpFlag[];
  readonly subcommands?: readonly HelpSubcommand[];
}

const b = (names: string[], usage: string): HelpFlag => ({ kind: 'bool', names, usage });
const s = (names: string[], usage: string, value?: string, env?: string[]): HelpFlag => ({ kind: 'string', names, usage, ...(value !== undefined ? { value } : {}), ...(env ? { env } : {}) });
const n = (names: string[], usage: string, value = 0): HelpFlag => ({ kind: 'int', names, usage, value });
const sl = (names: string[], usage: string): HelpFlag => ({ kind: 'slice', names, usage });

const OUTPUT_TEMPLATE = 'The template string is only used when output is go-template; The Template format is golang template';
const IMAGE_FILTER = 'Filter output based on provided conditions.\nAvailable filters: \n* dangling=(boolean - true or false)\n* reference=/regular expression/\n* before=<image-name>[:<tag>]|<image id>|<image@digest>\n* since=<image-name>[:<tag>]|<image id>|<image@digest>\nMultiple filters can be combined together.';
const LATEST_CONTAINER = 'Show the most recently created container (includes all states)';
const LAST_CONTAINERS = 'Show last n recently created containers (includes all states). Set 0 for unlimited.';

/** The commands, in cmd/crictl's definitions. */
const COMMANDS: readonly CommandDef[] = [
  {
    name: 'ps',
    usage: 'List containers',
    flags: [
      b(['verbose', 'v'], 'Show verbose information for containers'),
      s(['id'], 'Filter by container id'),
      s(['name'], 'Filter by container name regular expression pattern'),
      s(['pod', 'p'], 'Filter by pod id'),
      s(['image'], 'Filter by container image'),
      s(['state', 's'], 'Filter by container state'),
      sl(['label'], 'Filter by key=value label'),
      b(['quiet', 'q'], 'Only display container IDs'),
      s(['output', 'o'], 'Output format, One of: json|yaml|table', 'table'),
      b(['all', 'a'], 'Show all containers'),
      b(['latest', 'l'], LATEST_CONTAINER),
      n(['last', 'n'], LAST_CONTAINERS),
      b(['no-trunc'], 'Show output without truncating the ID'),
      b(['resolve-image-path', 'r'], 'Show image path instead of image id'),
      s(['namespace'], 'Filter by pod namespace regular expression pattern'),
    ],
  },
  {
    name: 'pods',
    usage: 'List pods',
    flags: [
      s(['id'], 'filter by pod id'),
      s(['name'], 'Filter by pod name regular expression pattern'),
      s(['namespace'], 'Filter by pod namespace regular expression pattern'),
      s(['state', 's'], 'Filter by pod state'),
      sl(['label'], 'Filter by key=value label'),
      b(['verbose', 'v'], 'Show verbose info for pods'),
      b(['quiet', 'q'], 'List only pod IDs'),
      s(['output', 'o'], 'Output format, One of: json|yaml|table', 'table'),
      b(['latest', 'l'], 'Show the most recently created pod'),
      n(['last', 'n'], 'Show last n recently created pods. Set 0 for unlimited'),
      b(['no-trunc'], 'Show output without truncating the ID'),
    ],
  },
  {
    name: 'images',
    usage: 'List images',
    argsUsage: '[REPOSITORY[:TAG]]',
    flags: [
      b(['verbose', 'v'], 'Show verbose info for images'),
      b(['quiet', 'q'], 'Only show image IDs'),
      sl(['filter', 'f'], IMAGE_FILTER),
      s(['output', 'o'], 'Output format, One of: json|yaml|table'),
      b(['digests'], 'Show digests'),
      b(['no-trunc'], 'Show output without truncating the ID'),
      b(['pinned'], 'Show whether the image is pinned or not'),
    ],
  },
  {
    name: 'inspect',
    usage: 'Display the status of one or more containers',
    argsUsage: 'CONTAINER-ID [CONTAINER-ID...]',
    flags: [
      s(['output', 'o'], 'Output format, One of: json|yaml|go-template|table'),
      b(['quiet', 'q'], 'Do not show verbose information'),
      s(['template'], OUTPUT_TEMPLATE),
      s(['name'], 'Filter by container name regular expression pattern'),
      s(['namespace'], 'Filter by pod namespace regular expression pattern'),
      s(['pod', 'p'], 'Filter by pod id'),
      s(['image'], 'Filter by container image'),
      s(['state', 's'], 'Filter by container state'),
      sl(['label'], 'Filter by key=value label'),
      b(['latest', 'l'], LATEST_CONTAINER),
      n(['last', 'n'], LAST_CONTAINERS),
    ],
  },
  {
    name: 'inspectp',
    usage: 'Display the status of one or more pods',
    argsUsage: 'POD-ID [POD-ID...]',
    flags: [
      s(['output', 'o'], 'Output format, One of: json|yaml|go-template|table'),
      b(['quiet', 'q'], 'Do not show verbose information'),
      s(['template'], OUTPUT_TEMPLATE),
      s(['name'], 'Filter by pod name regular expression pattern'),
      s(['namespace'], 'Filter by pod namespace regular expression pattern'),
      s(['state', 's'], 'Filter by pod state'),
      sl(['label'], 'Filter by key=value label'),
      b(['latest', 'l'], 'Show the most recently created pod'),
      n(['last', 'n'], 'Show last n recently created pods. Set 0 for unlimited'),
    ],
  },
  {
    name: 'inspecti',
    usage: 'Return the status of one or more images',
    argsUsage: 'IMAGE-ID [IMAGE-ID...]',
    flags: [s(['output', 'o'], 'Output format, One of: json|yaml|go-template|table'), b(['quiet', 'q'], 'Do not show verbose information'), s(['template'], OUTPUT_TEMPLATE), s(['name'], 'Filter by image name'), sl(['filter', 'f'], IMAGE_FILTER)],
  },
  {
    name: 'logs',
    usage: 'Fetch the logs of a container',
    argsUsage: 'CONTAINER-ID',
    flags: [
      b(['follow', 'f'], 'Follow log output'),
      b(['previous', 'p'], 'Print the logs for the previous instance of the container in a pod if it exists'),
      b(['reopen', 'r'], 'Reopen the container logs for the provided container'),
      n(['tail'], 'Number of lines to show from the end of the logs. Defaults to all', -1),
      n(['limit-bytes'], 'Maximum bytes of logs to return. Defaults to no limit', -1),
      s(['since'], 'Show logs since timestamp (e.g. 2013-01-02T13:23:37) or relative (e.g. 42m for 42 minutes)'),
      b(['timestamps', 't'], 'Show timestamps'),
    ],
  },
  {
    name: 'exec',
    usage: 'Run a command in a running container',
    argsUsage: '[CONTAINER-ID] COMMAND [ARG...]',
    description: 'The CONTAINER-ID is only required if none of the following filter flags are set:\n--image, --label, --last, --latest, --name, --pod, --state',
    flags: [
      b(['sync', 's'], 'Run the command synchronously'),
      n(['timeout'], 'Timeout in seconds'),
      b(['tty', 't'], 'Allocate a pseudo-TTY'),
      b(['interactive', 'i'], 'Keep STDIN open'),
      s(['transport', 'r'], 'Transport protocol to use, one of: spdy|websocket', 'spdy'),
      s(['name'], 'Exec command for all containers matching this name filter regular expression pattern'),
      s(['pod', 'p'], 'Exec command for all containers matching this pod ID filter'),
      s(['image'], 'Exec command for all containers matching this container image filter'),
      s(['state'], 'Exec command for all containers matching this container state filter'),
      sl(['label'], 'Exec command for all containers matching this key=value label filter'),
      b(['latest', 'l'], 'Exec command for the most recently created container'),
      n(['last', 'n'], 'Exec command for all last n containers, set to 0 for unlimited'),
      b(['quiet', 'q'], 'Do not print the container ID if multiple containers are selected'),
      b(['ignore-errors', 'e'], 'Ignore errors during command execution'),
      b(['parallel', 'x'], 'Run the command in parallel if multiple containers are selected'),
      s(['tls-sni', 'tls-server-name'], 'Server name used in the TLS client to check server certificates against', 'localhost'),
      s(['tls-ca'], 'Path to the streaming TLS CA certificate'),
      s(['tls-cert'], 'Path to the streaming TLS certificate'),
      s(['tls-key'], 'Path to the streaming TLS key'),
    ],
  },
  {
    name: 'rm',
    usage: 'Remove one or more containers',
    argsUsage: 'CONTAINER-ID [CONTAINER-ID...]',
    flags: [b(['force', 'f'], 'Force removal of the container, disregarding if running'), b(['keep-logs', 'k'], 'Preserve the container log file and its rotations'), b(['all', 'a'], 'Remove all containers')],
  },
  { name: 'rmp', usage: 'Remove one or more pods', argsUsage: 'POD-ID [POD-ID...]', flags: [b(['force', 'f'], 'Force removal of the pod sandbox, disregarding if running'), b(['all', 'a'], 'Remove all pods')] },
  { name: 'rmi', usage: 'Remove one or more images', argsUsage: 'IMAGE-ID [IMAGE-ID...]', flags: [b(['all', 'a'], 'Remove all images'), b(['prune', 'q'], 'Remove all unused images')] },
  { name: 'stop', usage: 'Stop one or more running containers', argsUsage: 'CONTAINER-ID [CONTAINER-ID...]', flags: [n(['timeout', 't'], 'Seconds to wait to kill the container after a graceful stop is requested')] },
  { name: 'stopp', usage: 'Stop one or more running pods', argsUsage: 'POD-ID [POD-ID...]', flags: [] },
  {
    name: 'pull',
    usage: 'Pull an image from a registry',
    argsUsage: 'NAME[:TAG|@DIGEST]',
    flags: [
      s(['creds'], 'Use `USERNAME[:PASSWORD]` for accessing the registry', undefined, ['CRICTL_CREDS']),
      s(['auth'], "Use `AUTH_STRING` for accessing the registry. AUTH_STRING is a base64 encoded 'USERNAME[:PASSWORD]'", undefined, ['CRICTL_AUTH']),
      s(['username', 'u'], 'Use `USERNAME` for accessing the registry. The password will be requested on the command line'),
      s(['pod-config'], 'Use `pod-config.[json|yaml]` to override the pull c'),
      sl(['annotation', 'a'], 'Annotation to be set on the pulled image'),
      { kind: 'duration', names: ['pull-timeout', 'pt'], usage: 'Maximum time to be used for pulling the image, disabled if set to 0s', value: '0s', env: ['CRICTL_PULL_TIMEOUT'] },
    ],
    subcommands: [{ names: ['jsonschema', 'js'], usage: 'Display the JSON schema for the pod-config.json, ' }],
  },
  { name: 'info', usage: 'Display information of the container runtime', flags: [s(['output', 'o'], 'Output format, One of: json|yaml|go-template', 'json'), b(['quiet', 'q'], 'Do not show verbose information'), s(['template'], OUTPUT_TEMPLATE)] },
  { name: 'version', usage: 'Display runtime version information', flags: [] },
  {
    name: 'stats',
    usage: 'List container(s) resource usage statistics',
    argsUsage: '[ID]',
    flags: [
      b(['all', 'a'], 'Show all containers (default shows just running)'),
      s(['id'], 'Filter by container id'),
      s(['pod', 'p'], 'Filter by pod id'),
      sl(['label'], 'Filter by key=value label'),
      s(['output', 'o'], 'Output format, One of: json|yaml|table'),
      n(['seconds', 's'], 'Sample duration for CPU usage in seconds', 1),
      b(['watch', 'w'], 'Watch pod resources'),
    ],
  },
];

/** urfave/cli's HelpFlag (DisableDefaultText) and help command. */
const HELP_FLAG = '--help, -h\tshow help';
const HELP_COMMAND: HelpSubcommand = { names: ['help', 'h'], usage: 'Shows a list of commands or help for one command' };

/** flag.go unquoteUsage: a back-quoted word of the usage is the placeholder. */
function unquoteUsage(usage: string): [string, string] {
  const m = /`([^`]*)`/.exec(usage);
  return m ? [m[1], usage.slice(0, m.index) + m[1] + usage.slice(m.index + m[0].length)] : ['', usage];
}

/** flag.go stringifyFlag: `names\tusage (default: …) [$ENV]`. */
function flagString(f: HelpFlag): string {
  const [quoted, usage] = unquoteUsage(f.usage);
  const placeholder = f.kind === 'bool' ? quoted : quoted || 'value';
  let def = '';
  if (f.kind === 'bool') def = 'false';
  else if (f.kind === 'string') def = f.value ? JSON.stringify(f.value) : '';
  else if (f.kind === 'int') def = String(f.value ?? 0);
  else if (f.kind === 'duration') def = String(f.value ?? '0s');
  const withDefault = (usage + (def ? ` (default: ${def})` : '')).trim();
  let names = f.names.map((name) => `${name.length === 1 ? '-' : '--'}${name}${placeholder ? ` ${placeholder}` : ''}`).join(', ');
  if (f.kind === 'slice') names = `${names} [ ${names} ]`;
  const env = f.env?.length ? ` [${f.env.map((e) => `$${e}`).join(', ')}]` : '';
  return `${names}\t${withDefault}${env}`;
}

/** help.go wrap at maxLineLength 10000: later lines of a text are indented by `offset`. */
function wrap(text: string, offset: number): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : ' '.repeat(offset) + line))
    .join('\n');
}

/** The help text of `crictl <name>`, or undefined for a command not written down here. `setUp`: run with --help (help flag and command added). */
export function crictlCommandHelp(name: string, setUp: boolean): string | undefined {
  const c = COMMANDS.find((x) => x.name === name);
  if (!c) return undefined;
  const helpName = `crictl ${c.name}`;
  const flags = [...c.flags.map(flagString), ...(setUp ? [HELP_FLAG] : [])];
  const subcommands = [...(c.subcommands ?? []), ...(setUp ? [HELP_COMMAND] : [])];
  // A command with subcommands besides help is shown with SubcommandHelpTemplate (help.go helpCommand, ShowCommandHelp).
  const subTemplate = setUp ? subcommands.length > 1 : subcommands.length > 0;
  let out = `NAME:\n   ${helpName} - ${wrap(c.usage, helpName.length + 6)}\n\nUSAGE:\n   `;
  const args = c.argsUsage ? ` ${c.argsUsage}` : '';
  out += subTemplate ? `${helpName} ${flags.length ? 'command [command options]' : ''}${args}` : `${helpName}${flags.length ? ' [command options]' : ''}${args}`;
  if (c.description) out += `\n\nDESCRIPTION:\n   ${wrap(c.description, 3)}`;
  if (subTemplate) {
    const names = subcommands.map((sc) => sc.names.join(', '));
    const column = Math.max(...names.map((x) => x.length)) + 5;
    out += '\n\nCOMMANDS:' + subcommands.map((sc, i) => `\n   ${names[i]}${' '.repeat(column - names[i].length - 3)}${wrap(sc.usage, column)}`).join('');
  }
  if (flags.length) out += '\n\nOPTIONS:' + flags.map((f) => `\n   ${wrap(f, 6)}`).join('');
  out += '\n';
  // help.go printHelpCustom: tabwriter.NewWriter(out, 1, 8, 2, ' ', 0).
  return tabwrite(out, { minwidth: 1, tabwidth: 8, padding: 2 });
}
