/**
 * The nodes' own wget (GNU Wget 1.21.2) and nslookup (BIND 9.18) after `ssh
 * node-1` on shipped scenarios (issue 8, "Services that don't answer"):
 * kube-proxy's REJECT refuses a Service without endpoints, a working
 * ClusterIP serves the app's body, the node's systemd-resolved stub knows
 * no cluster names while CoreDNS's ClusterIP (reached through kube-proxy's
 * DNAT) does, and a cluster whose CoreDNS is gone refuses DNS on that
 * ClusterIP. Formats are pinned in test/cluster/programs/gnu-wget.test.ts
 * and bind-nslookup.test.ts; here the whole texts follow from the simulation.
 */
import { describe, it, expect } from 'vitest';
import { startFixture, onHost } from '../../helpers/scenario-run.js';

/** wget's datetime_str of the node's clock now (the `--DATE--` line of the next command). */
const nodeTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

describe('wget and nslookup on a node', async () => {
  const run = startFixture('scenarios/services/service-empty-endpoints-selector.yaml');
  const svc = (await onHost(run, 'workstation', 'kubectl get svc storefront -o jsonpath={.spec.clusterIP}')).trim();
  const pods = await onHost(run, 'workstation', 'kubectl get pods -o wide');
  const onNode2 = /\s(10\.244\.2\.\d+)\s+node-2\s/.exec(pods)![1];

  it('wget: the Service without endpoints is refused by the REJECT rule at once (exit 4), a pod answers with its body', async () => {
    await onHost(run, 'node-1', 'true');
    const at = nodeTime(run.cluster.nodes.get('node-1')!.host.now());
    expect(await onHost(run, 'node-1', `wget -T 2 http://${svc}/; echo "exit $?"`)).toBe(`--${at}--  http://${svc}/\nConnecting to ${svc}:80... failed: Connection refused.\nexit 4\n`);
    const body = await onHost(run, 'node-1', `wget -qO- http://${onNode2}:8080/`);
    expect(body).toBe(await onHost(run, 'node-1', `curl -s http://${onNode2}:8080/`));
    expect(body.length).toBeGreaterThan(0);
  });

  it('nslookup: the stub has no cluster names; CoreDNS at 10.96.0.10 answers through the DNAT', async () => {
    expect(await onHost(run, 'node-1', 'nslookup storefront.default.svc.cluster.local; echo "exit $?"')).toBe(
      "Server:\t\t127.0.0.53\nAddress:\t127.0.0.53#53\n\n** server can't find storefront.default.svc.cluster.local: NXDOMAIN\n\nexit 1\n",
    );
    expect(await onHost(run, 'node-1', 'nslookup storefront.default.svc.cluster.local 10.96.0.10; echo "exit $?"')).toBe(
      `Server:\t\t10.96.0.10\nAddress:\t10.96.0.10#53\n\nName:\tstorefront.default.svc.cluster.local\nAddress: ${svc}\n\nexit 0\n`,
    );
    // Ubuntu's dig says its own version.
    expect(await onHost(run, 'node-1', `dig @10.96.0.10 storefront.default.svc.cluster.local | head -2`)).toBe('\n; <<>> DiG 9.18.39-0ubuntu0.22.04.6-Ubuntu <<>> @10.96.0.10 storefront.default.svc.cluster.local\n');
  });

  it('the workstation has neither; after the fix the ClusterIP serves the body to -qO-', async () => {
    expect(await onHost(run, 'workstation', 'wget -qO- http://10.0.0.11/')).toBe('bash: wget: command not found\n');
    expect(await onHost(run, 'workstation', 'nslookup kubernetes')).toBe('bash: nslookup: command not found\n');
    await onHost(run, 'workstation', `kubectl patch service storefront -p '{"spec":{"selector":{"app":"storefront"}}}'`);
    // The endpoints controller and kube-proxy follow the change.
    run.cluster.advance(10_000);
    const body = await onHost(run, 'node-1', `wget -qO- -T 2 http://${svc}/; echo "exit $?"`);
    expect(body).toBe(`${await onHost(run, 'node-1', `curl -s http://${onNode2}:8080/`)}exit 0\n`);
  });

  it('wget -O saves into the home directory of the node; /dev/null keeps nothing', async () => {
    expect(await onHost(run, 'node-1', `wget -q -O page.txt http://${onNode2}:8080/ && cat page.txt`)).toBe(await onHost(run, 'node-1', `curl -s http://${onNode2}:8080/`));
    expect(await onHost(run, 'node-1', `wget -q -O /dev/null http://${onNode2}:8080/; echo "exit $?"; cat /dev/null`)).toBe('exit 0\n');
    expect(run.cluster.nodes.get('node-1')!.host.fs.exists('/dev/null')).toBeUndefined();
  });
});

describe('nslookup on a node when CoreDNS is down', () => {
  it("the kube-dns ClusterIP has no endpoints: every try is refused, then BIND's closing lines (exit 1)", async () => {
    const run = startFixture('scenarios/services/dns-coredns-down.yaml');
    expect(await onHost(run, 'node-1', 'nslookup kubernetes.default.svc.cluster.local 10.96.0.10; echo "exit $?"')).toBe(
      `${';; communications error to 10.96.0.10#53: connection refused\n'.repeat(3)};; no servers could be reached\n\nexit 1\n`,
    );
  });
});

describe("wget's dates on a node whose clock is skewed", () => {
  it("come from the node's own clock, 90 days ahead of the cluster's", async () => {
    const run = startFixture('scenarios/nodes/node-notready-clock-skew.yaml');
    await onHost(run, 'node-2', 'true');
    const skewed = run.cluster.nodes.get('node-2')!.host.now();
    expect(skewed - run.cluster.now()).toBeGreaterThan(89 * 86_400_000);
    expect(await onHost(run, 'node-2', 'wget -T 1 -t 1 http://10.96.77.7/')).toBe(`--${nodeTime(skewed)}--  http://10.96.77.7/\nConnecting to 10.96.77.7:80... failed: Connection timed out.\nGiving up.\n\n`);
  });
});
