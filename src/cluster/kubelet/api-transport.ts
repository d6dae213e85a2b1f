/**
 * The kubelet's connection to the API server: what stands between its
 * client-go calls and the simulated API server. A request first needs a TCP
 * connection (the node's packet filter may drop or reject it), then a TLS
 * handshake in which the kubelet verifies the API server's serving
 * certificate against its own host clock (crypto/x509), and only then
 * reaches the API server (which authenticates the kubelet's certificate
 * against its own clock). Failures carry the Go error text client-go
 * returns: `Get "https://10.0.0.10:6443/...": dial tcp 10.0.0.10:6443: i/o timeout`.
 */
import type { ApiClient, ApiResult, DeleteOptions, KubeObject, ListOptions, PatchType, PodLogOptions, PodExecOptions, Status, WatchEvent, WriteOptions } from '../apiserver/types.js';
import type { Certificate } from '../host/certs.js';
import type { NodeHost } from '../host/node-host.js';
import type { Network } from '../network/network.js';
import { RepeatedDial } from '../network/repeated-dial.js';
import { goDialError } from '../network/dial-error.js';
import { rfc3339 } from './go-text.js';

/** Where the kubelet's kubeconfig points, and the certificate the server presents there. */
export interface ApiServerEndpoint {
  ip: string;
  port: number;
  /** The serving certificate the API server presents at true time `now`. */
  servingCertificate(now: number): Certificate;
}

/** How long a request waits on a dropped connection: the `timeout=10s` of the kubelet's clients. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** A transport-level failure: client-go's error text and how long the request took to fail. */
export interface TransportFailure {
  error: string;
  elapsedMs: number;
}

/** A failed request's Status: code 0 marks a transport error (no HTTP response). */
export function transportStatus(f: TransportFailure): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: f.error, reason: 'InternalError', code: 0 };
}

/** Did the request get no HTTP answer at all? */
export function isTransportError(status: Status): boolean {
  return status.code === 0;
}

/** Resource → URL path prefix (group/version) for the resources a kubelet touches. */
const PREFIX: Record<string, string> = { leases: '/apis/coordination.k8s.io/v1', csinodes: '/apis/storage.k8s.io/v1', certificatesigningrequests: '/apis/certificates.k8s.io/v1', runtimeclasses: '/apis/node.k8s.io/v1' };

/** The URL path of a request (as client-go builds it), without the query. */
export function resourcePath(resource: string, namespace: string | undefined, name?: string, subresource?: string): string {
  const prefix = PREFIX[resource] ?? '/api/v1';
  return `${prefix}${namespace ? `/namespaces/${namespace}` : ''}/${resource}${name ? `/${name}` : ''}${subresource ? `/${subresource}` : ''}`;
}

/** The connection between one kubelet and the API server. */
export class KubeletTransport {
  /** Set whenever a request failed below HTTP; a watch on a broken connection is gone. */
  broken = false;
  /** Did the last request get an HTTP answer (client-go's notion of a responsive server)? */
  serverResponsive = false;
  /** How long the last request took to fail (0 after a success). */
  lastElapsedMs = 0;
  /** The error text of the last failed request. */
  lastError?: string;
  /**
   * Watches outlive a broken connection, as client-go reflectors that re-list
   * and re-watch once the server answers again (the control-plane components);
   * the kubelet models its pod source's relist itself and leaves this off.
   */
  resumeWatches = false;

  /**
   * @param host the kubelet's node (its clock judges the serving certificate).
   * @param network the network its connections go through, from `host`'s own address.
   */
  constructor(
    private readonly host: NodeHost,
    network: Network,
    private readonly endpoint: ApiServerEndpoint,
    private readonly trueNow: () => number,
  ) {
    this.connection = new RepeatedDial(network, host.name, endpoint.ip, endpoint.port);
  }

  /** Its connections, from the node's own address to the endpoint's. */
  private readonly connection: RepeatedDial;

  /** The error a request to `method path?query` meets before reaching the API server, if any. */
  private check(method: string, pathAndQuery: string): TransportFailure | undefined {
    const f = this.fault();
    return f && this.failure(f, method, pathAndQuery);
  }

  /** {@link check} for a request on a resource: its path is built only when the request fails (most succeed). */
  private checkResource(method: string, query: string, resource: string, namespace: string | undefined, name?: string, subresource?: string): TransportFailure | undefined {
    const f = this.fault();
    return f && this.failure(f, method, resourcePath(resource, namespace, name, subresource) + query);
  }

  /** {@link check} for a list: its URL (a reflector's, with its query) is built only when the request fails (the kubelet lists a namespace's Services at every container start). */
  private checkList(resource: string, namespace: string | undefined, options: ListOptions | undefined): TransportFailure | undefined {
    const f = this.fault();
    if (!f) return undefined;
    // A reflector's initial list: selectors, limit=500, resourceVersion=0 (url.Values order is sorted).
    const params = [options?.fieldSelector ? `fieldSelector=${encodeURIComponent(options.fieldSelector)}` : '', options?.labelSelector ? `labelSelector=${encodeURIComponent(options.labelSelector)}` : '', 'limit=500', 'resourceVersion=0'].filter(Boolean);
    return this.failure(f, 'GET', `${resourcePath(resource, namespace)}?${params.join('&')}`);
  }

  /** A fault as the failure of the request `method path?query`: client-go names the request, then the fault. */
  private failure(f: { why: string; elapsedMs: number }, method: string, pathAndQuery: string): TransportFailure {
    return { error: `${this.request(method, pathAndQuery)}: ${f.why}`, elapsedMs: f.elapsedMs };
  }

  /** What stops any request before the API server: the connection, then TLS (Go's words after the request's). */
  private fault(): { why: string; elapsedMs: number } | undefined {
    const failure = this.connection.failure();
    if (failure) {
      this.broken = true;
      this.serverResponsive = false;
      return { why: `dial tcp ${this.endpoint.ip}:${this.endpoint.port}: ${goDialError(failure)}`, elapsedMs: failure === 'timeout' ? REQUEST_TIMEOUT_MS : 1 };
    }
    // crypto/x509 Certificate.Verify with CurrentTime = the host clock; Go ≥1.20 prefixes the TLS layer's words.
    const cert = this.endpoint.servingCertificate(this.trueNow());
    const hostNow = this.host.now();
    if (hostNow < cert.notBefore || hostNow > cert.notAfter) {
      this.broken = true;
      this.serverResponsive = false;
      const detail = hostNow > cert.notAfter ? `is after ${rfc3339(cert.notAfter)}` : `is before ${rfc3339(cert.notBefore)}`;
      return { why: `tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time ${rfc3339(hostNow)} ${detail}`, elapsedMs: 1 };
    }
    return undefined;
  }

  /** `Get "https://10.0.0.10:6443/api/v1/..."` as client-go's errors name a request. */
  private request(method: string, pathAndQuery: string): string {
    const verb = method[0] + method.slice(1).toLowerCase();
    return `${verb} "https://${this.endpoint.ip}:${this.endpoint.port}${pathAndQuery}"`;
  }

  /** Records that a request got an HTTP answer (any status code). */
  answered(): void {
    this.serverResponsive = true;
  }

  /** Wraps an API client: every call goes through this connection first. */
  wrap(inner: ApiClient, query = '?timeout=10s'): ApiClient {
    const t = this;
    // A request stopped below HTTP, and one the API server answered (no closures per request: the kubelet asks often).
    const refused = (f: TransportFailure): { ok: false; status: Status } => {
      t.lastElapsedMs = f.elapsedMs;
      t.lastError = f.error;
      return { ok: false, status: transportStatus(f) };
    };
    const answered = <T>(r: ApiResult<T>): ApiResult<T> => {
      t.answered();
      t.lastElapsedMs = r.ok ? 0 : 1;
      if (!r.ok) t.lastError = r.status.message;
      return r;
    };
    const on = (method: string, resource: string, namespace: string | undefined, name?: string, subresource?: string) => t.checkResource(method, query, resource, namespace, name, subresource);
    return {
      get: (resource: string, namespace: string | undefined, name: string) => {
        const f = on('GET', resource, namespace, name);
        return f ? refused(f) : answered(inner.get(resource, namespace, name));
      },
      list: (resource: string, namespace: string | undefined, options?: ListOptions) => {
        const f = t.checkList(resource, namespace, options);
        return f ? refused(f) : answered(inner.list(resource, namespace, options));
      },
      create: (resource: string, namespace: string | undefined, object: KubeObject, options?: WriteOptions) => {
        const f = on('POST', resource, namespace);
        return f ? refused(f) : answered(inner.create(resource, namespace, object, options));
      },
      update: (resource: string, namespace: string | undefined, object: KubeObject, subresource?: 'ephemeralcontainers', options?: WriteOptions) => {
        const f = on('PUT', resource, namespace, object.metadata.name, subresource);
        return f ? refused(f) : answered(inner.update(resource, namespace, object, subresource, options));
      },
      updateStatus: (resource: string, namespace: string | undefined, object: KubeObject) => {
        const f = on('PUT', resource, namespace, object.metadata.name, 'status');
        return f ? refused(f) : answered(inner.updateStatus(resource, namespace, object));
      },
      patch: (resource: string, namespace: string | undefined, name: string, type: PatchType, patch: unknown, subresource?: 'ephemeralcontainers' | 'status', options?: WriteOptions) => {
        const f = on('PATCH', resource, namespace, name, subresource);
        return f ? refused(f) : answered(inner.patch(resource, namespace, name, type, patch, subresource, options));
      },
      delete: (resource: string, namespace: string | undefined, name: string, options?: DeleteOptions) => {
        const f = on('DELETE', resource, namespace, name);
        return f ? refused(f) : answered(inner.delete(resource, namespace, name, options));
      },
      watch: (resource: string, namespace: string | undefined, resourceVersion: string, handler: (e: WatchEvent) => void, options?: ListOptions) => {
        const f = on('GET', resource, namespace);
        if (f) return refused(f);
        // A watch is a stream on the connection: once the connection broke, nothing more arrives. A watch
        // opened after an earlier failure has a connection of its own.
        if (t.broken) t.reconnect();
        const since = t.generation;
        return answered(inner.watch(resource, namespace, resourceVersion, (e) => (t.resumeWatches || (t.generation === since && !t.broken)) && handler(e), options));
      },
      raw: (path: string) => {
        const f = t.check('GET', path + query);
        return f ? refused(f) : answered(inner.raw(path));
      },
      podLogs: (namespace: string, name: string, options?: PodLogOptions) => {
        const f = on('GET', 'pods', namespace, name, 'log');
        return f ? refused(f) : answered(inner.podLogs(namespace, name, options));
      },
      podExec: (namespace: string, name: string, options: PodExecOptions) => {
        const f = on('POST', 'pods', namespace, name, 'exec');
        return f ? refused(f) : answered(inner.podExec(namespace, name, options));
      },
    };
  }

  /** Incremented on each reconnect, so streams of an older connection stay dead. */
  generation = 0;

  /** A new connection after a failure (the reflector relists). */
  reconnect(): void {
    this.broken = false;
    this.generation++;
  }
}

const YEAR_MS = 365 * 86_400_000;

/**
 * The API server's serving certificate as the kubelet meets it: the
 * control-plane node's /etc/kubernetes/pki/apiserver.crt when that file
 * exists, else the one kubeadm issued at cluster creation (one year), renewed
 * every year as `kubeadm upgrade` does.
 */
export function apiServerServingCertificate(readCert: () => Certificate | undefined, createdAt: number, ip: string): (now: number) => Certificate {
  return (now) => {
    const onDisk = readCert();
    if (onDisk) return onDisk;
    const renewals = Math.max(0, Math.floor((now - createdAt) / YEAR_MS));
    const notBefore = createdAt + renewals * YEAR_MS;
    return { serial: `${renewals}`.padStart(32, '0'), subject: { CN: 'kube-apiserver' }, issuer: { CN: 'kubernetes' }, notBefore, notAfter: notBefore + YEAR_MS, sans: ['DNS:kubernetes', 'DNS:kubernetes.default', `IP Address:10.96.0.1`, `IP Address:${ip}`] };
  };
}
