/**
 * Tab completion for the learner's shell, as bash with bash-completion and
 * kubectl's cobra completion behave: the word at the cursor is completed from
 * what fits where it stands (a command name, a kubectl verb, resource type,
 * flag or object name, a node after `ssh`, a unit after `systemctl <verb>` or
 * `journalctl -u`, else a file path). Pure: everything it knows of the
 * session comes through {@link CompletionSources}, which only read.
 */
import { GLOBAL_FLAGS, SUBCOMMANDS, VERB_FLAGS, type FlagSpec } from '../commands/kubectl/flags.js';
import { RESOURCES, resolveResource, type ResourceInfo } from '../cluster/apiserver/resources.js';
import { normalizePath } from '../cluster/host/vfs.js';

/** What completion may read of the session; every method only reads. */
export interface CompletionSources {
  /** Command names installed on the current host, builtins included. */
  commands(): readonly string[];
  /** The cluster's node names (ssh targets). */
  nodes(): readonly string[];
  /** systemd unit names on the current host (`kubelet.service`); [] on the workstation. */
  units(): readonly string[];
  /** Names of `resource` objects in `namespace` (undefined: all namespaces, or cluster-scoped); [] when the API refuses. */
  objects(resource: string, namespace: string | undefined): readonly string[];
  /** Container names of a pod (init containers first), [] when it cannot be read. */
  containers(namespace: string, pod: string): readonly string[];
  /** Entries of a directory of the current host (absolute path); undefined when it is not one. */
  list(dir: string): readonly { name: string; dir: boolean }[] | undefined;
  /** The directory relative paths start from (the shell's home). */
  readonly cwd: string;
}

/** What to put in place of `line.slice(start, end)`. */
export interface Completion {
  /** Where the word being completed starts. */
  readonly start: number;
  /** Where it ends (the cursor). */
  readonly end: number;
  /** Whole replacement words, sorted and unique; directories end in `/`. */
  readonly candidates: readonly string[];
  /**
   * The candidates are file names (readline's rl_filename_completion_desired):
   * listed by their last path component, and a directory takes no space after it.
   */
  readonly filenames: boolean;
}

/** A word of the line before the cursor. */
interface Word {
  readonly text: string;
  readonly start: number;
}

/** Characters that end a word and start a new command (`|`, `;`, `&`, parentheses). */
const COMMAND_BREAKS = new Set(['|', ';', '&', '(', ')']);

/**
 * Splits the line before the cursor into the words of its last simple
 * command, quotes removed; redirection targets are marked by a `>`/`<` word.
 * The last word is the one being completed ('' after a space).
 */
function lastCommandWords(before: string): Word[] {
  let words: Word[] = [];
  let text = '';
  let start = -1;
  let quote: '"' | "'" | undefined;
  const end = () => {
    if (start >= 0) words.push({ text, start });
    text = '';
    start = -1;
  };
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else text += c;
      continue;
    }
    if (c === '"' || c === "'") {
      if (start < 0) start = i;
      quote = c;
      continue;
    }
    if (c === '\\' && i + 1 < before.length) {
      if (start < 0) start = i;
      text += before[++i];
      continue;
    }
    if (c === ' ' || c === '\t') {
      end();
      continue;
    }
    if (COMMAND_BREAKS.has(c)) {
      end();
      words = [];
      continue;
    }
    if (c === '<' || c === '>') {
      end();
      words.push({ text: c, start: i });
      continue;
    }
    if (start < 0) start = i;
    text += c;
  }
  if (start >= 0 || quote) words.push({ text, start: start >= 0 ? start : before.length });
  else words.push({ text: '', start: before.length });
  return words;
}

/** The sorted, unique members of `names` that start with `prefix`. */
function matching(names: Iterable<string>, prefix: string): string[] {
  const out = new Set<string>();
  for (const name of names) if (name.startsWith(prefix)) out.add(name);
  return [...out].sort();
}

/** Completes the word that ends at `cursor` in `line`. */
export function complete(line: string, cursor: number, sources: CompletionSources): Completion {
  const at = Math.max(0, Math.min(cursor, line.length));
  const words = lastCommandWords(line.slice(0, at));
  const word = words[words.length - 1]!;
  const result = (candidates: readonly string[], filenames = false): Completion => ({ start: word.start, end: at, candidates, filenames });
  const previous = words[words.length - 2];
  // A redirection's target is a file, wherever it stands.
  if (previous && (previous.text === '>' || previous.text === '<')) return result(files(word.text, sources), true);
  // The word after a redirection operator is its file, not an argument.
  const redirected = new Set<number>();
  words.forEach((w, i) => {
    if ((w.text === '>' || w.text === '<') && i + 1 < words.length - 1) redirected.add(i + 1);
  });
  const args = words.filter((w, i) => w.text !== '>' && w.text !== '<' && !redirected.has(i)).map((w) => w.text);
  // Variable assignments before the command (`KUBECONFIG=x kubectl`) and sudo are not the command.
  while (args.length > 1 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[0]!)) args.shift();
  while (args.length > 1 && args[0] === 'sudo') args.shift();
  if (args.length === 1) {
    if (word.text.includes('/')) return result(files(word.text, sources), true);
    return result(matching(sources.commands(), word.text));
  }
  const [command, ...rest] = args;
  switch (command) {
    case 'kubectl':
    case 'k':
      return kubectl(rest, word.text, sources, result);
    case 'ssh':
      return result(sshTargets(word.text, sources));
    case 'systemctl':
      return systemctl(rest, word.text, sources, result);
    case 'journalctl':
      return journalctl(rest, word.text, sources, result);
    default:
      return result(files(word.text, sources), true);
  }
}

type Result = (candidates: readonly string[], filenames?: boolean) => Completion;

/** `ssh node-<Tab>`, `ssh root@node-<Tab>`. */
function sshTargets(typed: string, sources: CompletionSources): string[] {
  if (typed.startsWith('-')) return [];
  const at = typed.indexOf('@');
  const user = at >= 0 ? typed.slice(0, at + 1) : '';
  return matching(sources.nodes(), typed.slice(user.length)).map((n) => user + n);
}

/** The verbs systemctl offers here (src/commands/host/systemctl/systemctl.ts), as its bash completion lists them. */
const SYSTEMCTL_VERBS = ['cat', 'daemon-reexec', 'daemon-reload', 'disable', 'enable', 'force-reload', 'is-active', 'is-enabled', 'is-failed', 'list-units', 'reload', 'reload-or-restart', 'reset-failed', 'restart', 'show', 'start', 'status', 'stop', 'try-restart'];

/** systemctl verbs that take no unit. */
const SYSTEMCTL_NO_UNIT = new Set(['daemon-reexec', 'daemon-reload', 'list-units']);

function systemctl(rest: readonly string[], typed: string, sources: CompletionSources, result: Result): Completion {
  if (typed.startsWith('-')) return result([]);
  const verb = rest.slice(0, -1).find((a) => !a.startsWith('-'));
  if (verb === undefined) return result(matching(SYSTEMCTL_VERBS, typed));
  if (SYSTEMCTL_NO_UNIT.has(verb)) return result([]);
  return result(matching(sources.units(), typed));
}

function journalctl(rest: readonly string[], typed: string, sources: CompletionSources, result: Result): Completion {
  const previous = rest[rest.length - 2];
  if (previous === '-u' || previous === '--unit') return result(matching(sources.units(), typed));
  if (typed.startsWith('--unit=')) return result(matching(sources.units(), typed.slice('--unit='.length)).map((u) => `--unit=${u}`));
  return result([]);
}

/** File paths on the current host that start with `typed` (relative to the shell's directory, `~/` its home). */
function files(typed: string, sources: CompletionSources): string[] {
  const slash = typed.lastIndexOf('/');
  const dirPart = slash >= 0 ? typed.slice(0, slash + 1) : '';
  const base = typed.slice(slash + 1);
  let dir: string;
  if (dirPart.startsWith('/')) dir = dirPart;
  else if (dirPart.startsWith('~/')) dir = `${sources.cwd}/${dirPart.slice(2)}`;
  else dir = `${sources.cwd}/${dirPart}`;
  const entries = sources.list(normalizePath(dir)) ?? [];
  const out: string[] = [];
  for (const e of entries) {
    // Hidden files only when asked for, as readline's match-hidden-files needs a leading dot.
    if (!e.name.startsWith(base) || (e.name.startsWith('.') && !base.startsWith('.'))) continue;
    out.push(`${dirPart}${e.name}${e.dir ? '/' : ''}`);
  }
  return out.sort();
}

/** The verbs kubectl offers here, and their sub-verbs (`rollout status`). */
function kubectlVerbs(): string[] {
  return [...new Set(Object.keys(VERB_FLAGS).map((k) => k.split(' ')[0]!))].sort();
}

/** Verbs whose first argument is a pod (kubectl's PodResourceNameCompletionFunc). */
const POD_VERBS = new Set(['logs', 'exec', 'port-forward', 'attach']);
/** Verbs whose first argument is a node (kubectl's ResourceNameCompletionFunc(f, "node")). */
const NODE_VERBS = new Set(['cordon', 'uncordon', 'drain']);
/** Verbs that take `TYPE NAME...` or `TYPE/NAME` (kubectl's ResourceTypeAndNameCompletionFunc). */
const TYPE_AND_NAME_VERBS = new Set(['get', 'describe', 'delete', 'edit', 'label', 'annotate', 'patch', 'scale', 'taint', 'rollout status', 'rollout restart', 'rollout undo', 'rollout history', 'set image', 'set resources']);

/** Values `-o` offers (kubectl's output formats). */
const OUTPUT_FORMATS = ['custom-columns=', 'json', 'jsonpath=', 'name', 'wide', 'yaml'];

/** A verb's entry in a table keyed by verb; the verb is typed text, so `constructor` finds nothing. */
function own<T>(table: Readonly<Record<string, T>>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** What the words after `kubectl` say: the verb, its positional arguments, the namespace asked for. */
interface KubectlLine {
  verb: string | undefined;
  positional: string[];
  namespace: string;
  allNamespaces: boolean;
  /** The flag the word being completed is the value of, if any. */
  valueOf: FlagSpec | undefined;
  /** `--` was seen: what follows is a command for the container. */
  dashDash: boolean;
}

function findFlag(specs: readonly FlagSpec[], arg: string): FlagSpec | undefined {
  if (arg.startsWith('--')) return specs.find((s) => s.name === arg.slice(2));
  if (arg.length === 2) return specs.find((s) => s.short === arg[1]);
  return undefined;
}

/** Reads the words before the one being completed, as cobra would find the verb and pflag the flags. */
function readKubectl(before: readonly string[]): KubectlLine {
  const line: KubectlLine = { verb: undefined, positional: [], namespace: 'default', allNamespaces: false, valueOf: undefined, dashDash: false };
  const specs = (): readonly FlagSpec[] => [...GLOBAL_FLAGS, ...(own(VERB_FLAGS, line.verb) ?? [])];
  for (let i = 0; i < before.length; i++) {
    const arg = before[i]!;
    if (line.dashDash) continue;
    if (arg === '--') {
      line.dashDash = true;
      continue;
    }
    if (arg.startsWith('-') && arg !== '-') {
      const eq = arg.indexOf('=');
      const name = eq > 0 ? arg.slice(0, eq) : arg;
      const spec = findFlag(specs(), name) ?? (arg.startsWith('-n') && !arg.startsWith('--') ? GLOBAL_FLAGS[0] : undefined);
      let value: string | undefined;
      if (eq > 0) value = arg.slice(eq + 1);
      else if (spec && spec.type !== 'bool' && !arg.startsWith('--') && arg.length > 2) value = arg.slice(2);
      else if (spec && spec.type !== 'bool') {
        if (i + 1 === before.length) line.valueOf = spec;
        value = before[++i];
      }
      if (spec?.name === 'namespace' && value !== undefined) line.namespace = value;
      if (spec?.name === 'all-namespaces') line.allNamespaces = value === undefined || value === 'true';
      continue;
    }
    if (line.verb === undefined) line.verb = arg;
    else if (own(SUBCOMMANDS, line.verb) && !line.verb.includes(' ') && line.positional.length === 0) line.verb = `${line.verb} ${arg === 'ns' ? 'namespace' : arg}`;
    else line.positional.push(arg);
  }
  return line;
}

function kubectl(rest: readonly string[], typed: string, sources: CompletionSources, result: Result): Completion {
  const line = readKubectl(rest.slice(0, -1));
  const namespace = line.allNamespaces ? undefined : line.namespace;
  if (line.dashDash) return result([]);
  if (line.valueOf) {
    switch (line.valueOf.name) {
      case 'namespace':
        return result(matching(sources.objects('namespaces', undefined), typed));
      case 'output':
        return result(matching(OUTPUT_FORMATS, typed));
      case 'filename':
        return result(files(typed, sources), true);
      case 'container': {
        // `kubectl logs web-1 -c <Tab>`: the containers of the pod named on the line (kubectl's
        // ContainerCompletionFunc), in the namespace asked for.
        const pod = POD_VERBS.has(line.verb ?? '') ? line.positional[0] : undefined;
        return result(pod && !line.allNamespaces ? matching(sources.containers(line.namespace, pod), typed) : []);
      }
      default:
        return result([]);
    }
  }
  if (typed.startsWith('-')) {
    const specs = [...(own(VERB_FLAGS, line.verb) ?? []), ...GLOBAL_FLAGS];
    const long = specs.map((s) => `--${s.name}`);
    // Cobra offers the shorthands too while only a dash is typed.
    const short = typed.startsWith('--') ? [] : specs.filter((s) => s.short).map((s) => `-${s.short}`);
    return result(matching([...long, ...short], typed));
  }
  if (line.verb === undefined) return result(matching(kubectlVerbs(), typed));
  const subs = own(SUBCOMMANDS, line.verb);
  if (subs && !line.verb.includes(' ')) return result(matching(subs, typed));
  const verb = line.verb;
  if (POD_VERBS.has(verb)) return result(line.positional.length === 0 ? matching(sources.objects('pods', namespace), typed) : []);
  if (NODE_VERBS.has(verb)) return result(matching(sources.objects('nodes', undefined), typed));
  if (!TYPE_AND_NAME_VERBS.has(verb)) return result([]);
  if (line.positional.length === 0) {
    const slash = typed.indexOf('/');
    if (slash > 0) {
      const info = resolveResource(typed.slice(0, slash));
      if (!info) return result([]);
      const prefix = typed.slice(0, slash + 1);
      return result(matching(names(info, namespace, sources), typed.slice(slash + 1)).map((n) => prefix + n));
    }
    return result(resourceTypes(typed));
  }
  const typeArg = line.positional[0]!;
  // `kubectl get pods,svc <Tab>` and `kubectl get pod/x <Tab>` name no single type to list.
  if (typeArg.includes(',') || typeArg.includes('/')) return result([]);
  const info = resolveResource(typeArg);
  if (!info) return result([]);
  const already = new Set(line.positional.slice(1));
  return result(matching(names(info, namespace, sources), typed).filter((n) => !already.has(n)));
}

function names(info: ResourceInfo, namespace: string | undefined, sources: CompletionSources): readonly string[] {
  return sources.objects(info.name, info.namespaced ? namespace : undefined);
}

/**
 * Resource types for `kubectl get <typed>`: plural names that start with what
 * was typed; a short name or singular typed in full (`svc`, `deploy`, `pod`)
 * completes to its plural, since kubectl takes either.
 */
function resourceTypes(typed: string): string[] {
  const lower = typed.toLowerCase();
  const exact = RESOURCES.find((r) => r.shortNames.includes(lower) || r.singular === lower);
  const plurals = RESOURCES.filter((r) => r.verbs.includes('list')).map((r) => r.name);
  const found = matching(plurals, lower);
  if (exact && !found.includes(exact.name)) return [exact.name];
  return found;
}
