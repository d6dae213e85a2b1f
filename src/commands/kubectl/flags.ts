/**
 * kubectl's flag parsing: pflag semantics (spf13/pflag flag.go parseLongArg,
 * parseShortArg) over a per-verb flag table plus kubectl's global flags, so
 * flags go anywhere on the line (`kubectl get pods -n x`, `kubectl -nx get
 * pods`, `--namespace=x`) and mistakes get pflag's own wording.
 */

/** The value kind of a flag. */
export type FlagType = 'bool' | 'string' | 'int' | 'array';

/** One flag a verb accepts. */
export interface FlagSpec {
  /** Long name without dashes, e.g. `all-namespaces`. */
  readonly name: string;
  /** One-letter shorthand, e.g. `A`. */
  readonly short?: string;
  readonly type: FlagType;
  /** pflag's NoOptDefVal: the value of `--name` given without `=value` (which then takes no argument). */
  readonly noOptDefault?: string;
}

/** Parsed flag values by long name (bools as true/false, arrays accumulate). */
export type FlagValues = Record<string, string | boolean | number | string[]>;

/** Result of parsing a verb's arguments. */
export type ParsedArgs =
  | { ok: true; positional: string[]; flags: FlagValues; set: ReadonlySet<string>; dashAt?: number }
  | { ok: false; error: string };

const f = (name: string, type: FlagType, short?: string): FlagSpec => ({ name, type, ...(short ? { short } : {}) });
/** kubectl's --validate (cmdutil.AddValidateFlags): `--validate` alone means strict. */
const VALIDATE: FlagSpec = { name: 'validate', type: 'string', noOptDefault: 'strict' };
/** --dry-run: a bare flag is the deprecated client dry run (NoOptDefVal "unchanged", dry-run.ts). */
const DRY_RUN: FlagSpec = { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' };

/** kubectl's global flags (kubectl options): accepted everywhere; those that change identity or target are refused (identity-flags.ts), the rest ignored. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  f('namespace', 'string', 'n'),
  f('context', 'string'),
  f('cluster', 'string'),
  f('user', 'string'),
  f('kubeconfig', 'string'),
  f('v', 'string', 'v'),
  f('request-timeout', 'string'),
  f('server', 'string', 's'),
  f('token', 'string'),
  f('as', 'string'),
  f('as-group', 'array'),
  f('as-uid', 'string'),
  f('insecure-skip-tls-verify', 'bool'),
  f('certificate-authority', 'string'),
  f('client-certificate', 'string'),
  f('client-key', 'string'),
  f('tls-server-name', 'string'),
  f('cache-dir', 'string'),
  f('match-server-version', 'bool'),
  f('disable-compression', 'bool'),
  f('warnings-as-errors', 'bool'),
  f('password', 'string'),
  f('username', 'string'),
  f('log-flush-frequency', 'string'),
  f('help', 'bool', 'h'),
];

/** Flags shared by verbs that print objects after a change (`-o name`, `--dry-run`). */
const PRINT = [f('output', 'string', 'o'), DRY_RUN, f('field-manager', 'string'), f('show-managed-fields', 'bool'), f('template', 'string')];
const SELECT = [f('selector', 'string', 'l'), f('all', 'bool'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k')];

/** Each verb's own flags (from kubectl's pkg/cmd/<verb>/<verb>.go). */
export const VERB_FLAGS: Readonly<Record<string, readonly FlagSpec[]>> = {
  get: [
    f('output', 'string', 'o'),
    f('selector', 'string', 'l'),
    f('field-selector', 'string'),
    f('all-namespaces', 'bool', 'A'),
    f('no-headers', 'bool'),
    f('show-labels', 'bool'),
    f('show-kind', 'bool'),
    f('sort-by', 'string'),
    f('watch', 'bool', 'w'),
    f('watch-only', 'bool'),
    f('output-watch-events', 'bool'),
    f('label-columns', 'array', 'L'),
    f('chunk-size', 'int'),
    f('ignore-not-found', 'bool'),
    f('raw', 'string'),
    f('server-print', 'bool'),
    f('show-managed-fields', 'bool'),
    f('subresource', 'string'),
    f('template', 'string'),
    f('filename', 'array', 'f'),
    f('recursive', 'bool', 'R'),
    f('kustomize', 'string', 'k'),
    f('allow-missing-template-keys', 'bool'),
  ],
  // pkg/cmd/expose/expose.go.
  expose: [...PRINT, f('port', 'string'), f('target-port', 'string'), f('name', 'string'), f('type', 'string'), f('protocol', 'string'), f('selector', 'string'), f('labels', 'string', 'l'), f('external-ip', 'string'), f('cluster-ip', 'string'), f('save-config', 'bool'), VALIDATE],
  'port-forward': [f('address', 'array'), f('pod-running-timeout', 'string')],
  exec: [f('container', 'string', 'c'), f('stdin', 'bool', 'i'), f('tty', 'bool', 't'), f('quiet', 'bool', 'q'), f('pod-running-timeout', 'string'), f('filename', 'array', 'f')],
  run: [
    f('image', 'string'),
    f('restart', 'string'),
    f('rm', 'bool'),
    f('stdin', 'bool', 'i'),
    f('tty', 'bool', 't'),
    f('attach', 'bool'),
    f('command', 'bool'),
    f('env', 'array'),
    f('labels', 'string', 'l'),
    f('port', 'string'),
    DRY_RUN,
    f('output', 'string', 'o'),
    f('quiet', 'bool', 'q'),
    f('image-pull-policy', 'string'),
    f('pod-running-timeout', 'string'),
    f('overrides', 'string'),
    f('override-type', 'string'),
    f('annotations', 'array'),
    f('privileged', 'bool'),
    f('leave-stdin-open', 'bool'),
  ],
  describe: [f('selector', 'string', 'l'), f('all-namespaces', 'bool', 'A'), f('show-events', 'bool'), f('chunk-size', 'int'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k')],
  logs: [
    f('container', 'string', 'c'),
    f('previous', 'bool', 'p'),
    f('tail', 'int'),
    f('timestamps', 'bool'),
    f('since', 'string'),
    f('since-time', 'string'),
    f('follow', 'bool', 'f'),
    f('all-containers', 'bool'),
    f('selector', 'string', 'l'),
    f('prefix', 'bool'),
    f('limit-bytes', 'int'),
    f('max-log-requests', 'int'),
    f('ignore-errors', 'bool'),
    f('pod-running-timeout', 'string'),
    f('insecure-skip-tls-verify-backend', 'bool'),
  ],
  delete: [
    ...SELECT,
    f('all-namespaces', 'bool', 'A'),
    f('field-selector', 'string'),
    f('grace-period', 'int'),
    f('force', 'bool'),
    f('now', 'bool'),
    f('wait', 'bool'),
    { name: 'cascade', type: 'string', noOptDefault: 'background' },
    f('timeout', 'string'),
    f('ignore-not-found', 'bool'),
    f('interactive', 'bool', 'i'),
    f('raw', 'string'),
    f('output', 'string', 'o'),
    DRY_RUN,
  ],
  cordon: [f('selector', 'string', 'l'), DRY_RUN],
  uncordon: [f('selector', 'string', 'l'), DRY_RUN],
  taint: [...PRINT, f('overwrite', 'bool'), f('selector', 'string', 'l'), f('all', 'bool'), VALIDATE, f('allow-missing-template-keys', 'bool')],
  label: [...PRINT, ...SELECT, f('overwrite', 'bool'), f('all-namespaces', 'bool', 'A'), f('field-selector', 'string'), f('list', 'bool'), f('local', 'bool'), f('resource-version', 'string')],
  annotate: [...PRINT, ...SELECT, f('overwrite', 'bool'), f('all-namespaces', 'bool', 'A'), f('field-selector', 'string'), f('list', 'bool'), f('local', 'bool'), f('resource-version', 'string')],
  scale: [...PRINT, ...SELECT, f('replicas', 'int'), f('current-replicas', 'int'), f('resource-version', 'string'), f('timeout', 'string')],
  'set image': [...PRINT, ...SELECT, f('local', 'bool')],
  'set resources': [...PRINT, ...SELECT, f('local', 'bool'), f('containers', 'string', 'c'), f('limits', 'string'), f('requests', 'string')],
  patch: [...PRINT, f('patch', 'string', 'p'), f('patch-file', 'string'), f('type', 'string'), f('local', 'bool'), f('subresource', 'string'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k')],
  edit: [...PRINT, f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k'), VALIDATE, f('windows-line-endings', 'bool'), f('save-config', 'bool'), f('subresource', 'string'), f('output-patch', 'bool')],
  apply: [...PRINT, ...SELECT, f('force', 'bool'), VALIDATE, f('server-side', 'bool'), f('prune', 'bool'), f('overwrite', 'bool'), f('wait', 'bool'), f('timeout', 'string'), f('force-conflicts', 'bool'), f('grace-period', 'int')],
  create: [...PRINT, f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k'), f('save-config', 'bool'), VALIDATE, f('edit', 'bool'), f('selector', 'string', 'l'), f('raw', 'string'), f('windows-line-endings', 'bool')],
  'create deployment': [...PRINT, f('image', 'array'), f('replicas', 'int', 'r'), f('port', 'int'), f('save-config', 'bool'), VALIDATE],
  'create namespace': [...PRINT, f('save-config', 'bool'), VALIDATE],
  'create configmap': [...PRINT, f('from-literal', 'array'), f('from-file', 'array'), f('from-env-file', 'array'), f('append-hash', 'bool'), f('save-config', 'bool'), VALIDATE],
  // pkg/cmd/create: create_serviceaccount.go, create_role.go, create_clusterrole.go, create_rolebinding.go, create_clusterrolebinding.go.
  'create service': [...PRINT, f('tcp', 'array'), f('clusterip', 'string'), f('node-port', 'int'), f('external-name', 'string'), f('save-config', 'bool'), VALIDATE],
  'create serviceaccount': [...PRINT, f('save-config', 'bool'), VALIDATE],
  'create role': [...PRINT, f('verb', 'array'), f('resource', 'array'), f('resource-name', 'array'), f('save-config', 'bool'), VALIDATE],
  'create clusterrole': [...PRINT, f('verb', 'array'), f('resource', 'array'), f('resource-name', 'array'), f('non-resource-url', 'array'), f('aggregation-rule', 'string'), f('save-config', 'bool'), VALIDATE],
  'create rolebinding': [...PRINT, f('role', 'string'), f('clusterrole', 'string'), f('user', 'array'), f('group', 'array'), f('serviceaccount', 'array'), f('save-config', 'bool'), VALIDATE],
  'create clusterrolebinding': [...PRINT, f('clusterrole', 'string'), f('user', 'array'), f('group', 'array'), f('serviceaccount', 'array'), f('save-config', 'bool'), VALIDATE],
  'create secret': [...PRINT, f('from-literal', 'array'), f('from-file', 'array'), f('from-env-file', 'array'), f('type', 'string'), f('append-hash', 'bool'), f('save-config', 'bool'), VALIDATE],
  'rollout status': [f('watch', 'bool', 'w'), f('revision', 'int'), f('timeout', 'string'), f('selector', 'string', 'l'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k')],
  'rollout restart': [...PRINT, f('selector', 'string', 'l'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k')],
  'rollout undo': [...PRINT, f('to-revision', 'int'), f('selector', 'string', 'l'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k')],
  'rollout history': [f('output', 'string', 'o'), f('revision', 'int'), f('selector', 'string', 'l'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k'), f('template', 'string'), f('allow-missing-template-keys', 'bool'), f('show-managed-fields', 'bool')],
  version: [f('client', 'bool'), f('output', 'string', 'o')],
  'cluster-info': [],
  'api-resources': [f('namespaced', 'bool'), f('output', 'string', 'o'), f('verbs', 'array'), f('api-group', 'string'), f('no-headers', 'bool'), f('sort-by', 'string'), f('cached', 'bool'), f('categories', 'array')],
  // pkg/cmd/auth/cani.go and whoami.go (with the printer flags).
  'auth can-i': [f('all-namespaces', 'bool', 'A'), f('list', 'bool'), f('no-headers', 'bool'), f('quiet', 'bool', 'q'), f('subresource', 'string')],
  'auth whoami': [f('output', 'string', 'o'), f('template', 'string'), f('allow-missing-template-keys', 'bool'), f('show-managed-fields', 'bool')],
  'certificate approve': [f('force', 'bool'), f('output', 'string', 'o'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k'), f('template', 'string'), f('allow-missing-template-keys', 'bool'), f('show-managed-fields', 'bool')],
  'certificate deny': [f('force', 'bool'), f('output', 'string', 'o'), f('filename', 'array', 'f'), f('recursive', 'bool', 'R'), f('kustomize', 'string', 'k'), f('template', 'string'), f('allow-missing-template-keys', 'bool'), f('show-managed-fields', 'bool')],
  // pkg/cmd/debug/debug.go AddFlags.
  debug: [
    f('filename', 'array', 'f'),
    f('arguments-only', 'bool'),
    f('attach', 'bool'),
    f('container', 'string', 'c'),
    f('copy-to', 'string'),
    f('replace', 'bool'),
    f('env', 'array'),
    f('image', 'string'),
    f('keep-labels', 'bool'),
    f('keep-annotations', 'bool'),
    f('keep-liveness', 'bool'),
    f('keep-readiness', 'bool'),
    f('keep-startup', 'bool'),
    f('keep-init-containers', 'bool'),
    f('set-image', 'array'),
    f('image-pull-policy', 'string'),
    f('stdin', 'bool', 'i'),
    f('quiet', 'bool', 'q'),
    f('same-node', 'bool'),
    f('share-processes', 'bool'),
    f('target', 'string'),
    f('tty', 'bool', 't'),
    f('profile', 'string'),
    f('custom', 'string'),
  ],
  top: [f('all-namespaces', 'bool', 'A'), f('selector', 'string', 'l'), f('containers', 'bool'), f('no-headers', 'bool'), f('sort-by', 'string')],
};

/** Verbs with sub-verbs: cobra resolves `kubectl set image` to the `set image` command. */
export const SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  set: ['image', 'resources'],
  rollout: ['status', 'restart', 'undo', 'history'],
  create: ['deployment', 'namespace', 'ns', 'configmap', 'cm', 'secret', 'service', 'svc', 'serviceaccount', 'sa', 'role', 'clusterrole', 'rolebinding', 'clusterrolebinding'],
  certificate: ['approve', 'deny'],
  auth: ['can-i', 'whoami'],
};

/** Global flags that take a value, to skip it while looking for the verb (cobra stripFlags). */
export function globalTakesValue(arg: string): boolean {
  if (arg.startsWith('--')) {
    if (arg.includes('=')) return false;
    const spec = GLOBAL_FLAGS.find((s) => s.name === arg.slice(2));
    return !!spec && spec.type !== 'bool';
  }
  if (arg.startsWith('-') && arg.length === 2) {
    const spec = GLOBAL_FLAGS.find((s) => s.short === arg[1]);
    return !!spec && spec.type !== 'bool';
  }
  return false;
}

/** strconv.ParseBool: its spellings of true and false; undefined for anything else. */
export function parseGoBool(text: string): boolean | undefined {
  if (/^(1|t|T|true|TRUE|True)$/.test(text)) return true;
  if (/^(0|f|F|false|FALSE|False)$/.test(text)) return false;
  return undefined;
}

/** pflag's ParseInt failure text. */
function intError(value: string, flag: string): string {
  return `invalid argument "${value}" for "${flag}" flag: strconv.ParseInt: parsing "${value}": invalid syntax`;
}

/**
 * Parses `args` (the verb already removed) against the verb's flags and the
 * global ones. Errors are pflag's messages without the `error: ` prefix.
 */
export function parseFlags(args: readonly string[], specs: readonly FlagSpec[]): ParsedArgs {
  const all = [...specs, ...GLOBAL_FLAGS.filter((g) => !specs.some((s) => s.name === g.name || (g.short && s.short === g.short)))];
  const flags: FlagValues = {};
  const set = new Set<string>();
  const positional: string[] = [];
  // cobra's ArgsLenAtDash: how many positionals came before `--` (kubectl debug splits targets from the command there).
  let dashAt: number | undefined;
  const assign = (spec: FlagSpec, value: string | undefined, shown: string): string | undefined => {
    set.add(spec.name);
    switch (spec.type) {
      case 'bool': {
        const v = value ?? 'true';
        const b = parseGoBool(v);
        if (b === undefined) return `invalid argument "${v}" for "${shown}" flag: strconv.ParseBool: parsing "${v}": invalid syntax`;
        flags[spec.name] = b;
        return undefined;
      }
      case 'int': {
        if (!/^[+-]?\d+$/.test(value!)) return intError(value!, shown);
        flags[spec.name] = Number(value);
        return undefined;
      }
      case 'array': {
        const prev = (flags[spec.name] as string[] | undefined) ?? [];
        flags[spec.name] = [...prev, value!];
        return undefined;
      }
      default:
        flags[spec.name] = value!;
        return undefined;
    }
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      dashAt = positional.length;
      positional.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('--') && arg.length > 2) {
      const eq = arg.indexOf('=');
      const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
      const spec = all.find((s) => s.name === name);
      if (!spec) return { ok: false, error: `unknown flag: --${name}` };
      let value: string | undefined = eq >= 0 ? arg.slice(eq + 1) : undefined;
      if (value === undefined && spec.noOptDefault !== undefined) value = spec.noOptDefault;
      if (value === undefined && spec.type !== 'bool') {
        if (i + 1 >= args.length) return { ok: false, error: `flag needs an argument: --${name}` };
        value = args[++i];
      }
      const err = assign(spec, value, `--${name}`);
      if (err) return { ok: false, error: err };
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      // A run of shorthands: bools combine (-Aw), a value flag takes the rest or the next arg.
      let rest = arg.slice(1);
      while (rest.length > 0) {
        const c = rest[0];
        const spec = all.find((s) => s.short === c);
        if (!spec) return { ok: false, error: `unknown shorthand flag: '${c}' in -${arg.slice(1)}` };
        rest = rest.slice(1);
        if (spec.type === 'bool') {
          let value: string | undefined;
          if (rest.startsWith('=')) {
            value = rest.slice(1);
            rest = '';
          }
          const err = assign(spec, value, `-${c}, --${spec.name}`);
          if (err) return { ok: false, error: err };
          continue;
        }
        let value: string;
        if (rest.startsWith('=')) value = rest.slice(1);
        else if (rest.length > 0) value = rest;
        else {
          if (i + 1 >= args.length) return { ok: false, error: `flag needs an argument: '${c}' in -${c}` };
          value = args[++i];
        }
        rest = '';
        const err = assign(spec, value, `-${c}, --${spec.name}`);
        if (err) return { ok: false, error: err };
      }
      continue;
    }
    positional.push(arg);
  }
  return { ok: true, positional, flags, set, ...(dashAt !== undefined ? { dashAt } : {}) };
}

/** Reads a string flag. */
export const str = (flags: FlagValues, name: string): string | undefined => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
/** Reads a bool flag (false when unset). */
export const bool = (flags: FlagValues, name: string): boolean => flags[name] === true;
/** Reads an int flag. */
export const int = (flags: FlagValues, name: string): number | undefined => (typeof flags[name] === 'number' ? (flags[name] as number) : undefined);
/** Reads an array flag ([] when unset). */
export const arr = (flags: FlagValues, name: string): string[] => (Array.isArray(flags[name]) ? (flags[name] as string[]) : []);
