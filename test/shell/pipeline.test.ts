import { describe, it, expect } from 'vitest';
import { parse } from '../../src/shell/parse.js';
import { executePipeline, executeScript, type StageResult } from '../../src/shell/pipeline.js';
import type { SimpleCommand } from '../../src/shell/ast.js';

const name = (c: SimpleCommand): string => (c.words[0].parts[0] as { text: string }).text;

/** A toy executor: `up` uppercases stdin, `say` prints `<name>`, `err` writes stderr and fails. */
async function toy(command: SimpleCommand, stdin: string | undefined): Promise<StageResult> {
  switch (name(command)) {
    case 'up':
      return { stdout: (stdin ?? '').toUpperCase(), stderr: '', exitCode: 0 };
    case 'err':
      return { stdout: '', stderr: 'oops\n', exitCode: 3 };
    default:
      return { stdout: `${name(command)}\n`, stderr: '', exitCode: 0 };
  }
}

function script(line: string) {
  const r = parse(line);
  if (!r.ok) throw new Error(r.error);
  return r.script;
}

describe('executePipeline', () => {
  it('feeds each stage the previous stdout and keeps the last status', async () => {
    const r = await executePipeline(script('hello | up | up').lists[0].first, toy);
    expect(r).toEqual({ chunks: [{ fd: 1, text: 'HELLO\n' }], exitCode: 0 });
  });

  it('collects stderr of every stage in order', async () => {
    const r = await executePipeline(script('err | hi | err | up').lists[0].first, toy);
    expect(r.chunks).toEqual([
      { fd: 2, text: 'oops\n' },
      { fd: 2, text: 'oops\n' },
    ]);
    expect(r.exitCode).toBe(0);
  });
});

describe('executeScript', () => {
  it('follows && / || / ; and reports statuses as it goes', async () => {
    const statuses: number[] = [];
    const r = await executeScript(script('err && a || b; c'), toy, (s) => statuses.push(s));
    expect(r.chunks.map((c) => c.text).join('')).toBe('oops\nb\nc\n');
    expect(statuses).toEqual([3, 0, 0]);
  });
});
