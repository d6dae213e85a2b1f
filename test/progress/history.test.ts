import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HISTORY_LIMIT, openHistory } from '../../src/progress/history.js';
import { historyFilePath } from '../../src/progress/paths.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kubedrill-history-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('command history file', () => {
  it('lives beside the progress file', () => {
    expect(historyFilePath({ KUBEDRILL_HOME: '/tmp/kd' }, '/home/u')).toBe('/tmp/kd/history');
    expect(historyFilePath({}, '/home/u')).toBe('/home/u/.local/share/kubedrill/history');
  });

  it('round-trips: lines added in one session are there in the next, one per line like ~/.bash_history', async () => {
    const env = { KUBEDRILL_HOME: join(dir, 'data') };
    const first = await openHistory({ env });
    expect(first.lines()).toEqual([]);
    await first.add('kubectl get pods');
    await first.add('kubectl get pods'); // a repeat of the last line is not kept (ignoredups)
    await first.add(' secret-token'); // nor one starting with a space (ignorespace)
    await first.add('   ');
    await first.add('ssh node-2');
    expect(await readFile(join(dir, 'data', 'history'), 'utf8')).toBe('kubectl get pods\nssh node-2\n');
    const second = await openHistory({ env });
    expect(second.lines()).toEqual(['kubectl get pods', 'ssh node-2']);
    expect(second.problem()).toBeUndefined();
    // Only the file is left in the folder: the temp file was renamed over it.
    expect(await readdir(join(dir, 'data'))).toEqual(['history']);
  });

  it('keeps at most the limit, the newest', async () => {
    const file = join(dir, 'history');
    const h = await openHistory({ file, limit: 3 });
    for (const l of ['a', 'b', 'c', 'd']) await h.add(l);
    expect(h.lines()).toEqual(['b', 'c', 'd']);
    expect(await readFile(file, 'utf8')).toBe('b\nc\nd\n');
    expect(HISTORY_LIMIT).toBe(500);
  });

  it('keeps lines another kubedrill saved meanwhile', async () => {
    const file = join(dir, 'history');
    const a = await openHistory({ file });
    const b = await openHistory({ file });
    await a.add('from a');
    await b.add('from b');
    expect(await readFile(file, 'utf8')).toBe('from a\nfrom b\n');
  });

  it('ignores a file that is not text, and leaves it as it was', async () => {
    const file = join(dir, 'history');
    const garbage = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    await writeFile(file, garbage);
    const h = await openHistory({ file });
    expect(h.lines()).toEqual([]);
    expect(h.problem()).toMatch(/^command history .*history ignored: not UTF-8 text$/);
    await h.add('kubectl get nodes');
    expect(h.lines()).toEqual(['kubectl get nodes']);
    expect(await readFile(file)).toEqual(garbage);
  });

  it('is not fatal when the file cannot be written (a directory in its place)', async () => {
    const file = join(dir, 'history');
    await mkdir(file);
    const h = await openHistory({ file });
    expect(h.lines()).toEqual([]);
    expect(h.problem()).toMatch(/ignored/);
    await expect(h.add('ls')).resolves.toBeUndefined();
    const blocked = await openHistory({ file: join(dir, 'not-a-dir', 'history') });
    await writeFile(join(dir, 'not-a-dir'), 'x');
    await blocked.add('ls');
    expect(blocked.problem()).toMatch(/^could not save the command history/);
    expect(blocked.lines()).toEqual(['ls']);
  });
});
