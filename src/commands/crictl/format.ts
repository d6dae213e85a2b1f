/**
 * Formatting helpers crictl borrows from its dependencies: docker/go-units
 * HumanDuration and HumanSizeWithPrecision, the display tabwriter
 * (cmd/crictl/display.go), getTruncatedID (cmd/crictl/util.go), Go's
 * RFC3339Nano and encoding/json's indented output with sorted map keys.
 */
import { tabwrite } from '../kubectl/output/tabwriter.js';
import { goJsonString } from '../kubectl/output/json.js';

/** docker/go-units duration.go HumanDuration, ported exactly (hours round half up). */
export function goUnitsHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.trunc(ms / 60_000);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.trunc(ms / 3_600_000 + 0.5);
  if (hours === 1) return 'About an hour';
  if (hours < 48) return `${hours} hours`;
  if (hours < 24 * 7 * 2) return `${Math.trunc(hours / 24)} days`;
  if (hours < 24 * 30 * 2) return `${Math.trunc(hours / 24 / 7)} weeks`;
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24 / 30)} months`;
  return `${Math.trunc(Math.trunc(ms / 3_600_000) / 24 / 365)} years`;
}

/** `N minutes ago`: the CREATED cell. */
export const ago = (ms: number): string => `${goUnitsHumanDuration(ms)} ago`;

/** go-units HumanSizeWithPrecision(size, 3): decimal units, `%.3g` (`72.1MB`, `320kB`). */
export function humanSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  let size = bytes;
  let i = 0;
  while (size >= 1000 && i < units.length - 1) {
    size /= 1000;
    i++;
  }
  return `${goG3(size)}${units[i]}`;
}

/** Go's `%.3g` for the sizes crictl prints (no trailing zeros; exponent form at 1000). */
function goG3(n: number): string {
  const p = n.toPrecision(3);
  if (p.includes('e')) {
    const [m, e] = p.split('e');
    const exp = Number(e);
    return `${String(Number(m))}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(Number(p));
}

/** util.go getTruncatedID: strip a prefix (`sha256:`) and keep 13 characters. */
export function truncatedId(id: string, prefix = ''): string {
  const s = id.startsWith(prefix) ? id.slice(prefix.length) : id;
  return s.length > 13 ? s.slice(0, 13) : s;
}

/** display.go newDefaultTableDisplay: tabwriter(minwidth 20, tabwidth 1, padding 3); rows joined by tabs. */
export function table(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  return tabwrite(rows.map((r) => r.join('\t')).join('\n') + '\n', { minwidth: 20, tabwidth: 1, padding: 3 });
}

export { rfc3339Nano } from '../../cluster/clock/time-text.js';

/** The zero time.Time formatted as RFC3339Nano (a never-started container's startedAt). */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

/** Go json.Marshal of a map-shaped value then json.Indent(..., "", "  "): keys sorted at every level. */
export function goIndentedJson(value: unknown): string {
  const out: string[] = [];
  const enc = (v: unknown, indent: string): void => {
    if (v === null || v === undefined) out.push('null');
    else if (typeof v === 'string') out.push(goJsonString(v));
    else if (typeof v === 'number' || typeof v === 'boolean') out.push(JSON.stringify(v));
    else if (Array.isArray(v)) {
      if (!v.length) return void out.push('[]');
      out.push('[\n');
      v.forEach((item, i) => {
        out.push(indent + '  ');
        enc(item, indent + '  ');
        out.push(i < v.length - 1 ? ',\n' : '\n');
      });
      out.push(`${indent}]`);
    } else {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      if (!keys.length) return void out.push('{}');
      out.push('{\n');
      keys.forEach((k, i) => {
        out.push(`${indent}  ${goJsonString(k)}: `);
        enc(o[k], indent + '  ');
        out.push(i < keys.length - 1 ? ',\n' : '\n');
      });
      out.push(`${indent}}`);
    }
  };
  enc(value, '');
  return out.join('') + '\n';
}
