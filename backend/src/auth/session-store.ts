import session from 'express-session';
import type { SessionStore } from '../storage/storage.port.js';

const DAY = 24 * 60 * 60 * 1000;
/** Expiry refreshes are written at most this often per session: a DB write per request is waste. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

/** express-session's store over the storage port, so sessions live in the database and survive restarts. */
export class DatabaseSessionStore extends session.Store {
  private readonly lastTouch = new Map<string, number>();

  constructor(
    private readonly sessions: SessionStore,
    private readonly defaultTtlMs = 7 * DAY,
  ) {
    super();
  }

  private expiry(sess: session.SessionData): Date {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.defaultTtlMs);
  }

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    this.sessions.get(sid).then(
      (data) => cb(null, (data as session.SessionData | null) ?? null),
      (err) => cb(err),
    );
  }

  override set(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
    this.remember(sid, Date.now());
    this.sessions.set(sid, sess, this.expiry(sess)).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }

  override touch(sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): void {
    const now = Date.now();
    if (now - (this.lastTouch.get(sid) ?? 0) < TOUCH_INTERVAL_MS) {
      cb?.();
      return;
    }
    this.remember(sid, now);
    this.sessions.touch(sid, this.expiry(sess)).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }

  /** Forgetting when a session was last written only costs one early write, so the map is simply capped. */
  private remember(sid: string, at: number) {
    if (this.lastTouch.size >= 10_000) this.lastTouch.clear();
    this.lastTouch.set(sid, at);
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.lastTouch.delete(sid);
    this.sessions.destroy(sid).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }
}
