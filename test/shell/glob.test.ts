import { describe, it, expect } from 'vitest';
import { createShellSession } from '../../src/shell/session.js';
import { createCommandRegistry } from '../../src/commands/registry.js';
import { installCommands } from '../../src/commands/index.js';
import type { ShellFiles } from '../../src/shell/files.js';
import type { ClusterView } from '../../src/commands/types.js';

/** A tiny in-memory tree with directory listings. */
function tree(paths: Record<string, string>): ShellFiles {
  const files = new Map(Object.entries(paths));
  const list = (dir: string) => {
    const prefix = dir === '/' ? '/' : `${dir}/`;
    const names = new Set<string>();
    for (const p of files.keys()) if (p.startsWith(prefix)) names.add(p.slice(prefix.length).split('/')[0]);
    return names.size ? [...names].sort() : undefined;
  };
  return {
    read: (_h, p) => files.get(p),
    write: (_h, p, t) => (files.set(p, t), true),
    list: (_h, p) => list(p),
  };
}

const cluster: ClusterView = { now: () => 0, adminClient: () => { throw new Error('unused'); }, nodeNames: () => [], advance: () => {} };

describe('pathname expansion', () => {
  const files = tree({ '/var/log/pods/default_web-1_u1/nginx/0.log': 'a\n', '/var/log/pods/default_web-2_u2/nginx/0.log': 'b\n', '/var/log/pods/kube-system_proxy_u3/p/0.log': 'c\n', '/home/learner/notes.txt': 'n\n' });
  const shell = () => createShellSession({ cluster, files, registry: installCommands(createCommandRegistry()) });

  it('expands *, ? and [...] segment by segment, sorted, like bash', async () => {
    const s = shell();
    expect((await s.exec('echo /var/log/pods/default_*/nginx/0.log')).stdout).toBe('/var/log/pods/default_web-1_u1/nginx/0.log /var/log/pods/default_web-2_u2/nginx/0.log\n');
    expect((await s.exec('cat /var/log/pods/default_web-?_u[12]/nginx/0.log')).stdout).toBe('a\nb\n');
    expect((await s.exec('echo *.txt')).stdout).toBe('notes.txt\n');
  });

  it('leaves an unmatched or quoted pattern as typed', async () => {
    const s = shell();
    expect((await s.exec('echo /nothing/*')).stdout).toBe('/nothing/*\n');
    expect((await s.exec("echo '/var/log/pods/*'")).stdout).toBe('/var/log/pods/*\n');
  });
});
