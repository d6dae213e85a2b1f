import { describe, it, expect } from 'vitest';
import { startFixture } from '../../../helpers/scenario-run.js';

// The API server calls webhooks from its node through the simulated network: what comes back depends on the
// webhook's pods and kube-proxy's rules, not on the test (webhooks.test.ts covers the dispatcher with a fake transport).
describe('admission webhooks over the cluster network', () => {
  it("answers with a running webhook's denial, then with kube-proxy's refusal once the webhook has no endpoints", async () => {
    const run = startFixture('test/fixtures/scenarios/webhooks/webhook-denies-pods.yaml');
    const denied = await run.exec('kubectl run web --image=nginx:1.27');
    expect(denied.output).toBe('Error from server (Forbidden): admission webhook "pods.policy.example.com" denied the request: pods must use images from registry.example.com\n');
    expect(denied.exitCode).toBe(1);
    // Pods of the excluded namespaces are not sent to it.
    expect((await run.exec('kubectl run probe -n policy-system --image=nginx:1.27')).output).toBe('pod/probe created\n');
    await run.exec('kubectl scale deployment pod-policy -n policy-system --replicas=0');
    run.cluster.advance(60_000);
    expect((await run.exec('kubectl get endpoints pod-policy -n policy-system')).output).toContain('pod-policy   <none>');
    const refused = await run.exec('kubectl run web --image=nginx:1.27');
    expect(refused.output).toMatch(/^Error from server \(InternalError\): Internal error occurred: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https:\/\/pod-policy.policy-system.svc:443\/validate\?timeout=10s": dial tcp 10\.\d+\.\d+\.\d+:443: connect: connection refused\n$/);
  });

  it('lets pods in again once the webhook fails open', async () => {
    const run = startFixture('scenarios/control-plane/admission-webhook-unreachable.yaml');
    expect((await run.exec('kubectl run web --image=nginx:1.27')).exitCode).toBe(1);
    await run.exec(`kubectl patch validatingwebhookconfiguration pod-policy -p '{"webhooks":[{"name":"pods.policy.example.com","failurePolicy":"Ignore"}]}'`);
    expect((await run.exec('kubectl run web --image=nginx:1.27')).output).toBe('pod/web created\n');
  });
});

describe('a webhook whose process hangs', () => {
  it('times out: the pod is Running and has endpoints, but every matching create fails on the context deadline', async () => {
    const run = startFixture('test/fixtures/scenarios/webhooks/webhook-frozen.yaml');
    expect((await run.exec('kubectl get pods -n policy-system')).output).toMatch(/pod-policy-\S+\s+1\/1\s+Running/);
    const before = run.cluster.now();
    const r = await run.exec('kubectl run web --image=nginx:1.27');
    expect(r.output).toBe('Error from server (InternalError): Internal error occurred: failed calling webhook "pods.policy.example.com": failed to call webhook: Post "https://pod-policy.policy-system.svc:443/validate?timeout=10s": context deadline exceeded\n');
    // kubectl waited the webhook's 10 s before it printed that.
    expect(run.cluster.now() - before).toBeGreaterThanOrEqual(10_000);
    // A fresh pod is a fresh process.
    await run.exec('kubectl delete pods -n policy-system -l app=pod-policy');
    run.cluster.advance(60_000);
    expect((await run.exec('kubectl run web --image=nginx:1.27')).output).toBe('pod/web created\n');
  });
});
