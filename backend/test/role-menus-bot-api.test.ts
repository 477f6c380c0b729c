/**
 * The bot asks the API what a member's choice on a role menu changes (POST /api/bot/v1/guilds/{guildId}/role-menus/
 * {menuId}/choose) and reads the menus like any collection (GET /api/bot/v1/guilds/{guildId}/collections/{collection}),
 * with its own credential, never a user session. Menus are made as an admin does, through the collections API; the
 * answers are the dashboard's rules in the menu schema's words.
 */
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import type { RoleMenuChoice } from '@guildhall/common/role-menu';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_NOT_IN_GUILD } from '../src/bot-api/bot-guild.guard.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const COMMUNITY = SANDBOX_GUILDS.community;
const GUILD: string = COMMUNITY.id;
const OTHER: string = SANDBOX_GUILDS.pixelPainters.id;
const WITHOUT_BOT: string = SANDBOX_GUILDS.quietLibrary.id;
const MEMBER = SANDBOX_USERS.demoMember.id;
// Three roles the menus offer, one a member must hold for the required-roles menu, one that bars the excluded one.
const A: string = COMMUNITY.roles.regular;
const B: string = COMMUNITY.roles.eventHost;
const C: string = COMMUNITY.roles.moderator;
const REQUIRED: string = COMMUNITY.roles.serverManager;
const EXCLUDED: string = COMMUNITY.roles.booster;
/** A role of the guild no menu offers: the member holds it throughout, and no answer ever names it. */
const UNRELATED: string = COMMUNITY.roles.bot;
/** The guild's custom emojis (the sandbox's seed: guild id + 301, + 302), as Discord writes them in a message. */
const emojiId = (offset: number) => (BigInt(GUILD) + BigInt(offset)).toString();
const WAVE = `<:guildhall_wave:${emojiId(301)}>`;
const PARROT = `<a:party_parrot:${emojiId(302)}>`;

const mention = (...ids: string[]) => ids.map((id) => `<@&${id}>`).join(', ');
const added = (...ids: string[]) => fillRefusal(refusals.roleMenuAdded, { roles: mention(...ids) });
const removed = (...ids: string[]) => fillRefusal(refusals.roleMenuRemoved, { roles: mention(...ids) });
const swapped = (add: string[], remove: string[]) =>
  fillRefusal(refusals.roleMenuAddedRemoved, { added: mention(...add), removed: mention(...remove) });
const limitOf = (limit: number) => fillRefusal(refusals.roleMenuLimit, { limit });

const buttons = [
  { role_id: A, label: 'Regular', emoji: '🟢', style: 'success' },
  { role_id: B, label: 'Event Host', emoji: WAVE, style: 'primary' },
  { role_id: C, label: 'Moderator', emoji: PARROT, style: 'danger', row: 2 },
];
/** The menus of the table, by name: each an item as an admin saves it (the rest takes the schema's defaults). */
const MENUS = {
  toggle: { kind: 'buttons', mode: 'toggle', options: buttons },
  unique: { kind: 'buttons', mode: 'unique', options: buttons },
  verify: { kind: 'reactions', mode: 'verify', options: buttons },
  remove: { kind: 'reactions', mode: 'remove', options: buttons },
  limit: { kind: 'select', mode: 'limit', limit: 2, options: buttons },
  selectToggle: { kind: 'select', mode: 'toggle', options: buttons },
  required: { kind: 'buttons', mode: 'toggle', options: buttons, required_roles: [REQUIRED] },
  excluded: { kind: 'buttons', mode: 'toggle', options: buttons, excluded_roles: [EXCLUDED] },
  quiet: { kind: 'buttons', mode: 'toggle', options: buttons, reply: false },
} as const;
type MenuName = keyof typeof MENUS;

interface Row {
  menu: MenuName;
  roles: string[];
  choice: RoleMenuChoice;
  add?: string[];
  remove?: string[];
  reply: string | null;
  refused?: boolean;
}
const button = (roleId: string): RoleMenuChoice => ({ type: 'button', roleId });
const reactionAdd = (emoji: string): RoleMenuChoice => ({ type: 'reaction-add', emoji });
const reactionRemove = (emoji: string): RoleMenuChoice => ({ type: 'reaction-remove', emoji });
const select = (...roleIds: string[]): RoleMenuChoice => ({ type: 'select', roleIds });

/** The decision table over HTTP: a few rows of each mode and rule (common/test/role-menu.test.ts holds every row). */
const TABLE: Record<string, Row> = {
  'toggle: a button gives a role not held': { menu: 'toggle', roles: [UNRELATED], choice: button(A), add: [A], reply: added(A) },
  'toggle: a button takes back a role held': { menu: 'toggle', roles: [A, B], choice: button(A), remove: [A], reply: removed(A) },
  'unique: a button gives its role and takes the menu’s others': {
    menu: 'unique',
    roles: [UNRELATED, A, C],
    choice: button(B),
    add: [B],
    remove: [A, C],
    reply: swapped([B], [A, C]),
  },
  'unique: the held role’s button takes it back': { menu: 'unique', roles: [B], choice: button(B), remove: [B], reply: removed(B) },
  'verify: a reaction added gives its role (custom emoji by name:id)': {
    menu: 'verify',
    roles: [],
    choice: reactionAdd(`guildhall_wave:${emojiId(301)}`),
    add: [B],
    reply: added(B),
  },
  'verify: a reaction removed takes nothing back': {
    menu: 'verify',
    roles: [A],
    choice: reactionRemove('🟢'),
    reply: refusals.roleMenuUnchanged,
  },
  'remove: a reaction added takes its role (animated emoji as written)': {
    menu: 'remove',
    roles: [C, A],
    choice: reactionAdd(PARROT),
    remove: [C],
    reply: removed(C),
  },
  'remove: a reaction for a role not held changes nothing': {
    menu: 'remove',
    roles: [A],
    choice: reactionAdd(WAVE),
    reply: refusals.roleMenuUnchanged,
  },
  'limit: the select within the limit makes the chosen roles the member’s': {
    menu: 'limit',
    roles: [C],
    choice: select(A, B),
    add: [A, B],
    remove: [C],
    reply: swapped([A, B], [C]),
  },
  'limit: the select over the limit is refused': {
    menu: 'limit',
    roles: [C],
    choice: select(A, B, C),
    reply: limitOf(2),
    refused: true,
  },
  'select: no option chosen takes every role of the menu': {
    menu: 'selectToggle',
    roles: [A, UNRELATED, C],
    choice: select(),
    remove: [A, C],
    reply: removed(A, C),
  },
  'a role the menu does not offer is refused and never touched': {
    menu: 'toggle',
    roles: [UNRELATED],
    choice: button(REQUIRED),
    reply: refusals.roleMenuUnchanged,
    refused: true,
  },
  'required roles: a member with none of them is refused': {
    menu: 'required',
    roles: [A],
    choice: button(B),
    reply: fillRefusal(refusals.roleMenuRequired, { roles: mention(REQUIRED) }),
    refused: true,
  },
  'required roles: a member with one may use the menu': {
    menu: 'required',
    roles: [REQUIRED],
    choice: button(B),
    add: [B],
    reply: added(B),
  },
  'excluded roles: a member with one is refused, told which': {
    menu: 'excluded',
    roles: [A, EXCLUDED],
    choice: button(A),
    reply: fillRefusal(refusals.roleMenuExcluded, { roles: mention(EXCLUDED) }),
    refused: true,
  },
  'reply off: the change without a reply': { menu: 'quiet', roles: [], choice: button(C), add: [C], reply: null },
};

const data = tempDataDir();
let app: App;
let owner: TestBrowser;
let bot: Record<string, string>;
const menuIds = {} as Record<MenuName, string>;
let otherMenuId: string;

const createMenu = async (guild: string, item: object): Promise<string> => {
  const channel = guild === GUILD ? COMMUNITY.channels.general : SANDBOX_GUILDS.pixelPainters.channels.general;
  const created = await owner.json(`/api/guild/${guild}/collections/role-menus`, {
    method: 'POST',
    json: { item: { title: 'Pick your roles', channel_id: channel, ...item } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
};
const choose = (guild: string, menuId: string, json: unknown, headers: Record<string, string> = bot) =>
  app.browser().json(`/api/bot/v1/guilds/${guild}/role-menus/${encodeURIComponent(menuId)}/choose`, { method: 'POST', json, headers });
const readCollection = (guild: string, collection: string, headers: Record<string, string> = bot) =>
  app.browser().json(`/api/bot/v1/guilds/${guild}/collections/${collection}`, { headers });

beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: data.dir });
  bot = { authorization: `Bot ${app.config.botApiToken}` };
  owner = app.browser();
  await owner.signIn('demo-owner');
  await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
  for (const [name, item] of Object.entries(MENUS)) menuIds[name as MenuName] = await createMenu(GUILD, item);
  const artist = SANDBOX_GUILDS.pixelPainters.roles.artist;
  otherMenuId = await createMenu(OTHER, { kind: 'buttons', options: [{ role_id: artist, label: 'Artist' }] });
});
afterAll(async () => {
  await app?.close();
  data.remove();
});

describe('the bot asks a role menu what a member’s choice changes', () => {
  const body = (choice: RoleMenuChoice, roles: string[] = []) => ({ userId: MEMBER, roles, choice });

  it.each(Object.entries(TABLE))('%s', async (_name, row) => {
    const { status, body: answer } = await choose(GUILD, menuIds[row.menu], body(row.choice, row.roles));
    expect({ status, answer }).toEqual({
      status: 200,
      answer: { success: true, add: row.add ?? [], remove: row.remove ?? [], reply: row.reply, refused: row.refused ?? false },
    });
    // Only the menu's roles are ever named: the member's other roles stay as they are.
    expect([...answer.add, ...answer.remove]).not.toContain(UNRELATED);
  });

  it('without the bot credential, with a wrong one, or with a signed-in manager’s session: 401', async () => {
    for (const headers of [{}, { authorization: 'Bot wrong-token-wrong-token-wrong-token' }] as Record<string, string>[]) {
      const { status, body: answer } = await choose(GUILD, menuIds.toggle, body(button(A)), headers);
      expect({ status, answer }).toEqual({ status: 401, answer: { success: false, error: expect.stringMatching(/bot credential/) } });
    }
    const { status } = await owner.json(`/api/bot/v1/guilds/${GUILD}/role-menus/${menuIds.toggle}/choose`, {
      method: 'POST',
      json: body(button(A)),
    });
    expect(status).toBe(401);
  });

  it('an unknown menu, another guild’s menu, or a guild the bot is not in: 404', async () => {
    for (const [guild, menuId] of [
      [GUILD, 'no-such-menu'],
      [GUILD, otherMenuId],
      [OTHER, menuIds.toggle],
    ] as const) {
      const { status, body: answer } = await choose(guild, menuId, body(button(A)));
      expect({ guild, menuId, status, answer }).toEqual({
        guild,
        menuId,
        status: 404,
        answer: { success: false, error: 'Role Menus: no such item in this server.' },
      });
    }
    const away = await choose(WITHOUT_BOT, menuIds.toggle, body(button(A)));
    expect(away).toMatchObject({ status: 404, body: { success: false, error: BOT_NOT_IN_GUILD } });
    // The same menu still answers in its own guild.
    expect((await choose(OTHER, otherMenuId, body(button(SANDBOX_GUILDS.pixelPainters.roles.artist)))).status).toBe(200);
  });

  it('a malformed body: 400 with the fields named', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['/userId', '/roles', '/choice']],
      [{ userId: 'someone', roles: [A, A], choice: button(A) }, ['/userId', '/roles']],
      [{ userId: MEMBER, roles: Array.from({ length: 251 }, (_, i) => (BigInt(A) + BigInt(i)).toString()), choice: button(A) }, ['/roles']],
      [{ userId: MEMBER, roles: [], choice: { type: 'button' } }, ['/choice/roleId', '/choice']],
      [{ userId: MEMBER, roles: [], choice: { type: 'wave', roleId: A } }, ['/choice/type', '/choice']],
      [{ userId: MEMBER, roles: [], choice: { type: 'reaction-add', emoji: '' } }, ['/choice/emoji', '/choice']],
      [
        {
          userId: MEMBER,
          roles: [],
          choice: select(...Array.from({ length: 26 }, (_, i) => (BigInt(A) + BigInt(i)).toString())),
        },
        ['/choice/roleIds', '/choice'],
      ],
      [{ userId: MEMBER, roles: [], choice: button(A), extra: true }, ['/extra']],
    ];
    for (const [sent, paths] of cases) {
      const { status, body: answer } = await choose(GUILD, menuIds.toggle, sent);
      expect({ sent, status, error: answer.error }).toEqual({ sent, status: 400, error: refusals.roleMenuChoiceInvalid });
      const named = answer.fieldErrors.map((e: { path: string }) => e.path);
      expect({ sent, named }).toEqual({ sent, named: expect.arrayContaining(paths) });
    }
    const tooMany = await choose(GUILD, menuIds.toggle, cases[2]![0]);
    expect(tooMany.body.fieldErrors).toContainEqual({ path: '/roles', message: 'roles may name at most 250 roles' });
  });
});

describe('the bot reads a guild’s collections as the dashboard lists them', () => {
  it('lists the role menus with their ids, versions and defaults, as the collections API does, and no other guild’s', async () => {
    const { status, body } = await readCollection(GUILD, 'role-menus');
    expect(status).toBe(200);
    const dashboard = await owner.json(`/api/guild/${GUILD}/collections/role-menus`);
    expect(body).toEqual({ success: true, items: dashboard.body.items, cap: dashboard.body.cap });
    expect(body.items.map((entry: { id: string }) => entry.id)).toEqual(Object.values(menuIds));
    expect(body.items.map((entry: { id: string }) => entry.id)).not.toContain(otherMenuId);
    const limit = body.items.find((entry: { id: string }) => entry.id === menuIds.limit).item;
    expect(limit).toMatchObject({ kind: 'select', mode: 'limit', limit: 2, reply: true, message_id: null, deployed: false });
  });

  it('reads any collection of the table (an empty one too), and none that is not', async () => {
    expect((await readCollection(GUILD, 'panels')).body).toEqual({ success: true, items: [], cap: expect.any(Number) });
    expect((await readCollection(GUILD, 'embeds')).status).toBe(200);
    expect((await readCollection(GUILD, 'reaction-roles')).body).toEqual({ success: false, error: 'Unknown collection: reaction-roles' });
    expect((await readCollection(GUILD, 'reaction-roles')).status).toBe(404);
    const malformed = await readCollection(GUILD, 'Role_Menus');
    expect(malformed).toMatchObject({ status: 400, body: { success: false, fieldErrors: [{ path: '/collection' }] } });
  });

  it('takes only the bot credential, and only a guild the bot is in', async () => {
    expect((await readCollection(GUILD, 'role-menus', {})).status).toBe(401);
    expect((await owner.json(`/api/bot/v1/guilds/${GUILD}/collections/role-menus`)).status).toBe(401);
    expect((await readCollection(WITHOUT_BOT, 'role-menus')).body).toEqual({ success: false, error: BOT_NOT_IN_GUILD });
  });
});
