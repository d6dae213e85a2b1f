import { describe, it, expect } from 'vitest';
import type { EditorOptions } from '../../../src/commands/types.js';
import { hostHarness } from './harness.js';

/** An editor that records what it was shown and saves `edit(text)`. */
function fakeEditor(edit: (text: string) => string | undefined) {
  const opened: { text: string; options?: EditorOptions }[] = [];
  return {
    opened,
    open: async (text: string, options?: EditorOptions) => {
      opened.push({ text, options });
      return edit(text);
    },
  };
}

describe('vi, vim and nano on a node', () => {
  it('open the learner\'s editor on the file\'s text and write back what was saved', async () => {
    const editor = fakeEditor((t) => t.replace('cgroupDriver: systemd', 'cgroupDriver: cgroupfs'));
    const h = await hostHarness('node-1', editor.open);
    const fs = h.cluster.nodes.get('node-1')!.host.fs;
    const before = fs.read('/var/lib/kubelet/config.yaml')!;
    expect(before).toContain('cgroupDriver: systemd');
    expect(await h.run('vi /var/lib/kubelet/config.yaml')).toEqual({ stdout: '', stderr: '', output: '', exitCode: 0 });
    expect(editor.opened).toEqual([{ text: before, options: { extension: 'yaml' } }]);
    expect(fs.read('/var/lib/kubelet/config.yaml')).toBe(before.replace('cgroupDriver: systemd', 'cgroupDriver: cgroupfs'));
  });

  it('write nothing when the buffer comes back unchanged or read-only, and create a new file when saved', async () => {
    const editor = fakeEditor((t) => (t === '' ? 'hello\n' : t));
    const h = await hostHarness('node-1', editor.open);
    const fs = h.cluster.nodes.get('node-1')!.host.fs;
    const mtime = fs.stat('/etc/kubernetes/kubelet.conf')!.mtime;
    h.cluster.advance(60_000);
    expect((await h.run('vim +5 /etc/kubernetes/kubelet.conf')).exitCode).toBe(0);
    expect(fs.stat('/etc/kubernetes/kubelet.conf')!.mtime).toBe(mtime);
    expect((await h.run('nano notes.txt')).exitCode).toBe(0);
    expect(fs.read('/root/notes.txt')).toBe('hello\n');
    expect(editor.opened[1]).toEqual({ text: '', options: { extension: 'txt' } });
    const ro = fakeEditor(() => 'changed\n');
    const h2 = await hostHarness('node-1', ro.open);
    await h2.run('vi -R /etc/hostname2');
    expect(h2.cluster.nodes.get('node-1')!.host.fs.read('/etc/hostname2')).toBeUndefined();
  });

  it('fail clearly without an editor, on a cancelled edit, a directory, a missing directory or no file name', async () => {
    const none = await hostHarness('node-1');
    expect(await none.run('vi /etc/hosts')).toMatchObject({ stderr: 'kubedrill: vi: no editor can be started in this session (no terminal): change files with a redirection instead\n', exitCode: 1 });
    const cancelled = await hostHarness('node-1', async () => undefined);
    expect(await cancelled.run('nano /var/lib/kubelet/config.yaml')).toMatchObject({
      stderr: 'kubedrill: nano: the editor did not start or did not save (without a terminal, set $EDITOR); /var/lib/kubelet/config.yaml is unchanged\n',
      exitCode: 1,
    });
    const h = await hostHarness('node-1', fakeEditor(() => 'x\n').open);
    expect(await h.run('vi /etc/kubernetes')).toMatchObject({ stderr: 'kubedrill: vi: /etc/kubernetes: is a directory (browsing directories is not simulated)\n', exitCode: 1 });
    expect(await h.run('vi /no/such/dir/f')).toMatchObject({ stderr: 'kubedrill: vi: cannot write /no/such/dir/f: No such file or directory\n', exitCode: 1 });
    expect(h.cluster.nodes.get('node-1')!.host.fs.exists('/no')).toBeUndefined();
    expect(await h.run('vim')).toMatchObject({ stderr: 'kubedrill: vim: name the file to edit (vim FILE): an unnamed buffer cannot be saved back to this host\n', exitCode: 1 });
  });
});
