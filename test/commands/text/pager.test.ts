import { describe, it, expect } from 'vitest';
import { INPUT, runText } from './helpers.js';

describe('cat, less, more, tee', () => {
  it('cat copies files and stdin, -n numbers lines like GNU cat', async () => {
    expect(await runText('cat in')).toEqual({ output: INPUT, exitCode: 0 });
    expect(await runText("printf 'a\\n\\nb\\n' | cat -n")).toEqual({ output: '     1\ta\n     2\t\n     3\tb\n', exitCode: 0 });
    expect(await runText("printf 'a\\n\\nb\\n' | cat -b")).toEqual({ output: '     1\ta\n\n     2\tb\n', exitCode: 0 });
    expect(await runText('cat nofile')).toEqual({ output: 'cat: nofile: No such file or directory\n', exitCode: 1 });
  });

  it('less and more print their input', async () => {
    expect(await runText('head -2 in | less')).toEqual({ output: INPUT.split('\n').slice(0, 2).join('\n') + '\n', exitCode: 0 });
    expect(await runText('less -R in | wc -l')).toEqual({ output: '6\n', exitCode: 0 });
    expect(await runText('less nofile')).toEqual({ output: 'nofile: No such file or directory\n', exitCode: 0 });
    expect(await runText('more nofile')).toEqual({ output: 'more: cannot open nofile: No such file or directory\n', exitCode: 0 });
  });

  it('tee copies stdin to stdout and into files', async () => {
    expect(await runText('echo hi | tee out > /dev/null; cat out')).toEqual({ output: 'hi\n', exitCode: 0 });
    expect(await runText('echo a | tee out; echo b | tee -a out >/dev/null; cat out')).toEqual({ output: 'a\na\nb\n', exitCode: 0 });
  });
});
