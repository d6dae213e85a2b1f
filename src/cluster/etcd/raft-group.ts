/**
 * The members of a stacked etcd cluster of an HA control plane (one per
 * control-plane node, as `kubeadm join --control-plane` adds them) as the
 * store's backend. What it models of raft: a proposal commits only while a
 * majority of the members serve (quorum); the leader is a serving member
 * while there is quorum, none without; every member applies each committed
 * entry, so each one's database holds the same keys. A member that is down
 * applies what it missed when it is back (caught up from the leader's log,
 * modelled as applied at once).
 */
import type { StoreBackend } from '../store/store.js';
import type { EtcdMember } from './member.js';

/** The etcd cluster behind the store. */
export class EtcdRaftGroup implements StoreBackend {
  /** @param members in the order they joined (the init node's first). */
  constructor(readonly members: readonly EtcdMember[]) {
    for (const m of members) m.group = this;
  }

  /** Do a majority of the members serve? Without it no proposal commits (raft). */
  hasQuorum(): boolean {
    let up = 0;
    for (const m of this.members) if (m.serving) up++;
    return up * 2 > this.members.length;
  }

  /**
   * The leader: with quorum, the member that leads while it serves (at first
   * the init node's; when it stops, the first serving one in join order wins
   * the election, and keeps leading when the old leader comes back);
   * without quorum, none.
   */
  leader(): EtcdMember | undefined {
    if (!this.hasQuorum()) return undefined;
    if (!this.current?.serving) this.current = this.members.find((m) => m.serving);
    return this.current;
  }

  /** Who leads (or led last, before quorum was lost). */
  private current: EtcdMember | undefined;

  /** The members as `member list` returns them: by id (membership.RaftCluster.Members sorts MembersByID). */
  byId(): EtcdMember[] {
    return [...this.members].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  put(key: string, valueBytes: () => number, sameSize = false): string | undefined {
    const leader = this.proposer();
    // Measured once, and only when the leader gets that far: a put refused (NOSPACE) or timed out sizes nothing.
    let bytes: number | undefined;
    const measure = (): number => (bytes ??= sameSize ? leader.heldValueBytes(key) ?? valueBytes() : valueBytes());
    const error = leader.put(key, measure);
    if (error !== undefined) return error;
    for (const m of this.members) if (m !== leader) m.applyPut(key, measure());
    return undefined;
  }

  delete(key: string): string | undefined {
    return this.proposer().delete(key);
  }

  deleted(key: string): void {
    for (const m of this.members) m.deleted(key);
  }

  /** The member a proposal goes through: the leader, or (no quorum) one that serves, whose proposal then times out. */
  private proposer(): EtcdMember {
    return this.leader() ?? this.members.find((m) => m.serving) ?? this.members[0]!;
  }
}
