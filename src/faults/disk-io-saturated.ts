/**
 * `disk-io-saturated`: a process on the node keeps its disk busy (a backup
 * copying to a mounted share, a log shipper): it runs as a systemd unit, so
 * `systemctl`, `ps` and the journal see it, and while it runs every
 * fdatasync on that disk waits. Whatever syncs there (etcd's WAL on a
 * control-plane node) slows down; stopping the unit gives the disk back.
 */
import type { z } from 'zod';
import type { FaultPrimitive, Zod } from './types.js';
import { parseFaultDuration } from './duration.js';

const params = (z: Zod) =>
  z
    .object({
      type: z.literal('disk-io-saturated'),
      node: z.string().min(1).describe('Node whose disk is saturated.'),
      since: z.string().optional().describe('How long before now the process started (duration, e.g. 40m).'),
      unit: z
        .string()
        .regex(/^[a-zA-Z0-9@._-]+\.service$/)
        .default('backup-sync.service')
        .describe('The systemd unit the busy process runs as.'),
      description: z.string().min(1).default('Sync local backups to the archive share').describe('The unit\'s Description=.'),
      command: z.string().min(1).default('/usr/bin/rsync -a --inplace --no-compress /var/backups/ /mnt/archive/backups/').describe('Its ExecStart= command line (what `ps` shows).'),
      fsyncLatency: z
        .string()
        .regex(/^(\d+(ms|s|m|h))+$/)
        .default('4s')
        .describe('How much longer each fdatasync on the disk takes while it runs (duration); etcd times a request out at 7s and warns from 100ms.'),
    })
    .strict();

/** Adds the unit to the node and starts it. */
export const diskIoSaturated: FaultPrimitive<z.infer<ReturnType<typeof params>>> = {
  name: 'disk-io-saturated',
  params,
  apply(cluster, p) {
    const host = cluster.nodes.get(p.node)?.host;
    if (!host) return;
    const unit = p.unit ?? 'backup-sync.service';
    const command = p.command ?? '/usr/bin/rsync -a --inplace --no-compress /var/backups/ /mnt/archive/backups/';
    const addedMs = parseFaultDuration(p.fsyncLatency ?? '4s');
    host.fs.write(`/etc/systemd/system/${unit}`, `[Unit]\nDescription=${p.description}\n\n[Service]\nType=simple\nExecStart=${command}\n\n[Install]\nWantedBy=multi-user.target\n`, { mode: 0o644 });
    host
      .addUnit(
        { name: unit, description: p.description ?? 'Sync local backups to the archive share', path: `/etc/systemd/system/${unit}`, docs: '', execStart: command, commandLine: command, restart: 'no', restartSec: 0, enabled: true },
        {
          start: () => {
            host.disk.startWriter(unit, addedMs);
            return { ok: true };
          },
          stop: () => host.disk.stopWriter(unit),
        },
      )
      .start();
  },
};
