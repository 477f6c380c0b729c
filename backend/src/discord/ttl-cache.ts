/**
 * A per-key cache with a time to live and one in-flight load per key: concurrent callers share a
 * request instead of each asking Discord (whose users/@me/guilds limit is tight). A failed load
 * falls back to the last value when the caller allows stale data.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The value while it is fresh, without loading (and without the promise get() costs a hot path). */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && this.fresh(hit.at) ? hit.value : undefined;
  }

  async get(key: string, load: () => Promise<V>, opts: { staleOnError?: (err: unknown) => boolean } = {}): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit.at)) return hit.value;
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = load()
      .then((value) => {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { value, at: Date.now() });
        return value;
      })
      .catch((err: unknown) => {
        if (hit && opts.staleOnError?.(err)) return hit.value;
        throw err;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private fresh(at: number): boolean {
    return Date.now() - at < this.ttlMs;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }
}
