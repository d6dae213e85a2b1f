/**
 * An httpGet probe's request is built once per probe, pod IP, container
 * spec and User-Agent (prober.ts preparedHttp): a new pod IP, a container
 * whose named port moved, or another User-Agent must give a new request
 * and a new URL in the failure message, never the last one.
 */
import { describe, it, expect } from 'vitest';
import { runProbe, type ProbeTarget } from '../../../src/cluster/kubelet/prober.js';
import type { Network } from '../../../src/cluster/network/network.js';
import type { HttpRequest } from '../../../src/cluster/network/requests.js';
import type { RuntimeContainer } from '../../../src/cluster/runtime/runtime.js';

type Asked = { ip: string; port: number; request: HttpRequest };

function target(asked: Asked[], podIP: string, spec: Record<string, unknown>, userAgent = 'kube-probe/1.32'): ProbeTarget {
  const network = {
    request: (_from: unknown, ip: string, port: number, request: HttpRequest) => {
      asked.push({ ip, port, request });
      return { ok: false, failure: 'refused' };
    },
  } as unknown as Network;
  return { network, nodeName: 'node-1', nodeIP: '10.0.0.11', podIP, spec, container: {} as RuntimeContainer, userAgent, now: 0 };
}

describe('httpGet probe requests', () => {
  const probe = Object.freeze({ httpGet: Object.freeze({ path: 'healthz', port: 'http' }) });
  const spec = Object.freeze({ name: 'app', ports: [{ name: 'http', containerPort: 8080 }] });

  it('a repeated probe sends the same request and words the same failure', () => {
    const asked: Asked[] = [];
    const a = runProbe(probe, target(asked, '10.244.1.5', spec));
    const b = runProbe(probe, target(asked, '10.244.1.5', spec));
    expect(a).toEqual({ result: 'failure', output: 'Get "http://10.244.1.5:8080/healthz": dial tcp 10.244.1.5:8080: connect: connection refused' });
    expect(b).toEqual(a);
    expect(asked.map((x) => [x.ip, x.port, x.request.path, x.request.host])).toEqual([
      ['10.244.1.5', 8080, '/healthz', '10.244.1.5:8080'],
      ['10.244.1.5', 8080, '/healthz', '10.244.1.5:8080'],
    ]);
    expect(asked[0].request.headers).toEqual([['User-Agent', 'kube-probe/1.32'], ['Accept', '*/*']]);
  });

  it('follows a new pod IP, a moved named port and another User-Agent', () => {
    const asked: Asked[] = [];
    runProbe(probe, target(asked, '10.244.1.5', spec));
    const moved = runProbe(probe, target(asked, '10.244.2.9', spec));
    expect(moved).toEqual({ result: 'failure', output: 'Get "http://10.244.2.9:8080/healthz": dial tcp 10.244.2.9:8080: connect: connection refused' });
    const respec = Object.freeze({ name: 'app', ports: [{ name: 'http', containerPort: 9090 }] });
    const ported = runProbe(probe, target(asked, '10.244.2.9', respec));
    expect(ported).toEqual({ result: 'failure', output: 'Get "http://10.244.2.9:9090/healthz": dial tcp 10.244.2.9:9090: connect: connection refused' });
    runProbe(probe, target(asked, '10.244.2.9', respec, 'kube-probe/1.33'));
    expect(asked.map((x) => `${x.ip}:${x.port} ${x.request.headers[0][1]}`)).toEqual(['10.244.1.5:8080 kube-probe/1.32', '10.244.2.9:8080 kube-probe/1.32', '10.244.2.9:9090 kube-probe/1.32', '10.244.2.9:9090 kube-probe/1.33']);
    // A port name the (new) spec lacks errors, and the right spec again finds its port.
    const unnamed = Object.freeze({ name: 'app' });
    expect(runProbe(probe, target(asked, '10.244.2.9', unnamed))).toEqual({ result: 'unknown', error: 'strconv.Atoi: parsing "http": invalid syntax' });
    expect(runProbe(probe, target(asked, '10.244.2.9', respec))).toMatchObject({ output: expect.stringContaining('10.244.2.9:9090') });
  });
});
