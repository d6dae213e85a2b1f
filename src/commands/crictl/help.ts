/**
 * `crictl --help` (cri-tools v1.32.0, cmd/crictl/main.go) as urfave/cli
 * v2.27.5 renders its AppHelpTemplate (template.go, help.go): the commands
 * sorted by name with `help, h` last, their usage aligned two spaces past the
 * longest name list (offsetCommands), then the global flags, each `names\tusage
 * (default: …) [$ENV]` (flag.go stringifyFlag) aligned by a tabwriter with
 * padding 2. Nothing wraps (maxLineLength 10000).
 */

/** A command as the help lists it. */
interface HelpCommand {
  readonly names: readonly string[];
  readonly usage: string;
}

/** cmd/crictl's commands (sorted by name in main) and urfave's help command, appended by App.Setup. */
const COMMANDS: readonly HelpCommand[] = [
  { names: ['attach'], usage: 'Attach to a running container' },
  { names: ['checkpoint'], usage: 'Checkpoint one or more running containers' },
  { names: ['completion'], usage: 'Output shell completion code' },
  { names: ['config'], usage: 'Get, set and list crictl configuration options' },
  { names: ['create'], usage: 'Create a new container' },
  { names: ['events', 'event'], usage: 'Stream the events of containers' },
  { names: ['exec'], usage: 'Run a command in a running container' },
  { names: ['imagefsinfo'], usage: 'Return image filesystem info' },
  { names: ['images', 'image', 'img'], usage: 'List images' },
  { names: ['info'], usage: 'Display information of the container runtime' },
  { names: ['inspect'], usage: 'Display the status of one or more containers' },
  { names: ['inspecti'], usage: 'Return the status of one or more images' },
  { names: ['inspectp'], usage: 'Display the status of one or more pods' },
  { names: ['logs'], usage: 'Fetch the logs of a container' },
  { names: ['metricsp'], usage: "List pod metrics. Metrics are unstructured key/value pairs gathered by CRI meant to replace cAdvisor's /metrics/cadvisor endpoint." },
  { names: ['pods'], usage: 'List pods' },
  { names: ['port-forward'], usage: 'Forward local port to a pod' },
  { names: ['ps'], usage: 'List containers' },
  { names: ['pull'], usage: 'Pull an image from a registry' },
  { names: ['rm'], usage: 'Remove one or more containers' },
  { names: ['rmi'], usage: 'Remove one or more images' },
  { names: ['rmp'], usage: 'Remove one or more pods' },
  { names: ['run'], usage: 'Run a new container inside a sandbox' },
  { names: ['runp'], usage: 'Run a new pod' },
  { names: ['runtime-config'], usage: 'Retrieve the container runtime configuration' },
  { names: ['start'], usage: 'Start one or more created containers' },
  { names: ['stats'], usage: 'List container(s) resource usage statistics' },
  { names: ['statsp'], usage: "List pod statistics. Stats represent a structured API that will fulfill the Kubelet's /stats/summary endpoint." },
  { names: ['stop'], usage: 'Stop one or more running containers' },
  { names: ['stopp'], usage: 'Stop one or more running pods' },
  { names: ['update'], usage: 'Update one or more running containers' },
  { names: ['update-runtime-config'], usage: 'Update the runtime configuration' },
  { names: ['version'], usage: 'Display runtime version information' },
  { names: ['help', 'h'], usage: 'Shows a list of commands or help for one command' },
];

const DEFAULT_RUNTIME_ENDPOINTS = '[unix:///run/containerd/containerd.sock unix:///run/crio/crio.sock unix:///var/run/cri-dockerd.sock]';

/** The global flags, as stringifyFlag renders each: names (with ` value` for flags taking one), a tab, usage with its default and env vars. */
const GLOBAL_FLAGS: readonly (readonly [string, string])[] = [
  ['--config value, -c value', `Location of the client config file. If not specified and the default does not exist, the program's directory is searched as well (default: "/etc/crictl.yaml") [$CRI_CONFIG_FILE]`],
  ['--runtime-endpoint value, -r value', `Endpoint of CRI container runtime service (default: uses in order the first successful one of ${DEFAULT_RUNTIME_ENDPOINTS}). Default is now deprecated and the endpoint should be set instead. [$CONTAINER_RUNTIME_ENDPOINT]`],
  ['--image-endpoint value, -i value', "Endpoint of CRI image manager service (default: uses 'runtime-endpoint' setting) [$IMAGE_SERVICE_ENDPOINT]"],
  ['--timeout value, -t value', 'Timeout of connecting to the server in seconds (e.g. 2s, 20s.). 0 or less is set to default (default: 2s)'],
  ['--debug, -D', 'Enable debug mode (default: false)'],
  ['--enable-tracing', 'Enable OpenTelemetry tracing. (default: false)'],
  ['--tracing-sampling-rate-per-million value', 'Number of samples to collect per million OpenTelemetry spans. Set to 1000000 or -1 to always sample. (default: -1)'],
  ['--tracing-endpoint value', 'Address to which the gRPC tracing collector will send spans to. (default: "127.0.0.1:4317")'],
  ['--profile-cpu value', 'Write a pprof CPU profile to the provided path.'],
  ['--profile-mem value', 'Write a pprof memory profile to the provided path.'],
  ['--help, -h', 'show help'],
  ['--version, -v', 'print the version'],
];

/** The text of `crictl`, `crictl help`, `crictl --help` and `crictl -h`. */
export function crictlHelp(version: string): string {
  const names = COMMANDS.map((c) => c.names.join(', '));
  const column = Math.max(...names.map((n) => n.length)) + 5;
  const commands = COMMANDS.map((c, i) => `   ${names[i]}${' '.repeat(column - names[i].length - 3)}${c.usage}\n`).join('');
  const cell = Math.max(...GLOBAL_FLAGS.map(([n]) => n.length + 3)) + 2;
  const flags = GLOBAL_FLAGS.map(([n, usage]) => `${`   ${n}`.padEnd(cell)}${usage}\n`).join('');
  return `NAME:\n   crictl - client for CRI\n\nUSAGE:\n   crictl [global options] command [command options]\n\nVERSION:\n   ${version}\n\nCOMMANDS:\n${commands}\nGLOBAL OPTIONS:\n${flags}`;
}
