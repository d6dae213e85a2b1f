/**
 * kube-apiserver's health endpoints, `/healthz`, `/livez` and `/readyz`, as
 * k8s.io/apiserver/pkg/server/healthz/healthz.go serves them: each path
 * runs its registry's checks in registration order; `?verbose` lists them,
 * `?exclude=NAME` skips one, `/<path>/<check>` runs one alone. A failing
 * check makes the answer verbose and 500 (`[-]etcd failed: reason withheld`:
 * the reason goes only to the log, the endpoint is public).
 *
 * The checks of a kubeadm v1.32 API server, in the order the server chain
 * registers them: genericapiserver config.go starts every registry with ping
 * and log, the etcd options add etcd (and etcd-readiness to readyz only),
 * New adds informer-sync to readyz, every AddPostStartHook adds a
 * `poststarthook/<name>` check (apiextensions, then kube-apiserver's
 * controlplane/apiserver server.go and instance.go hooks, then the
 * aggregator's), PrepareRun the openapi hooks, and the readyz shutdown check
 * comes last. The order matches observed `/readyz?verbose` output of recent
 * servers; the hooks are those of 1.32's default feature gates: no
 * start-kubernetes-service-cidr-controller (instance.go registers it only
 * with MultiCIDRServiceAllocator, beta and off in 1.31-1.32, on from 1.33).
 */

/** The post-start hooks, in registration order. */
const POST_START_HOOKS = [
  'start-apiserver-admission-initializer',
  'generic-apiserver-start-informers',
  'priority-and-fairness-config-consumer',
  'priority-and-fairness-filter',
  'storage-object-count-tracker-hook',
  'start-apiextensions-informers',
  'start-apiextensions-controllers',
  'crd-informer-synced',
  'start-system-namespaces-controller',
  'start-cluster-authentication-info-controller',
  'start-kube-apiserver-identity-lease-controller',
  'start-kube-apiserver-identity-lease-garbage-collector',
  'start-legacy-token-tracking-controller',
  'start-service-ip-repair-controllers',
  'rbac/bootstrap-roles',
  'scheduling/bootstrap-system-priority-classes',
  'priority-and-fairness-config-producer',
  'bootstrap-controller',
  'aggregator-reload-proxy-client-cert',
  'start-kube-aggregator-informers',
  'apiservice-status-local-available-controller',
  'apiservice-status-remote-available-controller',
  'apiservice-registration-controller',
  'apiservice-discovery-controller',
  'kube-apiserver-autoregistration',
].map((h) => `poststarthook/${h}`);

/** After the hooks: the aggregator's autoregister check, then the hooks PrepareRun adds. */
const AFTER_HOOKS = ['autoregister-completion', 'poststarthook/apiservice-openapi-controller', 'poststarthook/apiservice-openapiv3-controller'];

/** The checks of each endpoint, in order. */
export const HEALTH_CHECKS: Readonly<Record<HealthEndpoint, readonly string[]>> = {
  healthz: ['ping', 'log', 'etcd', ...POST_START_HOOKS, ...AFTER_HOOKS],
  livez: ['ping', 'log', 'etcd', ...POST_START_HOOKS, ...AFTER_HOOKS],
  readyz: ['ping', 'log', 'etcd', 'etcd-readiness', 'informer-sync', ...POST_START_HOOKS, ...AFTER_HOOKS, 'shutdown'],
};

export type HealthEndpoint = 'healthz' | 'livez' | 'readyz';

/** The answer of a health path: status code and body (text/plain). */
export interface HealthAnswer {
  status: 200 | 500;
  body: string;
}

/** Runs one check: undefined when it passes, else its error (for the per-check path and the log). */
export type HealthProbe = (check: string) => string | undefined;

/**
 * The answer to GET `pathAndQuery`, or undefined when the path is not a
 * health path (the caller answers 404 or 403 as for any other path).
 */
export function healthAnswer(pathAndQuery: string, probe: HealthProbe): HealthAnswer | undefined {
  // The kubelet's probes ask a bare root path every period: no query to parse, no pattern to match.
  const bare = BARE_ROOTS.get(pathAndQuery);
  if (bare) return bareRootAnswer(bare, HEALTH_CHECKS[bare], probe);
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = parseQuery(q < 0 ? '' : pathAndQuery.slice(q + 1));
  const m = /^\/(healthz|livez|readyz)(?:\/(.+))?$/.exec(path);
  if (!m) return undefined;
  const endpoint = m[1] as HealthEndpoint;
  const checks = HEALTH_CHECKS[endpoint];
  if (m[2] !== undefined) {
    // InstallPathHandler registers `<path>/<check name>` per check (adaptCheckToHandler).
    if (!checks.includes(m[2])) return undefined;
    const err = probe(m[2]);
    return err === undefined ? { status: 200, body: 'ok' } : { status: 500, body: `internal server error: ${err}\n` };
  }
  return rootAnswer(endpoint, checks, query, probe);
}

/** The root paths asked without a query. */
const BARE_ROOTS: ReadonlyMap<string, HealthEndpoint> = new Map([
  ['/healthz', 'healthz'],
  ['/livez', 'livez'],
  ['/readyz', 'readyz'],
]);

/** The answer of a root path whose checks all pass, without `?verbose`: one shared, frozen object. */
const ALL_PASSED: HealthAnswer = Object.freeze({ status: 200, body: 'ok' });

const NO_QUERY: ReadonlyMap<string, string[]> = new Map();

/**
 * rootAnswer without a query: every check runs, in order, as there (a check
 * may dial etcd, and a dial is the same whoever reads its answer); the
 * verbose text is written only when one fails.
 */
function bareRootAnswer(name: HealthEndpoint, checks: readonly string[], probe: HealthProbe): HealthAnswer {
  let failed: Set<number> | undefined;
  for (let i = 0; i < checks.length; i++) if (probe(checks[i]) !== undefined) (failed ??= new Set()).add(i);
  if (!failed) return ALL_PASSED;
  const ran = failed;
  let i = 0;
  return rootAnswer(name, checks, NO_QUERY, () => (ran.has(i++) ? 'failed' : undefined));
}

/** handleRootHealth: the checks in order, verbose on request or on failure. */
function rootAnswer(name: HealthEndpoint, checks: readonly string[], query: ReadonlyMap<string, readonly string[]>, probe: HealthProbe): HealthAnswer {
  const excluded = new Set(query.get('exclude') ?? []);
  let out = '';
  let failed = false;
  for (const check of checks) {
    if (excluded.has(check)) {
      excluded.delete(check);
      out += `[+]${check} excluded: ok\n`;
      continue;
    }
    if (probe(check) !== undefined) {
      failed = true;
      out += `[-]${check} failed: reason withheld\n`;
    } else {
      out += `[+]${check} ok\n`;
    }
  }
  if (excluded.size > 0) {
    // formatQuoted of the sets.String's sorted list.
    const names = [...excluded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((n) => JSON.stringify(n));
    out += `warn: some health checks cannot be excluded: no matches for ${names.join(',')}\n`;
  }
  // http.Error adds the newline.
  if (failed) return { status: 500, body: `${out}${name} check failed\n` };
  if (!query.has('verbose')) return { status: 200, body: 'ok' };
  return { status: 200, body: `${out}${name} check passed\n` };
}

/** url.ParseQuery, enough for health paths: keys with their values in order (`verbose` alone counts). */
function parseQuery(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    const values = out.get(key) ?? [];
    values.push(value);
    out.set(key, values);
  }
  return out;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
