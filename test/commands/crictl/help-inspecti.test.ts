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

  it('says a command help is not simulated rather than refusing the flag', async () => {
    expect(await sh.exec('crictl ps --help')).toMatchObject({ stderr: 'kubedrill: crictl ps --help is not simulated (crictl --help lists the commands)\n', exitCode: 1 });
    expect(await sh.exec('crictl help ps')).toMatchObject({ exitCode: 1 });
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
