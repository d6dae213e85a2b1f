import { describe, it, expect } from 'vitest';
import type { Node, Service, ServicePort, Endpoints, Namespace } from 'kubernetes-types/core/v1.js';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1.js';
import type { Lease } from 'kubernetes-types/coordination/v1.js';
import { printTable } from '../../../../src/commands/kubectl/output/table.js';
import { printerFor } from '../../../../src/commands/kubectl/printers/index.js';
import { NOW, ago, dur } from './fixtures.js';

const node = (name: string, ip: string, age: number, ready: string, over: { cp?: boolean; unschedulable?: boolean } = {}): Node => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, creationTimestamp: ago(age), labels: over.cp ? { 'node-role.kubernetes.io/control-plane': '' } : {} },
  spec: over.unschedulable ? { unschedulable: true } : {},
  status: {
    conditions: [{ type: 'Ready', status: ready }],
    addresses: [{ type: 'InternalIP', address: ip }, { type: 'Hostname', address: name }],
    nodeInfo: {
      kubeletVersion: 'v1.32.4', kubeProxyVersion: 'v1.32.4', osImage: 'Ubuntu 22.04.5 LTS', kernelVersion: '5.15.0-126-generic',
      containerRuntimeVersion: 'containerd://1.7.24', architecture: 'amd64', operatingSystem: 'linux', bootID: '', machineID: '', systemUUID: '',
    },
  },
});

const nodes = [
  node('cp-1', '10.0.0.10', 45 * dur.d, 'True', { cp: true }),
  node('node-1', '10.0.0.11', 45 * dur.d, 'True'),
  node('node-2', '10.0.0.12', 45 * dur.d, 'Unknown', { unschedulable: true }),
  node('node-3', '10.0.0.13', 62 * dur.m, 'False'),
];

describe('get nodes (reference §1.2)', () => {
  it('prints the default table', () => {
    expect(printTable(printerFor('Node'), nodes, { now: NOW })).toBe(
      `NAME     STATUS                        ROLES           AGE   VERSION
cp-1     Ready                         control-plane   45d   v1.32.4
node-1   Ready                         <none>          45d   v1.32.4
node-2   NotReady,SchedulingDisabled   <none>          45d   v1.32.4
node-3   NotReady                      <none>          62m   v1.32.4
`,
    );
  });
  it('prints -o wide', () => {
    expect(printTable(printerFor('Node'), nodes, { now: NOW, wide: true })).toBe(
      `NAME     STATUS                        ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION       CONTAINER-RUNTIME
cp-1     Ready                         control-plane   45d   v1.32.4   10.0.0.10     <none>        Ubuntu 22.04.5 LTS   5.15.0-126-generic   containerd://1.7.24
node-1   Ready                         <none>          45d   v1.32.4   10.0.0.11     <none>        Ubuntu 22.04.5 LTS   5.15.0-126-generic   containerd://1.7.24
node-2   NotReady,SchedulingDisabled   <none>          45d   v1.32.4   10.0.0.12     <none>        Ubuntu 22.04.5 LTS   5.15.0-126-generic   containerd://1.7.24
node-3   NotReady                      <none>          62m   v1.32.4   10.0.0.13     <none>        Ubuntu 22.04.5 LTS   5.15.0-126-generic   containerd://1.7.24
`,
    );
  });
  it('prints Unknown without a Ready condition and joins roles', () => {
    const n: Node = { metadata: { name: 'x', labels: { 'node-role.kubernetes.io/worker': '', 'kubernetes.io/role': 'infra', 'node-role.kubernetes.io/control-plane': '' } } };
    expect(printerFor('Node').row(n, { now: NOW }).slice(0, 4)).toEqual(['x', 'Unknown', 'control-plane,infra,worker', '<unknown>']);
  });
});

const svc = (name: string, age: number, type: string, ip: string, ports: ServicePort[], selector?: Record<string, string>): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: 'default', creationTimestamp: ago(age) },
  spec: { type, clusterIP: ip, clusterIPs: [ip], ports, ...(selector ? { selector } : {}) },
});

const services = [
  svc('kubernetes', 45 * dur.d, 'ClusterIP', '10.96.0.1', [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }]),
  svc('web', 2 * dur.d + 3 * dur.h, 'NodePort', '10.96.142.17', [{ name: 'http', port: 80, nodePort: 30080, protocol: 'TCP' }], { app: 'web' }),
  svc('api', 4 * dur.m + 14 * dur.s, 'ClusterIP', '10.96.33.201', [{ port: 8080, protocol: 'TCP' }], { app: 'api' }),
  svc('frontend-lb', 6 * dur.h, 'LoadBalancer', '10.96.77.5', [{ port: 80, nodePort: 31234, protocol: 'TCP' }, { port: 443, nodePort: 32443, protocol: 'TCP' }], { app: 'frontend' }),
];

describe('get services (reference §1.3)', () => {
  it('prints -o wide', () => {
    expect(printTable(printerFor('Service'), services, { now: NOW, wide: true })).toBe(
      `NAME          TYPE           CLUSTER-IP     EXTERNAL-IP   PORT(S)                      AGE     SELECTOR
kubernetes    ClusterIP      10.96.0.1      <none>        443/TCP                      45d     <none>
web           NodePort       10.96.142.17   <none>        80:30080/TCP                 2d3h    app=web
api           ClusterIP      10.96.33.201   <none>        8080/TCP                     4m14s   app=api
frontend-lb   LoadBalancer   10.96.77.5     <pending>     80:31234/TCP,443:32443/TCP   6h      app=frontend
`,
    );
  });
  it('shortens long load balancer ingress lists unless wide, and prints headless/ExternalName', () => {
    const lb = { ...services[3], status: { loadBalancer: { ingress: [{ ip: '203.0.113.10' }, { hostname: 'lb.example.com' }] } } };
    expect(printerFor('Service').row(lb, { now: NOW })[3]).toBe('203.0.113.10,...');
    expect(printerFor('Service').row(lb, { now: NOW, wide: true })[3]).toBe('203.0.113.10,lb.example.com');
    const headless = svc('db', dur.m, 'ClusterIP', 'None', []);
    expect(printerFor('Service').row(headless, { now: NOW }).slice(2, 5)).toEqual(['None', '<none>', '<none>']);
    const ext: Service = { metadata: { name: 'x' }, spec: { type: 'ExternalName', externalName: 'db.example.com' } };
    expect(printerFor('Service').row(ext, { now: NOW }).slice(2, 4)).toEqual(['<none>', 'db.example.com']);
  });
});

describe('get endpoints and endpointslices (reference §1.4, §1.5)', () => {
  it('prints endpoints with + N more...', () => {
    const ep = (name: string, age: number, subsets: Endpoints['subsets']): Endpoints => ({ kind: 'Endpoints', metadata: { name, creationTimestamp: ago(age) }, subsets });
    const ips = ['10.244.1.15', '10.244.1.30', '10.244.2.7', '10.244.2.8', '10.244.2.9'];
    const list = [
      ep('kubernetes', 45 * dur.d, [{ addresses: [{ ip: '10.0.0.10' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }]),
      ep('web', 2 * dur.d + 3 * dur.h, [{ addresses: ips.map((ip) => ({ ip })), notReadyAddresses: [{ ip: '10.244.3.1' }], ports: [{ port: 8080 }] }]),
      ep('api', 4 * dur.m + 14 * dur.s, undefined),
    ];
    expect(printTable(printerFor('Endpoints'), list, { now: NOW })).toBe(
      `NAME         ENDPOINTS                                                       AGE
kubernetes   10.0.0.10:6443                                                  45d
web          10.244.1.15:8080,10.244.1.30:8080,10.244.2.7:8080 + 2 more...   2d3h
api          <none>                                                          4m14s
`,
    );
  });
  it('prints endpointslices with <unset>', () => {
    const s = (name: string, age: number, ports: EndpointSlice['ports'], addrs: string[]): EndpointSlice => ({
      addressType: 'IPv4',
      metadata: { name, creationTimestamp: ago(age) },
      ports,
      endpoints: addrs.map((a, i) => ({ addresses: [a], conditions: { ready: i < 4 } })),
    });
    const list = [
      s('web-8xk2p', 2 * dur.d + 3 * dur.h, [{ port: 8080, protocol: 'TCP' }], ['10.244.1.15', '10.244.1.30', '10.244.2.7', '10.244.2.8', '10.244.2.9', '10.244.3.1']),
      s('api-q7r4m', 4 * dur.m + 14 * dur.s, [], []),
    ];
    expect(printTable(printerFor('EndpointSlice'), list, { now: NOW })).toBe(
      `NAME        ADDRESSTYPE   PORTS     ENDPOINTS                                        AGE
web-8xk2p   IPv4          8080      10.244.1.15,10.244.1.30,10.244.2.7 + 3 more...   2d3h
api-q7r4m   IPv4          <unset>   <unset>                                          4m14s
`,
    );
  });
});

describe('get leases and namespaces (reference §1.8)', () => {
  it('prints leases -A', () => {
    const lease = (ns: string, name: string, holder: string): Lease => ({ metadata: { name, namespace: ns, creationTimestamp: ago(45 * dur.d) }, spec: { holderIdentity: holder } });
    const list = [
      lease('kube-node-lease', 'cp-1', 'cp-1'),
      lease('kube-node-lease', 'node-1', 'node-1'),
      lease('kube-node-lease', 'node-2', 'node-2'),
      lease('kube-system', 'kube-controller-manager', 'cp-1_6a1b2c3d-4e5f-6789-abcd-ef0123456789'),
      lease('kube-system', 'kube-scheduler', 'cp-1_0f9e8d7c-6b5a-4321-8765-43210fedcba9'),
    ];
    expect(printTable(printerFor('Lease'), list, { now: NOW, withNamespace: true })).toBe(
      `NAMESPACE         NAME                      HOLDER                                      AGE
kube-node-lease   cp-1                      cp-1                                        45d
kube-node-lease   node-1                    node-1                                      45d
kube-node-lease   node-2                    node-2                                      45d
kube-system       kube-controller-manager   cp-1_6a1b2c3d-4e5f-6789-abcd-ef0123456789   45d
kube-system       kube-scheduler            cp-1_0f9e8d7c-6b5a-4321-8765-43210fedcba9   45d
`,
    );
  });
  it('prints namespaces', () => {
    const ns = (name: string, phase: string, age: number): Namespace => ({ metadata: { name, creationTimestamp: ago(age) }, status: { phase } });
    const list = [ns('default', 'Active', 45 * dur.d), ns('kube-node-lease', 'Active', 45 * dur.d), ns('kube-public', 'Active', 45 * dur.d), ns('kube-system', 'Active', 45 * dur.d), ns('staging', 'Terminating', 3 * dur.h)];
    expect(printTable(printerFor('Namespace'), list, { now: NOW })).toBe(
      `NAME              STATUS        AGE
default           Active        45d
kube-node-lease   Active        45d
kube-public       Active        45d
kube-system       Active        45d
staging           Terminating   3h
`,
    );
  });
  it('falls back to NAME AGE and prints secrets', () => {
    expect(printTable(printerFor('Widget'), [{ metadata: { name: 'w', creationTimestamp: ago(dur.h) } }], { now: NOW })).toBe('NAME   AGE\nw      60m\n');
    const sec = { metadata: { name: 'tls', creationTimestamp: ago(2 * dur.d) }, type: 'kubernetes.io/tls', data: { 'tls.crt': 'x', 'tls.key': 'y' } };
    expect(printTable(printerFor('Secret'), [sec], { now: NOW })).toBe('NAME   TYPE                DATA   AGE\ntls    kubernetes.io/tls   2      2d\n');
  });
});
