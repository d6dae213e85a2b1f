/**
 * Nothing a learner types hangs or crashes the shell: runaway programs end on
 * their budget with a message and a non-zero status, regexes match in linear
 * time, and a command that throws answers like a crashed tool while the rest
 * of the line runs on.
 */
import { describe, it, expect } from 'vitest';
import type { ApiClient } from '../../src/cluster/apiserver/types.js';
import { createCommandRegistry } from '../../src/commands/registry.js';
import { installCommands } from '../../src/commands/index.js';
import { DEFAULT_LIMITS, type BudgetLimits } from '../../src/commands/budget.js';
import { createMemoryFiles } from '../../src/shell/files.js';
import { createShellSession } from '../../src/shell/session.js';
import { INPUT } from '../commands/text/helpers.js';

function shell(limits?: Partial<BudgetLimits>) {
  const registry = installCommands(createCommandRegistry());
  registry.register(
    'weird',
    // What a handler found on Object.prototype returns: not an ExecResult.
    async () => ({ name: 'weird', execute: () => ({ stdout: Object, stderr: {}, exitCode: 'x' }) as never }),
    'both',
  );
  registry.register(
    'boom',
    async () => ({
      name: 'boom',
      execute: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'slice')");
      },
    }),
    'both',
  );
  return createShellSession({
    cluster: { now: () => 0, adminClient: () => ({}) as ApiClient, nodeNames: () => ['node-1'], advance: () => undefined },
    registry,
    files: createMemoryFiles({ workstation: { '/home/learner/in': INPUT } }),
    limits: limits && { ...DEFAULT_LIMITS, ...limits },
  });
}

/** Runs a line and measures how long it took (wall time). */
async function timed(line: string, limits?: Partial<BudgetLimits>) {
  const started = performance.now();
  const r = await shell(limits).exec(line);
  return { ...r, ms: performance.now() - started };
}

describe('budgets end runaway commands; the line goes on', () => {
  it('an endless awk loop stops on the step budget with status 2', async () => {
    const r = await timed("awk 'BEGIN{while(1){}}'; echo status=$?");
    expect(r.output).toBe("awk: program exceeded the simulator's step budget (2000000 steps)\nstatus=2\n");
    expect(r.ms).toBeLessThan(5000);
  });

  it('a program that outlives the wall-clock deadline stops on it (Ctrl+C gets the terminal back)', async () => {
    const r = await timed("awk 'BEGIN{while(1){}}'", { steps: 1e12, wallMs: 50 });
    expect(r.stderr).toBe("awk: program exceeded the simulator's time budget (50 ms)\n");
    expect(r.exitCode).toBe(2);
    expect(r.ms).toBeLessThan(3000);
  });

  it('a doubling awk string stops on the string budget instead of aborting Node', async () => {
    const r = await timed(`awk 'BEGIN{s="x"; while(1) s=s s}'; echo next`);
    expect(r.output).toBe("awk: string exceeded the simulator's size budget (8388608 characters)\nnext\n");
  });

  it('awk function recursion stops on the depth budget', async () => {
    const r = await timed("awk 'function f(n){return f(n+1)} BEGIN{f(1)}'");
    expect(r).toMatchObject({ stderr: "awk: nesting exceeded the simulator's depth budget (1000 levels)\n", exitCode: 2 });
  });

  it.each([
    ['parentheses', `BEGIN{print ${'('.repeat(5000)}1${')'.repeat(5000)}}`],
    ['unary minus', `BEGIN{print ${'-'.repeat(5000)}1}`],
    ['fields', `BEGIN{print ${'$'.repeat(5000)}0}`],
    ['blocks', `BEGIN${'{'.repeat(5000)}${'}'.repeat(5000)}`],
  ])('deeply nested awk %s are refused by the parser', async (_, program) => {
    const r = await timed(`awk '${program}'`);
    expect(r).toMatchObject({ stderr: "awk: line 1: nesting exceeded the simulator's depth budget (200 levels)\n", exitCode: 2 });
  });

  it.each([
    'while(1) n = split(s, a, "")',
    'while(1) gsub(/ /, "xy", s)',
    'while(1) x = substr(s, 1, 1)',
    'while(1) if (s ~ /x$/) n++',
    'while(1) n += length(s)',
    'while(1) { $0 = s; n += NF }',
    'while (i++ < 1e9) a[i, i] = sprintf("%1000s", i)',
  ])('awk work on big strings counts in proportion to their size: %s', async (loop) => {
    const r = await timed(`awk 'BEGIN{s = sprintf("%8000000s", "x"); ${loop}}'`);
    expect(r.stderr).toMatch(/^awk: program exceeded the simulator's (step|time) budget/);
    expect(r.exitCode).toBe(2);
    expect(r.ms).toBeLessThan(5000);
  });

  it('awk split with an empty separator splits into characters (mawk, gawk)', async () => {
    expect((await timed(`awk 'BEGIN{n = split("abc", a, ""); print n, a[1], a[3]}'`)).stdout).toBe('3 a c\n');
  });

  it('awk refuses more fields than mawk holds instead of making a billion', async () => {
    // mawk: "program limit exceeded: maximum number of fields size=32767" (field.c, MAX_FIELD).
    for (const program of ['BEGIN{$1e9 = "x"}', 'BEGIN{NF = 1e9}']) {
      const r = await timed(`awk '${program}'`);
      expect(r).toMatchObject({ stderr: 'awk: program limit exceeded: maximum number of fields size=32767\n', exitCode: 2 });
    }
    expect((await timed(`echo a b | awk '{$5 = "e"; print; print NF}'`)).stdout).toBe('a b   e\n5\n');
  });

  it('awk printf with a billion-wide field stops on the string budget', async () => {
    const r = await timed(`awk 'BEGIN{printf "%*d", 1e9, 1}'; echo next`);
    expect(r.output).toBe("awk: string exceeded the simulator's size budget (8388608 characters)\nnext\n");
  });

  it('endless output stops at the line output budget, keeping what fits', async () => {
    const r = await timed(`awk 'BEGIN{while(1) print "y"}'`, { outputChars: 1000 });
    expect(r.stdout).toBe('y\n'.repeat(500));
    // The message comes after what fitted, where the learner is looking.
    expect(r.output).toBe(`${'y\n'.repeat(500)}awk: output exceeded the simulator's budget (1000 characters per command line)\n`);
    expect(r.exitCode).toBe(2);
  });

  it('the output budget covers every command of the line', async () => {
    const r = await timed('cat in; cat in; echo $?', { outputChars: INPUT.length + 10 });
    const message = `output exceeded the simulator's budget (${INPUT.length + 10} characters per command line)`;
    expect(r.stdout).toBe(INPUT + INPUT.slice(0, 10));
    expect(r.output).toBe(`${INPUT}${INPUT.slice(0, 10)}cat: ${message}\necho: ${message}\n`);
    // Once spent, the budget stays spent for the rest of the line.
    expect(r.stderr).toBe(`cat: ${message}\necho: ${message}\n`);
  });
});

describe('regexes match in linear time (re2js), as GNU grep', () => {
  it.each([
    ['.*.*.*.*.*.*.*.*.*.*$', 'a'.repeat(30)],
    ['.*.*.*.*.*.*.*.*.*.*$', 'a'.repeat(100_000)],
    ['-E (a|aa)*(a|aa)*(a|aa)*b', 'a'.repeat(40)],
    ['-E (x+x+)+y', 'x'.repeat(40)],
    ['-E ^(([a-z])+.)+[A-Z]([a-z])+$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'],
  ])('grep %s on a long line finishes', async (pattern, line) => {
    const [flag, re] = pattern.startsWith('-E ') ? ['-E ', pattern.slice(3)] : ['', pattern];
    const r = await timed(`echo ${line} | grep -c ${flag}'${re}'`);
    expect(r.ms).toBeLessThan(3000);
    expect(r.stdout).toMatch(/^[01]\n$/);
  });

  it('grep -o reports the leftmost-longest match as POSIX regexec does', async () => {
    // GNU grep: `echo xab | grep -oE 'a|ab'` prints ab (a backtracking engine would stop at a).
    expect((await timed("echo xab | grep -oE 'a|ab'")).stdout).toBe('ab\n');
  });

  it('keeps POSIX bracket classes, word matching and \\< \\>', async () => {
    expect((await timed("grep -E '^[[:alpha:]]+-[[:digit:]]+ ' in")).stdout).toBe(
      'api-1                       1/1     Running            12            10m\ndb-0                        0/1     Pending            0             3s\n',
    );
    expect((await timed("echo 'foo foo,foo xfoo foox' | grep -ow foo")).stdout).toBe('foo\nfoo\nfoo\n');
    expect((await timed("echo 'cat concat cats' | grep -o '\\<cat\\>'")).stdout).toBe('cat\n');
    // -w: the match must not touch a word constituent on either side, whatever the match itself is.
    expect((await timed("echo 'a-b' | grep -cw -- '-'")).stdout).toBe('0\n');
    expect((await timed("echo 'a - b' | grep -cw -- '-'")).stdout).toBe('1\n');
  });

  it('runs back-references on the bounded fallback, and refuses the shapes that would backtrack', async () => {
    expect((await timed("echo 'abcabc foo' | grep -o '\\(abc\\)\\1'")).stdout).toBe('abcabc\n');
    const refused = await timed("echo aaaa | grep '\\(a*\\)*\\1'");
    expect(refused).toMatchObject({ stderr: "grep: back-references with more than one repetition are beyond kubedrill's linear-time matcher\n", exitCode: 2 });
  });

  it('a 100,000-character pattern is matched, not a crash', async () => {
    const r = await timed(`grep ${'a'.repeat(100_000)} in; echo $?`);
    expect(r.output).toBe('1\n');
    expect(r.ms).toBeLessThan(3000);
  });

  it('awk matches with the same engine: leftmost-longest match(), gsub without an empty match after a match', async () => {
    expect((await timed(`awk 'BEGIN{print match("xab", /a|ab/), RSTART, RLENGTH}'`)).stdout).toBe('2 2 2\n');
    // POSIX: an empty match right after a match is not replaced (gawk, mawk: -a-b-).
    expect((await timed(`echo xab | awk '{gsub(/x*/, "-"); print}'`)).stdout).toBe('-a-b-\n');
    expect((await timed(`awk 'BEGIN{n = split("a1b22c", p, /[0-9]+/); print n, p[1], p[2], p[3]}'`)).stdout).toBe('3 a b c\n');
  });
});

describe('one-line crashers answer as the real tools do', () => {
  it('echo [z-a]: a range out of order matches no file, so bash leaves the word as typed', async () => {
    // bash manual, Filename Expansion: with no match (and nullglob off) the word is left unchanged.
    expect((await timed('echo [z-a] [ a[b; echo next')).output).toBe('[z-a] [ a[b\nnext\n');
  });

  it("printf '%.101f' prints every digit, as glibc does past JavaScript's 100", async () => {
    expect((await timed("printf '%.101f\\n' 1")).stdout).toBe(`1.${'0'.repeat(101)}\n`);
    // 0.1 is exactly 0.1000000000000000055511151231257827021181583404541015625 in binary64.
    expect((await timed("printf '%.105f\\n' 0.1")).stdout).toBe(`0.1000000000000000055511151231257827021181583404541015625${'0'.repeat(50)}\n`);
    expect((await timed("printf '%.101e\\n' 123456")).stdout).toBe(`1.23456${'0'.repeat(96)}e+05\n`);
    expect((await timed("printf '%.101g\\n' 0.1")).stdout).toBe('0.1000000000000000055511151231257827021181583404541015625\n');
  });

  it('uniq -f with an enormous field count stops at the end of each line', async () => {
    // coreutils uniq: skipping past the last field compares empty keys, so all lines are one group.
    const r = await timed('uniq -c -f 99999999999 in');
    expect(r.stdout).toBe(`      6 ${INPUT.split('\n')[0]}\n`);
    expect(r.ms).toBeLessThan(3000);
  });

  it('a command that throws answers like a crashed tool (exit 70, no stack) and the line goes on', async () => {
    const r = await timed('boom; echo status=$?');
    expect(r.output).toBe("kubedrill: internal error in boom: Cannot read properties of undefined (reading 'slice')\nstatus=70\n");
    expect(r.output).not.toMatch(/\n\s+at /);
  });

  it('Object.prototype names typed as commands are not found, as bash says', async () => {
    const r = await timed('__proto__; constructor x; hasOwnProperty');
    expect(r.output).toBe('bash: __proto__: command not found\nbash: constructor: command not found\nbash: hasOwnProperty: command not found\n');
    expect(r.exitCode).toBe(127);
  });

  it('a command that returns something other than a result is an internal error too', async () => {
    const r = await timed('weird | cat; echo status=$?');
    expect(r.output).toBe('kubedrill: internal error in weird: the command returned no result\nstatus=0\n');
  });
});
