/**
 * `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME`
 * (kubectl v0.32 pkg/cmd/create/create_service.go): a Service selecting
 * `app=NAME`, one port per `--tcp=<port>[:<targetPort>]`, named
 * `<port>-<targetPort>`; `--clusterip`, `--node-port`, `--external-name`.
 */
import type { KubeObject } from '../../cluster/apiserver/types.js';
import type { ExecResult } from '../types.js';
import type { Invocation } from './invocation.js';
import { arr, int, str } from './flags.js';
import { errorResult } from './errors.js';
import { createOrPrint } from './create-data.js';

type Obj = Record<string, any>;

const TYPES: Readonly<Record<string, string>> = { clusterip: 'ClusterIP', nodeport: 'NodePort', loadbalancer: 'LoadBalancer', externalname: 'ExternalName' };

/** Runs `kubectl create service TYPE NAME`. */
export function runCreateService(inv: Invocation): ExecResult {
  const [kind, ...rest] = inv.args;
  const type = kind === undefined ? undefined : TYPES[kind];
  if (kind === undefined) return { stdout: '', stderr: "error: Required resource not specified.\nSee 'kubectl create service -h' for help and examples\n", exitCode: 1 };
  if (type === undefined) return { stdout: '', stderr: `error: unknown command "${kind}" for "kubectl create service"\nRun 'kubectl create service --help' for usage.\n`, exitCode: 1 };
  if (rest.length !== 1) return { stdout: '', stderr: `error: exactly one NAME is required, got ${rest.length}\nSee 'kubectl create service ${kind} -h' for help and examples\n`, exitCode: 1 };
  const name = rest[0];
  const clusterIP = str(inv.flags, 'clusterip') ?? '';
  const tcp = arr(inv.flags, 'tcp').flatMap((v) => v.split(','));
  // ServiceOptions.Validate.
  if (type === 'ExternalName') {
    const external = str(inv.flags, 'external-name') ?? '';
    if (external === '') return errorResult('external-name must be specified');
    return createOrPrint(inv, 'services', undefined, service(name, { type, externalName: external, ports: [] }));
  }
  if (tcp.length === 0 && clusterIP !== 'None') return errorResult('at least one tcp port specifier must be provided');
  if (clusterIP === 'None' && type !== 'ClusterIP') return errorResult('ClusterIP=None can only be used with ClusterIP service type');
  const ports: Obj[] = [];
  for (const spec of tcp) {
    const [portText, targetText = portText] = spec.split(':');
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port < 1 || port > 65535) return errorResult(`invalid port: ${portText}`);
    const target = /^\d+$/.test(targetText) ? Number(targetText) : targetText;
    ports.push({ name: `${portText}-${targetText}`, port, protocol: 'TCP', targetPort: target });
  }
  const nodePort = int(inv.flags, 'node-port');
  if (nodePort !== undefined && nodePort !== 0 && type === 'NodePort') for (const p of ports) p.nodePort = nodePort;
  return createOrPrint(inv, 'services', undefined, service(name, { type, ports, ...(clusterIP !== '' ? { clusterIP } : {}) }));
}

/** The Service create_service.go builds: labels and selector app=NAME. */
function service(name: string, spec: Obj): KubeObject {
  const { ports, ...others } = spec;
  const ordered: Obj = { ...(ports.length > 0 ? { ports } : {}), selector: { app: name }, ...others };
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, labels: { app: name } }, spec: ordered, status: { loadBalancer: {} } } as unknown as KubeObject;
}
