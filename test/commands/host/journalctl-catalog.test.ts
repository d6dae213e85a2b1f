import { describe, it, expect, beforeEach } from 'vitest';
import { hostHarness, type HostHarness } from './harness.js';

const HEAD = (subject: string) => `░░ Subject: ${subject}\n░░ Defined-By: systemd\n░░ Support: http://www.ubuntu.com/support\n░░ \n`;

describe('journalctl -x (systemd 249 catalog) and systemd 249 unit messages', () => {
  let h: HostHarness;
  beforeEach(async () => {
    h = await hostHarness();
  });

  it('systemctl restart logs one restart job in 249 wording, each line explained under -x', async () => {
    await h.run('systemctl restart kubelet');
    const x = (await h.run('journalctl -u kubelet -x --no-hostname -o short-iso --since "2026-11-30 09:12:04" -t systemd')).stdout;
    expect(x).toBe(
      '2026-11-30T09:12:04+0000 systemd[1]: Stopping kubelet: The Kubernetes Node Agent...\n' +
        HEAD('A stop job for unit kubelet.service has begun execution') +
        '░░ A stop job for unit kubelet.service has begun execution.\n░░ \n░░ The job identifier is 190.\n' +
        '2026-11-30T09:12:04+0000 systemd[1]: kubelet.service: Deactivated successfully.\n' +
        HEAD('Unit succeeded') +
        "░░ The unit kubelet.service has successfully entered the 'dead' state.\n" +
        '2026-11-30T09:12:04+0000 systemd[1]: Stopped kubelet: The Kubernetes Node Agent.\n' +
        HEAD('A stop job for unit kubelet.service has finished') +
        '░░ A stop job for unit kubelet.service has finished.\n░░ \n░░ The job identifier is 190 and the job result is done.\n' +
        '2026-11-30T09:12:04+0000 systemd[1]: Started kubelet: The Kubernetes Node Agent.\n' +
        HEAD('A start job for unit kubelet.service has finished successfully') +
        '░░ A start job for unit kubelet.service has finished successfully.\n░░ \n░░ The job identifier is 190.\n',
    );
    // -o cat has no catalog (logs-show.c prints it from output_short and output_verbose only).
    expect((await h.run('journalctl -u kubelet -x -o cat -t systemd -n 1')).stdout).toBe('Started kubelet: The Kubernetes Node Agent.\n');
  });

  it('a crashing service: exit at NOTICE, failure at WARNING, the scheduled restart, its own job id', async () => {
    const fs = h.cluster.nodes.get('node-1')!.host.fs;
    fs.write('/var/lib/kubelet/config.yaml', 'a: [\n');
    await h.run('systemctl restart kubelet');
    h.cluster.advance(10_000);
    const lines = (await h.run('journalctl -u kubelet -x -t systemd --no-hostname -o cat -n 7')).stdout;
    const crash = 'kubelet.service: Main process exited, code=exited, status=1/FAILURE\n' + "kubelet.service: Failed with result 'exit-code'.\n";
    expect(lines).toBe(crash + 'kubelet.service: Scheduled restart job, restart counter is at 1.\n' + 'Stopped kubelet: The Kubernetes Node Agent.\n' + 'Started kubelet: The Kubernetes Node Agent.\n' + crash);
    const x = (await h.run('journalctl -u kubelet -x -t systemd --no-hostname --since "2026-11-30 09:12:05" -p notice')).stdout;
    expect(x).toContain(
      'systemd[1]: kubelet.service: Main process exited, code=exited, status=1/FAILURE\n' +
        HEAD('Unit process exited') +
        "░░ An ExecStart= process belonging to unit kubelet.service has exited.\n░░ \n░░ The process' exit code is 'exited' and its exit status is 1.\n",
    );
    expect(x).toContain("kubelet.service: Failed with result 'exit-code'.\n" + HEAD('Unit failed') + "░░ The unit kubelet.service has entered the 'failed' state with result 'exit-code'.\n");
    expect(x).not.toContain('Scheduled restart job');
    const info = (await h.run('journalctl -u kubelet -x -t systemd --no-hostname --since "2026-11-30 09:12:05"')).stdout;
    expect(info).toContain(
      'kubelet.service: Scheduled restart job, restart counter is at 1.\n' +
        HEAD('Automatic restarting of a unit has been scheduled') +
        '░░ Automatic restarting of the unit kubelet.service has been scheduled, as the result for\n░░ the configured Restart= setting for the unit.\n',
    );
    expect(info).toContain('Stopped kubelet: The Kubernetes Node Agent.\n' + HEAD('A stop job for unit kubelet.service has finished') + '░░ A stop job for unit kubelet.service has finished.\n░░ \n░░ The job identifier is 191 and the job result is done.\n');
  });
});
