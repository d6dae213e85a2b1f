/** Host tool inputs that used to crash, answered as GNU date and journalctl do. */
import { describe, it, expect, beforeAll } from 'vitest';
import { hostHarness, type HostHarness } from './harness.js';

let h: HostHarness;
beforeAll(async () => {
  h = await hostHarness();
});

describe('date far from now', () => {
  it('prints years JavaScript Date cannot hold, as glibc localtime does', async () => {
    // Checked with proleptic Gregorian arithmetic (400-year cycles of 146097 days): Mon Feb 24 14:13:21, year -3166904.
    expect(await h.run('date -d @-99999999999999')).toEqual({ stdout: 'Mon Feb 24 14:13:21 UTC -3166904\n', stderr: '', output: 'Mon Feb 24 14:13:21 UTC -3166904\n', exitCode: 0 });
    expect((await h.run("date -d @951782400 '+%F %a %j'")).stdout).toBe('2000-02-29 Tue 060\n');
    expect((await h.run("date -d @-1 '+%F %T %a %j %s'")).stdout).toBe('1969-12-31 23:59:59 Wed 365 -1\n');
  });

  it('says "time ... is out of range" past what struct tm holds, and "invalid date" past time_t', async () => {
    // coreutils date.c show_date: error (0, 0, _("time %s is out of range"), quote (...)).
    expect(await h.run('date -d @-9000000000000000000')).toMatchObject({ stderr: "date: time '-9000000000000000000' is out of range\n", exitCode: 1 });
    expect(await h.run('date -d @99999999999999999999999')).toMatchObject({ stderr: "date: invalid date '@99999999999999999999999'\n", exitCode: 1 });
  });
});

describe('journalctl -u with a bracket', () => {
  it('takes a lone [ literally (fnmatch) and finds no entries', async () => {
    expect(await h.run('journalctl -u "[" --no-pager')).toMatchObject({ stdout: '-- No entries --\n', exitCode: 0 });
    expect((await h.run("journalctl -u 'kube[l]et*' -n 1 --no-pager")).stdout).toMatch(/ kubelet\[\d+\]: /);
  });
});
