import { describe, it, expect } from 'vitest';
import { hostHarness } from './harness.js';

const TIMEDATECTL_SKEWED =
  '               Local time: Mon 2026-11-30 10:12:04 UTC\n' +
  '           Universal time: Mon 2026-11-30 10:12:04 UTC\n' +
  '                 RTC time: Mon 2026-11-30 10:12:04\n' +
  '                Time zone: Etc/UTC (UTC, +0000)\n' +
  'System clock synchronized: no\n' +
  '              NTP service: inactive\n' +
  '          RTC in local TZ: no\n';

describe('date, timedatectl and chronyc read the host clock', () => {
  it('date formats', async () => {
    const h = await hostHarness();
    expect((await h.run('date')).stdout).toBe('Mon Nov 30 09:12:04 UTC 2026\n');
    expect((await h.run('date -u')).stdout).toBe('Mon Nov 30 09:12:04 UTC 2026\n');
    expect((await h.run('date +%s')).stdout).toBe('1796029924\n');
    expect((await h.run('date -R')).stdout).toBe('Mon, 30 Nov 2026 09:12:04 +0000\n');
    expect((await h.run('date -Iseconds')).stdout).toBe('2026-11-30T09:12:04+00:00\n');
    expect((await h.run("date '+%F %T'")).stdout).toBe('2026-11-30 09:12:04\n');
    expect((await h.run('date -d @0')).stdout).toBe('Thu Jan  1 00:00:00 UTC 1970\n');
    expect((await h.run('date -d tomorrowish')).stderr).toBe("date: invalid date 'tomorrowish'\n");
  });

  it('a skewed node shows its own time; the workstation the true time', async () => {
    const h = await hostHarness();
    const host = h.cluster.nodes.get('node-1')!.host;
    host.clockOffsetMs = 3_600_000;
    host.ntp = { service: false, synchronized: false };
    expect((await h.run('date')).stdout).toBe('Mon Nov 30 10:12:04 UTC 2026\n');
    expect((await h.run('timedatectl')).stdout).toBe(TIMEDATECTL_SKEWED);
    expect((await h.run('timedatectl status')).stdout).toBe(TIMEDATECTL_SKEWED);
    await h.run('exit');
    expect((await h.run('date')).stdout).toBe('Mon Nov 30 09:12:04 UTC 2026\n');
    expect((await h.run('timedatectl')).stderr).toBe('bash: timedatectl: command not found\n');
  });

  it('chronyc cannot talk to a stopped chronyd; set-ntp true starts it and steps the clock', async () => {
    const h = await hostHarness();
    const host = h.cluster.nodes.get('node-1')!.host;
    host.clockOffsetMs = 3_600_000;
    host.ntp = { service: false, synchronized: false };
    expect(await h.run('chronyc makestep')).toEqual({ stdout: '', stderr: '506 Cannot talk to daemon\n', output: '506 Cannot talk to daemon\n', exitCode: 1 });
    expect(await h.run('timedatectl set-ntp true')).toEqual({ stdout: '', stderr: '', output: '', exitCode: 0 });
    expect(host.clockOffsetMs).toBe(0);
    expect((await h.run('date')).stdout).toBe('Mon Nov 30 09:12:04 UTC 2026\n');
    expect((await h.run('timedatectl')).stdout).toContain('System clock synchronized: yes\n              NTP service: active\n');
    expect((await h.run('journalctl -u chrony -o short-iso')).stdout).toBe(
      '2026-11-30T10:12:04+0000 node-1 systemd[1]: Starting chrony, an NTP client/server...\n' +
        '2026-11-30T10:12:04+0000 node-1 chronyd[321]: chronyd version 4.2 starting (+CMDMON +NTP +REFCLOCK +RTC +PRIVDROP +SCFILTER +SIGND +ASYNCDNS +NTS +SECHASH +IPV6 -DEBUG)\n' +
        '2026-11-30T10:12:04+0000 node-1 systemd[1]: Started chrony, an NTP client/server.\n' +
        '2026-11-30T10:12:04+0000 node-1 chronyd[321]: Selected source 185.125.190.57 (ntp.ubuntu.com)\n' +
        '2026-11-30T10:12:04+0000 node-1 chronyd[321]: System clock wrong by -3600.000000 seconds\n' +
        '2026-11-30T09:12:04+0000 node-1 chronyd[321]: System clock was stepped by -3600.000000 seconds\n',
    );
    expect(await h.run('timedatectl set-ntp maybe')).toEqual({ stdout: '', stderr: "Failed to parse NTP setting 'maybe': Invalid argument\n", output: expect.any(String), exitCode: 1 });
  });

  it('chronyc makestep steps the clock while chronyd runs; tracking shows the error', async () => {
    const h = await hostHarness();
    const host = h.cluster.nodes.get('node-1')!.host;
    host.clockOffsetMs = -2_500;
    const tracking = (await h.run('chronyc tracking')).stdout;
    expect(tracking.split('\n').slice(0, 4).join('\n')).toBe(
      'Reference ID    : B97DBE39 (prod-ntp-4.ntp4.ps5.canonical.com)\nStratum         : 3\nRef time (UTC)  : Mon Nov 30 09:04:00 2026\nSystem time     : 2.499991411 seconds slow of NTP time',
    );
    expect(tracking.split('\n').at(-2)).toBe('Leap status     : Normal');
    expect(await h.run('chronyc makestep')).toEqual({ stdout: '200 OK\n', stderr: '', output: '200 OK\n', exitCode: 0 });
    expect(host.clockOffsetMs).toBe(0);
    expect((await h.run('journalctl -u chrony -o cat')).stdout).toBe('System clock wrong by 2.500000 seconds\nSystem clock was stepped by 2.500000 seconds\n');
  });

  it('set-ntp false stops chronyd; tracking then reports no daemon', async () => {
    const h = await hostHarness();
    await h.run('timedatectl set-ntp false');
    expect((await h.run('chronyc tracking')).stderr).toBe('506 Cannot talk to daemon\n');
    expect((await h.run('timedatectl')).stdout).toContain('System clock synchronized: no\n              NTP service: inactive\n');
  });

  it('chronyd up without a source: not synchronised', async () => {
    const h = await hostHarness();
    h.cluster.nodes.get('node-1')!.host.ntp.synchronized = false;
    expect((await h.run('chronyc tracking')).stdout).toBe(
      'Reference ID    : 00000000 ()\nStratum         : 0\nRef time (UTC)  : Thu Jan 01 00:00:00 1970\nSystem time     : 0.000000000 seconds slow of NTP time\nLast offset     : +0.000000000 seconds\nRMS offset      : 0.000000000 seconds\nFrequency       : 0.000 ppm slow\nResidual freq   : +0.000 ppm\nSkew            : 0.000 ppm\nRoot delay      : 1.000000000 seconds\nRoot dispersion : 1.000000000 seconds\nUpdate interval : 0.0 seconds\nLeap status     : Not synchronised\n',
    );
  });
});
