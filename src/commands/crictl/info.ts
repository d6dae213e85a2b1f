/**
 * `crictl info` and `crictl version` (cri-tools v1.32 cmd/crictl/info.go,
 * version.go), from the CRI's Status (verbose unless -q) and Version answers.
 */
import { goIndentedJson } from './format.js';
import { statusData, type CriNode, type CriResult } from './containers.js';

/** `crictl info [-q]`: the runtime conditions, its handlers and containerd's CRI plugin info. */
export function runInfo(node: CriNode, quiet = false): CriResult {
  const r = node.cri.status(!quiet);
  if (!r.ok) return { stdout: '', fatal: `getting status of runtime: ${r.error}` };
  return { stdout: goIndentedJson(statusData(r.value.status, r.value.info, r.value.runtimeHandlers)) };
}

/** `crictl version` (version.go: fmt.Println("Version: ", ...) gives two spaces). */
export function runVersion(node: CriNode): CriResult {
  const r = node.cri.version();
  if (!r.ok) return { stdout: '', fatal: `getting the runtime version: ${r.error}` };
  const v = r.value;
  return { stdout: `Version:  ${v.version}\nRuntimeName:  ${v.runtimeName}\nRuntimeVersion:  ${v.runtimeVersion}\nRuntimeApiVersion:  ${v.runtimeApiVersion}\n` };
}
