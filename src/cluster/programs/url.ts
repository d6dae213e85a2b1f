/**
 * URLs as the client tools read them: scheme (http when absent), host,
 * an explicit port or the scheme's default, and the path with its query.
 */

/** A parsed URL. */
export interface ToolUrl {
  scheme: 'http' | 'https';
  /** The host as written (a name or an address). */
  host: string;
  port: number;
  /** Whether the URL named its port (`host:8080`): the tools print `host:port` then. */
  explicitPort: boolean;
  /** Path and query, starting with `/`. */
  path: string;
}

/** Parses a URL; a string when the scheme is not http(s) or the port is not a number. */
export function parseToolUrl(text: string): ToolUrl | { error: 'scheme' | 'port' | 'host' } {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(text);
  const scheme = (m ? m[1].toLowerCase() : 'http') as string;
  if (scheme !== 'http' && scheme !== 'https') return { error: 'scheme' };
  const rest = m ? text.slice(m[0].length) : text;
  const slash = rest.search(/[/?#]/);
  const authority = (slash < 0 ? rest : rest.slice(0, slash)).replace(/^[^@]*@/, '');
  let path = slash < 0 ? '/' : rest.slice(slash).replace(/#.*$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  const colon = authority.lastIndexOf(':');
  const host = colon < 0 ? authority : authority.slice(0, colon);
  if (!host) return { error: 'host' };
  let port = scheme === 'https' ? 443 : 80;
  let explicitPort = false;
  if (colon >= 0) {
    const p = authority.slice(colon + 1);
    if (!/^\d{1,5}$/.test(p) || Number(p) > 65535) return { error: 'port' };
    port = Number(p);
    explicitPort = true;
  }
  return { scheme: scheme as 'http' | 'https', host, port, explicitPort, path };
}
