import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, OAuth2Grants } from '../src/oauth2-grants.js';
import { SANDBOX_CLIENT_ID, SANDBOX_DEMO_USERNAMES, SANDBOX_GUILDS, SANDBOX_USERS } from '../src/seed.js';
import { startDiscordSandbox, type RunningDiscordSandbox } from '../src/standalone.js';

const REDIRECT_URI = 'http://127.0.0.1:9/api/callback';
const CLIENT = { client_id: SANDBOX_CLIENT_ID, client_secret: 'test-client-secret' };

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('Discord sandbox OAuth2', () => {
  let sandbox: RunningDiscordSandbox;

  beforeAll(async () => {
    sandbox = await startDiscordSandbox({ clientSecret: CLIENT.client_secret });
  });
  beforeEach(() => sandbox.service.reset());
  afterAll(async () => {
    await sandbox?.close();
  });

  function authorizeUrl(params: Record<string, string>): string {
    const url = new URL(`${sandbox.base}/oauth2/authorize`);
    const defaults = {
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'identify email guilds',
      state: 'st-1',
    };
    for (const [k, v] of Object.entries({ ...defaults, ...params })) url.searchParams.set(k, v);
    return url.toString();
  }

  async function authorizeAs(username: string, params: Record<string, string> = {}): Promise<URL> {
    const res = await fetch(authorizeUrl({ login_as: username, ...params }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await fetch(`${sandbox.api}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  }

  async function me(accessToken: string, route = '/users/@me') {
    const res = await fetch(`${sandbox.api}/v10${route}`, { headers: { authorization: `Bearer ${accessToken}` } });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('signs a user in: authorize with login_as -> code -> token with PKCE -> users/@me', async () => {
    const { verifier, challenge } = pkce();
    const back = await authorizeAs('demo-admin', { code_challenge: challenge, code_challenge_method: 'S256' });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-1');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{16,}$/);

    const granted = await token({ ...CLIENT, grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: 604800,
      refresh_token: expect.any(String),
      scope: 'identify email guilds',
    });

    const user = await me(granted.body['access_token']);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      id: SANDBOX_USERS.demoAdmin.id,
      username: 'demo-admin',
      email: 'demo-admin@example.com',
      verified: true,
    });
  });

  it('also accepts the versioned token path and HTTP Basic client authentication', async () => {
    const back = await authorizeAs('demo-owner');
    const basic = Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString('base64');
    const res = await fetch(`${sandbox.api}/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT_URI }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong PKCE verifier with invalid_grant', async () => {
    const { challenge } = pkce();
    const back = await authorizeAs('demo-owner', { code_challenge: challenge, code_challenge_method: 'S256' });
    const res = await token({
      ...CLIENT,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce().verifier,
    });
    expect(res).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
  });

  it('refuses a missing verifier when a challenge was given', async () => {
    const back = await authorizeAs('demo-owner', { code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    const res = await token({
      ...CLIENT,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    expect(res.body['error']).toBe('invalid_grant');
  });

  it('refuses a reused code, and revokes what the code gave the first time', async () => {
    const back = await authorizeAs('demo-owner');
    const form = { ...CLIENT, grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT_URI };
    const first = await token(form);
    expect(first.status).toBe(200);
    const second = await token(form);
    expect(second).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
    expect((await me(first.body['access_token'])).status).toBe(401);
  });

  it('refuses a redirect_uri other than the authorized one', async () => {
    const back = await authorizeAs('demo-owner');
    const res = await token({
      ...CLIENT,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: 'http://127.0.0.1:9/elsewhere',
    });
    expect(res.body['error']).toBe('invalid_grant');
  });

  it('refuses bad client credentials with invalid_client (401)', async () => {
    const back = await authorizeAs('demo-owner');
    const res = await token({
      client_id: SANDBOX_CLIENT_ID,
      client_secret: 'wrong',
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    expect(res.status).toBe(401);
    expect(res.body['error']).toBe('invalid_client');
  });

  it('answers unsupported_grant_type for other grants', async () => {
    const res = await token({ ...CLIENT, grant_type: 'password' });
    expect(res).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });

  it('refreshes tokens, and a refresh token works once', async () => {
    const back = await authorizeAs('demo-member');
    const first = await token({
      ...CLIENT,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    const refreshed = await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.body['refresh_token'] });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body['access_token']).not.toBe(first.body['access_token']);
    expect((await me(refreshed.body['access_token'])).body.id).toBe(SANDBOX_USERS.demoMember.id);
    const again = await token({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.body['refresh_token'] });
    expect(again.body['error']).toBe('invalid_grant');
  });

  it('revokes an access token: users/@me answers 401 afterwards', async () => {
    const accessToken = sandbox.service.issueAccessToken('demo-owner');
    expect((await me(accessToken)).status).toBe(200);
    const res = await fetch(`${sandbox.api}/oauth2/token/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...CLIENT, token: accessToken, token_type_hint: 'access_token' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await me(accessToken)).toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
  });

  it('honours scopes: no email without the email scope, no guilds without the guilds scope', async () => {
    const back = await authorizeAs('demo-owner', { scope: 'identify' });
    const granted = await token({
      ...CLIENT,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
    });
    expect(granted.body['scope']).toBe('identify');
    const user = await me(granted.body['access_token']);
    expect(user.status).toBe(200);
    expect(user.body).not.toHaveProperty('email');
    expect((await me(granted.body['access_token'], '/users/@me/guilds')).status).toBe(401);
    // A user token cannot call bot routes.
    expect((await me(granted.body['access_token'], `/guilds/${SANDBOX_GUILDS.community.id}`)).status).toBe(401);
  });

  it('keeps tokens valid across a restart of the sandbox (same client), like Discord across app restarts', async () => {
    const accessToken = sandbox.service.issueAccessToken('demo-owner');
    const restarted = await startDiscordSandbox({ clientSecret: CLIENT.client_secret });
    const otherClient = await startDiscordSandbox({ clientSecret: 'another-secret' });
    try {
      const ask = (base: string) => fetch(`${base}/v10/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect((await ask(restarted.api)).status).toBe(200);
      expect((await ask(otherClient.api)).status).toBe(401);
    } finally {
      await restarted.close();
      await otherClient.close();
    }
  });

  it('keeps tokens valid across a restart with new credentials when both sign with the same token secret', async () => {
    const first = await startDiscordSandbox({ tokenSecret: 'outlives-the-process' });
    const second = await startDiscordSandbox({ tokenSecret: 'outlives-the-process' });
    try {
      expect(second.clientSecret).not.toBe(first.clientSecret);
      const accessToken = first.service.issueAccessToken('demo-owner');
      const res = await fetch(`${second.api}/v10/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(res.status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('makes its own bot token and client secret: the constants of earlier releases are refused', async () => {
    const fresh = await startDiscordSandbox();
    const other = await startDiscordSandbox();
    try {
      expect(fresh.botToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fresh.botToken).not.toBe(other.botToken);
      expect(fresh.clientSecret).not.toBe(other.clientSecret);
      const guild = (token: string) =>
        fetch(`${fresh.api}/v10/guilds/${SANDBOX_GUILDS.community.id}`, { headers: { authorization: `Bot ${token}` } });
      expect((await guild('sandbox-bot-token')).status).toBe(401);
      expect((await guild(other.botToken)).status).toBe(401);
      expect((await guild(fresh.botToken)).status).toBe(200);
      const refresh = (secret: string) =>
        fetch(`${fresh.api}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: SANDBOX_CLIENT_ID,
            client_secret: secret,
            grant_type: 'refresh_token',
            refresh_token: 'x',
          }),
        });
      expect((await refresh('sandbox-client-secret')).status).toBe(401);
      expect((await refresh(fresh.clientSecret)).status).toBe(400);
    } finally {
      await fresh.close();
      await other.close();
    }
  });

  it('forgets every grant on reset()', async () => {
    const accessToken = sandbox.service.issueAccessToken('demo-owner');
    sandbox.service.reset();
    expect((await me(accessToken)).status).toBe(401);
  });

  it('expires codes after 10 minutes', () => {
    let now = Date.now();
    const grants = new OAuth2Grants(OAuth2Grants.keyFor('1', 'secret'), () => now);
    const code = grants.issueCode({ clientId: '1', userId: '2', scopes: ['identify'], redirectUri: REDIRECT_URI, codeChallenge: null });
    now += 10 * 60_000 + 1;
    expect(() => grants.exchangeCode({ code, clientId: '1', redirectUri: REDIRECT_URI, codeVerifier: undefined })).toThrow(/code/);
  });

  it('refuses a code exchanged after 10 minutes with invalid_grant, and forgets expired codes', async () => {
    let now = Date.now();
    const timed = await startDiscordSandbox({ clientSecret: CLIENT.client_secret, now: () => now });
    try {
      const authorize = async () => {
        const res = await fetch(authorizeUrl({ login_as: 'demo-owner' }).replace(sandbox.base, timed.base), { redirect: 'manual' });
        expect(res.status).toBe(302);
        return new URL(res.headers.get('location')!).searchParams.get('code')!;
      };
      const exchange = async (code: string) => {
        const res = await fetch(`${timed.api}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...CLIENT, grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }),
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const late = await authorize();
      for (let i = 0; i < 3; i++) await authorize();
      expect(timed.service.grants.storedCodes).toBe(4);

      now += CODE_LIFETIME_MS + 1;
      expect(await exchange(late)).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
      });
      // Nobody came back for the others: they are gone too, so a flood of abandoned sign-ins cannot pile up.
      expect(timed.service.grants.storedCodes).toBe(0);

      const fresh = await authorize();
      now += CODE_LIFETIME_MS - 1;
      expect((await exchange(fresh)).status).toBe(200);
    } finally {
      await timed.close();
    }
  });

  it('refuses unregistered redirect URIs when the application registers some', async () => {
    const strict = await startDiscordSandbox({ redirectUris: [REDIRECT_URI] });
    try {
      const url = (redirect: string) =>
        `${strict.base}/oauth2/authorize?${new URLSearchParams({ client_id: SANDBOX_CLIENT_ID, response_type: 'code', scope: 'identify', redirect_uri: redirect, login_as: 'demo-owner' })}`;
      expect((await fetch(url(REDIRECT_URI), { redirect: 'manual' })).status).toBe(302);
      expect((await fetch(url('https://evil.example/steal'), { redirect: 'manual' })).status).toBe(400);
    } finally {
      await strict.close();
    }
  });

  describe('the authorize page', () => {
    it('lists the demo users in an accessible page, one button each with what they can do', async () => {
      const res = await fetch(authorizeUrl({}));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toMatch(/<html lang="en">/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<h1>[^<]+<\/h1>/);
      for (const username of SANDBOX_DEMO_USERNAMES) {
        expect(html).toContain(`name="login_as" value="${username}"`);
      }
      expect(html).toContain('Owns Guildhall Community, Pixel Painters, Quiet Library (bot not added)');
      expect(html).toContain('Manage Server in Guildhall Community');
      expect(html).toContain('Administrator in Retro Arcade');
      expect(html).toContain('Cannot manage any server');
      expect(html).toMatch(/<label for="other-user">/);
      expect(html).toContain('value="cancel"');
    });

    it('posts the choice back and redirects with a code', async () => {
      const form = new URLSearchParams({
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope: 'identify guilds',
        state: 'form',
        login_as: 'demo-extra',
      });
      const res = await fetch(`${sandbox.base}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(back.searchParams.get('state')).toBe('form');
      const granted = await token({
        ...CLIENT,
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT_URI,
      });
      expect((await me(granted.body['access_token'])).body.username).toBe('demo-extra');
    });

    it('redirects with error=access_denied when cancelled', async () => {
      const form = new URLSearchParams({
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope: 'identify',
        state: 's',
        action: 'cancel',
      });
      const res = await fetch(`${sandbox.base}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('s');
      expect(back.searchParams.has('code')).toBe(false);
    });

    it('answers 400 for an unknown client_id, an unknown login_as user and a non-http redirect_uri', async () => {
      expect((await fetch(authorizeUrl({ client_id: '1234567890123456789' }))).status).toBe(400);
      expect((await fetch(authorizeUrl({ login_as: 'nobody-here' }), { redirect: 'manual' })).status).toBe(400);
      expect((await fetch(authorizeUrl({ redirect_uri: 'javascript:alert(1)' }))).status).toBe(400);
      expect((await fetch(authorizeUrl({ scope: 'identify admin' }))).status).toBe(400);
    });
  });

  describe('bot invite (scope=bot)', () => {
    const quiet = SANDBOX_GUILDS.quietLibrary.id;

    function inviteUrl(params: Record<string, string>): URL {
      const url = new URL(`${sandbox.base}/oauth2/authorize`);
      for (const [k, v] of Object.entries({ client_id: SANDBOX_CLIENT_ID, scope: 'bot', guild_id: quiet, ...params }))
        url.searchParams.set(k, v);
      return url;
    }

    it('refuses someone without Manage Server in the guild', async () => {
      const res = await fetch(inviteUrl({ login_as: 'demo-member' }), { redirect: 'manual' });
      expect(res.status).toBe(403);
      expect(sandbox.service.hasBot(quiet)).toBe(false);
    });

    it("adds the bot to the owner's guild and redirects with guild_id", async () => {
      const res = await fetch(inviteUrl({ permissions: '8', redirect_uri: 'http://127.0.0.1:9/dashboard', login_as: 'demo-owner' }), {
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      expect(new URL(res.headers.get('location')!).searchParams.get('guild_id')).toBe(quiet);
      expect(sandbox.service.hasBot(quiet)).toBe(true);
      const guild = await fetch(`${sandbox.api}/v10/guilds/${quiet}`, { headers: { authorization: `Bot ${sandbox.botToken}` } });
      expect(guild.status).toBe(200);
      expect(sandbox.service.webhooksOf(SANDBOX_GUILDS.quietLibrary.channels.general)).toHaveLength(1);
    });

    it('shows a done page without a redirect_uri', async () => {
      const res = await fetch(inviteUrl({ login_as: 'demo-owner' }), { redirect: 'manual' });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('has been added to Quiet Library');
    });
  });
});
