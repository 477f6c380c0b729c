import { performance } from 'node:perf_hooks';

export interface FeedEvent {
  id?: string;
  event: string;
  data: any;
  at: number;
}

/**
 * A minimal Server-Sent Events reader over fetch, as a bot would write one. `keep: false` parses every event but
 * keeps only its id and the fields `onChange` returns (a reader of a big backlog need not hold every document).
 */
export class FeedReader {
  readonly events: FeedEvent[] = [];
  readonly done: Promise<void>;
  response!: Response;
  /** Why the stream ended, when the server ended it. */
  error?: Error;
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];
  private readonly opened: Promise<void>;
  private ended = false;

  constructor(
    url: string,
    headers: Record<string, string>,
    private readonly slim?: (event: FeedEvent) => unknown,
  ) {
    let open!: () => void;
    this.opened = new Promise((resolve) => (open = resolve));
    this.done = (async () => {
      try {
        this.response = await fetch(url, { headers, signal: this.controller.signal });
      } finally {
        open();
      }
      if (!this.response.ok || !this.response.body) return;
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of this.response.body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch (err) {
        // The reader's own close is the normal end; a stream the server cut (a dropped client) ends it too.
        if ((err as Error).name !== 'AbortError') this.error = err as Error;
      }
    })().finally(() => {
      this.ended = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  ready(): Promise<void> {
    return this.opened;
  }

  private parse(block: string) {
    const event: Partial<FeedEvent> = { event: 'message' };
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') data += value;
    }
    if (!data) return;
    const parsed = { ...(event as FeedEvent), data: JSON.parse(data), at: performance.now() };
    if (this.slim) parsed.data = this.slim(parsed);
    this.events.push(parsed);
    for (const wake of this.waiters.splice(0)) wake();
  }

  changes(): FeedEvent[] {
    return this.events.filter((e) => e.event === 'change');
  }

  /** Resolves at the first event after which `predicate` holds; rejects at the deadline, or when the stream ended without one. */
  async waitFor(predicate: (events: FeedEvent[]) => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.events)) {
      const left = deadline - Date.now();
      if (left < 0 || this.ended) {
        throw new Error(
          `no such event ${this.ended ? 'before the stream ended' : `within ${timeoutMs} ms`} (${this.events.length} events)`,
        );
      }
      // Woken by the next event or the stream's end; the timer only keeps the deadline.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left + 1);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.controller.abort();
  }
}
