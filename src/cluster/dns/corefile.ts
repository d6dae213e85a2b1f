/**
 * The Corefile as CoreDNS 1.11.3 reads it: the caddyfile lexer and parser
 * (github.com/coredns/caddy caddyfile/lexer.go, parse.go, dispenser.go), the
 * directive list of the `dns` server type (core/dnsserver/zdirectives.go),
 * each plugin's setup checks for the plugins a kubeadm Corefile uses, and the
 * reload plugin's configuration hash (plugin/reload/reload.go: SHA512 of the
 * JSON-marshalled server blocks). A file that does not load yields the error
 * CoreDNS dies with, word for word.
 */
import { createHash } from 'node:crypto';

/** One caddyfile token. */
interface Token {
  line: number;
  text: string;
}

/** A server block: its keys (`.:53`) and its tokens by directive. */
export interface ServerBlock {
  keys: string[];
  /** Directive → its tokens (the directive itself first), in the order the directives first appear. */
  tokens: Map<string, Token[]>;
}

/** The plugins of the `dns` server type, in execution order (core/dnsserver/zdirectives.go, v1.11.3). */
export const DIRECTIVES: readonly string[] = [
  'root', 'metadata', 'geoip', 'cancel', 'tls', 'timeouts', 'reload', 'nsid', 'bufsize', 'bind', 'debug', 'trace', 'ready', 'health', 'pprof', 'prometheus', 'errors', 'log', 'dnstap', 'local', 'dns64', 'acl', 'any', 'chaos', 'loadbalance', 'tsig', 'cache', 'rewrite', 'header', 'dnssec', 'autopath', 'minimal', 'template', 'transfer', 'hosts', 'route53', 'azure', 'clouddns', 'k8s_external', 'kubernetes', 'file', 'auto', 'secondary', 'etcd', 'loop', 'forward', 'grpc', 'erratic', 'whoami', 'on', 'sign', 'view',
];

/** The kubernetes plugin's settings. */
export interface KubernetesPlugin {
  zones: string[];
  pods: 'disabled' | 'insecure' | 'verified';
  /** Zones NXDOMAIN answers fall through for ([] with `fallthrough` alone: every zone). */
  fallthrough?: string[];
  ttl: number;
}

/** The forward plugin's settings. */
export interface ForwardPlugin {
  from: string;
  to: string[];
}

/** One server block, loaded. */
export interface ServerConfig {
  /** Zones it serves (normalized, with a trailing dot) and its port. */
  zones: string[];
  port: number;
  plugins: Set<string>;
  kubernetes?: KubernetesPlugin;
  forward?: ForwardPlugin;
  /** The health plugin's lameduck duration text (`5s`), if any. */
  lameduck?: string;
}

/** A loaded Corefile. */
export type CorefileLoad = { ok: true; servers: ServerConfig[]; sha512: string } | { ok: false; error: string };

/** Loads a Corefile read from `path` (the `-conf` flag) as `caddy.Start` does, stopping at the first error. */
export function loadCorefile(text: string, path = '/etc/coredns/Corefile'): CorefileLoad {
  const tokens = lex(text);
  const parsed = parse(tokens, path);
  if (!parsed.ok) return parsed;
  // caddy.loadServerBlocks: no block at all means the server type's default input (`.:53 { whoami }` territory); not modelled.
  const blocks = parsed.blocks;
  const servers: ServerConfig[] = [];
  for (const block of blocks) {
    const keys = normalizeKeys(block.keys);
    if (typeof keys === 'string') return { ok: false, error: keys };
    servers.push({ zones: keys.zones, port: keys.port, plugins: new Set(block.tokens.keys()) });
  }
  // executeDirectives: directive by directive (in registration order), block by block.
  for (const dir of DIRECTIVES) {
    for (let i = 0; i < blocks.length; i++) {
      const toks = blocks[i].tokens.get(dir);
      if (!toks) continue;
      const err = setupPlugin(dir, new Dispenser(path, toks), blocks[i].keys, servers[i]);
      if (err) return { ok: false, error: err };
    }
  }
  return { ok: true, servers, sha512: configurationHash(blocks) };
}

/**
 * The reload plugin's view of a Corefile (reload.go parse: caddyfile.Parse
 * without the directive list): its hash, or the syntax error that stops it.
 */
export function corefileHash(text: string, path = '/etc/coredns/Corefile'): { ok: true; sha512: string } | { ok: false; error: string } {
  const parsed = parse(lex(text), path, false);
  return parsed.ok ? { ok: true, sha512: configurationHash(parsed.blocks) } : parsed;
}

/** caddyfile lexer.go `next`: words split on whitespace, `"quoted strings"`, `#` comments to the end of the line. */
function lex(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let val = '';
  let start = 1;
  let comment = false;
  let quoted = false;
  let escaped = false;
  let has = false;
  const emit = () => {
    tokens.push({ line: start, text: val });
    val = '';
    has = false;
  };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (const ch of body) {
    if (quoted) {
      if (!escaped && ch === '\\') {
        escaped = true;
        continue;
      }
      if (!escaped && ch === '"') {
        quoted = false;
        emit();
        continue;
      }
      if (ch === '\n') line++;
      if (escaped && ch !== '"') val += '\\';
      val += ch;
      escaped = false;
      continue;
    }
    if (/\s/.test(ch)) {
      if (ch === '\r') continue;
      if (ch === '\n') {
        line++;
        comment = false;
      }
      if (has) emit();
      continue;
    }
    if (ch === '#') comment = true;
    if (comment) continue;
    if (!has) {
      start = line;
      has = true;
      if (ch === '"') {
        quoted = true;
        continue;
      }
    }
    val += ch;
  }
  if (has) emit();
  return tokens;
}

/** caddyfile.Dispenser: a cursor over tokens with caddy's error wording. */
class Dispenser {
  cursor = -1;
  private nesting = 0;
  constructor(private readonly file: string, readonly tokens: Token[]) {}

  next(): boolean {
    if (this.cursor < this.tokens.length - 1) {
      this.cursor++;
      return true;
    }
    return false;
  }

  nextArg(): boolean {
    if (this.cursor < 0) {
      this.cursor++;
      return true;
    }
    if (this.cursor >= this.tokens.length) return false;
    if (this.cursor < this.tokens.length - 1 && this.tokens[this.cursor].line + breaks(this.tokens[this.cursor]) === this.tokens[this.cursor + 1].line) {
      this.cursor++;
      return true;
    }
    return false;
  }

  nextBlock(): boolean {
    if (this.nesting > 0) {
      if (!this.next()) return false;
      if (this.val() === '}') {
        this.nesting--;
        return false;
      }
      return true;
    }
    if (!this.nextArg()) return false;
    if (this.val() !== '{') {
      this.cursor--;
      return false;
    }
    if (!this.next()) return false;
    if (this.val() === '}') return false;
    this.nesting++;
    return true;
  }

  val(): string {
    return this.cursor < 0 || this.cursor >= this.tokens.length ? '' : this.tokens[this.cursor].text;
  }

  line(): number {
    return this.cursor < 0 || this.cursor >= this.tokens.length ? 0 : this.tokens[this.cursor].line;
  }

  remainingArgs(): string[] {
    const args: string[] = [];
    while (this.nextArg()) {
      if (this.val() === '{') {
        this.cursor--;
        break;
      }
      args.push(this.val());
    }
    return args;
  }

  /** isNewLine: the current token starts a line of its own. */
  isNewLine(): boolean {
    if (this.cursor < 1) return true;
    if (this.cursor > this.tokens.length - 1) return false;
    return this.tokens[this.cursor - 1].line + breaks(this.tokens[this.cursor - 1]) < this.tokens[this.cursor].line;
  }

  err(msg: string): string {
    return `${this.file}:${this.line()} - Error during parsing: ${msg}`;
  }

  argErr(): string {
    if (this.val() === '{') return this.err("Unexpected token '{', expecting argument");
    return this.err(`Wrong argument count or unexpected line ending after '${this.val()}'`);
  }

  syntaxErr(expected: string): string {
    return `${this.file}:${this.line()} - Syntax error: Unexpected token '${this.val()}', expecting '${expected}'`;
  }
}

function breaks(t: Token): number {
  let n = 0;
  for (const ch of t.text) if (ch === '\n') n++;
  return n;
}

/** caddyfile parse.go parseAll, with the dns server type's valid directives. */
function parse(tokens: Token[], file: string, checkDirectives = true): { ok: true; blocks: ServerBlock[] } | { ok: false; error: string } {
  const d = new Dispenser(file, tokens);
  const blocks: ServerBlock[] = [];
  while (d.next()) {
    const block: ServerBlock = { keys: [], tokens: new Map() };
    // addresses()
    let expectingAnother = false;
    let eof = false;
    for (;;) {
      const tkn = d.val();
      if (tkn === 'import' && d.isNewLine()) return { ok: false, error: d.err('Import requires a non-empty filepath') };
      if (tkn === '{') {
        if (expectingAnother) return { ok: false, error: d.err(`Expected another address but had '${tkn}' - check for extra comma`) };
        break;
      }
      if (tkn !== '') {
        if (tkn.endsWith(',')) {
          block.keys.push(tkn.slice(0, -1));
          expectingAnother = true;
        } else {
          block.keys.push(tkn);
          expectingAnother = false;
        }
      }
      const hasNext = d.next();
      if (expectingAnother && !hasNext) return { ok: false, error: d.err('Unexpected EOF') };
      if (!hasNext) {
        eof = true;
        break;
      }
      if (!expectingAnother && d.isNewLine()) break;
    }
    if (!eof) {
      // blockContents()
      const open = d.val() === '{';
      if (!open) d.cursor--;
      // directives()
      while (d.next()) {
        if (d.val() === '}') break;
        const dir = d.val();
        if (checkDirectives && !DIRECTIVES.includes(dir)) return { ok: false, error: d.err(`Unknown directive '${dir}'`) };
        const list = block.tokens.get(dir) ?? [];
        block.tokens.set(dir, list);
        list.push(d.tokens[d.cursor]);
        let nesting = 0;
        while (d.next()) {
          if (d.val() === '{') nesting++;
          else if (d.isNewLine() && nesting === 0) {
            d.cursor--;
            break;
          } else if (d.val() === '}' && nesting > 0) nesting--;
          else if (d.val() === '}' && nesting === 0) return { ok: false, error: d.err("Unexpected '}' because no matching opening brace") };
          list.push(d.tokens[d.cursor]);
        }
        if (nesting > 0) return { ok: false, error: d.err('Unexpected EOF') };
      }
      if (open && d.val() !== '}') return { ok: false, error: d.syntaxErr('}') };
    }
    if (block.keys.length > 0) blocks.push(block);
  }
  return { ok: true, blocks };
}

/** The zones and port of a server block's keys (core/dnsserver register.go, simplified to plain `zone[:port]` keys). */
function normalizeKeys(keys: string[]): { zones: string[]; port: number } | string {
  const zones: string[] = [];
  let port = 53;
  for (const key of keys) {
    const bare = key.replace(/^dns:\/\//, '');
    const m = /^(.*?)(?::(\d+))?$/.exec(bare)!;
    let zone = m[1] === '' ? '.' : m[1].toLowerCase();
    if (!zone.endsWith('.')) zone += '.';
    zones.push(zone);
    if (m[2]) {
      port = Number(m[2]);
      if (port > 65535) return `invalid port '${m[2]}': strconv.ParseUint: parsing "${m[2]}": value out of range`;
    }
  }
  return { zones, port };
}

const ERR_ONCE = 'this plugin can only be used once per Server Block';

/** Runs one plugin's setup checks; returns CoreDNS's error text, or undefined. */
function setupPlugin(dir: string, c: Dispenser, keys: string[], server: ServerConfig): string | undefined {
  const fail = (err: string) => `plugin/${dir}: ${err}`;
  switch (dir) {
    case 'kubernetes': {
      let count = 0;
      while (c.next()) {
        if (count++ > 0) return fail(ERR_ONCE);
        const k = kubernetesStanza(c, keys);
        if (typeof k === 'string') return fail(k);
        server.kubernetes = k;
      }
      return undefined;
    }
    case 'forward': {
      while (c.next()) {
        const from = c.nextArg() ? c.val() : undefined;
        if (from === undefined) return fail(c.argErr());
        const to = c.remainingArgs();
        if (to.length === 0) return fail(c.argErr());
        while (c.nextBlock()) {
          const prop = c.val();
          if (['force_tcp', 'prefer_udp'].includes(prop)) {
            if (c.nextArg()) return fail(c.argErr());
          } else if (prop === 'except') {
            if (c.remainingArgs().length === 0) return fail(c.argErr());
          } else if (['max_fails', 'health_check', 'tls_servername', 'expire', 'policy', 'max_concurrent'].includes(prop)) {
            if (!c.nextArg()) return fail(c.argErr());
            const v = c.val();
            if ((prop === 'max_concurrent' || prop === 'max_fails') && !/^-?\d+$/.test(v)) return fail(`strconv.${prop === 'max_fails' ? 'ParseUint' : 'Atoi'}: parsing ${JSON.stringify(v)}: invalid syntax`);
            if (prop === 'policy' && !['random', 'round_robin', 'sequential'].includes(v)) return fail(c.err(`unknown policy '${v}'`));
            c.remainingArgs();
          } else if (prop === 'tls') {
            c.remainingArgs();
          } else return fail(c.err(`unknown property '${prop}'`));
        }
        server.forward = { from: normalizeZone(from), to };
      }
      return undefined;
    }
    case 'health': {
      while (c.next()) {
        const args = c.remainingArgs();
        if (args.length > 1) return fail(c.argErr());
        if (args.length === 1 && !/:\d*$/.test(args[0])) return fail(`address ${args[0]}: missing port in address`);
        while (c.nextBlock()) {
          if (c.val() !== 'lameduck') return fail(c.argErr());
          const l = c.remainingArgs();
          if (l.length !== 1) return fail(c.argErr());
          if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(l[0])) return fail(`unable to parse lameduck duration value: '${l[0]}' : time: invalid duration "${l[0]}"`);
          server.lameduck = l[0];
        }
      }
      return undefined;
    }
    case 'ready':
    case 'loop':
    case 'errors':
    case 'reload':
    case 'loadbalance':
    case 'prometheus':
    case 'cache': {
      let count = 0;
      while (c.next()) {
        if ((dir === 'ready' || dir === 'loop' || dir === 'reload' || dir === 'errors') && count++ > 0) return fail(ERR_ONCE);
        const args = c.remainingArgs();
        if (dir === 'loop' && args.length > 0) return fail(c.argErr());
        if (dir === 'ready' && args.length > 1) return fail(c.argErr());
        if (dir === 'cache' && args.length > 0 && !/^\d+$/.test(args[0])) return fail(`strconv.Atoi: parsing ${JSON.stringify(args[0])}: invalid syntax`);
        if (dir === 'loadbalance' && args.length > 0 && !['round_robin', 'weighted'].includes(args[0])) return fail(c.err(`unknown policy: ${args[0]}`));
        while (c.nextBlock()) {
          if (dir === 'cache' && !['success', 'denial', 'prefetch', 'serve_stale', 'servfail', 'disable', 'keepttl'].includes(c.val())) return fail(c.err(`unknown property '${c.val()}'`));
          c.remainingArgs();
        }
      }
      return undefined;
    }
    default:
      // Other plugins load as written: their options are not checked here.
      return undefined;
  }
}

/** plugin/kubernetes setup.go ParseStanza. */
function kubernetesStanza(c: Dispenser, keys: string[]): KubernetesPlugin | string {
  const args = c.remainingArgs();
  const zones = (args.length > 0 ? args : keys.map((k) => k.replace(/^dns:\/\//, '').replace(/:\d+$/, ''))).map(normalizeZone);
  if (!zones.some((z) => !z.endsWith('in-addr.arpa.') && !z.endsWith('ip6.arpa.'))) return 'non-reverse zone name must be used';
  const k: KubernetesPlugin = { zones, pods: 'disabled', ttl: 5 };
  while (c.nextBlock()) {
    const prop = c.val();
    switch (prop) {
      case 'pods': {
        const a = c.remainingArgs();
        if (a.length !== 1) return c.argErr();
        if (a[0] !== 'disabled' && a[0] !== 'insecure' && a[0] !== 'verified') return `wrong value for pods: ${a[0]},  must be one of: disabled, verified, insecure`;
        k.pods = a[0];
        break;
      }
      case 'fallthrough':
        k.fallthrough = c.remainingArgs().map(normalizeZone);
        break;
      case 'ttl': {
        const a = c.remainingArgs();
        if (a.length === 0) return c.argErr();
        if (!/^[+-]?\d+$/.test(a[0])) return `strconv.Atoi: parsing ${JSON.stringify(a[0])}: invalid syntax`;
        const t = Number(a[0]);
        if (t < 0 || t > 3600) return c.err(`ttl must be in range [0, 3600]: ${t}`);
        k.ttl = t;
        break;
      }
      case 'endpoint_pod_names':
      case 'noendpoints':
        if (c.remainingArgs().length > 0) return c.argErr();
        break;
      case 'namespaces':
      case 'endpoint':
      case 'labels':
      case 'namespace_labels':
        if (c.remainingArgs().length === 0) return c.argErr();
        break;
      case 'tls':
        if (c.remainingArgs().length !== 3) return c.argErr();
        break;
      case 'kubeconfig': {
        const n = c.remainingArgs().length;
        if (n !== 1 && n !== 2) return c.argErr();
        break;
      }
      case 'ignore': {
        const a = c.remainingArgs();
        if (a.length > 0 && a[0] !== 'empty_service') return `unable to parse ignore value: '${a[0]}'`;
        break;
      }
      default:
        return c.err(`unknown property '${prop}'`);
    }
  }
  return k;
}

/** plugin.Host(...).NormalizeExact for plain names: lower case, fully qualified. */
function normalizeZone(zone: string): string {
  const z = zone.toLowerCase();
  return z.endsWith('.') ? z : `${z}.`;
}

/**
 * The reload plugin's hash: SHA512 over encoding/json's rendering of the
 * server blocks (Keys, then Tokens as a map with sorted keys; each token
 * File/Line/Text, File empty for the main file).
 */
function configurationHash(blocks: ServerBlock[]): string {
  const json = blocks
    .map((b) => {
      const dirs = [...b.tokens.keys()].sort();
      const tokens = dirs.map((d) => `${goString(d)}:[${b.tokens.get(d)!.map((t) => `{"File":"","Line":${t.line},"Text":${goString(t.text)}}`).join(',')}]`).join(',');
      return `{"Keys":[${b.keys.map(goString).join(',')}],"Tokens":{${tokens}}}`;
    })
    .join(',');
  return createHash('sha512').update(`[${json}]`).digest('hex');
}

/** A JSON string as encoding/json writes it (HTML-safe: <, > and & escaped). */
function goString(s: string): string {
  return JSON.stringify(s).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
