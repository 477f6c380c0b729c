import { DiscordAPIError, REST } from '@discordjs/rest';
import { Routes, type APIChannel, type APIMessage, type APIWebhook } from 'discord-api-types/v10';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '../src/seed.js';
import { startDiscordSandbox, type RunningDiscordSandbox } from '../src/standalone.js';

const community = SANDBOX_GUILDS.community;

describe('Discord sandbox: what the bot posts', () => {
  let sandbox: RunningDiscordSandbox;
  let rest: REST;

  beforeAll(async () => {
    sandbox = await startDiscordSandbox();
    // The client Guildhall uses in production, pointed at the sandbox.
    rest = new REST({ api: sandbox.api, version: '10', retries: 0 }).setToken(sandbox.botToken);
  });
  beforeEach(() => sandbox.service.reset());
  afterAll(async () => {
    rest?.clearHashSweeper();
    rest?.clearHandlerSweeper();
    await sandbox?.close();
  });

  /** The Discord error @discordjs/rest raised, or a failure if the call succeeded. */
  async function rejection(call: Promise<unknown>): Promise<DiscordAPIError> {
    try {
      await call;
    } catch (error) {
      if (error instanceof DiscordAPIError) return error;
      throw error;
    }
    throw new Error('expected the call to be refused');
  }

  it('keeps a message posted by the bot: readable through GET, the list, and the service', async () => {
    const channelId = community.channels.general;
    const posted = (await rest.post(Routes.channelMessages(channelId), {
      body: { content: 'Hello from Guildhall', embeds: [{ title: 'Level up!', description: 'Ava reached level 5', color: 0x068add }] },
    })) as APIMessage;
    expect(posted.author.id).toBe(SANDBOX_USERS.bot.id);
    expect(posted.author.bot).toBe(true);
    expect(posted.channel_id).toBe(channelId);
    expect(posted.embeds[0]).toMatchObject({ type: 'rich', title: 'Level up!' });

    const fetched = (await rest.get(Routes.channelMessage(channelId, posted.id))) as APIMessage;
    expect(fetched).toEqual(posted);
    const list = (await rest.get(Routes.channelMessages(channelId), { query: new URLSearchParams({ limit: '2' }) })) as APIMessage[];
    expect(list[0]!.id).toBe(posted.id); // newest first, like Discord
    expect(list).toHaveLength(2);

    expect(sandbox.service.messagesIn(channelId)).toEqual([fetched]);
    expect(sandbox.service.allPostedMessages().map((m) => m['id'])).toEqual([posted.id]);
  });

  it('answers the message already posted with the same nonce when enforce_nonce is set, as Discord does, and posts again without it', async () => {
    const channelId = community.channels.general;
    const post = (body: Record<string, unknown>) => rest.post(Routes.channelMessages(channelId), { body }) as Promise<APIMessage>;
    const first = await post({ content: 'Reminder', nonce: 'run-1', enforce_nonce: true });
    const again = await post({ content: 'Reminder', nonce: 'run-1', enforce_nonce: true });
    expect(again.id).toBe(first.id);
    expect(sandbox.service.messagesIn(channelId)).toHaveLength(1);

    // Another nonce, or the same one without enforce_nonce, is a new message.
    const other = await post({ content: 'Reminder', nonce: 'run-2', enforce_nonce: true });
    const unenforced = await post({ content: 'Reminder', nonce: 'run-1' });
    expect(new Set([first.id, other.id, unenforced.id]).size).toBe(3);
    // Only in the same channel: the nonce elsewhere posts there.
    const elsewhere = await rest.post(Routes.channelMessages(community.channels.media), {
      body: { content: 'Reminder', nonce: 'run-1', enforce_nonce: true },
    });
    expect((elsewhere as APIMessage).id).not.toBe(first.id);
    expect(sandbox.service.messagesIn(channelId)).toHaveLength(3);
    expect((await rejection(post({ content: 'x', nonce: 'run-3', enforce_nonce: 'yes' }))).status).toBe(400);
  });

  it('pages messages with before and after', async () => {
    const channelId = community.channels.media;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(((await rest.post(Routes.channelMessages(channelId), { body: { content: `m${i}` } })) as APIMessage).id);
    const before = (await rest.get(Routes.channelMessages(channelId), {
      query: new URLSearchParams({ before: ids[3]!, limit: '2' }),
    })) as APIMessage[];
    expect(before.map((m) => m.content)).toEqual(['m2', 'm1']);
    const after = (await rest.get(Routes.channelMessages(channelId), {
      query: new URLSearchParams({ after: ids[1]!, limit: '2' }),
    })) as APIMessage[];
    expect(after.map((m) => m.content)).toEqual(['m3', 'm2']);
  });

  it("edits the bot's own messages only", async () => {
    const channelId = community.channels.general;
    const posted = (await rest.post(Routes.channelMessages(channelId), { body: { content: 'before' } })) as APIMessage;
    const edited = (await rest.patch(Routes.channelMessage(channelId, posted.id), { body: { content: 'after' } })) as APIMessage;
    expect(edited).toMatchObject({ id: posted.id, content: 'after' });
    expect(edited.edited_timestamp).not.toBeNull();
    expect(sandbox.service.messagesIn(channelId)[0]!['content']).toBe('after');

    // The seeded history of #general was written by people.
    const byPerson = (
      (await rest.get(Routes.channelMessages(channelId), { query: new URLSearchParams({ limit: '100' }) })) as APIMessage[]
    ).find((m) => !m.author.bot)!;
    expect(byPerson).toBeDefined();
    const refused = await rejection(rest.patch(Routes.channelMessage(channelId, byPerson.id), { body: { content: 'hijack' } }));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(50005);
  });

  it('uploads files the way @discordjs/rest sends them and serves them back', async () => {
    const posted = (await rest.post(Routes.channelMessages(community.channels.modLog), {
      body: { content: 'Ticket closed', attachments: [{ id: 0, description: 'Transcript' }] },
      files: [{ name: 'transcript.txt', data: Buffer.from('ava: hi\nmod: hello'), contentType: 'text/plain' }],
    })) as APIMessage;
    expect(posted.attachments[0]).toMatchObject({ filename: 'transcript.txt', description: 'Transcript', size: 18 });
    const file = await fetch(posted.attachments[0]!.url);
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(await file.text()).toBe('ava: hi\nmod: hello');
  });

  it('executes a seeded webhook with wait=true and keeps the message', async () => {
    const [webhook] = sandbox.service.webhooksOf(community.channels.announcements);
    expect(webhook).toBeDefined();
    const info = (await (await fetch(`${sandbox.api}/v10/webhooks/${webhook!.id}/${webhook!.token}`)).json()) as APIWebhook;
    expect(info).toMatchObject({ id: webhook!.id, channel_id: community.channels.announcements, guild_id: community.id, type: 1 });

    const res = await fetch(`${sandbox.api}/v10/webhooks/${webhook!.id}/${webhook!.token}?wait=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Server event tonight!', username: 'Event Bot' }),
    });
    expect(res.status).toBe(200);
    const message = (await res.json()) as APIMessage;
    expect(message).toMatchObject({
      content: 'Server event tonight!',
      webhook_id: webhook!.id,
      author: { id: webhook!.id, username: 'Event Bot', bot: true },
    });
    expect(sandbox.service.messagesIn(community.channels.announcements).map((m) => m['id'])).toEqual([message.id]);

    const noWait = await fetch(`${sandbox.api}/v10/webhooks/${webhook!.id}/${webhook!.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"content":"quiet"}',
    });
    expect(noWait.status).toBe(204);
    expect(sandbox.service.messagesIn(community.channels.announcements)).toHaveLength(2);
  });

  it('refuses a webhook call with the wrong token or an unknown webhook', async () => {
    const [webhook] = sandbox.service.webhooksOf(community.channels.general);
    const wrong = await fetch(`${sandbox.api}/v10/webhooks/${webhook!.id}/not-the-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"content":"x"}',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid Webhook Token', code: 50027 });
    const unknown = await fetch(`${sandbox.api}/v10/webhooks/1100000000000099999/token`);
    expect(await unknown.json()).toEqual({ message: 'Unknown Webhook', code: 10015 });
  });

  it('opens a DM channel and posts into it; refuses users who closed their DMs', async () => {
    const dm = (await rest.post(Routes.userChannels(), { body: { recipient_id: SANDBOX_USERS.demoMember.id } })) as APIChannel & {
      recipients: Array<{ id: string }>;
    };
    expect(dm.type).toBe(1);
    expect(dm.recipients[0]!.id).toBe(SANDBOX_USERS.demoMember.id);
    const again = (await rest.post(Routes.userChannels(), { body: { recipient_id: SANDBOX_USERS.demoMember.id } })) as APIChannel;
    expect(again.id).toBe(dm.id);

    const sent = (await rest.post(Routes.channelMessages(dm.id), {
      body: { content: 'You were warned in Guildhall Community' },
    })) as APIMessage;
    expect(sandbox.service.messagesIn(dm.id).map((m) => m['id'])).toEqual([sent.id]);

    const closed = (await rest.post(Routes.userChannels(), { body: { recipient_id: SANDBOX_MEMBER_IDS['zara.ali'] } })) as APIChannel;
    const refused = await rejection(rest.post(Routes.channelMessages(closed.id), { body: { content: 'hi' } }));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(50007);
  });

  describe('limits, answered with Discord error shapes', () => {
    async function post(channelId: string, body: unknown) {
      const res = await fetch(`${sandbox.api}/v10/channels/${channelId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${sandbox.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    }
    const general = community.channels.general;

    it('content over 2000 characters', async () => {
      expect(await post(general, { content: 'x'.repeat(2001) })).toEqual({
        status: 400,
        body: {
          message: 'Invalid Form Body',
          code: 50035,
          errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } },
        },
      });
      expect((await post(general, { content: 'x'.repeat(2000) })).status).toBe(200);
    });

    it('more than 10 embeds, and embed field limits', async () => {
      const many = await post(general, { embeds: Array.from({ length: 11 }, () => ({ description: 'x' })) });
      expect(many.body.errors.embeds._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
      const fields = await post(general, {
        embeds: [{ title: 't'.repeat(257), fields: [{ name: 'n', value: 'v'.repeat(1025) }], footer: { text: 'f'.repeat(2049) } }],
      });
      expect(fields.status).toBe(400);
      expect(fields.body.errors.embeds['0'].title._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
      expect(fields.body.errors.embeds['0'].fields['0'].value._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
      expect(fields.body.errors.embeds['0'].footer.text._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
      const color = await post(general, { embeds: [{ description: 'x', color: 0x1000000 }] });
      expect(color.body.errors.embeds['0'].color._errors[0].code).toBe('NUMBER_TYPE_MAX');
    });

    it('6000 characters in total across the embeds of one message', async () => {
      const embed = { description: 'd'.repeat(4000) };
      const res = await post(general, { embeds: [embed, { description: 'd'.repeat(2001) }] });
      expect(res.status).toBe(400);
      expect(res.body.errors.embeds._errors[0].code).toBe('MAX_EMBED_SIZE_EXCEEDED');
      expect((await post(general, { embeds: [embed, { description: 'd'.repeat(2000) }] })).status).toBe(200);
    });

    it('counts characters as Discord does, in code points: an emoji is one', async () => {
      const emoji = '\u{1F600}';
      expect((await post(general, { content: emoji.repeat(2000), embeds: [{ title: emoji.repeat(256) }] })).status).toBe(200);
      const over = await post(general, { embeds: [{ title: emoji.repeat(257) }] });
      expect(over.body.errors.embeds['0'].title._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
      const total = [{ description: emoji.repeat(4096) }, { description: emoji.repeat(1904) }];
      expect((await post(general, { embeds: total })).status).toBe(200);
      const totalOver = await post(general, { embeds: [...total, { title: emoji }] });
      expect(totalOver.body.errors.embeds._errors[0].code).toBe('MAX_EMBED_SIZE_EXCEEDED');
    });

    it('component limits: button label, five rows, a select alone in its row', async () => {
      const label = await post(general, {
        components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'a', label: 'l'.repeat(81) }] }],
      });
      expect(label.body.errors.components['0'].components['0'].label._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
      const row = { type: 1, components: [{ type: 2, style: 2, custom_id: 'x', label: 'x' }] };
      expect((await post(general, { content: 'rows', components: Array(6).fill(row) })).status).toBe(400);
      const crowded = await post(general, {
        components: [
          {
            type: 1,
            components: [
              { type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }] },
              { type: 2, style: 1, custom_id: 'b', label: 'b' },
            ],
          },
        ],
      });
      expect(crowded.body.errors.components['0'].components._errors[0].code).toBe('COMPONENT_LAYOUT_WIDTH_EXCEEDED');
    });

    it('an empty message', async () => {
      expect(await post(general, {})).toEqual({ status: 400, body: { message: 'Cannot send an empty message', code: 50006 } });
      expect(await post(general, { content: '   ', embeds: [] })).toEqual({
        status: 400,
        body: { message: 'Cannot send an empty message', code: 50006 },
      });
    });

    it('voice and category channels', async () => {
      const nonText = { status: 400, body: { message: 'Cannot send messages in a non-text channel', code: 50008 } };
      expect(await post(community.channels.lounge, { content: 'hi' })).toEqual(nonText);
      expect(await post(community.channels.information, { content: 'hi' })).toEqual(nonText);
    });

    it('unknown channels and guilds the bot is not in', async () => {
      expect(await post('1100000000000099999', { content: 'hi' })).toEqual({
        status: 404,
        body: { message: 'Unknown Channel', code: 10003 },
      });
      expect(await post(SANDBOX_GUILDS.quietLibrary.channels.general, { content: 'hi' })).toEqual({
        status: 403,
        body: { message: 'Missing Access', code: 50001 },
      });
    });

    it('malformed JSON', async () => {
      const res = await fetch(`${sandbox.api}/v10/channels/${general}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${sandbox.botToken}`, 'content-type': 'application/json' },
        body: '{"content":',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
    });

    it('surfaces as DiscordAPIError in @discordjs/rest, with the field errors', async () => {
      const error = await rejection(rest.post(Routes.channelMessages(general), { body: { content: 'x'.repeat(2001) } }));
      expect(error.status).toBe(400);
      expect(error.code).toBe(50035);
      expect(error.message).toContain('content[BASE_TYPE_MAX_LENGTH]');
    });
  });

  it('answers role creation and member search like Discord', async () => {
    const role = (await rest.post(Routes.guildRoles(community.id), {
      body: { name: 'Quiz Winner', color: 0xf1c40f, hoist: true, mentionable: true, permissions: '0' },
    })) as { id: string; name: string; position: number };
    expect(role).toMatchObject({ name: 'Quiz Winner', position: 1 });
    expect(sandbox.service.guild(community.id)!.roles.some((r) => r.id === role.id)).toBe(true);
    const tooStrong = await rejection(rest.post(Routes.guildRoles(community.id), { body: { name: 'Boss', permissions: '8' } }));
    expect(tooStrong.code).toBe(50013);

    const one = (await rest.get(Routes.guildMembersSearch(community.id), { query: new URLSearchParams({ query: 'demo' }) })) as unknown[];
    expect(one).toHaveLength(1); // limit defaults to 1
    const demos = (await rest.get(Routes.guildMembersSearch(community.id), {
      query: new URLSearchParams({ query: 'DEMO', limit: '10' }),
    })) as Array<{ user: { username: string } }>;
    expect(demos.map((m) => m.user.username).sort()).toEqual(['demo-admin', 'demo-extra', 'demo-member', 'demo-owner']);
    const byNick = (await rest.get(Routes.guildMembersSearch(community.id), {
      query: new URLSearchParams({ query: 'admin on', limit: '10' }),
    })) as Array<{ user: { id: string } }>;
    expect(byNick.map((m) => m.user.id)).toEqual([SANDBOX_USERS.demoAdmin.id]);
    const badLimit = await rejection(
      rest.get(Routes.guildMembersSearch(community.id), { query: new URLSearchParams({ query: 'a', limit: '1001' }) }),
    );
    expect(badLimit.code).toBe(50035);
  });

  it('keeps memory bounded: the oldest posted messages and files go first, seeded ones stay', async () => {
    const small = await startDiscordSandbox({ maxMessagesPerChannel: 3, maxAttachmentBytes: 10 });
    const client = new REST({ api: small.api, version: '10', retries: 0 }).setToken(small.botToken);
    try {
      const seeded = small.service.listMessages(community.channels.general, { limit: 100 }).length;
      for (const n of [1, 2, 3, 4, 5])
        await client.post(Routes.channelMessages(community.channels.general), { body: { content: `m${n}` } });
      expect(small.service.messagesIn(community.channels.general).map((m) => m.content)).toEqual(['m3', 'm4', 'm5']);
      expect(small.service.listMessages(community.channels.general, { limit: 100 })).toHaveLength(seeded + 3);

      const upload = (channel: string, name: string, bytes: number) =>
        client.post(Routes.channelMessages(channel), {
          body: { content: name, attachments: [{ id: 0 }] },
          files: [{ name: `${name}.txt`, data: Buffer.alloc(bytes, 'x'), contentType: 'text/plain' }],
        }) as Promise<APIMessage>;
      const first = await upload(community.channels.modLog, 'f1', 6);
      const second = await upload(community.channels.welcome, 'f2', 4);
      expect((await fetch(first.attachments[0]!.url)).status).toBe(200);
      await upload(community.channels.welcome, 'f3', 5); // 15 bytes > 10: f1, the oldest with a file, goes
      expect(small.service.messagesIn(community.channels.modLog)).toEqual([]);
      expect((await fetch(first.attachments[0]!.url)).status).toBe(404);
      expect(small.service.messagesIn(community.channels.welcome).map((m) => m.content)).toEqual(['f2', 'f3']);
      expect((await fetch(second.attachments[0]!.url)).status).toBe(200);
    } finally {
      client.clearHashSweeper();
      client.clearHandlerSweeper();
      await small.close();
    }
  });

  it('forgets posted messages on reset', async () => {
    await rest.post(Routes.channelMessages(community.channels.general), { body: { content: 'temporary' } });
    expect(sandbox.service.allPostedMessages()).toHaveLength(1);
    sandbox.service.reset();
    expect(sandbox.service.allPostedMessages()).toHaveLength(0);
  });

  it('sends X-RateLimit headers on every REST answer, and a Discord 404 for unknown routes', async () => {
    const res = await fetch(`${sandbox.api}/v10/channels/${community.channels.general}`, {
      headers: { authorization: `Bot ${sandbox.botToken}` },
    });
    for (const header of [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-reset-after',
      'x-ratelimit-bucket',
    ]) {
      expect(res.headers.has(header), header).toBe(true);
    }
    const unknown = await fetch(`${sandbox.base}/api/v10/nothing/here`, { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: '404: Not Found', code: 0 });
  });
});
