/**
 * The fast path of `kubedrill exec` (src/cli/exec-args.ts, main.ts) reads
 * its simple shapes without commander. Every shape it takes must be read as
 * commander reads it: here commander's program (src/cli/program.ts) parses
 * each argument list with the exec action replaced by a recorder, and the
 * fast path's reading must equal what the action received. Shapes it leaves
 * to commander are listed too, so that a change that starts taking one is
 * checked against commander here first.
 */
import { describe, it, expect, vi } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { simpleExecArgs } from '../../src/cli/exec-args.js';

const received = vi.hoisted(() => [] as unknown[]);
vi.mock('../../src/cli/exec.js', () => ({
  execCommand: async (scenario: string, words: string[], options: { seed?: string; script?: string; json?: boolean }) => {
    received.push({ scenario, words, options: { ...options } });
    return 0;
  },
}));

/** What commander hands the exec action for `args` (after `kubedrill`), or what it printed and exited with instead. */
async function commanderReading(args: string[]): Promise<unknown> {
  received.length = 0;
  const program = buildProgram(() => undefined);
  let printed = '';
  program.exitOverride().configureOutput({ writeOut: (s) => void (printed += s), writeErr: (s) => void (printed += s) });
  for (const sub of program.commands) sub.exitOverride().configureOutput({ writeOut: (s) => void (printed += s), writeErr: (s) => void (printed += s) });
  try {
    await program.parseAsync(['node', 'kubedrill', ...args]);
  } catch (e) {
    return { exited: (e as { code?: string }).code, printed };
  }
  expect(received).toHaveLength(1);
  return received[0];
}

/** The fast path's reading of `args`, in the form of the action's arguments. */
function fastReading(args: string[]): unknown {
  const simple = simpleExecArgs(args);
  return simple && { scenario: simple.scenario, words: simple.words, options: simple.seed === undefined ? {} : { seed: simple.seed } };
}

const TAKEN: string[][] = [
  ['exec', 'pending-insufficient-cpu', '--', 'kubectl', 'get', 'pods'],
  ['exec', 'pending-insufficient-cpu', '--', 'kubectl get pods'],
  ['exec', 'pending-insufficient-cpu', '--seed', '7', '--', 'kubectl', 'get', 'pods', '-o', 'wide'],
  ['exec', '--seed', '7', 'pending-insufficient-cpu', '--', 'kubectl', 'get', 'pods'],
  ['exec', '--seed=7', 'pending-insufficient-cpu', '--', 'echo', 'a b', "it's"],
  ['exec', 'pending-insufficient-cpu', '--seed=', '--', 'true'],
  ['exec', 'pending-insufficient-cpu', '--seed', 'abc', '--', 'true'],
  ['exec', 'pending-insufficient-cpu', '--seed', '1.5', '--', 'true'],
  ['exec', 'no-such-scenario', '--', 'kubectl', 'get', 'pods'],
  ['exec', 'scenarios/scheduling/pending-insufficient-cpu.yaml', '--', 'kubectl', 'get', 'nodes'],
  ['exec', 'help', '--', 'x'],
  ['exec', '', '--', 'x'],
  // After `--` every word is the command's, help and version flags included.
  ['exec', 'pending-insufficient-cpu', '--', 'kubectl', '--help'],
  ['exec', 'pending-insufficient-cpu', '--', '-V'],
  ['exec', 'pending-insufficient-cpu', '--', '--seed', '3'],
  ['exec', 'pending-insufficient-cpu', '--', '--'],
];

const LEFT: string[][] = [
  ['exec'],
  ['exec', 'pending-insufficient-cpu'],
  ['exec', 'pending-insufficient-cpu', '--'],
  ['exec', 'pending-insufficient-cpu', 'kubectl', 'get', 'pods'],
  ['exec', 'pending-insufficient-cpu', 'kubectl', '--', 'get', 'pods'],
  ['exec', '--', 'kubectl', 'get', 'pods'],
  ['exec', '--help'],
  ['exec', 'pending-insufficient-cpu', '-h', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', '-V', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', '--bogus', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', '--seed', '-1', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', '--seed', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', '--seed', '1', '--seed', '2', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', '--seed'],
  ['exec', 'pending-insufficient-cpu', '--script', 'f', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', '--json', '--', 'x'],
  ['exec', '-', '--', 'x'],
  ['exec', 'pending-insufficient-cpu', 'other', '--', 'x'],
  ['play', 'pending-insufficient-cpu'],
  ['--seed', '1', 'exec', 'pending-insufficient-cpu', '--', 'x'],
  ['list'],
];

describe('the fast path of kubedrill exec', () => {
  it.each(TAKEN.map((args) => [args.join(' '), args]))('reads `%s` as commander does', async (_, args) => {
    const fast = fastReading(args);
    expect(fast).toBeDefined();
    expect(fast).toEqual(await commanderReading(args));
  });

  it.each(LEFT.map((args) => [args.join(' '), args]))('leaves `%s` to commander', (_, args) => {
    expect(simpleExecArgs(args)).toBeUndefined();
  });

  it('leaves to commander shapes it reads otherwise: a second seed (commander keeps the last), a seed that looks like an option', async () => {
    expect(await commanderReading(['exec', 'x', '--seed', '1', '--seed', '2', '--', 'y'])).toEqual({ scenario: 'x', words: ['y'], options: { seed: '2' } });
    expect(await commanderReading(['exec', 'x', '--seed', '-1', '--', 'y'])).toEqual({ scenario: 'x', words: ['y'], options: { seed: '-1' } });
    expect(await commanderReading(['exec', 'x', '--seed', '--', 'y'])).toEqual({ scenario: 'x', words: ['y'], options: { seed: '--' } });
  });
});
