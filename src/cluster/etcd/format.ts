/**
 * The value formats etcd and etcdctl share: go-humanize's SI byte sizes
 * (`2.1 GB`, `20 kB`) and the timestamp etcd's zap encoder writes (durations:
 * clock/go-duration.ts).
 */

const SI = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];

/** humanize.Bytes (github.com/dustin/go-humanize bytes.go humanateBytes, base 1000). */
export function humanizeBytes(n: number): string {
  if (n < 10) return `${n} B`;
  const e = Math.floor(Math.log(n) / Math.log(1000));
  const val = Math.floor((n / 1000 ** e) * 10 + 0.5) / 10;
  if (val < 10) return `${val.toFixed(1)} ${SI[e]}`;
  // fmt's %.0f rounds half to even (20.5 → 20).
  const whole = val % 1 === 0.5 ? 2 * Math.round(val / 2) : Math.round(val);
  return `${whole} ${SI[e]}`;
}

/** etcd's zap `ts` (client/pkg/logutil/zap.go: `2006-01-02T15:04:05.000000Z0700`) of `ms` plus `extraUs` microseconds, UTC. */
export function zapTime(ms: number, extraUs = 0): string {
  const iso = new Date(Math.floor(ms)).toISOString();
  const micros = (Math.floor(ms) % 1000) * 1000 + (extraUs % 1000);
  return `${iso.slice(0, 19)}.${String(micros).padStart(6, '0')}Z`;
}

/** A field value of a zap JSON line. */
export type ZapValue = string | number | boolean | readonly string[];

/**
 * One line of etcd's JSON log: level, ts, caller, msg, then the fields in
 * the order the call gives them (zap's JSON encoder; strings escaped as JSON).
 */
export function zapLine(level: 'info' | 'warn' | 'error', ts: string, caller: string, msg: string, fields: readonly (readonly [string, ZapValue])[] = []): string {
  const head = `{"level":"${level}","ts":"${ts}","caller":"${caller}","msg":${JSON.stringify(msg)}`;
  return `${head}${fields.map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`).join('')}}`;
}
