/**
 * Controller expectations (pkg/controller/controller_utils.go
 * ControllerExpectations): a controller that created or deleted pods waits
 * until its informer has seen those writes before it counts pods again, so
 * a stale cache never makes it create or delete twice.
 */

/** How long unobserved expectations are trusted (ExpectationsTimeout, 5 minutes). */
const EXPECTATIONS_TIMEOUT_MS = 5 * 60 * 1000;

interface Pending {
  adds: Set<string>;
  deletes: Set<string>;
  since: number;
}

/** Pending creates/deletes per controller key. */
export class Expectations {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly now: () => number) {}

  /** Records that `name` was created for `key`. */
  expectCreate(key: string, name: string): void {
    this.entry(key).adds.add(name);
  }

  /** Records that `name` was deleted for `key`. */
  expectDelete(key: string, name: string): void {
    this.entry(key).deletes.add(name);
  }

  /** The informer saw `name` appear. */
  observeCreate(key: string, name: string): void {
    this.pending.get(key)?.adds.delete(name);
  }

  /** The informer saw `name` go (or get a deletionTimestamp). */
  observeDelete(key: string, name: string): void {
    this.pending.get(key)?.deletes.delete(name);
  }

  /** True when nothing is outstanding (or the outstanding writes are too old to wait for). */
  satisfied(key: string): boolean {
    const p = this.pending.get(key);
    if (!p) return true;
    if ((p.adds.size === 0 && p.deletes.size === 0) || this.now() - p.since > EXPECTATIONS_TIMEOUT_MS) {
      this.pending.delete(key);
      return true;
    }
    return false;
  }

  /** Forgets a deleted controller. */
  forget(key: string): void {
    this.pending.delete(key);
  }

  private entry(key: string): Pending {
    let p = this.pending.get(key);
    if (!p || (p.adds.size === 0 && p.deletes.size === 0)) {
      p = { adds: p?.adds ?? new Set(), deletes: p?.deletes ?? new Set(), since: this.now() };
      this.pending.set(key, p);
    }
    return p;
  }
}
