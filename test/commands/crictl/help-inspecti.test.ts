import { describe, it, expect } from 'vitest';
import { sessionOn, testCluster, webDeployment } from './node-session.js';

const ENDPOINTS = '[unix:///run/containerd/containerd.sock unix:///run/crio/crio.sock unix:///var/run/cri-dockerd.sock]';
const WARN_IMAGE = `WARN[0000] Image connect using default endpoints: ${ENDPOINTS}. As the default settings are now deprecated, you should set the endpoint instead. \n`;

describe('crictl --help (cri-tools v1.32.0 under urfave/cli v2.27.5)', async () => {
  const cluster = testCluster({ timeline: [webDeployment(1)] });
  const sh = await sessionOn(cluster, 'node-1');

  it('prints the app help for --help, -h, help, h and no command', async () => {
    const help = (await sh.exec('crictl --help')).stdout;
    const lines = help.split('\n');
    expect(lines.slice(0, 10)).toEqual(['NAME:', '   crictl - client for CRI', '', 'USAGE:', '   crictl [global options] command [command options]', '', 'VERSION:', '   v1.32.0', '', 'COMMANDS:']);
    // Names column: two spaces past the longest name list (update-runtime-config).
    expect(lines).toContain('   images, image, img     List images');
    expect(lines).toContain('   update-runtime-config  Update the runtime configuration');
    expect(lines[lines.indexOf('COMMANDS:') + 34]).toBe('   help, h                Shows a list of commands or help for one command');
    // Global flags: a tabwriter column two past `   --tracing-sampling-rate-per-million value`.
    expect(lines).toContain('   --timeout value, -t value                  Timeout of connecting to the server in seconds (e.g. 2s, 20s.). 0 or less is set to default (default: 2s)');
    expect(lines).toContain('   --debug, -D                                Enable debug mode (default: false)');
    expect(lines.slice(-3)).toEqual(['   --help, -h                                 show help', '   --version, -v                              print the version', '']);
    for (const line of ['crictl -h', 'crictl help', 'crictl h', 'crictl', 'crictl --help ps']) expect((await sh.exec(line)).stdout).toBe(help);
  });

  it("prints a command's help as urfave/cli v2.27.5's CommandHelpTemplate renders cmd/crictl/container.go's ps", async () => {
    const ps = [
      'NAME:',
      '   crictl ps - List containers',
      '',
      'USAGE:',
      '   crictl ps [command options]',
      '',
      'OPTIONS:',
      '   --verbose, -v                    Show verbose information for containers (default: false)',
      '   --id value                       Filter by container id',
      '   --name value                     Filter by container name regular expression pattern',
      '   --pod value, -p value            Filter by pod id',
      '   --image value                    Filter by container image',
      '   --state value, -s value          Filter by container state',
      '   --label value [ --label value ]  Filter by key=value label',
      '   --quiet, -q                      Only display container IDs (default: false)',
      '   --output value, -o value         Output format, One of: json|yaml|table (default: "table")',
      '   --all, -a                        Show all containers (default: false)',
      '   --latest, -l                     Show the most recently created container (includes all states) (default: false)',
      '   --last value, -n value           Show last n recently created containers (includes all states). Set 0 for unlimited. (default: 0)',
      '   --no-trunc                       Show output without truncating the ID (default: false)',
      '   --resolve-image-path, -r         Show image path instead of image id (default: false)',
      '   --namespace value                Filter by pod namespace regular expression pattern',
      '   --help, -h                       show help',
      '',
    ].join('\n');
    for (const line of ['crictl ps --help', 'crictl ps -h', 'crictl ps help', 'crictl -r unix:///x ps -a --help']) expect(await sh.exec(line)).toMatchObject({ stdout: ps, stderr: '', exitCode: 0 });
    // `crictl help ps` shows the command before it is set up: no --help flag yet (command.go setup appends it).
    expect((await sh.exec('crictl help ps')).stdout).toBe(ps.replace('   --help, -h                       show help\n', ''));
  });

  it('renders ArgsUsage, Description, Int64 and Duration defaults, env hints, back-quoted placeholders and subcommands', async () => {
    const logs = (await sh.exec('crictl logs --help')).stdout;
    expect(logs).toContain('USAGE:\n   crictl logs [command options] CONTAINER-ID\n');
    expect(logs).toContain('   --tail value         Number of lines to show from the end of the logs. Defaults to all (default: -1)\n');
    const exec = (await sh.exec('crictl exec -h')).stdout;
    expect(exec).toContain('DESCRIPTION:\n   The CONTAINER-ID is only required if none of the following filter flags are set:\n   --image, --label, --last, --latest, --name, --pod, --state\n\nOPTIONS:\n');
    expect(exec).toContain('   --tls-sni value, --tls-server-name value  Server name used in the TLS client to check server certificates against (default: "localhost")\n');
    const pull = (await sh.exec('crictl pull --help')).stdout;
    expect(pull).toContain('USAGE:\n   crictl pull command [command options] NAME[:TAG|@DIGEST]\n\nCOMMANDS:\n   jsonschema, js  Display the JSON schema for the pod-config.json, \n   help, h         Shows a list of commands or help for one command\n');
    expect(pull).toContain('   --creds USERNAME[:PASSWORD]                                    Use USERNAME[:PASSWORD] for accessing the registry [$CRICTL_CREDS]\n');
    expect(pull).toContain('   --pull-timeout value, --pt value                               Maximum time to be used for pulling the image, disabled if set to 0s (default: 0s) [$CRICTL_PULL_TIMEOUT]\n');
    // A multi-line usage ends the tabwriter's column block: the flags after it align on their own.
    const images = (await sh.exec('crictl img --help')).stdout.split('\n');
    expect(images).toContain('   --filter value, -f value [ --filter value, -f value ]  Filter output based on provided conditions.');
    expect(images).toContain('      Multiple filters can be combined together.');
    expect(images).toContain('   --output value, -o value  Output format, One of: json|yaml|table');
    for (const sub of ['pods', 'images', 'logs', 'inspect', 'exec', 'rm', 'rmp', 'stop', 'stopp', 'pull', 'info', 'version', 'stats', 'inspectp', 'inspecti', 'rmi']) {
      const r = await sh.exec(`crictl ${sub} --help`);
      expect(r.exitCode, sub).toBe(0);
      expect(r.stdout, sub).toMatch(new RegExp(`^NAME:\\n   crictl ${sub} - [^\\n]+\\n\\nUSAGE:\\n   crictl ${sub} `));
      expect(r.stdout, sub).toMatch(/\n   --help, -h +show help\n$/);
    }
    expect(await sh.exec('crictl help nosuch')).toMatchObject({ stderr: "No help topic for 'nosuch'\n", exitCode: 3 });
  });
});

describe('crictl inspecti', async () => {
  const cluster = testCluster({ timeline: [webDeployment(1)] });
  const sh = await sessionOn(cluster, 'node-1');

  it('prints the image status and containerd verbose info as sorted, indented JSON', async () => {
    const id = (await sh.exec('crictl images -q nginx')).stdout.trim();
    const r = await sh.exec('crictl inspecti nginx:1.25');
    expect(r.stderr).toBe(WARN_IMAGE);
    const hex = id.slice(7);
    const diff = `sha256:${hex.slice(32)}${hex.slice(0, 32)}`;
    const digest = [...hex].reverse().join('');
    expect(r.stdout).toBe(`{
  "info": {
    "chainID": "${diff}",
    "imageSpec": {
      "architecture": "amd64",
      "config": {
        "Cmd": [
          "nginx",
          "-g",
          "daemon off;"
        ],
        "Entrypoint": [
          "/docker-entrypoint.sh"
        ],
        "Env": [
          "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
        ],
        "ExposedPorts": {
          "80/tcp": {}
        }
      },
      "os": "linux",
      "rootfs": {
        "diff_ids": [
          "${diff}"
        ],
        "type": "layers"
      }
    }
  },
  "status": {
    "id": "${id}",
    "pinned": false,
    "repoDigests": [
      "docker.io/library/nginx@sha256:${digest}"
    ],
    "repoTags": [
      "docker.io/library/nginx:1.25"
    ],
    "size": "70544635",
    "spec": null,
    "uid": null,
    "username": ""
  }
}
`);
    // By ID prefix; -q drops the info.
    expect(JSON.parse((await sh.exec(`crictl inspecti -q ${hex.slice(0, 8)}`)).stdout)).toEqual({ status: JSON.parse(r.stdout).status });
  });

  it('prints ID/Tag/Digest/Size with -o table, and fails like crictl for an unknown image', async () => {
    const t = await sh.exec('crictl inspecti -q -o table nginx:1.25');
    expect(t.stdout).toMatch(/^ID: sha256:[0-9a-f]{64}\nTag: docker\.io\/library\/nginx:1\.25\nDigest: docker\.io\/library\/nginx@sha256:[0-9a-f]{64}\nSize: 70\.5MB\n$/);
    expect(await sh.exec('crictl inspecti nginx:0.1')).toMatchObject({ stderr: `${WARN_IMAGE}FATA[0000] ${'no such image "nginx:0.1" present'.padEnd(44)} \n`, exitCode: 1 });
  });
});
