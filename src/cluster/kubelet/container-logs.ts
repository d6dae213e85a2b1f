/**
 * The kubelet's containerLogs endpoint: picks the container a log request
 * means from the pod's status (pkg/kubelet/kubelet_pods.go
 * validateContainerLogStatus) and reads its log from the runtime.
 */
import type { ApiResult, KubeObject, PodLogOptions } from '../apiserver/types.js';
import type { ContainerRuntime } from '../runtime/runtime.js';
import { badRequest, failure } from '../apiserver/errors.js';

type Obj = Record<string, any>;

/** Serves `GET /containerLogs/<ns>/<pod>/<container>`. */
export function containerLogs(runtime: ContainerRuntime, pod: KubeObject, container: string, options: PodLogOptions, now: number): ApiResult<string> {
  const podName = pod.metadata.name;
  // App containers, then init, then ephemeral ones (a `kubectl debug` container has logs too).
  const statuses: Obj[] = [...((pod.status as Obj)?.containerStatuses ?? []), ...((pod.status as Obj)?.initContainerStatuses ?? []), ...((pod.status as Obj)?.ephemeralContainerStatuses ?? [])];
  const status = statuses.find((s) => s.name === container);
  const err = (msg: string) => failure<string>(badRequest(msg));
  if (!status) return err(`container "${container}" in pod "${podName}" is waiting to start: ContainerCreating`);
  const last = status.lastState?.terminated;
  const { running, terminated, waiting } = status.state ?? {};
  let id: string | undefined;
  if (options.previous) {
    if (!last?.containerID) return err(`previous terminated container "${container}" in pod "${podName}" not found`);
    id = last.containerID;
  } else if (running) id = status.containerID;
  else if (terminated) id = terminated.containerID || last?.containerID;
  else if (last) id = last.containerID;
  else if (waiting) {
    if (waiting.reason === 'ErrImagePull') return err(`container "${container}" in pod "${podName}" is waiting to start: image can't be pulled`);
    if (waiting.reason === 'ImagePullBackOff') return err(`container "${container}" in pod "${podName}" is waiting to start: trying and failing to pull image`);
    return err(`container "${container}" in pod "${podName}" is waiting to start: ${waiting.reason}`);
  }
  if (!id) return err(`container "${container}" in pod "${podName}" is terminated`);
  const c = runtime.containers.get(String(id).replace(/^containerd:\/\//, ''));
  let lines = c?.logs.lines() ?? [];
  if (options.sinceSeconds !== undefined) lines = lines.filter((l) => l.time >= now - options.sinceSeconds! * 1000);
  if (options.tailLines !== undefined) lines = options.tailLines <= 0 ? [] : lines.slice(-options.tailLines);
  const text = lines.map((l) => (options.timestamps ? `${new Date(l.time).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z')} ${l.line}` : l.line)).join('\n');
  return { ok: true, value: text ? `${text}\n` : '' };
}
