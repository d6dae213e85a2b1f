/** Pod QoS class, computed by the API server at creation (pkg/apis/core/helper/qos). */

type Obj = Record<string, any>;

/** QoS class from requests and limits (pkg/apis/core/helper/qos). */
export function qosClass(spec: Obj): string {
  const containers: Obj[] = [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
  let anySet = false;
  let guaranteed = true;
  for (const c of containers) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) anySet = true;
    for (const r of ['cpu', 'memory']) {
      if (lim[r] === undefined) guaranteed = false;
      else if (req[r] !== undefined && String(req[r]) !== String(lim[r])) guaranteed = false;
    }
  }
  if (!anySet) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
