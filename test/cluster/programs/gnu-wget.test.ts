/**
 * GNU Wget 1.21.2, the nodes' wget (Ubuntu 22.04), against a scripted
 * network: its log pinned to the sources' formats (src/http.c http_loop:
 * "--%s--  %s\n", "--%s--  %s  %s\n" with "(try:%2d)", "%s ERROR %d: %s.\n",
 * "Saving to: %s\n", "%s (%s) - %s saved [%s/%s]\n\n", "written to stdout";
 * gethttp: "%s request sent, awaiting response... ", "Read error (%s) in
 * headers.\n", "Length: "; src/host.c lookup_host: "Resolving %s... ",
 * "failed: %s.\n"; src/connect.c connect_to_ip: "Connecting to %s|%s|:%d... ",
 * "Connecting to %s:%d... ", "connected.\n", "failed: %s.\n"; connect_to_host
 * and gethttp: "%s: unable to resolve host address %s\n"; src/retr.c
 * printwhat: "Retrying.\n\n" / "Giving up.\n\n", sleep_between_retrievals;
 * src/progress.c dot_finish/print_row_stats; src/exits.c
 * get_status_for_err), quoted by gnulib quote() in a UTF-8 locale (‘’).
 * The --spider -S shape is checked against a real Ubuntu 22.04 capture
 * (`wget --spider -S https://example.com`, September 2026: "Spider mode
 * enabled. Check if remote file exists.", "HTTP request sent, awaiting
 * response... " then the indented headers).
 */
import { describe, it, expect } from 'vitest';
import { gnuWget } from '../../../src/cluster/programs/gnu-wget.js';
import { dotProgress, humanReadable, printDecimal, retrRate } from '../../../src/cluster/programs/wget-progress.js';
import type { ProgramContext, ProgramFiles } from '../../../src/cluster/programs/types.js';
import type { Network, RequestResult } from '../../../src/cluster/network/network.js';
import type { NetRequest, NetResponse } from '../../../src/cluster/network/requests.js';

const PAGE = `<html>${'x'.repeat(601)}</html>\n`; // 615 bytes, nginx's default page size
const NOW = Date.parse('2026-11-10T12:00:10Z');
const STUB = 'nameserver 127.0.0.53\noptions edns0 trust-ad\nsearch .\n';

/** web.default.svc.cluster.local is 10.96.0.5 for the stub; 10.96.0.5:80 serves PAGE, :81 refuses, :82 accepts and stays silent; 10.96.77.7 drops. */
function fakeNetwork(requests: NetRequest[] = []): Network {
  const ok = (response: NetResponse | undefined): RequestResult => ({ ok: true, peer: { kind: 'external', server: { answer: () => undefined } }, response });
  const request = (_from: unknown, ip: string, port: number, req: NetRequest): RequestResult => {
    requests.push(req);
    if (req.kind === 'dns') {
      const known = req.name.replace(/\.$/, '') === 'web.default.svc.cluster.local' && req.type === 'A';
      return ok({ kind: 'dns', rcode: known ? 'NOERROR' : 'NXDOMAIN', answers: known ? [{ name: 'web.default.svc.cluster.local.', type: 'A', ttl: 5, data: '10.96.0.5' }] : [], recursionAvailable: true });
    }
    if (ip === '10.96.0.5' && port === 80 && req.kind === 'http') {
      if (req.path === '/missing') return ok({ kind: 'http', status: 404, reason: 'Not Found', headers: [['Content-Type', 'text/html'], ['Content-Length', '153']], body: '<html>404</html>' });
      return ok({ kind: 'http', status: 200, reason: 'OK', headers: [['Server', 'nginx/1.25.5'], ['Content-Type', 'text/html'], ['Content-Length', String(PAGE.length)]], body: req.method === 'HEAD' ? '' : PAGE });
    }
    if (ip === '10.96.0.5' && port === 81) return { ok: false, failure: 'refused' };
    if (ip === '10.96.0.5' && port === 82) return ok(undefined);
    return { ok: false, failure: 'timeout' };
  };
  return { request } as unknown as Network;
}

/** An in-memory working directory. */
function memoryFiles(): ProgramFiles & { files: Map<string, string> } {
  const files = new Map<string, string>();
  return { files, exists: (p) => files.has(p), write: (p, t) => (files.set(p, t), true) };
}

const ctxOf = (network: Network, files?: ProgramFiles): ProgramContext => ({ network, from: { kind: 'host', node: 'node-1' }, resolvConf: () => STUB, now: NOW, ...(files ? { files } : {}) });
const run = (line: string, network = fakeNetwork(), files?: ProgramFiles) => gnuWget(line.split(' '), ctxOf(network, files));

describe('GNU Wget 1.21.2', () => {
  it('saves to index.html with the whole log on stderr, then index.html.1 (unique_name)', () => {
    const cwd = memoryFiles();
    const requests: NetRequest[] = [];
    const r = run('wget http://web.default.svc.cluster.local/', fakeNetwork(requests), cwd);
    expect(r.stderr).toBe(
      [
        '--2026-11-10 12:00:10--  http://web.default.svc.cluster.local/',
        'Resolving web.default.svc.cluster.local (web.default.svc.cluster.local)... 10.96.0.5',
        'Connecting to web.default.svc.cluster.local (web.default.svc.cluster.local)|10.96.0.5|:80... connected.',
        'HTTP request sent, awaiting response... 200 OK',
        'Length: 615 [text/html]',
        'Saving to: ‘index.html’',
        '',
        `     0K${' '.repeat(55)}100% 10.6M=0s`,
        '',
        '2026-11-10 12:00:10 (10.6 MB/s) - ‘index.html’ saved [615/615]',
        '',
        '',
      ].join('\n'),
    );
    expect(r).toMatchObject({ stdout: '', exitCode: 0 });
    expect(cwd.files.get('index.html')).toBe(PAGE);
    // gethttp's request headers: Wget's own User-Agent, Accept, Accept-Encoding: identity, Host, Connection.
    expect(requests.at(-1)).toMatchObject({ kind: 'http', method: 'GET', path: '/', headers: [['User-Agent', 'Wget/1.21.2'], ['Accept', '*/*'], ['Accept-Encoding', 'identity'], ['Host', 'web.default.svc.cluster.local'], ['Connection', 'Keep-Alive']] });
    expect(run('wget -q http://10.96.0.5/', fakeNetwork(), cwd).stderr).toBe('');
    expect([...cwd.files.keys()]).toEqual(['index.html', 'index.html.1']);
  });

  it('-qO- prints only the body; -O- logs ‘STDOUT’ and "written to stdout"', () => {
    expect(run('wget -qO- http://10.96.0.5')).toMatchObject({ stdout: PAGE, stderr: '', exitCode: 0 });
    const loud = run('wget -O- 10.96.0.5');
    expect(loud.stderr).toContain("Connecting to 10.96.0.5:80... connected.\nHTTP request sent, awaiting response... 200 OK\nLength: 615 [text/html]\nSaving to: ‘STDOUT’\n");
    expect(loud.stderr.endsWith('2026-11-10 12:00:10 (10.6 MB/s) - written to stdout [615/615]\n\n')).toBe(true);
    expect(loud.chunks!.map((c) => c.fd).join('')).toMatch(/^2+12+$/);
  });

  it('a name that does not resolve and a refused connect end at once with exit 4; -q silences them', () => {
    expect(run('wget http://web/')).toMatchObject({
      stderr: '--2026-11-10 12:00:10--  http://web/\nResolving web (web)... failed: Name or service not known.\nwget: unable to resolve host address ‘web’\n',
      exitCode: 4,
    });
    const refused = run('wget http://10.96.0.5:81/');
    expect(refused).toMatchObject({ stderr: '--2026-11-10 12:00:10--  http://10.96.0.5:81/\nConnecting to 10.96.0.5:81... failed: Connection refused.\n', exitCode: 4 });
    expect(refused.durationMs).toBeLessThan(10);
    expect(run('wget -qO- http://10.96.0.5:81/')).toMatchObject({ stdout: '', stderr: '', exitCode: 4 });
    // --retry-connrefused makes it a retryable error.
    expect(run('wget -t 2 --retry-connrefused http://10.96.0.5:81/').stderr).toContain('failed: Connection refused.\nRetrying.\n\n--2026-11-10 12:00:11--  (try: 2)  http://10.96.0.5:81/\n');
  });

  it('an error response: "DATE ERROR 404: Not Found." and exit 8', () => {
    expect(run('wget http://10.96.0.5/missing')).toMatchObject({
      stderr: '--2026-11-10 12:00:10--  http://10.96.0.5/missing\nConnecting to 10.96.0.5:80... connected.\nHTTP request sent, awaiting response... 404 Not Found\n2026-11-10 12:00:10 ERROR 404: Not Found.\n\n',
      exitCode: 8,
    });
  });

  it('retries a connect that times out, waiting 1, 2 ... s between tries; -T bounds each, 20 tries by default', () => {
    const r = run('wget -T 5 -t 3 http://10.96.77.7/');
    expect(r.stderr).toBe(
      [
        '--2026-11-10 12:00:10--  http://10.96.77.7/',
        'Connecting to 10.96.77.7:80... failed: Connection timed out.',
        'Retrying.',
        '',
        '--2026-11-10 12:00:16--  (try: 2)  http://10.96.77.7/',
        'Connecting to 10.96.77.7:80... failed: Connection timed out.',
        'Retrying.',
        '',
        '--2026-11-10 12:00:23--  (try: 3)  http://10.96.77.7/',
        'Connecting to 10.96.77.7:80... failed: Connection timed out.',
        'Giving up.',
        '',
        '',
      ].join('\n'),
    );
    expect(r).toMatchObject({ exitCode: 4, durationMs: 3 * 5000 + 1000 + 2000 });
    // No -T: the kernel's connect timeout (about 127 s) each time, 20 tries, waits of 1..10 s (145 s in all).
    const long = run('wget -q http://10.96.77.7/');
    expect(long).toMatchObject({ stderr: '', exitCode: 4, durationMs: 20 * 127_000 + 145_000 });
  });

  it('a server that never answers is a read error after the read timeout (-T), retried', () => {
    const r = run('wget -T 2 -t 2 http://10.96.0.5:82/');
    expect(r.stderr).toBe(
      '--2026-11-10 12:00:10--  http://10.96.0.5:82/\nConnecting to 10.96.0.5:82... connected.\nHTTP request sent, awaiting response... Read error (Connection timed out) in headers.\nRetrying.\n\n' +
        '--2026-11-10 12:00:13--  (try: 2)  http://10.96.0.5:82/\nConnecting to 10.96.0.5:82... connected.\nHTTP request sent, awaiting response... Read error (Connection timed out) in headers.\nGiving up.\n\n',
    );
    expect(r).toMatchObject({ exitCode: 4, durationMs: 5000 });
  });

  it('--spider -S sends HEAD and prints the response head indented', () => {
    const requests: NetRequest[] = [];
    const r = run('wget --spider -S -U probe/1 http://10.96.0.5/', fakeNetwork(requests));
    expect(r.stderr).toBe(
      'Spider mode enabled. Check if remote file exists.\n--2026-11-10 12:00:10--  http://10.96.0.5/\nConnecting to 10.96.0.5:80... connected.\nHTTP request sent, awaiting response... \n  HTTP/1.1 200 OK\n  Server: nginx/1.25.5\n  Content-Type: text/html\n  Content-Length: 615\nLength: 615 [text/html]\nRemote file exists and could contain further links,\nbut recursion is disabled -- not retrieving.\n\n',
    );
    expect(requests.at(-1)).toMatchObject({ method: 'HEAD', headers: expect.arrayContaining([['User-Agent', 'probe/1']]) });
    expect(run('wget --spider http://10.96.0.5/missing')).toMatchObject({ exitCode: 8, stderr: expect.stringMatching(/404 Not Found\nRemote file does not exist -- broken link!!!\n\n$/) });
  });

  it('-O FILE is created before anything is fetched, and stays empty when the fetch fails', () => {
    const cwd = memoryFiles();
    expect(run('wget -q -O out.html http://10.96.0.5:81/', fakeNetwork(), cwd).exitCode).toBe(4);
    expect(cwd.files.get('out.html')).toBe('');
    run('wget -q -O out.html http://10.96.0.5/', fakeNetwork(), cwd);
    expect(cwd.files.get('out.html')).toBe(PAGE);
  });

  it('several URLs: a kept-alive connection is reused by name, a resolved name is not resolved again, and a summary ends the run', () => {
    const r = run('wget -O- http://web.default.svc.cluster.local/ http://web.default.svc.cluster.local/missing http://10.96.0.5/');
    // http.c persistent_available_p / "Reusing existing connection to %s:%d.\n"; main.c "FINISHED --%s--\nTotal wall clock time: %s\nDownloaded: %d files, %s in %s (%s)\n".
    expect(r.stderr).toContain('--2026-11-10 12:00:10--  http://web.default.svc.cluster.local/missing\nReusing existing connection to web.default.svc.cluster.local:80.\nHTTP request sent, awaiting response... 404 Not Found\n');
    expect(r.stderr).toContain('--2026-11-10 12:00:10--  http://10.96.0.5/\nConnecting to 10.96.0.5:80... connected.\n');
    expect(r.stderr.match(/Resolving /g)).toHaveLength(1);
    expect(r.stderr.endsWith('FINISHED --2026-11-10 12:00:10--\nTotal wall clock time: 0.005s\nDownloaded: 2 files, 1.2K in 0s (10.6 MB/s)\n')).toBe(true);
    expect(r).toMatchObject({ stdout: PAGE + PAGE, exitCode: 8 });
  });

  it('bad options and a missing URL as main.c reports them (exit 2 and 1)', () => {
    const tail = "Usage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n";
    expect(run('wget -x http://a')).toMatchObject({ stderr: `wget: invalid option -- 'x'\n${tail}`, exitCode: 2 });
    expect(run('wget --bogus http://a')).toMatchObject({ stderr: `wget: unrecognized option '--bogus'\n${tail}`, exitCode: 2 });
    expect(run('wget -q')).toMatchObject({ stderr: `wget: missing URL\n${tail}`, exitCode: 1 });
    expect(run('wget -T soon http://a')).toMatchObject({ stderr: 'wget: --timeout: Invalid time period ‘soon’\n', exitCode: 2 });
  });
});

describe("wget's numbers", () => {
  it('formats rates, sizes and decimals as retr_rate, human_readable and print_decimal', () => {
    expect([retrRate(615, 0.0001), retrRate(50, 1), retrRate(5 * 1024 * 1024 * 1024, 1)]).toEqual(['5.87 MB/s', '50.0 B/s', '5.00 GB/s']);
    expect([humanReadable(615), humanReadable(1536), humanReadable(15360), humanReadable(3_500_000)]).toEqual(['615', '1.5K', '15K', '3.3M']);
    expect([printDecimal(12.4), printDecimal(1.26), printDecimal(0.042), printDecimal(0.0007), printDecimal(0.0001)]).toEqual(['12', '1.3', '0.04', '0.001', '0']);
  });

  it('draws a dot per KiB, a space every ten, 50 a row with its percentage, rate and ETA', () => {
    const text = dotProgress(120_000, 120_000, 0.01);
    const rows = text.split('\n');
    expect(rows[0]).toBe('');
    // Each row's rate is of its own 50K over the time since the row before (the reads are 16K: the rows end mid-read).
    expect(rows[1]).toBe(`     0K ${'.......... '.repeat(4)}.......... 42% 8.94M 0s`);
    expect(rows[2]).toBe(`    50K ${'.......... '.repeat(4)}.......... 85% 11.9M 0s`);
    // 120000 - 102400 = 17600 bytes: 17 dots, the rest of the row blank (a space a dot, two every ten), then the totals.
    expect(rows[3]).toBe(`   100K .......... .......${' '.repeat(36)}100% 37.9M=0.01s`);
    expect(rows.slice(4)).toEqual(['', '']);
  });
});
