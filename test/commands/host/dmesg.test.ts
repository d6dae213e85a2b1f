import { describe, it, expect, beforeEach } from 'vitest';
import { hostHarness, type HostHarness } from './harness.js';

describe('dmesg', () => {
  let h: HostHarness;
  beforeEach(async () => {
    h = await hostHarness();
  });

  it('prints the boot records with [seconds.micros] stamps, derived from the node', async () => {
    const r = await h.run('dmesg');
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(
      '[    0.000000] Linux version 5.15.0-126-generic (buildd@lcy02-amd64-052) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #136-Ubuntu SMP Wed Nov 6 10:38:22 UTC 2024 (Ubuntu 5.15.0-126.136-generic 5.15.167)',
    );
    // 4 CPUs and 8Gi as the harness declares node-1.
    expect(lines).toContain('[    0.004112] smpboot: Allowing 4 CPUs, 0 hotplug CPUs');
    expect(lines).toContain('[    0.061384] Memory: 8215848K/8388088K available (16393K kernel code, 4388K rwdata, 10840K rodata, 3404K init, 6152K bss, 172240K reserved, 0K cma-reserved)');
    expect(lines).toContain('[    2.031942] systemd[1]: Hostname set to <node-1>.');
    expect(lines).toContain('[    9.440981] Bridge firewalling registered');
  });

  it('shows wall-clock stamps with -T, facility and level with -x, and filters by --level', async () => {
    const t = await h.run('dmesg -T');
    // node-1 booted when the cluster was created, 45 days before now (2026-11-30T09:12:04Z).
    expect(t.stdout.split("\n")[0]).toMatch(/^\[Fri Oct 16 09:12:04 2026\] Linux version 5\.15\.0-126-generic /);
    const x = await h.run('dmesg -x');
    expect(x.stdout.split('\n')[0]).toMatch(/^kern  :notice: \[    0\.000000\] Linux version /);
    expect(x.stdout).toContain('daemon:info  : [    2.012306] systemd[1]: Detected virtualization kvm.\n');
    const notice = await h.run('dmesg --level=notice,warn');
    expect(notice.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect((await h.run('dmesg -t -l notice')).stdout).toMatch(/^Linux version 5\.15\.0-126-generic \(/);
  });

  it('answers misuse as util-linux does', async () => {
    expect(await h.run('dmesg -z')).toMatchObject({ stderr: "dmesg: invalid option -- 'z'\nTry 'dmesg --help' for more information.\n", exitCode: 1 });
    expect(await h.run('dmesg --bogus')).toMatchObject({ stderr: "dmesg: unrecognized option '--bogus'\nTry 'dmesg --help' for more information.\n", exitCode: 1 });
    expect(await h.run('dmesg -l loud')).toMatchObject({ stderr: "dmesg: unknown level 'loud'\n", exitCode: 1 });
    expect((await h.run('dmesg -V')).stdout).toBe('dmesg from util-linux 2.37.2\n');
  });

  it('exists on nodes only', async () => {
    const w = await hostHarness('workstation');
    expect(await w.run('dmesg')).toMatchObject({ stderr: 'bash: dmesg: command not found\n', exitCode: 127 });
  });
});
