/**
 * Command substitution, `$(cmd)` and `` `cmd` ``, as bash(1) "Command Substitution" describes it: the
 * output replaces the substitution with trailing newlines removed, is field-split unless double-quoted,
 * nests, runs in a subshell (its variables and host changes do not survive it), sends its stderr to the
 * terminal, and counts against the line's budgets.
 */
import { describe, it, expect } from 'vitest';
import { parse } from '../../src/shell/parse.js';
import { DEFAULT_LIMITS } from '../../src/commands/budget.js';
import type { OutputChunk } from '../../src/shell/pipeline.js';
import { ScenarioRun } from '../../src/practice/run.js';
import { loadScenarioArg } from '../../src/cli/load.js';
import { fakeSession } from './fakes.js';

/** The parts of the first word after the command name in a one-command line (a `$(…)`'s parsed script left out). */
function argParts(line: string) {
  const parsed = parse(line);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.script.lists[0].first.commands[0].words[1].parts.map((p) => (p.kind === 'subst' ? { ...p, script: undefined } : p));
}

/** `kubectl args …` (fakes.ts) prints the fields it was given as JSON. */
async function fields(line: string): Promise<unknown> {
  const r = await fakeSession().exec(`kubectl args ${line}`);
  return JSON.parse(r.stdout);
}

describe('parsing command substitutions', () => {
  it('keeps $(…) and backticks as substitutions with their source and quoting', () => {
    expect(argParts('echo $(kubectl get pods)')).toEqual([{ kind: 'subst', source: 'kubectl get pods', quoted: false, raw: '$(kubectl get pods)' }]);
    expect(argParts('echo "x $(a | b)"')).toEqual([
      { kind: 'text', text: 'x ', quoted: true },
      { kind: 'subst', source: 'a | b', quoted: true, raw: '$(a | b)' },
    ]);
    expect(argParts('echo `a \\`b\\``')).toEqual([{ kind: 'subst', source: 'a `b`', quoted: false, raw: '`a \\`b\\``' }]);
  });

  it('parses a $(…) with its line and a backquoted command only when it runs', () => {
    const parsed = parse('echo $(kubectl get pods | head -1) `true`');
    if (!parsed.ok) throw new Error(parsed.error);
    const [dollar, backquote] = parsed.script.lists[0].first.commands[0].words.slice(1).map((w) => w.parts[0]);
    expect(dollar?.kind === 'subst' && dollar.script?.lists[0].first.commands.length).toBe(2);
    expect(backquote?.kind === 'subst' && backquote.script).toBeUndefined();
  });

  it('refuses $(…) nested deeper than the simulator\'s depth budget, quoted or not, without exhausting the stack', () => {
    const error = "bash: nesting exceeded the simulator's depth budget (100 levels)";
    expect(parse(`echo ${'$('.repeat(100)}x${')'.repeat(100)}`).ok).toBe(true);
    expect(parse(`echo ${'$('.repeat(102)}x${')'.repeat(102)}`)).toEqual({ ok: false, error });
    expect(parse(`echo ${'"$('.repeat(20000)}x${')"'.repeat(20000)}`)).toEqual({ ok: false, error });
    expect(parse(`echo ${'$('.repeat(20000)}x${')'.repeat(20000)}`)).toEqual({ ok: false, error });
  });

  it('finds the closing parenthesis past nested substitutions, quotes and subshell-like parentheses', () => {
    expect(argParts('echo $(echo $(echo in) ")" \')\' `echo ")"`)x')).toEqual([
      { kind: 'subst', source: 'echo $(echo in) ")" \')\' `echo ")"`', quoted: false, raw: '$(echo $(echo in) ")" \')\' `echo ")"`)' },
      { kind: 'text', text: 'x', quoted: false },
    ]);
  });

  it('an unclosed $( or backtick is bash\'s EOF error (bash parse.y parse_matched_pair: "unexpected EOF while looking for matching `%c\'")', () => {
    expect(parse('echo $(ls')).toEqual({ ok: false, error: "bash: unexpected EOF while looking for matching `)'" });
    expect(parse('echo $(echo "$(ls)"')).toEqual({ ok: false, error: "bash: unexpected EOF while looking for matching `)'" });
    expect(parse('echo `ls')).toEqual({ ok: false, error: "bash: unexpected EOF while looking for matching ``'" });
  });

  it('a syntax error inside a substitution is the line\'s (bash parses $(…) with it, parse.y parse_comsub)', () => {
    expect(parse('echo $(| grep x)')).toEqual({ ok: false, error: "bash: syntax error near unexpected token `|'" });
    expect(parse('echo ok; echo $(a && )')).toEqual({ ok: false, error: 'bash: syntax error: unexpected end of file' });
  });

  it('a backquoted command is parsed when it runs: its syntax error is reported then, and the line goes on', async () => {
    // Real capture (github.com/CoreyMSchafer/dotfiles issue 3): "bash: command substitution: line 1: syntax error near unexpected
    // token `)'" then "bash: command substitution: line 1: `<source>'" (parse.y report_syntax_error, print_offending_line).
    const r = await fakeSession().exec('echo `echo )` after');
    expect(r.output).toBe("bash: command substitution: line 1: syntax error near unexpected token `)'\nbash: command substitution: line 1: `echo )'\nafter\n");
  });

  it('runs nothing on a line with a syntax error, and $? is 2', async () => {
    const sh = fakeSession();
    const r = await sh.exec('echo $(ls');
    expect(r).toMatchObject({ stdout: '', stderr: "bash: unexpected EOF while looking for matching `)'\n", exitCode: 2 });
  });
});

describe('expanding command substitutions', () => {
  it('splits unquoted output into fields and keeps quoted output one field', async () => {
    expect(await fields("$(printf 'a  b\\n\\tc')")).toEqual(['a', 'b', 'c']);
    expect(await fields("\"$(printf 'a  b\\n\\tc')\"")).toEqual(['a  b\n\tc']);
    expect(await fields("x$(printf 'y z')w")).toEqual(['xy', 'zw']);
  });

  it('removes trailing newlines only', async () => {
    expect(await fields("\"$(printf '\\n\\nx\\n\\n\\n')\"")).toEqual(['\n\nx']);
    expect(await fields("$(printf 'x\\n\\n')end")).toEqual(['xend']);
  });

  it('an empty unquoted substitution makes no field; a quoted one makes an empty field', async () => {
    expect(await fields('$(true) x')).toEqual(['x']);
    expect(await fields('"$(true)" x')).toEqual(['', 'x']);
  });

  it('nests, in either spelling', async () => {
    expect(await fields('$(echo $(echo in) out)')).toEqual(['in', 'out']);
    expect(await fields('"$(echo `echo in`)"')).toEqual(['in']);
    expect(await fields('`echo \\$HOME`')).toEqual(['/home/learner']);
  });

  it('reads the simulation: `$(kubectl get pods | grep Crash | cut -d" " -f1)`', async () => {
    expect(await fields('$(kubectl get pods | grep Crash | cut -d" " -f1)')).toEqual(['checkout-7d4b9c8f6-fghij']);
  });

  it('works in assignments (one field) and redirection targets', async () => {
    const sh = fakeSession();
    await sh.exec("X=$(printf 'a  b'); Y=`echo c`");
    expect((await sh.exec('kubectl args "$X" $Y')).stdout).toBe('["a  b","c"]\n');
    await sh.exec('echo saved > $(echo out).txt');
    expect((await sh.exec('cat out.txt')).stdout).toBe('saved\n');
  });

  it('runs on the current host', async () => {
    const sh = fakeSession();
    expect((await sh.exec('ssh node-1 \'echo $(journalctl)\'')).stdout).toBe('journal of node-1\n');
    expect((await sh.exec('echo $(ssh node-2 journalctl)')).stdout).toBe('journal of node-2\n');
  });

  it('runs in a subshell: its variables, exports and ssh sessions are gone afterwards', async () => {
    const sh = fakeSession();
    const r = await sh.exec('echo $(X=1; export Y=2; ssh node-1; echo in) "[$X$Y]"');
    expect(r.stdout).toBe('in []\n');
    expect(sh.host()).toBe('workstation');
    expect(sh.prompt()).toBe('learner@workstation:~$ ');
  });
});

describe('status and stderr of command substitutions', () => {
  it('a line of assignments takes the last substitution\'s status (bash "Simple Command Expansion")', async () => {
    const sh = fakeSession();
    expect((await sh.exec('X=$(false)')).exitCode).toBe(1);
    expect((await sh.exec('echo $?')).stdout).toBe('1\n');
    expect((await sh.exec('X=$(false) Y=$(true); echo $?')).stdout).toBe('0\n');
    expect((await sh.exec('X=$(kubectl nope)')).exitCode).toBe(1);
    expect((await sh.exec('$(false)')).exitCode).toBe(1);
    expect((await sh.exec('X=1')).exitCode).toBe(0);
  });

  it('a command\'s status is its own, and $? reads the status at its place in the words', async () => {
    const sh = fakeSession();
    expect((await sh.exec('echo $(false)')).exitCode).toBe(0);
    expect((await sh.exec('echo $(false) $?')).stdout).toBe('1\n');
    expect((await sh.exec('true; echo $? $(false)')).stdout).toBe('0\n');
  });

  it('sends the substitution\'s stderr to the terminal, not through the command\'s redirections', async () => {
    const sh = fakeSession();
    const r = await sh.exec('echo $(kubectl nope) x 2>/dev/null');
    expect(r).toMatchObject({ stdout: 'x\n', stderr: 'error: unknown command "nope" for "kubectl"\n', exitCode: 0 });
    const piped = await sh.exec('echo $(kubectl nope) x | cat');
    expect(piped.output).toBe('error: unknown command "nope" for "kubectl"\nx\n');
    const missing = await sh.exec('echo $(nosuch) after');
    expect(missing.output).toBe('bash: nosuch: command not found\nafter\n');
  });
});

describe('budgets cover command substitutions', () => {
  it('an endless program in a substitution stops on the step budget, and the line goes on', async () => {
    const r = await fakeSession().exec("echo [$(awk 'BEGIN{while(1){}}')]; echo next");
    expect(r.output).toBe("awk: program exceeded the simulator's step budget (2000000 steps)\n[]\nnext\n");
  });

  it('a substitution\'s output counts against the line\'s output budget (a `$(yes)`)', async () => {
    const sh = fakeSession({ limits: { ...DEFAULT_LIMITS, outputChars: 1000 } });
    const r = await sh.exec("echo $(awk 'BEGIN{while(1) print \"y\"}')");
    // awk's 1000 characters filled the line's budget: echo has no room left for them.
    expect(r.stderr).toBe(
      "awk: output exceeded the simulator's budget (1000 characters per command line)\necho: output exceeded the simulator's budget (1000 characters per command line)\n",
    );
    expect(r).toMatchObject({ stdout: '', exitCode: 1 });
  });
});

describe('provenance of substituted text', () => {
  function session() {
    let last: readonly OutputChunk[] = [];
    const sh = fakeSession({ onOutput: (chunks) => (last = chunks) });
    return async (line: string): Promise<[string, boolean][]> => {
      await sh.exec(line);
      return last.filter((c) => c.text !== '').map((c) => [c.text, c.observed === true]);
    };
  }

  it('echo of observed output is observed; of typed text, or mixed with it, is not', async () => {
    const shown = session();
    expect(await shown('echo $(kubectl get pods | grep Crash | cut -d" " -f1)')).toEqual([['checkout-7d4b9c8f6-fghij\n', true]]);
    expect(await shown('echo "$(ssh node-1 journalctl)"')).toEqual([['journal of node-1\n', true]]);
    expect(await shown('echo $(echo CrashLoopBackOff)')).toEqual([['CrashLoopBackOff\n', false]]);
    expect(await shown('echo Crash $(kubectl get pods | grep -c Crash)')).toEqual([['Crash 1\n', false]]);
    expect(await shown('echo $(echo typed | grep typed)')).toEqual([['typed\n', false]]);
  });

  it('a file written from substituted observed output stays observed', async () => {
    const shown = session();
    await shown('echo $(kubectl get pods | grep web) > web.txt');
    expect(await shown('cat web.txt')).toEqual([['web-5f6d7c8b9-klmno 1/1 Running 0 5h\n', true]]);
  });
});

describe('command substitution in a shipped scenario (node-notready-kubelet-config)', () => {
  it('`crictl logs $(crictl ps -a --name kube-proxy -q | head -1)` on a node shows that container\'s logs', async () => {
    const loaded = loadScenarioArg('node-notready-kubelet-config');
    if (!loaded.ok) throw new Error(loaded.message);
    const run = new ScenarioRun(loaded.scenario);
    await run.exec('ssh node-1');
    const listed = await run.exec('crictl ps -a --name kube-proxy -q | head -1');
    const id = listed.stdout.trim();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    const direct = await run.exec(`crictl logs ${id}`);
    expect(direct.stdout).toContain('kube-proxy');
    const substituted = await run.exec('crictl logs $(crictl ps -a --name kube-proxy -q | head -1)');
    expect(substituted.stdout).toBe(direct.stdout);
    expect(substituted.exitCode).toBe(0);
    // The inner crictl's warnings reach the terminal too, ahead of the outer one's.
    expect(substituted.stderr).toBe(listed.stderr + direct.stderr);
  });
});
