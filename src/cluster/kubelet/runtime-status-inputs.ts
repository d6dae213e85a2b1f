/**
 * The runtime's share of the node status: the Ready condition's errors
 * (runtime, PLEG, network) and the image list. Upstream's setters
 * (pkg/kubelet/nodestatus/setters.go) ask the runtime at every status update,
 * every 10 s. Here a quiet node compares three counters instead (the
 * runtime's state, its CNI configuration directory and its image store) and
 * reads again only when one of them moved or the runtime state is not
 * settled (something failing, PLEG out of step, a loop to start).
 */
import type { ContainerRuntime } from '../runtime/runtime.js';
import type { RuntimeState } from './runtime-state.js';

/** One entry of the node's `status.images`. */
export interface NodeImage {
  names: string[];
  sizeBytes: number;
}

/** The Ready condition's errors, as the status loop compares them. */
export interface ReadyErrors {
  /** Ready=False message parts; empty when the node is Ready. */
  readonly reasons: string[];
  /** The parts as one text: equal texts mean equal errors. */
  readonly key: string;
}

const NO_ERRORS: ReadyErrors = Object.freeze({ reasons: [], key: '' });

/** Reads the node status's runtime inputs, each only when what it comes from changed. */
export class RuntimeStatusReader {
  /** The last errors read, and what they were read from while the runtime state was settled. */
  private ready?: { errors: ReadyErrors; settledOn?: { state: RuntimeState; runtime: number; network: number } };
  private imageList?: { version: number; list: NodeImage[] };

  constructor(private readonly runtime: ContainerRuntime) {}

  /**
   * The Ready condition's errors from `state` (the running kubelet's), as
   * readyErrors() gives them. The same object while they are the same, so
   * the status loop can compare it by identity.
   */
  readyErrors(state: RuntimeState | undefined): ReadyErrors {
    if (!state) return NO_ERRORS;
    const runtimeVersion = this.runtime.stateVersion;
    const networkVersion = this.runtime.networkConfigVersion();
    const last = this.ready;
    const on = last?.settledOn;
    // Settled, with neither the runtime's state nor its CNI files changed since: readyErrors() would read the same
    // network error again and do nothing else.
    if (on && on.state === state && on.runtime === runtimeVersion && on.network === networkVersion && state.settled()) return last.errors;
    const reasons = state.readyErrors();
    const key = reasons.length === 0 ? '' : reasons.join('\n');
    const errors = last?.errors.key === key ? last.errors : { reasons, key };
    const settled = networkVersion !== undefined && state.settled();
    this.ready = { errors, settledOn: settled ? { state, runtime: runtimeVersion, network: networkVersion } : undefined };
    return errors;
  }

  /** `status.images`, largest first, rebuilt only when an image came or went. */
  images(): NodeImage[] {
    const store = this.runtime.images;
    if (this.imageList?.version === store.version) return this.imageList.list;
    const list = [...store.values()]
      .sort((a, b) => b.sizeBytes - a.sizeBytes)
      .map((img) => ({ names: [img.tags[0].replace(/:[^:/]+$/, '') + '@' + img.id, ...img.tags], sizeBytes: img.sizeBytes }));
    this.imageList = { version: store.version, list };
    return list;
  }
}
