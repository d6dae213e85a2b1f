import { describe, it, expect, beforeAll } from 'vitest';
import { createHash } from 'node:crypto';
import { hostHarness, type HostHarness } from './harness.js';

/** SHA-256 of the help texts extracted from systemd v249.11 (src/journal/journalctl.c help(), src/systemctl/systemctl.c systemctl_help()), printed without a terminal. */
const JOURNALCTL_SHA256 = '6b810a33282ccc7117046faac30dc29e9b18519da5a21c6945169d634679865d';
const SYSTEMCTL_SHA256 = 'dfbfdcd758573fd07414ebf75b0351738eba2ec64ff319ec567ab7fc02cc8436';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('journalctl and systemctl --help (systemd 249)', () => {
  let h: HostHarness;
  beforeAll(async () => {
    h = await hostHarness();
  });

  it('journalctl -h/--help prints systemd 249 help() and exits 0, whatever else is on the line', async () => {
    const r = await h.run('journalctl --help');
    expect(r).toMatchObject({ stderr: '', exitCode: 0 });
    expect(sha256(r.stdout)).toBe(JOURNALCTL_SHA256);
    expect(r.stdout.split('\n').slice(0, 5)).toEqual(['journalctl [OPTIONS...] [MATCHES...]', '', 'Query the journal.', '', 'Options:']);
    expect(r.stdout.endsWith('\nSee the journalctl(1) man page for details.\n')).toBe(true);
    expect((await h.run('journalctl -u kubelet -h')).stdout).toBe(r.stdout);
  });

  it('systemctl -h/--help prints systemctl_help(), missing blank lines and all', async () => {
    const r = await h.run('systemctl -h');
    expect(r).toMatchObject({ stderr: '', exitCode: 0 });
    expect(sha256(r.stdout)).toBe(SYSTEMCTL_SHA256);
    expect(r.stdout).toContain('  reset-failed [PATTERN...]           Reset failed state for all, one, or more\n                                      units\nUnit File Commands:\n');
    expect((await h.run('systemctl status kubelet --help')).stdout).toBe(r.stdout);
  });
});
