// The fixed windows both rate limiters count in (the API's front door and the Discord sandbox's buckets): a window
// lasts its length, then starts afresh; expired ones are swept; and memory stays bounded, the oldest forgotten first.
import { describe, expect, it } from 'vitest';
import { FixedWindows } from '../src/http/fixed-windows.js';

describe('fixed windows', () => {
  it('keeps counting in a window until it ends, then starts a fresh one', () => {
    const windows = new FixedWindows(10);
    windows.current('ip:a', 1000, 0).count += 1;
    windows.current('ip:a', 1000, 999).count += 1;
    expect(windows.current('ip:a', 1000, 999)).toEqual({ count: 2, resetAt: 1000 });
    expect(windows.current('ip:a', 1000, 1000)).toEqual({ count: 0, resetAt: 2000 });
  });

  it('sweeps only the windows that have ended', () => {
    const windows = new FixedWindows(10);
    windows.current('old', 100, 0);
    windows.current('live', 1000, 0);
    windows.sweep(100);
    expect(windows.size).toBe(1);
    expect(windows.current('live', 1000, 100).resetAt).toBe(1000);
  });

  it('at its bound forgets the oldest tenth of live windows for a new key, and keeps the newer ones', () => {
    const windows = new FixedWindows(20);
    for (let i = 0; i < 20; i++) windows.current(`k${i}`, 60_000, i).count = 1;
    windows.current('new', 60_000, 20);
    expect(windows.size).toBe(19); // 20 - 2 (a tenth, as 20 - 20 + 2) + 1
    expect(windows.current('k0', 60_000, 21).count).toBe(0); // forgotten: a fresh window
    expect(windows.current('k19', 60_000, 21).count).toBe(1);
    windows.clear();
    expect(windows.size).toBe(0);
  });

  it('at its bound sweeps ended windows first and forgets no live one when that makes room', () => {
    const windows = new FixedWindows(4);
    windows.current('ended', 10, 0);
    for (const key of ['a', 'b', 'c']) windows.current(key, 60_000, 0).count = 1;
    windows.current('new', 60_000, 10);
    expect(windows.size).toBe(4); // 'ended' swept, 'new' added
    expect(windows.current('a', 60_000, 11).count).toBe(1);
  });
});
