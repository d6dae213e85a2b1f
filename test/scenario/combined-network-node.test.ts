/**
 * A network fault and a node fault in one unshipped scenario (issue 8): each
 * shows only its own evidence. The Service without endpoints is refused by
 * kube-proxy's REJECT from every node that runs kube-proxy, node-2's missing
 * runtime shows on node-2 only, and fixing one leaves the other broken.
 */
import { describe, it, expect } from 'vitest';
import { startFixture, onHost } from '../helpers/scenario-run.js';
import { type ScenarioRun } from '../../src/practice/run.js';
import { evaluateGoal } from '../../src/scenario/predicates.js';

const FIXTURE = 'test/fixtures/scenarios/combined/selector-typo-and-containerd-down.yaml';

const start = (): ScenarioRun => startFixture(FIXTURE);
const on = onHost;

describe('a Service selector typo and containerd down on node-2', async () => {
  const run = start();
  const ip = (await on(run, 'workstation', 'kubectl get svc web -o jsonpath={.spec.clusterIP}')).trim();
  const endpoints = await on(run, 'workstation', 'kubectl get endpoints web');
  const nodes = await on(run, 'workstation', 'kubectl get nodes');
  const fromNode1 = await on(run, 'node-1', `curl -sS -m 2 http://${ip}/`);
  const rules1 = await on(run, 'node-1', 'iptables -L KUBE-SERVICES -n');
  const containerd1 = await on(run, 'node-1', 'systemctl status containerd');
  const containerd2 = await on(run, 'node-2', 'systemctl status containerd');
  const describe2 = await on(run, 'workstation', 'kubectl describe node node-2');

  it('the Service shows its own evidence: no endpoints, and the REJECT that refuses it on a healthy node', () => {
    expect(endpoints).toMatch(/^web\s+<none>\s/m);
    expect(fromNode1).toBe(`curl: (7) Failed to connect to ${ip} port 80 after 0 ms: Couldn't connect to server\n`);
    expect(rules1).toContain('/* default/web has no endpoints */');
    expect(rules1).not.toMatch(/containerd|runtime/);
  });

  it('the node fault shows on node-2 only, and says nothing of the Service', () => {
    expect(nodes).toMatch(/^node-2\s+NotReady\s/m);
    expect(nodes).toMatch(/^node-1\s+Ready\s/m);
    expect(containerd2).toContain('inactive (dead)');
    expect(containerd1).toContain('active (running)');
    expect(describe2).toContain('container runtime is down');
    expect(describe2).not.toMatch(/default\/web|endpoints/);
  });

  it('fixing the Service leaves node-2 broken, and the other way round', async () => {
    await on(run, 'workstation', `kubectl patch service web -p '{"spec":{"selector":{"app":"web"}}}'`);
    run.cluster.advance(10_000);
    const goal = () => evaluateGoal(run.cluster.adminClient(), run.scenario.goal, run.cluster.network).map((g) => g.holds);
    expect(goal()).toEqual([true, false]);
    expect(await on(run, 'node-1', `curl -sS -m 2 http://${ip}/`)).toBe('web ok\n');
    await on(run, 'node-2', 'systemctl start containerd');
    run.cluster.advance(60_000);
    expect(goal()).toEqual([true, true]);
  });
});
