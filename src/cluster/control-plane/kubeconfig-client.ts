/**
 * A control-plane component's API client built from its kubeconfig
 * (principle 2): the `server` address, the client certificate, and the same
 * transport the kubelet uses — network dial from the component's node, TLS
 * judged by that node's clock, then authentication of the certificate by the
 * API server. A wrong address or an expired certificate is a real fault.
 */
import type { ApiClient } from '../apiserver/types.js';
import type { Certificate } from '../host/certs.js';
import type { Credential } from '../apiserver/authn.js';
import type { LaunchContext } from '../system-programs.js';
import { KubeletTransport } from '../kubelet/api-transport.js';
import { kubeconfigCertificate } from '../kubelet/client-credentials.js';

/** What a kubeconfig gives a component. */
export type KubeconfigClient =
  | { ok: true; client: ApiClient; transport: KubeletTransport; server: { ip: string; port: number }; useCertificate(cert: Certificate): void }
  | { ok: false; error: string };

/** The host and port of a kubeconfig's `server: https://IP:PORT`. */
export function kubeconfigServer(text: string | undefined): { ip: string; port: number } | undefined {
  const m = /server:\s*https:\/\/([\d.]+):(\d+)/.exec(text ?? '');
  return m ? { ip: m[1], port: Number(m[2]) } : undefined;
}

/**
 * Loads `path` from the component's node (clientcmd: `stat <path>: no such
 * file or directory` when it is missing) and wraps a client presenting its
 * certificate; `query` is what client-go appends to the requests (`?timeout=5s`);
 * `master` (the component's --master) replaces the kubeconfig's server.
 */
export function kubeconfigClient(lc: LaunchContext, path: string, query: string, master?: string): KubeconfigClient {
  const fs = lc.node.host.fs;
  const loaded = kubeconfigCertificate(fs, path);
  if (!loaded.ok) return { ok: false, error: loaded.missing ? `stat ${path}: no such file or directory` : loaded.error.replace(/bootstrap client config/g, 'client config') };
  const server = master !== undefined && master !== '' ? kubeconfigServer(`server: ${master}`) : kubeconfigServer(fs.read(path));
  if (!server) return { ok: false, error: 'invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable' };
  const transport = new KubeletTransport(lc.node.host, lc.network, { ...server, servingCertificate: lc.apiServerCertificate }, () => lc.ctx.queue.now());
  // The components' reflectors re-list and re-watch after an outage: their informers catch up (modelled as resumed).
  transport.resumeWatches = true;
  const cert: Certificate = loaded.cert;
  const credential: Credential = { type: 'x509', commonName: cert.subject.CN, organizations: cert.subject.O ?? [], notBefore: cert.notBefore, notAfter: cert.notAfter };
  const inner = lc.ctx.client(credential);
  // Every request presents this credential object: changing it in place changes the certificate the process holds.
  const useCertificate = (c: Certificate) => Object.assign(credential, { commonName: c.subject.CN, organizations: c.subject.O ?? [], notBefore: c.notBefore, notAfter: c.notAfter });
  return { ok: true, client: transport.wrap(inner, query), transport, server, useCertificate };
}
