/**
 * The registry of commands: names mapped to lazy loaders, each with the hosts it
 * exists on, after vercel-labs/just-bash commands/registry.ts. Closed: commands
 * are registered explicitly (src/commands/index.ts), never found by scanning
 * folders; a loader runs only when its command is first used.
 */
import type { Command, OutputProvenance } from './types.js';

/** Where a command is installed: the learner's workstation, the cluster's nodes, or both. */
export type CommandWhere = 'workstation' | 'node' | 'both';

/** Loads a command module on first use, e.g. `async () => (await import('./text/grep.js')).grepCommand`. */
export type CommandLoader = () => Promise<Command>;

/** One registered command. */
export interface RegistryEntry {
  /** The name it is invoked by. */
  readonly name: string;
  /** Loads its implementation. */
  readonly load: CommandLoader;
  /** Hosts it exists on. */
  readonly where: CommandWhere;
  /** Whether its output reads simulated state or filters its input (evidence provenance). */
  readonly provenance: OutputProvenance;
}

/** A set of commands the shell can run. */
export interface CommandRegistry {
  /** Adds (or replaces) a command; it `observes` simulated state unless said to be a `filter`. */
  register(name: string, loader: CommandLoader, where: CommandWhere, provenance?: OutputProvenance): void;
  /** The entry for `name` if it exists on `host` (`workstation` or a node name). */
  lookup(name: string, host: string): RegistryEntry | undefined;
  /** Loads the command `name` as installed on `host`, or undefined when it is not there. */
  load(name: string, host: string): Promise<Command | undefined>;
  /** Names of the commands available on `host`, sorted. */
  names(host: string): string[];
  /** Loads every command now, each once (a warmed cluster's snapshot holds them loaded). */
  loadAll(): Promise<void>;
}

/** The host name of the learner's machine; every other host is a cluster node. */
export const WORKSTATION = 'workstation';

/** Whether a command installed at `where` exists on `host`. */
export function availableOn(where: CommandWhere, host: string): boolean {
  if (where === 'both') return true;
  return (host === WORKSTATION) === (where === 'workstation');
}

/** Creates an empty registry. */
export function createCommandRegistry(): CommandRegistry {
  const entries = new Map<string, RegistryEntry>();
  const cache = new Map<string, Promise<Command>>();
  const loaded = (entry: RegistryEntry): Promise<Command> => {
    let loading = cache.get(entry.name);
    if (!loading) {
      loading = entry.load();
      cache.set(entry.name, loading);
    }
    return loading;
  };
  return {
    register(name, load, where, provenance = 'observes') {
      entries.set(name, { name, load, where, provenance });
      cache.delete(name);
    },
    lookup(name, host) {
      const entry = entries.get(name);
      return entry && availableOn(entry.where, host) ? entry : undefined;
    },
    async load(name, host) {
      const entry = this.lookup(name, host);
      return entry && loaded(entry);
    },
    async loadAll() {
      await Promise.all([...entries.values()].map(loaded));
    },
    names(host) {
      return [...entries.values()]
        .filter((e) => availableOn(e.where, host))
        .map((e) => e.name)
        .sort();
    },
  };
}

let shared: CommandRegistry | undefined;

/** The process-wide registry that `registerCommand` fills (created on first use). */
export function sharedRegistry(): CommandRegistry {
  shared ??= createCommandRegistry();
  return shared;
}

/** Registers a command into the shared registry (called from src/commands/index.ts). */
export function registerCommand(name: string, loader: CommandLoader, where: CommandWhere, provenance?: OutputProvenance): void {
  sharedRegistry().register(name, loader, where, provenance);
}

/** The message and status bash gives for a name that is not installed on this host. */
export function commandNotFound(name: string): { stdout: string; stderr: string; exitCode: number } {
  return { stdout: '', stderr: `bash: ${name}: command not found\n`, exitCode: 127 };
}
