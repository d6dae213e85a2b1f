/**
 * The processes that listen on a node's own address without being
 * containers the runtime knows: the kubelet (10250, while its unit runs). The
 * API server (6443) is its static pod's host-network container
 * (control-plane/programs.ts). They accept connections; what they answer beyond
 * that is their own business (kubectl logs/exec reach the kubelet through
 * the API server, not through these servers).
 */
import type { Packet } from './netfilter.js';
import type { HttpResponse, ServerProgram } from './requests.js';
import { pathOf, reasonPhrase } from './app-server.js';

/** Answers `/healthz`, `/livez` and `/readyz` with `ok`; anything else as an anonymous caller is refused. */
export const HEALTH_SERVER: ServerProgram = healthServer((path) => {
  const bare = pathOf(path);
  return bare === '/healthz' || bare === '/livez' || bare === '/readyz' ? OK : undefined;
});

/**
 * A server whose health paths answer as `health` says, to anyone
 * (system:public-info-viewer lets system:unauthenticated read them); any
 * other path, for an anonymous caller, is forbidden.
 */
export function healthServer(health: (pathAndQuery: string) => { status: 200 | 500; body: string } | undefined): ServerProgram {
  return {
    answer(request) {
      if (request.kind !== 'http') return undefined;
      const answer = health(request.path);
      if (answer) return answer.status === 200 && answer.body === 'ok' ? OK_RESPONSE : healthResponse(answer.status, answer.body);
      return forbiddenAnonymous(pathOf(request.path));
    },
  };
}

const OK = Object.freeze({ status: 200, body: 'ok' } as const);

/** healthz.go and http.Error both write text/plain with nosniff. */
const HEALTH_HEADERS: HttpResponse['headers'] = Object.freeze([Object.freeze(['Content-Type', 'text/plain; charset=utf-8'] as const), Object.freeze(['X-Content-Type-Options', 'nosniff'] as const)]);

function healthResponse(status: number, body: string): HttpResponse {
  return { kind: 'http', status, reason: reasonPhrase(status), headers: HEALTH_HEADERS, body };
}

/** The answer of a passing health path, the same every time (every probe period of every component): shared and frozen. */
const OK_RESPONSE: HttpResponse = Object.freeze(healthResponse(200, 'ok'));

/** The 403 an anonymous caller gets for any path system:public-info-viewer does not cover. */
function forbiddenAnonymous(path: string): HttpResponse {
  const body = `{\n  "kind": "Status",\n  "apiVersion": "v1",\n  "metadata": {},\n  "status": "Failure",\n  "message": "forbidden: User \\"system:anonymous\\" cannot get path \\"${path}\\"",\n  "reason": "Forbidden",\n  "details": {},\n  "code": 403\n}`;
  return { kind: 'http', status: 403, reason: reasonPhrase(403), headers: [['Content-Type', 'application/json']], body };
}

/** Which host daemons a node has. */
export function hostDaemons(node: { kubelet: { running(): boolean } }): (port: number, proto: Packet['proto']) => ServerProgram | undefined {
  return (port, proto) => {
    if (proto !== 'tcp') return undefined;
    if (port === 10250 && node.kubelet.running()) return HEALTH_SERVER;
    return undefined;
  };
}
