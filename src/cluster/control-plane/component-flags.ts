/**
 * The command line of a control-plane component as spf13/pflag parses it
 * (with component-base's WordSepNormalizeFunc: `_` and `-` are the same):
 * `--name=value`, `--name value`, booleans alone or with `=true|false`.
 * The errors are pflag's own words.
 */
import { parseGoDuration } from '../clock/go-duration.js';

/** A component's flags: which exist, which are booleans, and which are string slices. */
export interface FlagSet {
  readonly values: ReadonlySet<string>;
  readonly booleans: ReadonlySet<string>;
  /** StringSlice flags (`--controllers`): a repeated flag appends to the first one's items. */
  readonly slices: ReadonlySet<string>;
}

/** Builds a FlagSet from space-separated names (slice flags are value flags too). */
export function flagSet(values: string, booleans: string, slices = ''): FlagSet {
  const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));
  return { values: words(`${values} ${slices}`), booleans: words(booleans), slices: words(slices) };
}

/** The flags every component-base command has (klog, logs API, feature gates, help, version). */
const COMMON_VALUES = 'feature-gates log-flush-frequency log-json-info-buffer-size log-json-split-stream log-text-info-buffer-size log-text-split-stream logging-format v vmodule log-dir log-file log-file-max-size stderrthreshold version';
const COMMON_BOOLEANS = 'help add-dir-header alsologtostderr logtostderr one-output skip-headers skip-log-headers';

/** Parsed flags: the last value of each flag, by name (a slice flag's items joined by commas). */
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
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else if (i + 1 < args.length) value = args[++i];
    else return { ok: false, error: `flag needs an argument: --${raw}` };
    // pflag stringSliceValue.Set: the first use replaces the default, later ones append.
    const prev = flags.get(name);
    flags.set(name, set.slices.has(name) && prev !== undefined ? (value === '' ? prev : prev === '' ? value : `${prev},${value}`) : value);
  }
  return { ok: true, flags };
}

/**
 * A duration flag's value in milliseconds (pflag durationValue: time.ParseDuration),
 * the fallback when absent, or pflag's error text when it does not parse.
 */
export function durationFlag(flags: ReadonlyMap<string, string>, name: string, fallbackMs: number): { ok: true; ms: number } | { ok: false; error: string } {
  const value = flags.get(name);
  if (value === undefined) return { ok: true, ms: fallbackMs };
  const seconds = parseGoDuration(value);
  if (seconds === undefined) return { ok: false, error: `invalid argument "${value}" for "--${name}" flag: time: invalid duration "${value}"` };
  return { ok: true, ms: Math.round(seconds * 1000) };
}

/** Is a boolean flag's value true (strconv.ParseBool)? */
export function flagTrue(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return /^(1|t|T|TRUE|true|True)$/.test(value);
}
