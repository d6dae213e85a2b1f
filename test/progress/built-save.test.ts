/**
 * The built CLI (esbuild's bundle) saves progress: the lock library is
 * CommonJS, and a bundle's dynamic import of it yields only `default`
 * (module.exports), where Node's own loader also finds the named `lock`.
 * Before the store read either, every save of the installed CLI failed with
 * "lock is not a function" while the tests (run from the sources) passed.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { useBuiltCli } from '../cli/warm-cache/built-cli.js';

const cli = useBuiltCli();

describe('the built CLI', () => {
  it('records a quiz answer in the progress file', () => {
    const home = join(cli.work, 'home');
    const r = spawnSync(process.execPath, [join(cli.dir, 'kubedrill.js'), 'quiz', 'authn', '--count', '1', '--seed', '0'], {
      env: { PATH: process.env.PATH, HOME: home, KUBEDRILL_HOME: home },
      input: 'skip\n',
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('could not save progress');
    const saved = JSON.parse(readFileSync(join(home, 'progress.json'), 'utf8')) as { quiz: { correct: boolean }[] };
    expect(saved.quiz).toHaveLength(1);
    expect(saved.quiz[0]!.correct).toBe(false);
  });
});
