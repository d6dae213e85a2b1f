/**
 * nginx log_format variables (https://nginx.org/en/docs/http/ngx_http_log_module.html#log_format,
 * https://nginx.org/en/docs/http/ngx_http_core_module.html#variables): unset values print `-`,
 * $time_local is `26/Nov/2024:16:00:01 +0000`.
 */
import { describe, it, expect } from 'vitest';
import { accessLogLine, NGINX_MAIN_LOG_FORMAT, unknownLogVariable } from '../../../src/cluster/network/access-log.js';

const entry = {
  request: { kind: 'http' as const, method: 'GET', path: '/api/items?page=2', host: 'shop.default.svc:8080', headers: [['User-Agent', 'curl/8.5.0'], ['Accept', '*/*'], ['X-Forwarded-For', '192.168.1.9']] as [string, string][] },
  response: { kind: 'http' as const, status: 503, reason: 'Service Unavailable', headers: [], body: 'busy\n' },
  remoteIP: '10.244.2.7',
  port: 8080,
  time: Date.parse('2024-11-26T16:00:01.250Z'),
};

describe('access log lines', () => {
  it('renders nginx\'s main format as nginx writes it', () => {
    expect(accessLogLine(NGINX_MAIN_LOG_FORMAT, entry)).toBe('10.244.2.7 - - [26/Nov/2024:16:00:01 +0000] "GET /api/items?page=2 HTTP/1.1" 503 5 "-" "curl/8.5.0" "192.168.1.9"');
  });

  it('knows the other variables, ${braced} ones and headers by name', () => {
    expect(accessLogLine('$time_iso8601 $request_method $uri $args $host $server_port ${status}ms $http_accept $http_referer', entry)).toBe('2024-11-26T16:00:01+00:00 GET /api/items page=2 shop.default.svc 8080 503ms */* -');
  });

  it('names the first unknown variable (scenario validation)', () => {
    expect(unknownLogVariable(NGINX_MAIN_LOG_FORMAT)).toBeUndefined();
    expect(unknownLogVariable('$remote_addr $upstream_addr')).toBe('$upstream_addr');
  });
});
