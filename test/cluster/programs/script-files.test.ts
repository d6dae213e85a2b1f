import { describe, it, expect } from 'vitest';
import { fileExists, scriptFiles } from '../../../src/cluster/programs/script-files.js';

describe('scriptFiles', () => {
  it('gives each touched file its lifetime along the sleeps', () => {
    const files = scriptFiles(['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'])!;
    expect(files.get('/tmp/healthy')).toEqual([{ from: 0, until: 30_000 }]);
    expect([0, 29_999, 30_000].map((t) => fileExists(files, '/tmp/healthy', t))).toEqual([true, true, false]);
    expect(fileExists(files, '/etc/hosts', 0)).toBeUndefined();
  });

  it('reads `echo ... > file`, recreation, and stops at exit', () => {
    const files = scriptFiles(['sh', '-c', "echo ok > /tmp/ready; sleep 5; rm /tmp/ready; sleep 5; touch /tmp/ready; exit 0; rm /tmp/ready"])!;
    expect(files.get('/tmp/ready')).toEqual([{ from: 0, until: 5_000 }, { from: 10_000, until: Infinity }]);
  });

  it('does not read loops, pipes or other commands lines', () => {
    expect(scriptFiles(['sh', '-c', 'while true; do touch /tmp/x; sleep 1; done'])).toBeUndefined();
    expect(scriptFiles(['sh', '-c', 'touch /tmp/x | cat'])).toBeUndefined();
    expect(scriptFiles(['nginx', '-g', 'daemon off;'])).toBeUndefined();
  });
});
