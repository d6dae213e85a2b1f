import { describe, it, expect } from 'vitest';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guardStreams, type GuardedProcess } from '../../src/cli/streams.js';

/** A fake process whose exit throws, so a test can see the status. */
function fakeProcess() {
  const stderrText: string[] = [];
  const handlers = new Map<string, (e: unknown) => void>();
  const stdout = Object.assign(new EventEmitter(), { write: () => true });
  const stderr = Object.assign(new EventEmitter(), {
    write: (t: string) => {
      stderrText.push(t);
      return true;
    },
  });
  const proc: GuardedProcess = {
    stdout,
    stderr,
    on: (event, listener) => handlers.set(event, listener),
    exit: (code?: number): never => {
      throw new Error(`exit ${code}`);
    },
  };
  return { proc, stdout, stderr, handlers, stderrText };
}

const sysError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('guardStreams', () => {
  it('a closed pipe (EPIPE) on stdout ends quietly with 141, as SIGPIPE would', () => {
    const f = fakeProcess();
    guardStreams(f.proc);
    expect(() => f.stdout.emit('error', sysError('EPIPE', 'write EPIPE'))).toThrow('exit 141');
    expect(f.stderrText.join('')).toBe('');
  });

  it('a full disk (ENOSPC) on stdout is one line on stderr and status 1', () => {
    const f = fakeProcess();
    guardStreams(f.proc);
    expect(() => f.stdout.emit('error', sysError('ENOSPC', 'ENOSPC: no space left on device, write'))).toThrow('exit 1');
    expect(f.stderrText.join('')).toBe('kubedrill: cannot write output: ENOSPC: no space left on device, write\n');
  });

  it('an uncaught error prints its first line only, never the stack', () => {
    const f = fakeProcess();
    guardStreams(f.proc);
    expect(() => f.handlers.get('uncaughtException')!(sysError('EROFS', 'EROFS: read-only file system, open \'/x\'\n    at foo'))).toThrow('exit 1');
    expect(f.stderrText.join('')).toBe("kubedrill: EROFS: read-only file system, open '/x'\n");
  });
});

describe('kubedrill list | (closed pipe)', () => {
  it('prints no stack trace when the reader has gone away', async () => {
    const home = mkdtempSync(join(tmpdir(), 'kubedrill-epipe-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'list'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, KUBEDRILL_HOME: home },
      });
      // Like `| true`: the reader exits before kubedrill writes anything.
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
      expect(stderr).toBe('');
      expect(code).toBe(141);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 30_000);
});
