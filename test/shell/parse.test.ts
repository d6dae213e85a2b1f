import { describe, it, expect } from 'vitest';
import { parse } from '../../src/shell/parse.js';
import { expandWord } from '../../src/shell/expand.js';
import type { Script } from '../../src/shell/ast.js';

function script(line: string): Script {
  const r = parse(line);
  if (!r.ok) throw new Error(r.error);
  return r.script;
}

const words = (line: string, env: Record<string, string> = {}): string[][] =>
  script(line).lists[0].first.commands.map((c) => c.words.flatMap((w) => expandWord(w, { env, lastExitCode: 0 })));

describe('parse', () => {
  it('splits lists, and/or chains and pipelines', () => {
    const s = script('a | b -x && c || d; e');
    expect(s.lists).toHaveLength(2);
    expect(s.lists[0].first.commands).toHaveLength(2);
    expect(s.lists[0].rest.map((r) => r.op)).toEqual(['&&', '||']);
  });

  it('keeps awk programs verbatim', () => {
    expect(words(`awk -F: '{print $1, "x"}' "$F"`, { F: 'f' })).toEqual([['awk', '-F:', '{print $1, "x"}', 'f']]);
  });

  it('handles backslashes outside and inside double quotes', () => {
    expect(words(`echo a\\ b "c\\"d" "e\\f" \\$HOME`)).toEqual([['echo', 'a b', 'c"d', 'e\\f', '$HOME']]);
  });

  it('reads redirections with descriptors', () => {
    const [cmd] = script('kubectl get pods 2>&1 >/dev/null &>out 2>>err <in').lists[0].first.commands;
    expect(cmd.redirects.map((r) => (r.kind === 'dup' ? `${r.fd}>&${r.to}` : r.kind === 'file' ? `${r.fd}${r.append ? '>>' : '>'}` : '<'))).toEqual([
      '2>&1',
      '1>',
      'both>',
      '2>>',
      '<',
    ]);
    expect(cmd.words).toHaveLength(3);
  });

  it('recognizes assignments only before the command name', () => {
    const [cmd] = script('A=1 B="x y" env C=2').lists[0].first.commands;
    expect(cmd.assignments.map((a) => a.name)).toEqual(['A', 'B']);
    expect(cmd.words).toHaveLength(2);
  });

  it('treats |& as a pipe that carries stderr', () => {
    const [first] = script('a |& b').lists[0].first.commands;
    expect(first.pipeStderr).toBe(true);
  });

  it('reports syntax errors in bash words', () => {
    expect(parse('a | | b')).toEqual({ ok: false, error: "bash: syntax error near unexpected token `|'" });
    expect(parse('; a')).toEqual({ ok: false, error: "bash: syntax error near unexpected token `;'" });
    expect(parse('a 2>')).toEqual({ ok: false, error: "bash: syntax error near unexpected token `newline'" });
    expect(parse('a ||')).toEqual({ ok: false, error: 'bash: syntax error: unexpected end of file' });
    expect(parse('echo "x')).toEqual({ ok: false, error: 'bash: unexpected EOF while looking for matching `"\'' });
  });

  it('treats an empty or comment-only line as nothing to run', () => {
    expect(script('   # just a note').lists).toEqual([]);
  });
});
