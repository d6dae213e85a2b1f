/**
 * The common shapes of `kubedrill exec`, recognised before the command-line
 * parser (commander and the program's module) is loaded: a cached `exec`
 * is two Node.js start-ups, and loading the parser was a good part of what
 * the first one did besides starting. Only shapes whose meaning to commander
 * is plain are taken; anything else (another option, help, a second operand
 * before `--`, no `--`) is left to commander, which parses and reports it as
 * it always has. This module imports nothing: it is part of every start-up.
 */

/** `exec <scenario> [--seed N] -- <words...>`, as commander would hand them to the exec action. */
export interface SimpleExecArgs {
  scenario: string;
  /** The --seed value as given (exec.ts checks it, as for commander's). */
  seed: string | undefined;
  /** The words after `--`: at least one. */
  words: string[];
}

/**
 * The exec arguments of `args` (process.argv after the script), if they are
 * `exec`, then one scenario operand and at most one `--seed N` or
 * `--seed=N` in any order, then `--` and at least one word. Otherwise
 * undefined: commander parses them.
 */
export function simpleExecArgs(args: readonly string[]): SimpleExecArgs | undefined {
  if (args[0] !== 'exec') return undefined;
  let scenario: string | undefined;
  let seed: string | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      const words = args.slice(i + 1);
      return scenario !== undefined && words.length > 0 ? { scenario, seed, words } : undefined;
    }
    if (seed === undefined && arg === '--seed') {
      // commander takes the next argument whatever it is (`--seed --` too): such shapes are left to it.
      const value = args[i + 1];
      if (value === undefined || value.startsWith('-')) return undefined;
      seed = value;
      i++;
    } else if (seed === undefined && arg.startsWith('--seed=')) {
      seed = arg.slice('--seed='.length);
    } else if (scenario === undefined && !arg.startsWith('-')) {
      scenario = arg;
    } else {
      return undefined;
    }
  }
  return undefined;
}
