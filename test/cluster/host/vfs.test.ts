import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { normalizePath, sizeOf, VirtualFs } from '../../../src/cluster/host/vfs.js';

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

  it('keeps whole-disk usage equal to a walk of every file after writes, resizes of growing logs and removals', () => {
    const path = fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 3 }).map((s) => `/d/${s.join('/')}.f`);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('text' as const), path, text: fc.string({ maxLength: 8 }) }),
      fc.record({ kind: fc.constant('sized' as const), path, bytes: fc.nat(10_000) }),
      fc.record({ kind: fc.constant('log' as const), path }),
      fc.record({ kind: fc.constant('grow' as const), pick: fc.nat(), bytes: fc.nat(500) }),
      fc.record({ kind: fc.constant('remove' as const), path: fc.constantFrom('/d', '/d/a', '/d/b.f', '/d/a/b.f', '/d/c') }),
    );
    /** Every file's size, found by walking the directory tree (what `du -s /` would add up). */
    const walk = (fs: VirtualFs, dir: string): number => (fs.list(dir) ?? []).reduce((sum, e) => sum + (e.kind === 'file' ? sizeOf(e.file!) : walk(fs, e.path)), 0);
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const fs = new VirtualFs(() => 0);
        const logs: { path: string; content: () => string; bytes: number }[] = [];
        for (const o of ops) {
          // Writing over a directory, or under a file, is not what this test is about.
          const blocked = (p: string) => fs.exists(p) === 'dir' || p.split('/').slice(1, -1).some((_, i, parts) => fs.exists(`/${parts.slice(0, i + 1).join('/')}`) === 'file');
          if (o.kind === 'text' && !blocked(o.path)) fs.write(o.path, o.text);
          else if (o.kind === 'sized' && !blocked(o.path)) fs.write(o.path, '', { sizeBytes: o.bytes });
          else if (o.kind === 'log' && !blocked(o.path)) {
            const log = { path: o.path, content: () => 'x'.repeat(log.bytes), bytes: 0 };
            fs.write(o.path, log.content, { sizeBytes: 0 });
            logs.push(log);
          } else if (o.kind === 'grow' && logs.length) {
            const log = logs[o.pick % logs.length];
            log.bytes += o.bytes;
            // A log replaced or removed since is not resized (the writer's file is gone).
            const live = fs.stat(log.path)?.content === log.content;
            expect(fs.resize(log.path, log.bytes, log.content)).toBe(live);
          } else if (o.kind === 'remove') fs.remove(o.path, true);
        }
        expect(fs.usage('/')).toBe(walk(fs, '/'));
        expect(fs.usage('/d')).toBe(walk(fs, '/d'));
        // A resized log is measured without being rendered, and reads as what its writer renders.
        for (const log of logs) if (fs.stat(log.path)?.content === log.content) expect(fs.read(log.path)!.length).toBe(sizeOf(fs.stat(log.path)!));
      }),
    );
  });

  it('measures a resized log without rendering it', () => {
    const fs = new VirtualFs(() => 0);
    let renders = 0;
    const content = () => (renders++, 'abc');
    fs.write('/var/log/pods/x/0.log', content, { sizeBytes: 0 });
    fs.resize('/var/log/pods/x/0.log', 3, content);
    expect(fs.usage('/')).toBe(3);
    expect(renders).toBe(0);
  });
});

describe('VirtualFs directory versions', () => {
  it('a directory whose version did not move lists and reads the same as before', () => {
    const path = fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);
    const op = fc.record({ kind: fc.constantFrom('write', 'mkdir', 'remove'), path, text: fc.constantFrom('1', '22') });
    const dirs = ['/', '/a', '/b', '/a/a', '/a/b', '/b/a', '/b/b'];
    /** Everything a reader of the directory can see: its entries and the text of its files. */
    const seen = (fs: VirtualFs, d: string) => JSON.stringify(fs.list(d)?.map((e) => [e.name, e.kind, e.kind === 'file' ? fs.read(e.path) : null]) ?? null);
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const fs = new VirtualFs(() => 0);
        const last = new Map(dirs.map((d) => [d, { version: fs.dirVersion(d), view: seen(fs, d) }]));
        for (const o of ops) {
          const underFile = o.path.split('/').slice(1, -1).some((_, i, parts) => fs.exists(`/${parts.slice(0, i + 1).join('/')}`) === 'file');
          if (o.kind === 'write' && !underFile && fs.exists(o.path) !== 'dir') fs.write(o.path, o.text);
          else if (o.kind === 'mkdir' && !underFile && fs.exists(o.path) !== 'file') fs.mkdirs(o.path);
          else if (o.kind === 'remove') fs.remove(o.path, true);
          for (const d of dirs) {
            const now = { version: fs.dirVersion(d), view: seen(fs, d) };
            if (now.version === last.get(d)!.version) expect(now.view).toBe(last.get(d)!.view);
            last.set(d, now);
          }
        }
      }),
    );
  });

  it('does not move for writes elsewhere', () => {
    const fs = new VirtualFs(() => 0);
    fs.write('/etc/cni/net.d/10-flannel.conflist', '{}');
    const v = fs.dirVersion('/etc/cni/net.d');
    fs.write('/var/log/pods/x/app/0.log', 'line');
    fs.remove('/var/log/pods/x', true);
    expect(fs.dirVersion('/etc/cni/net.d')).toBe(v);
    fs.write('/etc/cni/net.d/10-flannel.conflist', '{"name":"cbr0"}');
    expect(fs.dirVersion('/etc/cni/net.d')).not.toBe(v);
  });

  it('is the same for any spelling of the directory, and 0 for one never written', () => {
    const fs = new VirtualFs(() => 0);
    fs.write('/etc/cni/net.d/10-flannel.conflist', '{}');
    fs.write('/var/log/x.log', 'line');
    const v = fs.dirVersion('/etc/cni/net.d');
    expect(v).toBeGreaterThan(0);
    for (const spelling of ['/etc/cni/net.d/', '/etc//cni/./net.d', '/etc/cni/x/../net.d', 'etc/cni/net.d']) expect(fs.dirVersion(spelling)).toBe(v);
    expect(fs.dirVersion('/etc/nothing')).toBe(0);
    expect(fs.dirVersion('/etc/nothing/')).toBe(0);
  });
});

describe('normalizePath', () => {
  /** The definition: resolve against cwd, drop empty and `.` segments, `..` goes up (never above /). */
  const reference = (path: string, cwd = '/'): string => {
    const parts: string[] = [];
    for (const p of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
      if (p === '' || p === '.') continue;
      if (p === '..') parts.pop();
      else parts.push(p);
    }
    return `/${parts.join('/')}`;
  };

  it('returns an already normal path as it is and resolves every other one', () => {
    const segment = fc.constantFrom('', '.', '..', 'a', 'b.c', '...', '.x', 'x.', '..y');
    const path = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 6 })).map(([absolute, parts]) => (absolute ? '/' : '') + parts.join('/'));
    fc.assert(fc.property(path, fc.constantFrom('/', '/home/user'), (p, cwd) => {
        expect(normalizePath(p, cwd)).toBe(reference(p, cwd));
      }),
    );
    expect(normalizePath('/var/lib/kubelet/config.yaml')).toBe('/var/lib/kubelet/config.yaml');
    expect(normalizePath('/var//lib/./kubelet/../x/')).toBe('/var/lib/x');
  });
});
