/**
 * A node's disk as the processes that sync to it feel it: an idle SSD
 * finishes an fdatasync in a couple of milliseconds; every process that
 * keeps the disk's queue full (a backup copying with `dd oflag=direct`, an
 * rsync, a log shipper) adds its share while it runs. etcd's WAL syncs are
 * what notice.
 */

/** The disk under a node's root filesystem (and /var/lib/etcd). */
export class DiskIo {
  /** fdatasync time of the idle disk (ms). */
  idleFsyncMs = 2;
  /** What each running writer adds to a sync, by the process holding it. */
  private readonly writers = new Map<string, number>();

  /** The typical fdatasync time now (ms). */
  fsyncMs(): number {
    let ms = this.idleFsyncMs;
    for (const added of this.writers.values()) ms += added;
    return ms;
  }

  /** A process starts saturating the disk: each sync waits `addedMs` longer while it runs. */
  startWriter(owner: string, addedMs: number): void {
    this.writers.set(owner, addedMs);
  }

  /** The process stopped. */
  stopWriter(owner: string): void {
    this.writers.delete(owner);
  }
}
