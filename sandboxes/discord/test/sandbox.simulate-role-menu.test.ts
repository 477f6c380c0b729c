/**
 * The sandbox viewer's role-menu simulation (issue 28): a manager deploys a menu, then, as a demo member, clicks a
 * button, submits the select or clicks a reaction; the bot asks the app's bot API what that changes (`choose`) and
 * applies it through the sandbox's member-role routes, and the answer shows the member's roles before and after with
 * the private reply. Everything over real HTTP against the app with PGlite and the sandbox mounted.
 */
import { roleMenuCustomId } from '@guildhall/common/role-menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '../src/sandbox.service.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '../src/seed.js';
import type { TestBrowser } from '../../../backend/test/support/browser.js';
import { startTestApp, tempDataDir } from '../../../backend/test/support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const community = SANDBOX_GUILDS.community;
const { red, green, blue } = community.roles;
const MEMBER = SANDBOX_USERS.demoMember.id;
const simulatePath = (guildId: string) => `/sandbox/discord/viewer/guilds/${guildId}/simulate-role-menu`;

const data = tempDataDir();
let app: App;
let sandbox: DiscordSandboxService;
let owner: TestBrowser;

const signedIn = async (username: string) => {
  const browser = app.browser();
  await browser.signIn(username);
  await browser.json('/api/user'); // the anti-forgery token of the session
  return browser;
};

beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: data.dir });
  sandbox = app.app.get(DiscordSandboxService);
  owner = await signedIn('demo-owner');
});
afterAll(async () => {
  await app?.close();
  data.remove();
});

/** A menu created and deployed as the dashboard does it: the collection's POST, then Deploy. */
async function deployed(item: Record<string, unknown>): Promise<{ menuId: string; messageId: string; channelId: string }> {
  const channelId = community.channels.botCommands;
  const created = await owner.json(`/api/guild/${community.id}/collections/role-menus`, {
    method: 'POST',
    json: { item: { title: 'Colours', channel_id: channelId, content: 'Pick a colour', ...item } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const deploy = await owner.json(`/api/guild/${community.id}/role-menus/${created.body.id}/deploy`, { method: 'POST', json: {} });
  expect(deploy.status, JSON.stringify(deploy.body)).toBe(200);
  return { menuId: created.body.id, messageId: deploy.body.message_id, channelId };
}

const colours = [
  { role_id: red, label: 'Red', emoji: '🔴', style: 'danger' },
  { role_id: green, label: 'Green', emoji: '🟢', style: 'success' },
  { role_id: blue, label: 'Blue', emoji: '🔵', style: 'primary' },
];

const simulate = (json: unknown, browser: TestBrowser = owner, guildId: string = community.id) =>
  browser.json(simulatePath(guildId), { method: 'POST', json });
const memberRoles = () => sandbox.member(community.id, MEMBER)!.roles;
const names = (roles: { name: string }[]) => roles.map((r) => r.name);

describe('Use a role menu in the sandbox viewer, as a demo member', () => {
  it('buttons in unique mode: the first click gives Red, the second gives Green and takes Red away, with the private reply', async () => {
    const menu = await deployed({ kind: 'buttons', mode: 'unique', options: colours });
    const click = (roleId: string) =>
      simulate({
        userId: MEMBER,
        channelId: menu.channelId,
        messageId: menu.messageId,
        action: { type: 'button', customId: roleMenuCustomId(menu.menuId, roleId) },
      });
    const first = await click(red);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.choice).toMatchObject({
      userId: MEMBER,
      userName: 'demo-member',
      menuId: menu.menuId,
      added: [red],
      removed: [],
      refused: false,
      failed: [],
    });
    expect(names(first.body.choice.before)).toEqual([]);
    expect(first.body.choice.after).toEqual([{ id: red, name: 'Red', color: expect.any(Number) }]);
    expect(first.body.choice.reply).toContain(`<@&${red}>`);
    const second = await click(green);
    expect(second.body.choice).toMatchObject({ added: [green], removed: [red] });
    expect(names(second.body.choice.before)).toEqual(['Red']);
    expect(names(second.body.choice.after)).toEqual(['Green']);
    // Applied in Discord (the sandbox): the member holds only Green.
    expect(memberRoles()).toEqual([green]);
    // Nothing of the bot's credential reaches the browser.
    expect(JSON.stringify(second.body)).not.toContain(app.config.botApiToken);
  });

  it('the select menu in toggle mode: the chosen options become the member’s roles of the menu', async () => {
    for (const id of memberRoles()) sandbox.changeMemberRole(community.id, MEMBER, id, false);
    const menu = await deployed({ kind: 'select', mode: 'toggle', options: colours });
    const submit = (values: string[]) =>
      simulate({
        userId: MEMBER,
        channelId: menu.channelId,
        messageId: menu.messageId,
        action: { type: 'select', customId: roleMenuCustomId(menu.menuId), values },
      });
    const chosen = await submit([red, blue]);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect(names(chosen.body.choice.after)).toEqual(['Blue', 'Red']);
    const changed = await submit([green]);
    expect(changed.body.choice).toMatchObject({ added: [green], removed: [red, blue] });
    expect(names(changed.body.choice.after)).toEqual(['Green']);
    // A value the select does not offer is refused before the bot is asked.
    const stranger = await submit([community.roles.staff]);
    expect(stranger.status).toBe(400);
    expect(memberRoles()).toEqual([green]);
  });

  it('reactions: clicking a reaction adds the member’s reaction and the role; clicking it again takes both back', async () => {
    for (const id of memberRoles()) sandbox.changeMemberRole(community.id, MEMBER, id, false);
    const menu = await deployed({ kind: 'reactions', mode: 'toggle', options: colours });
    const message = () => sandbox.message(menu.channelId, menu.messageId)!;
    // Deploy added the bot's reactions, one per option.
    expect(message().reactions!.map((r) => [r.emoji.name, r.user_ids.length])).toEqual([
      ['🔴', 1],
      ['🟢', 1],
      ['🔵', 1],
    ]);
    const react = () =>
      simulate({ userId: MEMBER, channelId: menu.channelId, messageId: menu.messageId, action: { type: 'reaction', emoji: '🟢' } });
    const added = await react();
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.choice).toMatchObject({ reaction: 'added', added: [green], removed: [] });
    expect(message().reactions!.find((r) => r.emoji.name === '🟢')!.user_ids).toContain(MEMBER);
    // The viewer's channel shows who reacted with what, so it can show the member's own reaction as pressed.
    const viewed = await owner.json(`/sandbox/discord/viewer/channels/${menu.channelId}/messages`);
    expect(viewed.body.reactors[menu.messageId]['🟢']).toEqual([SANDBOX_USERS.bot.id, MEMBER]);
    expect(viewed.body.messages.find((m: { id: string }) => m.id === menu.messageId).reactions).toHaveLength(3);
    const removed = await react();
    expect(removed.body.choice).toMatchObject({ reaction: 'removed', added: [], removed: [green] });
    expect(message().reactions!.find((r) => r.emoji.name === '🟢')!.user_ids).not.toContain(MEMBER);
    expect(memberRoles()).toEqual([]);
  });

  it('a role moved above the bot after deploy: Discord refuses it (50013), the answer says so and the roles stay', async () => {
    for (const id of memberRoles()) sandbox.changeMemberRole(community.id, MEMBER, id, false);
    const menu = await deployed({ kind: 'buttons', mode: 'toggle', options: colours });
    const guild = sandbox.guild(community.id)!;
    const blueRole = guild.roles.find((r) => r.id === blue)!;
    const position = blueRole.position;
    blueRole.position = Math.max(...guild.roles.map((r) => r.position)) + 1;
    try {
      const { status, body } = await simulate({
        userId: MEMBER,
        channelId: menu.channelId,
        messageId: menu.messageId,
        action: { type: 'button', customId: roleMenuCustomId(menu.menuId, blue) },
      });
      expect(status).toBe(201);
      expect(body.choice).toMatchObject({ added: [], failed: [{ roleId: blue, code: 50013, reason: 'Missing Permissions' }] });
      expect(body.choice.after).toEqual([]);
    } finally {
      blueRole.position = position;
    }
  });

  it('refuses what is not a role menu: an unknown message (404), a button not on the message (400), a reaction where no menu is (404, not recorded)', async () => {
    const menu = await deployed({ kind: 'buttons', mode: 'toggle', options: colours });
    const base = { userId: MEMBER, channelId: menu.channelId };
    const unknown = await simulate({
      ...base,
      messageId: '1100000000000099999',
      action: { type: 'button', customId: roleMenuCustomId(menu.menuId, red) },
    });
    expect(unknown.status).toBe(404);
    const notThere = await simulate({ ...base, messageId: menu.messageId, action: { type: 'button', customId: 'ticket-panel:open' } });
    expect(notThere.status).toBe(400);
    const posted = await fetch(`${app.url}/sandbox/discord/api/v10/channels/${menu.channelId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${sandbox.options.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Not a menu' }),
    });
    const plain = (await posted.json()) as { id: string };
    const noMenu = await simulate({ ...base, messageId: plain.id, action: { type: 'reaction', emoji: '🔴' } });
    expect({ status: noMenu.status, message: noMenu.body.message }).toEqual({
      status: 404,
      message: 'This message has no role menu of the dashboard on it: deploy one, then try again.',
    });
    expect(sandbox.message(menu.channelId, plain.id)!.reactions ?? []).toEqual([]);
    const badBody = await simulate({ ...base, messageId: menu.messageId, action: { type: 'wave' } });
    expect(badBody.status).toBe(400);
  });

  it('only a signed-in manager of the guild, with JSON: 401 anonymous, 403 a plain member, 415 a form; nobody’s roles change', async () => {
    const menu = await deployed({ kind: 'buttons', mode: 'toggle', options: colours });
    const json = {
      userId: MEMBER,
      channelId: menu.channelId,
      messageId: menu.messageId,
      action: { type: 'button', customId: roleMenuCustomId(menu.menuId, red) },
    };
    const before = [...memberRoles()];
    expect((await simulate(json, app.browser())).status).toBe(401);
    const member = await signedIn('demo-member');
    const refused = await simulate(json, member);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: 'You need the Manage Server or Administrator permission in this server.',
    });
    const form = await owner.request(simulatePath(community.id), {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(memberRoles()).toEqual(before);
  });
});
