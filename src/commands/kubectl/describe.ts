/**
 * `kubectl describe`, after kubernetes/kubectl pkg/cmd/describe/describe.go:
 * resolve the arguments, fetch each object (falling back to name-prefix
 * matching for `describe TYPE NAME`), gather what the describer shows beside
 * the object (events, a node's pods and Lease, ...), and hand it to the pure
 * describers.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ResourceInfo } from '../../cluster/apiserver/resources.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { bool, str } from './flags.js';
import { errorResult, statusMessage } from './errors.js';
import { listObjects, namespaceFor, parseTargets } from './resolve.js';
import { describeObject } from './describe-kinds.js';

/** describe.go's message when no type is given. */
const NO_TYPE =
  'You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n';

/** Runs `kubectl describe`. */
export function runDescribe(inv: Invocation): ExecResult {
  if (inv.args.length === 0) return { stdout: '', stderr: `error: ${NO_TYPE}`, exitCode: 1 };
  const parsed = parseTargets(inv.args);
  if (!parsed.ok) return errorResult(parsed.error);
  const allNamespaces = bool(inv.flags, 'all-namespaces');
  const selector = str(inv.flags, 'selector');
  const showEvents = inv.set.has('show-events') ? bool(inv.flags, 'show-events') : true;
  let stderr = '';
  let failed = false;
  const found: { info: ResourceInfo; obj: KubeObject }[] = [];
  const prefixMatched: { info: ResourceInfo; obj: KubeObject }[] = [];
  for (const target of parsed.targets) {
    if (target.names.length === 0) {
      const r = listObjects(inv, target.info, allNamespaces, selector);
      if (!r.ok) {
        stderr += statusMessage(r.status);
        failed = true;
        continue;
      }
      for (const obj of r.value) found.push({ info: target.info, obj });
      continue;
    }
    for (const name of target.names) {
      const r = inv.client.get(target.info.name, namespaceFor(inv, target.info), name);
      if (r.ok) {
        found.push({ info: target.info, obj: r.value });
        continue;
      }
      // describe.go: `describe TYPE NAME` that is not found describes every object whose name starts with NAME.
      if (r.status.reason === 'NotFound' && inv.args.length === 2 && !inv.args[0].includes(',')) {
        const all = listObjects(inv, target.info, false);
        const matches = all.ok ? all.value.filter((o) => (o.metadata.name ?? '').startsWith(name)) : [];
        if (matches.length > 0) {
          for (const obj of matches) prefixMatched.push({ info: target.info, obj });
          continue;
        }
      }
      stderr += statusMessage(r.status);
      failed = true;
    }
  }
  if (prefixMatched.length > 0) {
    // DescribeMatchingResources prints each description followed by a newline.
    const stdout = prefixMatched.map(({ info, obj }) => describeObject(inv, info, obj, showEvents) + '\n').join('');
    return { stdout, stderr, exitCode: failed ? 1 : 0 };
  }
  if (found.length === 0 && !parsed.named && !failed) {
    const namespaced = parsed.targets.some((t) => t.info.namespaced);
    stderr += allNamespaces || !namespaced ? 'No resources found\n' : `No resources found in ${inv.namespace} namespace.\n`;
  }
  // describe.go: the first description as is, every further one after "\n\n".
  const stdout = found.map(({ info, obj }) => describeObject(inv, info, obj, showEvents)).join('\n\n');
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}
