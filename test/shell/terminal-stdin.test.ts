/**
 * Standard input that is the terminal: a real command waits for typed lines
 * and Ctrl+D; nothing can be typed into a simulated command, so one that
 * reads the terminal says so instead of running on empty input and, say,
 * writing an empty file as if it had worked.
 */
import { describe, it, expect } from 'vitest';
import { fakeSession } from './fakes.js';
import { createMemoryFiles } from '../../src/shell/files.js';

const NOTE = (cmd: string) => `kubedrill: ${cmd}: typing into a command's standard input is not simulated: pipe or redirect it (${cmd} < file, echo text | ${cmd})\n`;

function session() {
  const files = createMemoryFiles({ workstation: { '/home/learner/notes': 'a\nb\n' } });
  return { sh: fakeSession({ files }), files };
}

describe('a command reading the terminal', () => {
  it('`cat > f` at the prompt says it cannot read typed input (status 1) instead of succeeding silently', async () => {
    const { sh } = session();
    const r = await sh.exec('cat > copy');
    expect(r).toMatchObject({ stdout: '', stderr: NOTE('cat'), exitCode: 1 });
  });

  it('`ssh node "cat > f"` typed at the prompt: the remote cat reads ssh\'s stdin, the terminal, and says so', async () => {
    const { sh } = session();
    const r = await sh.exec('ssh node-1 "cat > /tmp/f"');
    expect(r).toMatchObject({ stderr: NOTE('cat'), exitCode: 1 });
    expect(sh.host()).toBe('workstation');
  });

  it('grep, awk and tee alone read the terminal too', async () => {
    const { sh } = session();
    expect((await sh.exec('grep x')).stderr).toBe(NOTE('grep'));
    expect((await sh.exec("awk '{print}'")).stderr).toBe(NOTE('awk'));
    expect((await sh.exec('tee out')).stderr).toBe(NOTE('tee'));
  });

  it('input from a pipe, a file or a redirect is read as before, and a program that reads nothing runs', async () => {
    const { sh } = session();
    expect((await sh.exec('echo hi | cat')).stdout).toBe('hi\n');
    expect((await sh.exec('cat < notes')).stdout).toBe('a\nb\n');
    expect((await sh.exec('grep b notes')).stdout).toBe('b\n');
    expect((await sh.exec("awk 'BEGIN { print 1 + 1 }'")).stdout).toBe('2\n');
    expect(await sh.exec('ssh node-1 hostname')).toMatchObject({ stdout: 'node-1\n', exitCode: 0 });
  });
});
