/**
 * The Corefile as CoreDNS 1.11.3 loads it: github.com/coredns/caddy
 * caddyfile (lexer.go, parse.go, dispenser.go error wording), the plugins'
 * setup.go checks (plugin/kubernetes, plugin/forward, plugin/health), and the
 * reload plugin's hash (plugin/reload/reload.go: sha512 of json.Marshal of the
 * server blocks).
 */
import { describe, it, expect } from 'vitest';
import { loadCorefile } from '../../../src/cluster/dns/corefile.js';
import { defaultCorefile } from '../../../src/cluster/bootstrap/kubeadm.js';

/** kubeadm's Corefile before v1.32 (without the `cache` block), as clusters ran it for years. */
const PRE_132 = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30
    loop
    reload
    loadbalance
}
`;

const broken = (line: string, at = 6) => {
  const lines = defaultCorefile().split('\n');
  lines.splice(at, 0, line);
  return lines.join('\n');
};

describe('the default Corefile', () => {
  it("hashes as CoreDNS's reload plugin logs it: the value real kubeadm clusters print for the pre-1.32 Corefile", () => {
    // Real capture of `kubectl logs -n kube-system coredns-...` on a kubeadm cluster (CoreDNS 1.11.x):
    // [INFO] plugin/reload: Running configuration SHA512 = 591cf328cccc12bc...
    const r = loadCorefile(PRE_132);
    expect(r.ok && r.sha512).toBe('591cf328cccc12bc490481273e738df59329c62c0b729d94e8b61db9961c2fa5f046dd37f1cf888b953814040d180f52594972691cd6ff41be96639138a43908');
    // Whitespace and comments do not change it (the hash is over tokens); another option does.
    const spaced = loadCorefile(PRE_132.replace('    errors', '  errors   # log errors'));
    expect(spaced.ok && spaced.sha512).toBe(r.ok && r.sha512);
    const other = loadCorefile(PRE_132.replace('ttl 30', 'ttl 5'));
    expect(other.ok && other.sha512).not.toBe(r.ok && r.sha512);
  });

  it('loads kubeadm v1.32 Corefile into one server block with its kubernetes and forward settings', () => {
    const r = loadCorefile(defaultCorefile());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.servers).toHaveLength(1);
    const s = r.servers[0];
    expect(s).toMatchObject({ zones: ['.'], port: 53, lameduck: '5s', forward: { from: '.', to: ['/etc/resolv.conf'] } });
    expect(s.kubernetes).toEqual({ zones: ['cluster.local.', 'in-addr.arpa.', 'ip6.arpa.'], pods: 'insecure', fallthrough: ['in-addr.arpa.', 'ip6.arpa.'], ttl: 30 });
    expect([...s.plugins]).toEqual(['errors', 'health', 'ready', 'kubernetes', 'prometheus', 'forward', 'cache', 'loop', 'reload', 'loadbalance']);
  });
});

describe('a Corefile that does not load', () => {
  it("names an unknown directive with the file and line, as caddy's parser does", () => {
    const r = loadCorefile(defaultCorefile().replace('    kubernetes cluster.local', '    kubernetess cluster.local'));
    expect(r).toEqual({ ok: false, error: "/etc/coredns/Corefile:7 - Error during parsing: Unknown directive 'kubernetess'" });
  });

  it("prefixes a plugin's own complaint with plugin/<name>", () => {
    expect(loadCorefile(defaultCorefile().replace('pods insecure', 'pod insecure'))).toEqual({ ok: false, error: "plugin/kubernetes: /etc/coredns/Corefile:8 - Error during parsing: unknown property 'pod'" });
    expect(loadCorefile(defaultCorefile().replace('pods insecure', 'pods open'))).toEqual({ ok: false, error: 'plugin/kubernetes: wrong value for pods: open,  must be one of: disabled, verified, insecure' });
    expect(loadCorefile(defaultCorefile().replace('ttl 30', 'ttl 7200'))).toEqual({ ok: false, error: 'plugin/kubernetes: /etc/coredns/Corefile:10 - Error during parsing: ttl must be in range [0, 3600]: 7200' });
    expect(loadCorefile(defaultCorefile().replace('forward . /etc/resolv.conf {', 'forward . {'))).toEqual({ ok: false, error: "plugin/forward: /etc/coredns/Corefile:13 - Error during parsing: Wrong argument count or unexpected line ending after '.'" });
    expect(loadCorefile(broken('    ready'))).toEqual({ ok: false, error: 'plugin/ready: this plugin can only be used once per Server Block' });
  });

  it('reports a block left open at the end of the file', () => {
    const text = defaultCorefile().replace(/}\n$/, '');
    expect(loadCorefile(text)).toEqual({ ok: false, error: "/etc/coredns/Corefile:22 - Syntax error: Unexpected token 'loadbalance', expecting '}'" });
  });
});
