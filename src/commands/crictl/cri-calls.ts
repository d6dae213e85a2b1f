/**
 * crictl's side of the CRI: every subcommand asks the node's containerd
 * through a CriClient (src/cluster/runtime/cri-client.ts), never through the
 * runtime's own records. A failed call is logged as k8s.io/cri-client logs it
 * (remote_runtime.go / remote_image.go logErr through klog.Background(): a
 * klog error line on stderr naming the call and its arguments, whatever the
 * error, NotFound included) before the action wraps the error for
 * logrus.Fatal. A hung containerd answers Version (connecting works) but holds
 * every list and status call until crictl's --timeout (2s) runs out.
 */
import type { ContainerFilter, CriClient, CriResponse, PodSandboxFilter } from '../../cluster/runtime/cri-client.js';
import { klogKV, klogLine } from '../../cluster/host/journal.js';
import { parseGoDuration } from '../kubectl/logs.js';

/** The generated String() of a state filter value (nil when unset). */
function stateValue(type: string, state: string | undefined): string {
  return state ? `&${type}{State:${state},}` : 'nil';
}

/** runtime/v1 ContainerFilter.String() as klog prints the `filter` value (nil filter: `nil`). */
export function containerFilterText(f: ContainerFilter | undefined): string {
  if (!f) return 'nil';
  return `&ContainerFilter{Id:${f.id ?? ''},State:${stateValue('ContainerStateValue', f.state)},PodSandboxId:${f.podSandboxId ?? ''},LabelSelector:map[string]string{},}`;
}

/** runtime/v1 PodSandboxFilter.String(). */
export function sandboxFilterText(f: PodSandboxFilter): string {
  return `&PodSandboxFilter{Id:${f.id ?? ''},State:${stateValue('PodSandboxStateValue', f.state)},LabelSelector:map[string]string{},}`;
}

/** runtime/v1 ImageFilter.String() for crictl's `ListImages(client, name)` (nil filter: `nil`). */
function imageFilterText(image: string | undefined): string {
  if (image === undefined) return 'nil';
  return `&ImageFilter{Image:&ImageSpec{Image:${image},Annotations:map[string]string{},UserSpecifiedImage:,RuntimeHandler:,},}`;
}

/** The CRI as crictl's process sees it: the client's calls, with cri-client's error log. */
export class CrictlCri {
  /** klog lines cri-client wrote to stderr so far. */
  log = '';
  private pid?: number;

  constructor(
    private readonly client: CriClient,
    private readonly host: { now(): number; nextPid(): number },
  ) {}

  /** Logs a failed call (remote_runtime.go logErr) and passes the response on. */
  private logged<T>(r: CriResponse<T>, message: string, fields: Record<string, string> = {}): CriResponse<T> {
    if (!r.ok) {
      this.pid ??= this.host.nextPid();
      this.log += `${klogLine('E', this.host.now(), this.pid, 'log.go:32', klogKV(message, { err: r.error, ...fields }))}\n`;
    }
    return r;
  }

  version() {
    return this.logged(this.client.version(), 'Version from runtime service failed');
  }
  status(verbose: boolean) {
    return this.logged(this.client.status(verbose), 'Status from runtime service failed');
  }
  listContainers(filter: ContainerFilter | undefined) {
    return this.logged(this.client.listContainers(filter), 'ListContainers with filter from runtime service failed', { filter: containerFilterText(filter) });
  }
  containerStatus(id: string, verbose: boolean) {
    return this.logged(this.client.containerStatus(id, verbose), 'ContainerStatus from runtime service failed', { containerID: id });
  }
  listPodSandbox(filter: PodSandboxFilter) {
    return this.logged(this.client.listPodSandbox(filter), 'ListPodSandbox with filter from runtime service failed', { filter: sandboxFilterText(filter) });
  }
  /** PodSandboxStatus is the one call cri-client does not log (remote_runtime.go podSandboxStatusV1). */
  podSandboxStatus(id: string, verbose: boolean) {
    return this.client.podSandboxStatus(id, verbose);
  }
  listImages(image?: string) {
    return this.logged(this.client.listImages(), 'ListImages with filter from image service failed', { filter: imageFilterText(image) });
  }
  imageStatus(ref: string, verbose: boolean) {
    return this.logged(this.client.imageStatus(ref, verbose), 'Get ImageStatus from image service failed', { image: ref });
  }
  removeImage(ref: string) {
    return this.logged(this.client.removeImage(ref), 'RemoveImage from image service failed', { image: ref });
  }
}

/** A CRI time (int64 nanoseconds) as milliseconds and the nanoseconds past them. */
export function splitNs(ns: bigint): { ms: number; extraNs: number } {
  return { ms: Number(ns / 1_000_000n), extraNs: Number(ns % 1_000_000n) };
}

/** crictl's --timeout: a Go duration; 0, less, or unparsable is the 2s default. */
export function crictlTimeoutMs(value: string | undefined): number {
  const seconds = value === undefined ? undefined : parseGoDuration(value);
  return seconds !== undefined && seconds > 0 ? seconds * 1000 : 2_000;
}
