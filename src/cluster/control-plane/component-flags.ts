/**
 * The command line of a control-plane component as spf13/pflag parses it
 * (with component-base's WordSepNormalizeFunc: `_` and `-` are the same):
 * `--name=value`, `--name value`, booleans alone or with `=true|false`.
 * The errors are pflag's own words.
 */

/** A component's flags: which exist, and which are booleans. */
export interface FlagSet {
  readonly values: ReadonlySet<string>;
  readonly booleans: ReadonlySet<string>;
}

/** Builds a FlagSet from space-separated names. */
export function flagSet(values: string, booleans: string): FlagSet {
  const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));
  return { values: words(values), booleans: words(booleans) };
}

/** The flags every component-base command has (klog, logs API, feature gates, help, version). */
const COMMON_VALUES = 'feature-gates log-flush-frequency log-json-info-buffer-size log-json-split-stream log-text-info-buffer-size log-text-split-stream logging-format v vmodule log-dir log-file log-file-max-size stderrthreshold version';
const COMMON_BOOLEANS = 'help add-dir-header alsologtostderr logtostderr one-output skip-headers skip-log-headers';

/** Parsed flags: the last value of each flag, by name. */
export type ParsedFlags = { ok: true; flags: Map<string, string> } | { ok: false; error: string };

/** Parses `args` (without the program name) against `set`. */
export function parseComponentFlags(args: readonly string[], set: FlagSet): ParsedFlags {
  const flags = new Map<string, string>();
  const isValue = (n: string) => set.values.has(n) || ` ${COMMON_VALUES} `.includes(` ${n} `);
  const isBool = (n: string) => set.booleans.has(n) || ` ${COMMON_BOOLEANS} `.includes(` ${n} `);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-') continue;
    if (!arg.startsWith('--')) {
      // pflag: shorthands (only -h and -v exist on these commands).
      const c = arg[1];
      if (c === 'h') continue;
      if (c === 'v') {
        if (arg.length > 2) flags.set('v', arg.slice(arg[2] === '=' ? 3 : 2));
        else if (i + 1 < args.length) flags.set('v', args[++i]);
        else return { ok: false, error: `flag needs an argument: 'v' in -v` };
        continue;
      }
      return { ok: false, error: `unknown shorthand flag: '${c}' in ${arg}` };
    }
    const eq = arg.indexOf('=');
    const raw = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    const name = raw.replace(/_/g, '-');
    if (isBool(name)) {
      const value = eq < 0 ? 'true' : arg.slice(eq + 1);
      if (!/^(1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/.test(value)) return { ok: false, error: `invalid argument "${value}" for "--${raw}" flag: strconv.ParseBool: parsing "${value}": invalid syntax` };
      flags.set(name, value);
      continue;
    }
    if (!isValue(name)) return { ok: false, error: `unknown flag: --${raw}` };
    if (eq >= 0) flags.set(name, arg.slice(eq + 1));
    else if (i + 1 < args.length) flags.set(name, args[++i]);
    else return { ok: false, error: `flag needs an argument: --${raw}` };
  }
  return { ok: true, flags };
}

/** Is a boolean flag's value true (strconv.ParseBool)? */
export function flagTrue(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return /^(1|t|T|TRUE|true|True)$/.test(value);
}
