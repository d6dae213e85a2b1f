/**
 * `clock-skew`: the node's clock jumps by `offset` and NTP stops correcting
 * it (chrony/timesyncd stopped). Everything judged by the host clock bends:
 * journal timestamps, the kubelet's certificate checks, its lease renewTime.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS };

/** Parses a signed duration with days (`+400d`, `-2h`, `90d12h`) to ms. */
export function parseSignedDuration(text: string): number {
  const sign = text.trim().startsWith('-') ? -1 : 1;
  let total = 0;
  for (const m of text.matchAll(/(\d+)(d|h|m|s)/g)) total += Number(m[1]) * UNIT_MS[m[2]];
  return sign * total;
}

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('clock-skew'),
      node: z.string().min(1).describe('Node whose clock is wrong.'),
      offset: z
        .string()
        .regex(/^[+-]?(\d+(d|h|m|s))+$/)
        .describe('How far the host clock is ahead (+) or behind (-), e.g. +400d or -2h.'),
      since: z.string().optional().describe('How long before now the clock jumped (duration, e.g. 3h).'),
    })
    .strict();

/** Sets the host clock offset and stops NTP synchronisation. */
export const clockSkew: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'clock-skew',
  params,
  apply(cluster, p) {
    const host = cluster.nodes.get(p.node)?.host;
    if (!host) return;
    host.clockOffsetMs = parseSignedDuration(p.offset);
    host.ntp = { service: false, synchronized: false };
  },
};
