/**
 * What a request meets on a real cluster, end to end through the shipped
 * scenarios (issue 8): a Service without endpoints is refused by
 * kube-proxy's REJECT rule on the client's node, a wrong targetPort is
 * refused by the pod itself (DNAT'd to a port nobody listens on), and a
 * NetworkPolicy that drops the packet makes the client wait for its timeout.
 */
import { describe, it, expect } from 'vitest';
import { startFixture, onHost } from '../helpers/scenario-run.js';

const shipped = (id: string) => startFixture(`scenarios/services/${id}.yaml`);

describe('curl outcomes on the request path', () => {
  it('no endpoints: refused at once by the REJECT in the filter table', async () => {
    const run = shipped('service-empty-endpoints-selector');
    const ip = (await onHost(run, 'workstation', 'kubectl get svc storefront -o jsonpath={.spec.clusterIP}')).trim();
    expect(await onHost(run, 'node-1', `curl -sS -m 2 http://${ip}/`)).toBe(`curl: (7) Failed to connect to ${ip} port 80 after 0 ms: Couldn't connect to server\n`);
    expect(await onHost(run, 'node-1', 'iptables -L KUBE-SERVICES -n')).toContain('/* default/storefront:http has no endpoints */');
  });

  it('wrong targetPort: DNAT to the pod, which refuses the port', async () => {
    const run = shipped('service-wrong-targetport');
    const ip = (await onHost(run, 'workstation', 'kubectl get svc catalog -o jsonpath={.spec.clusterIP}')).trim();
    expect(await onHost(run, 'node-1', `curl -sS -m 2 http://${ip}/`)).toBe(`curl: (7) Failed to connect to ${ip} port 80 after 0 ms: Couldn't connect to server\n`);
    expect(await onHost(run, 'node-1', 'iptables -L KUBE-SERVICES -n')).not.toContain('has no endpoints');
    expect(await onHost(run, 'node-1', 'iptables-save -t nat')).toMatch(/-j DNAT --to-destination 10\.244\.\d+\.\d+:80\n/);
  });

  it('a NetworkPolicy that drops: the client times out', async () => {
    const run = shipped('networkpolicy-default-deny');
    expect(await onHost(run, 'cp-1', 'curl -sS -m 2 http://10.96.120.15/')).toBe('curl: (28) Connection timed out after 2001 milliseconds\n');
  });
});
