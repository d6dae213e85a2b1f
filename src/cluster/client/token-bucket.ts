/**
 * client-go's passive token-bucket rate limiter
 * (util/flowcontrol NewTokenBucketPassiveRateLimiterWithClock), which is
 * golang.org/x/time/rate's Limiter asked with AllowN(now, 1): the bucket
 * starts full, refills continuously at `qps` up to `burst`, and a request
 * that finds less than one token is refused without changing the bucket.
 */
export class TokenBucket {
  /** rate.Limit is a float64 made from client-go's float32 qps. */
  private readonly limit: number;
  private tokens = 0;
  /** The zero time.Time: the first request finds the bucket refilled to its burst. */
  private last = -Infinity;

  constructor(qps: number, private readonly burst: number) {
    this.limit = Math.fround(qps);
  }

  /** TryAccept at `now` (ms): takes a token when one is there. */
  tryAccept(now: number): boolean {
    // rate.go advance: a clock that went back counts from now; refill is capped at the burst.
    const last = Math.min(this.last, now);
    const elapsed = now - last;
    let tokens = elapsed === Infinity ? this.burst : Math.min(this.burst, this.tokens + (elapsed / 1000) * this.limit);
    tokens -= 1;
    // reserveN: the wait for a missing fraction is truncated to whole nanoseconds; only no wait is allowed.
    if (tokens < 0 && Math.trunc((1e9 * -tokens) / this.limit) > 0) return false;
    if (1 > this.burst) return false;
    this.tokens = tokens;
    this.last = now;
    return true;
  }
}
