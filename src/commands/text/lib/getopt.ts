/**
 * GNU getopt_long behaviour for the text utilities: options may follow operands
 * (argument permutation), `--` ends options, `-` is an operand, short options
 * cluster (`-in`, `-A3`), long options take `=value` or the next argument and
 * may be abbreviated to an unambiguous prefix. Error texts are glibc's
 * (posix/getopt.c).
 */

/** One option a tool accepts. */
export interface OptionSpec {
  /** Key reported for it (several spellings may share one key). */
  readonly key: string;
  /** Its short letter, e.g. `n`. */
  readonly short?: string;
  /** Its long name without dashes, e.g. `lines`. */
  readonly long?: string;
  /** Whether it takes an argument: required, optional (`--color[=WHEN]`, long only), or none. */
  readonly arg?: 'required' | 'optional';
}

/** An option as given on the command line. */
export interface ParsedOption {
  /** The spec's key. */
  readonly key: string;
  /** Its argument, when it has one. */
  readonly value?: string;
}

/** The parse: options in order and operands, or the glibc message. */
export type GetoptResult =
  | { readonly ok: true; readonly options: readonly ParsedOption[]; readonly operands: readonly string[] }
  | { readonly ok: false; readonly message: string };

/** Extra knobs: `numberKey` turns `-5` into `{key: numberKey, value: '5'}` (head, tail, grep contexts). */
export interface GetoptExtras {
  /** Key that `-NUM` is reported under; unset means digits are ordinary (invalid) letters. */
  readonly numberKey?: string;
}

/** Parses `args` for `tool` against `specs`. */
export function getopt(tool: string, args: readonly string[], specs: readonly OptionSpec[], extras: GetoptExtras = {}): GetoptResult {
  const options: ParsedOption[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      const exact = specs.find((s) => s.long === name);
      const candidates = exact ? [exact] : specs.filter((s) => s.long?.startsWith(name));
      const distinct = new Set(candidates.map((s) => s.key));
      if (candidates.length === 0) return { ok: false, message: `${tool}: unrecognized option '${arg}'` };
      if (distinct.size > 1) {
        return { ok: false, message: `${tool}: option '${arg}' is ambiguous; possibilities:${candidates.map((s) => ` '--${s.long}'`).join('')}` };
      }
      const spec = candidates[0];
      if (!spec.arg) {
        if (eq >= 0) return { ok: false, message: `${tool}: option '--${spec.long}' doesn't allow an argument` };
        options.push({ key: spec.key });
      } else if (eq >= 0) {
        options.push({ key: spec.key, value: arg.slice(eq + 1) });
      } else if (spec.arg === 'optional') {
        options.push({ key: spec.key });
      } else if (i + 1 < args.length) {
        options.push({ key: spec.key, value: args[++i] });
      } else {
        return { ok: false, message: `${tool}: option '--${spec.long}' requires an argument` };
      }
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      if (extras.numberKey && /^-[0-9]+$/.test(arg)) {
        options.push({ key: extras.numberKey, value: arg.slice(1) });
        continue;
      }
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j];
        if (extras.numberKey && /[0-9]/.test(letter)) {
          // `-n5` is handled below; a digit run inside a cluster (`-C2`) is NUM.
          const m = /^[0-9]+/.exec(arg.slice(j));
          options.push({ key: extras.numberKey, value: m ? m[0] : letter });
          j += (m ? m[0].length : 1) - 1;
          continue;
        }
        const spec = specs.find((s) => s.short === letter);
        if (!spec) return { ok: false, message: `${tool}: invalid option -- '${letter}'` };
        if (spec.arg !== 'required') {
          options.push({ key: spec.key });
          continue;
        }
        if (j + 1 < arg.length) {
          options.push({ key: spec.key, value: arg.slice(j + 1) });
        } else if (i + 1 < args.length) {
          options.push({ key: spec.key, value: args[++i] });
        } else {
          return { ok: false, message: `${tool}: option requires an argument -- '${letter}'` };
        }
        break;
      }
      continue;
    }
    operands.push(arg);
  }
  return { ok: true, options, operands };
}

/** The coreutils tail of every usage error. */
export function tryHelp(tool: string): string {
  return `Try '${tool} --help' for more information.`;
}
