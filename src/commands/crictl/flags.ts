/**
 * urfave/cli v2 flag parsing as crictl uses it: `--name value`, `--name=value`,
 * `-n value`, and combined short booleans (`-aq`, UseShortOptionHandling).
 * Flags must come before positional arguments only loosely: urfave/cli stops
 * at the first positional, but crictl users put flags anywhere, and v2
 * re-parses trailing flags, so both orders are accepted.
 */

/** One flag: its names (long first) and whether it takes a value. */
export interface CliFlag {
  readonly names: readonly string[];
  readonly value: boolean;
}

/** Parsed flags (by long name) and positional arguments, or the urfave/cli error. */
export type CliParse = { ok: true; flags: Map<string, string | true>; args: string[] } | { ok: false; error: string };

/** Parses `args` against `flags`. */
export function parseCli(args: readonly string[], flags: readonly CliFlag[]): CliParse {
  const byName = new Map<string, CliFlag>();
  for (const f of flags) for (const n of f.names) byName.set(n, f);
  const out = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      positional.push(a);
      continue;
    }
    const long = a.startsWith('--');
    const body = a.replace(/^--?/, '');
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const flag = byName.get(name);
    if (!flag) {
      // Combined short booleans: -aq.
      if (!long && name.length > 1 && [...name].every((c) => byName.get(c) && !byName.get(c)!.value)) {
        for (const c of name) out.set(byName.get(c)!.names[0], true);
        continue;
      }
      return { ok: false, error: `flag provided but not defined: -${name}` };
    }
    if (flag.value) {
      const value = eq >= 0 ? body.slice(eq + 1) : args[++i];
      if (value === undefined) return { ok: false, error: `flag needs an argument: -${name}` };
      out.set(flag.names[0], value);
    } else if (eq < 0 || body.slice(eq + 1) !== 'false') out.set(flag.names[0], true);
  }
  return { ok: true, flags: out, args: positional };
}

/** Shorthand for a flag definition. */
export const flag = (value: boolean, ...names: string[]): CliFlag => ({ names, value });
