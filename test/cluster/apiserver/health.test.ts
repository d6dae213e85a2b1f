import { describe, it, expect } from 'vitest';
import { HEALTH_CHECKS, healthAnswer } from '../../../src/cluster/apiserver/health.js';
import { unstructuredServerError } from '../../../src/cluster/apiserver/errors.js';

// The v1.32 check lists as a kubeadm API server prints them with ?verbose
// (k8s.io/apiserver pkg/server/healthz/healthz.go; hooks in registration order).
const HOOKS = `[+]poststarthook/start-apiserver-admission-initializer ok
[+]poststarthook/generic-apiserver-start-informers ok
[+]poststarthook/priority-and-fairness-config-consumer ok
[+]poststarthook/priority-and-fairness-filter ok
[+]poststarthook/storage-object-count-tracker-hook ok
[+]poststarthook/start-apiextensions-informers ok
[+]poststarthook/start-apiextensions-controllers ok
[+]poststarthook/crd-informer-synced ok
[+]poststarthook/start-system-namespaces-controller ok
[+]poststarthook/start-cluster-authentication-info-controller ok
[+]poststarthook/start-kube-apiserver-identity-lease-controller ok
[+]poststarthook/start-kube-apiserver-identity-lease-garbage-collector ok
[+]poststarthook/start-legacy-token-tracking-controller ok
[+]poststarthook/start-service-ip-repair-controllers ok
[+]poststarthook/rbac/bootstrap-roles ok
[+]poststarthook/scheduling/bootstrap-system-priority-classes ok
[+]poststarthook/priority-and-fairness-config-producer ok
[+]poststarthook/bootstrap-controller ok
[+]poststarthook/aggregator-reload-proxy-client-cert ok
[+]poststarthook/start-kube-aggregator-informers ok
[+]poststarthook/apiservice-status-local-available-controller ok
[+]poststarthook/apiservice-status-remote-available-controller ok
[+]poststarthook/apiservice-registration-controller ok
[+]poststarthook/apiservice-discovery-controller ok
[+]poststarthook/kube-apiserver-autoregistration ok
[+]autoregister-completion ok
[+]poststarthook/apiservice-openapi-controller ok
[+]poststarthook/apiservice-openapiv3-controller ok
`;

const healthy = () => undefined;
const etcdDown = (check: string) => (check === 'etcd' || check === 'etcd-readiness' ? 'error getting data from etcd: context deadline exceeded' : undefined);

describe('health endpoints (healthz.go handleRootHealth)', () => {
  it('answers a bare `ok` without ?verbose', () => {
    for (const path of ['/healthz', '/livez', '/readyz']) expect(healthAnswer(path, healthy)).toEqual({ status: 200, body: 'ok' });
  });

  it('lists every livez check in order with ?verbose', () => {
    expect(healthAnswer('/livez?verbose', healthy)).toEqual({ status: 200, body: `[+]ping ok\n[+]log ok\n[+]etcd ok\n${HOOKS}livez check passed\n` });
    expect(healthAnswer('/healthz?verbose=1', healthy)!.body).toBe(`[+]ping ok\n[+]log ok\n[+]etcd ok\n${HOOKS}healthz check passed\n`);
  });

  it('readyz adds etcd-readiness and informer-sync after etcd, and shutdown last', () => {
    expect(healthAnswer('/readyz?verbose', healthy)!.body).toBe(`[+]ping ok\n[+]log ok\n[+]etcd ok\n[+]etcd-readiness ok\n[+]informer-sync ok\n${HOOKS}[+]shutdown ok\nreadyz check passed\n`);
  });

  it('excludes checks by name and warns about names it does not know', () => {
    const body = healthAnswer('/livez?verbose&exclude=etcd&exclude=zeta&exclude=alpha', healthy)!.body;
    expect(body).toBe(`[+]ping ok\n[+]log ok\n[+]etcd excluded: ok\n${HOOKS}warn: some health checks cannot be excluded: no matches for "alpha","zeta"\nlivez check passed\n`);
    // Excluding the failing check makes the endpoint pass.
    expect(healthAnswer('/livez?exclude=etcd', etcdDown)).toEqual({ status: 200, body: 'ok' });
  });

  it('a failing check makes the answer verbose and 500, the reason withheld', () => {
    expect(healthAnswer('/livez', etcdDown)).toEqual({ status: 500, body: `[+]ping ok\n[+]log ok\n[-]etcd failed: reason withheld\n${HOOKS}livez check failed\n` });
    expect(healthAnswer('/readyz', etcdDown)!.body).toMatch(/^\[\+\]ping ok\n\[\+\]log ok\n\[-\]etcd failed: reason withheld\n\[-\]etcd-readiness failed: reason withheld\n\[\+\]informer-sync ok\n[\s\S]*\[\+\]shutdown ok\nreadyz check failed\n$/);
  });

  it('serves each check alone under its own path, with the error for a failing one', () => {
    expect(healthAnswer('/livez/etcd', healthy)).toEqual({ status: 200, body: 'ok' });
    expect(healthAnswer('/readyz/poststarthook/rbac/bootstrap-roles', healthy)).toEqual({ status: 200, body: 'ok' });
    expect(healthAnswer('/readyz/informer-sync', etcdDown)).toEqual({ status: 200, body: 'ok' });
    expect(healthAnswer('/livez/etcd', etcdDown)).toEqual({ status: 500, body: 'internal server error: error getting data from etcd: context deadline exceeded\n' });
    // Only readyz has the readiness checks; unknown paths are not health paths.
    expect(healthAnswer('/livez/informer-sync', healthy)).toBeUndefined();
    expect(healthAnswer('/livez/nope', healthy)).toBeUndefined();
    expect(healthAnswer('/version', healthy)).toBeUndefined();
  });

  it('runs every check once, in order, whether the answer is bare or verbose (the etcd checks dial)', () => {
    for (const [path, checks] of [['/livez', HEALTH_CHECKS.livez], ['/readyz', HEALTH_CHECKS.readyz], ['/readyz?verbose', HEALTH_CHECKS.readyz]] as const) {
      for (const failing of [healthy, etcdDown]) {
        const asked: string[] = [];
        healthAnswer(path, (check) => (asked.push(check), failing(check)));
        expect(asked).toEqual(checks);
      }
    }
  });

  it('a failure after a passing answer is reported at once (nothing is kept between answers)', () => {
    let down = false;
    const probe = (check: string) => (down ? etcdDown(check) : undefined);
    expect(healthAnswer('/livez', probe)).toEqual({ status: 200, body: 'ok' });
    down = true;
    expect(healthAnswer('/livez', probe)!.status).toBe(500);
    down = false;
    expect(healthAnswer('/livez', probe)).toEqual({ status: 200, body: 'ok' });
  });

  it('has no check twice', () => {
    for (const checks of Object.values(HEALTH_CHECKS)) expect(new Set(checks).size).toBe(checks.length);
  });
});

describe('unstructuredServerError (client-go newUnstructuredResponseError)', () => {
  it('quotes the trimmed body as %q in an InternalError', () => {
    const s = unstructuredServerError('[+]ping ok\n[-]etcd failed: reason withheld\nlivez check failed\n');
    expect(s.code).toBe(500);
    expect(s.reason).toBe('InternalError');
    expect(s.message).toBe('an error on the server ("[+]ping ok\\n[-]etcd failed: reason withheld\\nlivez check failed") has prevented the request from succeeding');
  });

  it('caps the body at 2048 bytes', () => {
    const s = unstructuredServerError('x'.repeat(3000));
    expect(s.message).toBe(`an error on the server ("${'x'.repeat(2048)}") has prevented the request from succeeding`);
  });
});
