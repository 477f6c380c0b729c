// Issue 10: extra owners and whitelisted users reach their guild from the server selector. /api/user lists, besides the
// guilds a user manages, those where a section's access levels let them in (AntiNuke's extra owners and whitelist),
// marked with those sections and sent to the first one's page; a plain member on no level is not offered the guild.
import { sections } from '@guildhall/generated/sections';
import { validateUser } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

const COMMUNITY = SANDBOX_GUILDS.community.id;
const SETTINGS = `/api/guild/${COMMUNITY}/settings/antinuke`;
const ANTINUKE_PAGE = `/manage/${COMMUNITY}/${sections.antinuke.path}`;

interface Summary {
  id: string;
  settingsUrl: string;
  sections?: string[];
}

describe('the server selector offers guilds where an access level admits the user (issue 10)', () => {
  const data = tempDataDir();
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let owner: TestBrowser;
  let extra: TestBrowser;
  let member: TestBrowser;
  let plain: TestBrowser;

  /** The user's guilds as /api/user lists them (the answer checked against its published schema). */
  const guildsOf = async (browser: TestBrowser): Promise<Summary[]> => {
    const { status, body } = await browser.json('/api/user');
    expect(status).toBe(200);
    expect(validateUser(body), JSON.stringify(validateUser.errors)).toBe(true);
    return body.guilds;
  };
  const community = async (browser: TestBrowser) => (await guildsOf(browser)).find((g) => g.id === COMMUNITY);
  const storeLists = async (extraowners: string[], whitelist: string[]) => {
    const { body } = await owner.json(SETTINGS);
    const saved = await owner.json(SETTINGS, {
      method: 'PUT',
      json: { version: body.version, settings: { ...body.settings, extraowners, whitelist } },
    });
    expect(saved.status).toBe(200);
  };

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    extra = app.browser();
    member = app.browser();
    plain = app.browser();
    await owner.signIn('demo-owner');
    await extra.signIn('demo-extra');
    await member.signIn('demo-member');
    await plain.signIn('ethan.nguyen');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('a plain member (no Manage Server, on no level) is not offered the guild', async () => {
    expect(await community(extra)).toBeUndefined();
    expect(await community(plain)).toBeUndefined();
  });

  it('an extra owner is offered the guild, marked with AntiNuke and sent to its page', async () => {
    await storeLists([SANDBOX_USERS.demoExtra.id], [SANDBOX_USERS.demoMember.id]);
    expect(await community(extra)).toMatchObject({ settingsUrl: ANTINUKE_PAGE, sections: ['antinuke'] });
  });

  it('a whitelisted user is offered the guild the same way', async () => {
    expect(await community(member)).toMatchObject({ settingsUrl: ANTINUKE_PAGE, sections: ['antinuke'] });
  });

  it('a plain member not listed is still not offered the guild', async () => {
    expect(await community(plain)).toBeUndefined();
  });

  it('guilds the user manages are listed as before, without the marker', async () => {
    const owned = await community(owner);
    expect(owned).toMatchObject({ settingsUrl: `/manage/${COMMUNITY}/dashboard` });
    expect(owned).not.toHaveProperty('sections');
    // demo-extra owns Night Owls: managed, so no marker there either.
    const nightOwls = (await guildsOf(extra)).find((g) => g.id === SANDBOX_GUILDS.nightOwls.id);
    expect(nightOwls).toMatchObject({ settingsUrl: `/manage/${SANDBOX_GUILDS.nightOwls.id}/dashboard` });
    expect(nightOwls).not.toHaveProperty('sections');
  });

  it('removed from the lists, the extra owner and the whitelisted user are no longer offered the guild', async () => {
    await storeLists([], []);
    expect(await community(extra)).toBeUndefined();
    expect(await community(member)).toBeUndefined();
  });
});
