import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, client } from '../src/api/client';

// The browser's side of Idempotency-Key (issue 33): each call of a keyed function of the generated client is one user
// action with a key of its own, sent again with the same key when the network lost the answer. The network is the
// one part stood in for here (fetch); the server's side runs over real HTTP in backend/test/idempotency.test.ts.

const GUILD = '1100000000000010000';
type Sent = { method: string; path: string; key: string | null };

/** fetch, failing (as a lost answer does: TypeError) the first `lost` times, then answering 201 with an entry. */
function network(lost = 0) {
  const sent: Sent[] = [];
  let failures = lost;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      sent.push({ method: init.method ?? 'GET', path: String(input), key: headers.get('idempotency-key') });
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ success: true, id: 'p1', version: 1, item: {} }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  document.cookie = 'XSRF-TOKEN=token';
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api(): Idempotency-Key on keyed calls', () => {
  it('sends a key on a create, a different one for each call (two clicks are two actions)', async () => {
    const sent = network();
    await client.createTicketPanel(GUILD, { item: { title: 'One' } });
    await client.createTicketPanel(GUILD, { item: { title: 'One' } });
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST']);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('retries a call whose answer was lost with the same key, and resolves with the answer', async () => {
    const sent = network(2);
    const answer = await client.createTicketPanel(GUILD, { item: { title: 'Lost twice' } });
    expect(answer).toMatchObject({ success: true, id: 'p1' });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(sent[0]!.key).not.toBeNull();
  });

  it('gives up after two retries with the words it always had', async () => {
    const sent = network(5);
    const failed = await client.sendEmbedToChannel({ guildId: GUILD, channelId: '1', embeds: [] } as never).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).message).toBe('Could not reach the server. Check your connection and try again.');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('sends no key and does not retry a call that takes none (a read, a PUT, a lookup POST)', async () => {
    const sent = network(1);
    await expect(client.getEmbedById({ guildId: GUILD, channelId: '1', messageId: '2' } as never)).rejects.toBeInstanceOf(ApiError);
    await client.putTicketPanel(GUILD, 'p1', { version: 1, item: {} });
    await client.listTicketPanels(GUILD);
    expect(sent.map((s) => [s.method, s.key])).toEqual([
      ['POST', null],
      ['PUT', null],
      ['GET', null],
    ]);
  });
});
