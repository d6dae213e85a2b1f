/**
 * How crictl v1.32 connects (cmd/crictl/main.go getRuntimeService /
 * getImageService, k8s.io/cri-client remote_runtime.go): the endpoint comes
 * from --runtime-endpoint or /etc/crictl.yaml; without either crictl warns
 * that the default endpoints are deprecated and tries each in turn, logging
 * every failed one. Messages are logrus text lines on stderr.
 */
import yaml from 'js-yaml';

/** main_unix.go defaultRuntimeEndpoints. */
export const DEFAULT_ENDPOINTS = ['unix:///run/containerd/containerd.sock', 'unix:///run/crio/crio.sock', 'unix:///var/run/cri-dockerd.sock'];

/** The sockets containerd listens on (/var/run is a symlink to /run). */
const CONTAINERD_SOCKETS = new Set(['/run/containerd/containerd.sock', '/var/run/containerd/containerd.sock']);

/**
 * A logrus TextFormatter line on a terminal: `WARN[0000] <msg padded to 44> `.
 * The `[0000]` is the whole seconds since crictl started.
 */
export function logrusLine(level: 'WARN' | 'ERRO' | 'FATA' | 'INFO', message: string, elapsedSeconds = 0): string {
  return `${level}[${String(elapsedSeconds).padStart(4, '0')}] ${message.padEnd(44)} \n`;
}

/** Endpoints chosen by flags or /etc/crictl.yaml (common.GetServerConfigFromFile). */
export interface EndpointConfig {
  runtime?: string;
  image?: string;
}

/** Reads `runtime-endpoint` and `image-endpoint` from a crictl.yaml text; undefined when absent or unparsable. */
export function parseCrictlConfig(text: string | undefined): EndpointConfig | undefined {
  if (text === undefined) return undefined;
  try {
    const doc = (yaml.load(text) ?? {}) as Record<string, unknown>;
    const s = (k: string) => (typeof doc[k] === 'string' && doc[k] ? (doc[k] as string) : undefined);
    return { runtime: s('runtime-endpoint'), image: s('image-endpoint') };
  } catch {
    return undefined;
  }
}

/** What connecting needs of the runtime's client: whether containerd's socket answers. */
export interface Dialer {
  dial(): boolean;
}

/** The gRPC dial error for one endpoint, or undefined when a live containerd answers there. */
function dialError(endpoint: string, containerd: Dialer): string | undefined {
  const path = endpoint.replace(/^unix:\/\//, '');
  if (CONTAINERD_SOCKETS.has(path)) {
    if (containerd.dial()) return undefined;
    return `dial unix ${path}: connect: connection refused`;
  }
  return `dial unix ${path}: connect: no such file or directory`;
}

/** The validateServiceConnection error text for an endpoint (runtime or image API). */
function validateError(api: 'runtime' | 'image', endpoint: string, dial: string): string {
  return `validate service connection: validate CRI v1 ${api} API for endpoint "${endpoint}": rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: ${dial}"`;
}

/** What connecting printed, and the error that ends the command (logrus.Fatal) if it failed. */
export interface Connection {
  stderr: string;
  fatal?: string;
}

/**
 * Connects to the runtime or image service as crictl does: one explicit
 * endpoint, or the deprecated default list with a warning and an error line
 * for every endpoint that fails (the last error is returned).
 */
export function connect(service: 'runtime' | 'image', configured: string | undefined, containerd: Dialer): Connection {
  const api = service;
  if (configured) {
    const dial = dialError(configured, containerd);
    return dial ? { stderr: '', fatal: validateError(api, configured, dial) } : { stderr: '' };
  }
  const label = service === 'runtime' ? 'runtime' : 'Image';
  let stderr = logrusLine('WARN', `${label} connect using default endpoints: [${DEFAULT_ENDPOINTS.join(' ')}]. As the default settings are now deprecated, you should set the endpoint instead.`);
  let last = '';
  for (const endpoint of DEFAULT_ENDPOINTS) {
    const dial = dialError(endpoint, containerd);
    if (!dial) return { stderr };
    last = validateError(api, endpoint, dial);
    stderr += logrusLine('ERRO', last);
  }
  return { stderr, fatal: last };
}
