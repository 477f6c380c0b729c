/**
 * The sandbox viewer on a public demo (issue 24 item 11): a visitor sees the guilds they are a member of in the
 * sandbox's data and the DMs the bot sent them, nothing of anyone else's; an anonymous visitor sees nothing at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '../src/sandbox.service.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '../src/seed.js';
import type { TestBrowser } from '../../../backend/test/support/browser.js';
import { startTestApp, tempDataDir } from '../../../backend/test/support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const VIEWER = '/sandbox/discord/viewer';
const SIGN_IN = 'Sign in to see what the bot posted in your servers and your DMs.';

describe('the sandbox viewer shows each visitor only their own guilds and DMs', () => {
  const data = tempDataDir();
  let app: App;
  let sandbox: DiscordSandboxService;
  let owner: TestBrowser;
  let member: TestBrowser;
  let ownerDm: string;
  let memberDm: string;
  const retroArcadeChannel = SANDBOX_GUILDS.retroArcade.channels.general;
  const communityChannel = SANDBOX_GUILDS.community.channels.general;

  const signedIn = async (username: string) => {
    const browser = app.browser();
    await browser.signIn(username);
    return browser;
  };
  const say = (channelId: string, content: string) =>
    sandbox.postMessage(sandbox.channel(channelId)!, { type: 'user', user_id: sandbox.botUserId }, { content }, []);

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir, NODE_ENV: 'production', SANDBOX: 'on' });
    sandbox = app.app.get(DiscordSandboxService);
    owner = await signedIn('demo-owner');
    member = await signedIn('demo-member');
    say(communityChannel, 'hello community');
    say(retroArcadeChannel, 'hello arcade');
    ownerDm = sandbox.openDm(SANDBOX_USERS.demoOwner.id).id;
    memberDm = sandbox.openDm(SANDBOX_USERS.demoMember.id).id;
    say(ownerDm, 'your test DM, owner');
    say(memberDm, 'welcome to the community, member');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('an anonymous visitor: 401 asking to sign in, for the guild list, a guild channel and a DM', async () => {
    const anonymous = app.browser();
    for (const path of [`${VIEWER}/guilds`, `${VIEWER}/channels/${communityChannel}/messages`, `${VIEWER}/channels/${ownerDm}/messages`]) {
      const { status, body } = await anonymous.json(path);
      expect({ path, status, message: body.message }).toEqual({ path, status: 401, message: SIGN_IN });
      expect(JSON.stringify(body)).not.toMatch(/hello|your test DM|welcome to the community/);
    }
  });

  it('a member sees exactly the guilds they are a member of, and may simulate in none of them', async () => {
    const { status, body } = await member.json(`${VIEWER}/guilds`);
    expect(status).toBe(200);
    const theirs = sandbox.guildsOf(SANDBOX_USERS.demoMember.id).map((g) => g.id);
    expect(body.guilds.map((g: { id: string }) => g.id)).toEqual(theirs);
    expect(theirs.length).toBeLessThan(sandbox.allGuilds().length);
    expect(theirs).not.toContain(SANDBOX_GUILDS.retroArcade.id);
    expect(body.guilds.map((g: { manageable: boolean }) => g.manageable)).toEqual(theirs.map(() => false));
  });

  it('an owner may simulate in the guilds they manage', async () => {
    const { body } = await owner.json(`${VIEWER}/guilds`);
    const community = body.guilds.find((g: { id: string }) => g.id === SANDBOX_GUILDS.community.id);
    expect(community).toMatchObject({ botPresent: true, manageable: true });
  });

  it('DMs only to their recipient: each visitor lists their own', async () => {
    const mine = async (browser: TestBrowser) =>
      (await browser.json(`${VIEWER}/guilds`)).body.dms.map((dm: { id: string; recipient: { id: string } }) => [dm.id, dm.recipient.id]);
    expect(await mine(member)).toEqual([[memberDm, SANDBOX_USERS.demoMember.id]]);
    expect(await mine(owner)).toEqual([[ownerDm, SANDBOX_USERS.demoOwner.id]]);
  });

  it("another's DM or a channel of a guild the visitor is not in: 404 Unknown Channel; their own: the messages", async () => {
    for (const channel of [ownerDm, retroArcadeChannel]) {
      const { status, body } = await member.json(`${VIEWER}/channels/${channel}/messages`);
      expect({ channel, status, body }).toEqual({ channel, status: 404, body: { message: 'Unknown Channel', code: 10003 } });
    }
    const own = await member.json(`${VIEWER}/channels/${memberDm}/messages`);
    expect(own.body.messages.map((m: { content: string }) => m.content)).toEqual(['welcome to the community, member']);
    const guild = await member.json(`${VIEWER}/channels/${communityChannel}/messages`);
    expect(guild.body.messages.map((m: { content: string }) => m.content)).toEqual(['hello community']);
  });

  it("a guild channel's messages show their author as the guild does now: the member's nick and guild avatar; DMs and webhooks none", async () => {
    const listed = async (channel: string) => (await member.json(`${VIEWER}/channels/${channel}/messages`)).body.messages;
    const guild = SANDBOX_GUILDS.community.id;
    const webhook = sandbox.webhooksOf(communityChannel)[0]!;
    sandbox.postMessage(
      sandbox.channel(communityChannel)!,
      { type: 'webhook', webhook_id: webhook.id, username: 'Announcer', avatar_url: null },
      { content: 'from a webhook' },
      [],
    );
    const before = await listed(communityChannel);
    expect(before.map((m: { member?: unknown }) => m.member)).toEqual([{ nick: null, avatar: null }, undefined]);

    // The bot sets its per-server profile after it posted: the message shows the current one, as Discord's client does.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const patch = (body: unknown) =>
      fetch(`${app.url}/sandbox/discord/api/v10/guilds/${guild}/members/@me`, {
        method: 'PATCH',
        headers: { authorization: `Bot ${app.config.discord.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await patch({ nick: 'Guildy', avatar: `data:image/png;base64,${png}` });
    expect(res.status).toBe(200);
    const { avatar } = (await res.json()) as { avatar: string };
    try {
      const after = await listed(communityChannel);
      expect(after.map((m: { content: string; member?: unknown }) => [m.content, m.member])).toEqual([
        ['hello community', { nick: 'Guildy', avatar }],
        ['from a webhook', undefined],
      ]);
      expect(after[0].author).toMatchObject({ id: sandbox.botUserId, username: sandbox.botUser.username });
      // In a DM the bot is itself: no member, whatever it is called in a server.
      expect((await listed(memberDm)).map((m: { member?: unknown }) => m.member)).toEqual([undefined]);
    } finally {
      await patch({ nick: null, avatar: null });
    }
  });
});
