/** A fixed window of one key: the hits counted in it and when it ends (epoch ms). */
export interface FixedWindow {
  count: number;
  resetAt: number;
}

/**
 * Fixed windows by key, in memory, at most `maxWindows` of them: the API's front door (rate-limit.ts) and the Discord
 * sandbox's buckets count in these. Past the bound the oldest windows are forgotten (their keys start a fresh window);
 * each limiter decides when expired windows are swept and what a hit counts.
 */
export class FixedWindows {
  private readonly windows = new Map<string, FixedWindow>();

  constructor(private readonly maxWindows: number) {}

  /** The key's window at `now`: a fresh one (count 0, ending `windowMs` later) when it has none or its window ended. */
  current(key: string, windowMs: number, now: number): FixedWindow {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= this.maxWindows) this.forgetOldest(now);
      window = { count: 0, resetAt: now + windowMs };
      // Deleted first so that the Map's order stays the order in which windows started (forgetOldest relies on it).
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    return window;
  }

  /** How many windows are kept. */
  get size(): number {
    return this.windows.size;
  }

  clear(): void {
    this.windows.clear();
  }

  /** Expired windows go. */
  sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  private forgetOldest(now: number): void {
    this.sweep(now);
    // Still full of live windows: the oldest tenth goes, so this work is not redone on every new key.
    let excess = this.windows.size - this.maxWindows + Math.ceil(this.maxWindows / 10);
    for (const key of this.windows.keys()) {
      if (excess-- <= 0) break;
      this.windows.delete(key);
    }
  }
}
