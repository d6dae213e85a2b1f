import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { VirtualFs } from '../../../src/cluster/host/vfs.js';

/** What a directory holds, found by scanning every path (the definition the index must agree with). */
function scan(paths: Set<string>, dirs: Set<string>, dir: string): string[] {
  const prefix = dir === '/' ? '/' : `${dir}/`;
  const names = new Set<string>();
  for (const p of [...paths, ...dirs]) if (p !== dir && p.startsWith(prefix) && !p.slice(prefix.length).includes('/')) names.add(p.slice(prefix.length));
  return [...names].sort();
}

describe('VirtualFs directory listing', () => {
  it('lists what was written and forgets what was removed', () => {
    const fs = new VirtualFs(() => 0);
    fs.write('/etc/cni/net.d/10-flannel.conflist', '{}');
    fs.write('/etc/cni/net.d/99-loopback.conf', '{}');
    fs.mkdirs('/etc/cni/net.d/old');
    expect(fs.list('/etc/cni/net.d')!.map((e) => `${e.kind}:${e.name}`)).toEqual(['file:10-flannel.conflist', 'file:99-loopback.conf', 'dir:old']);
    expect(fs.remove('/etc/cni/net.d/10-flannel.conflist')).toBe(true);
    expect(fs.list('/etc/cni/net.d')!.map((e) => e.name)).toEqual(['99-loopback.conf', 'old']);
    expect(fs.remove('/etc/cni', true)).toBe(true);
    expect(fs.list('/etc')).toEqual([]);
    expect(fs.list('/etc/cni')).toBeUndefined();
    fs.write('/etc/cni/net.d/again.conf', '{}');
    expect(fs.list('/etc/cni/net.d')!.map((e) => e.name)).toEqual(['again.conf']);
  });

  it('keeps the whole-disk usage up to date through replacements, removals and computed files', () => {
    const fs = new VirtualFs(() => 0);
    let log = 'a';
    fs.write('/var/log/pods/x/0.log', () => log);
    fs.write('/big', 'ignored', { sizeBytes: 1000 });
    fs.write('/etc/hosts', 'héllo');
    expect(fs.usage('/')).toBe(1 + 1000 + 6);
    log = 'abcd';
    fs.write('/etc/hosts', 'hi');
    expect(fs.usage('/')).toBe(4 + 1000 + 2);
    expect(fs.usage('/etc')).toBe(2);
    fs.remove('/var', true);
    fs.remove('/big');
    expect(fs.usage('/')).toBe(2);
  });

  it('agrees with a model of paths after any sequence of writes and removals', () => {
    const path = fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);
    const op = fc.record({ kind: fc.constantFrom('write', 'mkdir', 'remove'), path, recursive: fc.boolean() });
    const ancestors = (p: string) => p.split('/').slice(1, -1).map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`);
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const fs = new VirtualFs(() => 0);
        const files = new Set<string>();
        const dirs = new Set<string>(['/']);
        for (const o of ops) {
          // Paths whose ancestors are files, or files written over directories, are not what this test is about.
          if (ancestors(o.path).some((a) => files.has(a))) continue;
          if (o.kind === 'write' && !dirs.has(o.path)) {
            fs.write(o.path, 'x');
            files.add(o.path);
            for (const a of ancestors(o.path)) dirs.add(a);
          } else if (o.kind === 'mkdir' && !files.has(o.path)) {
            fs.mkdirs(o.path);
            for (const a of [...ancestors(o.path), o.path]) dirs.add(a);
          } else if (o.kind === 'remove') {
            const under = [...files, ...dirs].filter((p) => p.startsWith(`${o.path}/`));
            const removed = fs.remove(o.path, o.recursive);
            const expected = files.has(o.path) || (dirs.has(o.path) && (o.recursive || under.length === 0));
            expect(removed).toBe(expected);
            if (!removed) continue;
            files.delete(o.path);
            dirs.delete(o.path);
            for (const p of under) (files.delete(p), dirs.delete(p));
          }
        }
        for (const d of dirs) expect(fs.list(d)!.map((e) => e.name)).toEqual(scan(files, dirs, d));
        expect(fs.usage('/')).toBe(files.size);
      }),
    );
  });
});
