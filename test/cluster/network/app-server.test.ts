/**
 * Applications answer from behaviour data and log each request.
 * - nginx's default page is the official image's index.html (615 bytes, `curl -I` shows `Content-Length: 615`,
 *   `ETag: "6745ef54-267"` for 1.27.3) and its 404 page is ngx_http_special_response.c's (CRLF lines, 153 bytes).
 * - The access-log line is the image's nginx.conf `main` log_format, e.g. a real capture:
 *   `10.244.0.1 - - [26/Nov/2024:16:00:01 +0000] "GET / HTTP/1.1" 200 615 "-" "kube-probe/1.31" "-"`.
 */
import { describe, it, expect } from 'vitest';
import { smallCluster, createPod, getPod } from '../kubelet/harness.js';
import type { HttpRequest } from '../../../src/cluster/network/requests.js';

const cluster = smallCluster({ 'shop/api:1': { listens: [8080], http: { '/': { status: 200, body: 'hi\n' } }, accessLog: '$remote_addr "$request" $status $body_bytes_sent "$http_user_agent"' } });
createPod(cluster, 'web', { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27' }] });
createPod(cluster, 'api', { nodeName: 'node-1', containers: [{ name: 'api', image: 'shop/api:1' }] });
createPod(cluster, 'client', { nodeName: 'node-2', containers: [{ name: 'c', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] });
cluster.advance(30_000);

const client = () => {
  const runtime = cluster.nodes.get('node-2')!.runtime;
  const sandbox = [...runtime.sandboxes.values()].find((s) => s.podName === 'client')!;
  return { kind: 'pod' as const, node: 'node-2', sandboxId: sandbox.id };
};
const get = (pod: string, port: number, path: string) => {
  const ip = getPod(cluster, pod).status.podIP as string;
  const request: HttpRequest = { kind: 'http', method: 'GET', path, host: ip, headers: [['User-Agent', 'Wget'], ['Accept', '*/*']] };
  const r = cluster.network.request(client(), ip, port, request);
  if (!r.ok || !r.response || r.response.kind !== 'http') throw new Error('no HTTP answer');
  return r.response;
};
const logs = (pod: string) => {
  const r = cluster.systemClient().podLogs('default', pod);
  return r.ok ? r.value.split('\n').filter((l) => l !== '') : [];
};

describe('nginx by default', () => {
  it('serves its welcome page with nginx\'s headers, in nginx\'s order', () => {
    const r = get('web', 80, '/');
    expect([r.status, r.reason, Buffer.byteLength(r.body)]).toEqual([200, 'OK', 615]);
    expect(r.body).toContain('<title>Welcome to nginx!</title>');
    const date = r.headers.find(([k]) => k === 'Date')![1];
    expect(date).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Nov|Dec) 2026 \d\d:\d\d:\d\d GMT$/);
    expect(r.headers).toEqual([
      ['Server', 'nginx/1.27.3'],
      ['Date', date],
      ['Content-Type', 'text/html'],
      ['Content-Length', '615'],
      ['Last-Modified', 'Tue, 26 Nov 2024 15:55:00 GMT'],
      ['Connection', 'keep-alive'],
      ['ETag', '"6745ef54-267"'],
      ['Accept-Ranges', 'bytes'],
    ]);
  });

  it('answers any other path with its own 404 page', () => {
    const r = get('web', 80, '/healthz');
    expect([r.status, r.reason]).toEqual([404, 'Not Found']);
    expect(r.body).toBe('<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/1.27.3</center>\r\n</body>\r\n</html>\r\n');
    expect(r.headers.find(([k]) => k === 'Content-Length')![1]).toBe('153');
  });

  it('writes an access-log line per request to the container log, in the image\'s main format', () => {
    const before = logs('web').length;
    get('web', 80, '/index.html?x=1');
    const line = logs('web').slice(before);
    const clientIP = getPod(cluster, 'client').status.podIP;
    expect(line).toHaveLength(1);
    expect(line[0]).toMatch(new RegExp(`^${clientIP.replace(/\./g, '\\.')} - - \\[\\d\\d/(Nov|Dec)/2026:\\d\\d:\\d\\d:\\d\\d \\+0000\\] "GET /index.html\\?x=1 HTTP/1\\.1" 200 615 "-" "Wget" "-"$`));
  });
});

describe('an application image from the scenario', () => {
  it('logs in its own format', () => {
    const before = logs('api').length;
    get('api', 8080, '/');
    const clientIP = getPod(cluster, 'client').status.podIP;
    expect(logs('api').slice(before)).toEqual([`${clientIP} "GET / HTTP/1.1" 200 3 "Wget"`]);
  });

  it('an image without accessLog logs nothing per request', () => {
    const c2 = smallCluster({ 'shop/quiet:1': { listens: [8080] } });
    createPod(c2, 'q', { nodeName: 'node-1', containers: [{ name: 'q', image: 'shop/quiet:1', readinessProbe: { httpGet: { path: '/', port: 8080 }, periodSeconds: 1 } }] });
    c2.advance(20_000);
    const r = c2.systemClient().podLogs('default', 'q');
    expect(r).toEqual({ ok: true, value: '' });
  });

  it('probes appear in nginx\'s access log with the kube-probe User-Agent', () => {
    const c3 = smallCluster();
    createPod(c3, 'p', { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.27', readinessProbe: { httpGet: { path: '/', port: 80 }, periodSeconds: 5 } }] });
    c3.advance(20_000);
    const r = c3.systemClient().podLogs('default', 'p');
    const probeLines = (r.ok ? r.value : '').split('\n').filter((l) => l.includes('kube-probe'));
    expect(probeLines.length).toBeGreaterThanOrEqual(2);
    expect(probeLines[0]).toMatch(/^10\.0\.0\.\d+ - - \[.*\] "GET \/ HTTP\/1\.1" 200 615 "-" "kube-probe\/1\.32" "-"$/);
  });
});

describe('an application without a table entry for the path', () => {
  it('answers as Go\'s http.NotFound: its text, Content-Type, nosniff, then Date and Content-Length', () => {
    const r = get('api', 8080, '/missing');
    expect([r.status, r.body]).toEqual([404, '404 page not found\n']);
    expect(r.headers.map(([k]) => k)).toEqual(['Content-Type', 'X-Content-Type-Options', 'Date', 'Content-Length']);
    expect(r.headers[1]).toEqual(['X-Content-Type-Options', 'nosniff']);
  });
});
