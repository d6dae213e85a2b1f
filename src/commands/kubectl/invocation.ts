/**
 * What a kubectl verb receives once the command line is parsed: the client
 * (the learner's kubeconfig), the namespace rules and the verb's flags.
 */
import type { ApiClient, KubeObject } from '../../cluster/apiserver/types.js';
import type { CommandContext } from '../types.js';
import type { FlagValues } from './flags.js';
import { kindPrefix } from './output/kind-prefix.js';
import type { DryRunStrategy } from './dry-run.js';

/** One parsed kubectl run. */
export interface Invocation {
  readonly ctx: CommandContext;
  /** The learner's API client; kubectl talks to the cluster only through it. */
  readonly client: ApiClient;
  /** Simulated time (ms since the epoch). */
  readonly now: number;
  /** Positional arguments after the verb. */
  readonly args: readonly string[];
  /** How many of `args` came before a `--` (cobra's ArgsLenAtDash); undefined without one. */
  readonly dashAt?: number;
  readonly flags: FlagValues;
  /** Names of the flags given on the line (to tell `--x=false` from unset). */
  readonly set: ReadonlySet<string>;
  /** `-n` or the kubeconfig default, `default`. */
  readonly namespace: string;
  /** True when `-n` was given (kubectl's enforceNamespace). */
  readonly explicitNamespace: boolean;
  /** `kubectl get`, `kubectl rollout status`: for usage hints. */
  readonly commandPath: string;
  /** --dry-run, for verbs that take it: the client is then dryRunClient's (dry-run.ts). */
  readonly dryRun?: DryRunStrategy;
}

/** `pod/web-1`, `deployment.apps/web`: the form `-o name` and most success lines use. */
export function kindName(obj: KubeObject): string {
  return `${kindPrefix(obj)}/${obj.metadata.name ?? ''}`;
}

/** `pod "web-1"`, `deployment.apps "web"`: the form `kubectl delete` prints. */
export function quotedKindName(obj: KubeObject): string {
  return `${kindPrefix(obj)} "${obj.metadata.name ?? ''}"`;
}
