import { afterAll, describe, expect, it, vi } from 'vitest';
import { sections } from '@guildhall/generated/sections';
import { createApp, startupLine } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { DataDirInUseError } from '../src/storage/pglite.executor.js';
import { startTestApp, tempDataDir } from './support/app.js';

describe('a new app instance on the same DATA_DIR', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('still has the saved settings and the signed-in session', async () => {
    const first = await startTestApp({ DATA_DIR: data.dir });
    const browser = first.browser();
    await browser.signIn('demo-owner');
    const guild = (await browser.json('/api/user')).body.guilds.find((g: { settingsUrl: string }) => g.settingsUrl.startsWith('/manage/'));
    const saved = await browser.json(`/api/guild/${guild.id}/settings/basic`, {
      method: 'PUT',
      json: { version: 0, settings: { prefix: '>>', flag_translation: true, invite_tracking: false } },
    });
    expect(saved.status).toBe(200);
    await first.close();

    const second = await startTestApp({ DATA_DIR: data.dir });
    try {
      // Same cookies, new process: the session and the CSRF token still hold.
      const again = second.browser();
      for (const [k, v] of browser.cookies) again.cookies.set(k, v);
      // The port changed, but cookies are per host: only the base URL differs.
      const user = await again.json('/api/user');
      expect(user.status).toBe(200);
      expect(user.body.username).toBe('demo-owner');
      const read = await again.json(`/api/guild/${guild.id}/settings/basic`);
      expect(read.body).toEqual({
        success: true,
        section: 'basic',
        version: 1,
        settings: { ...sections.basic.defaults, prefix: '>>', flag_translation: true, invite_tracking: false },
      });
      const next = await again.json(`/api/guild/${guild.id}/settings/basic`, {
        method: 'PUT',
        json: { version: 1, settings: { prefix: '>' } },
      });
      expect(next.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('one DATA_DIR, one running app', () => {
  const data = tempDataDir();
  const other = tempDataDir();
  afterAll(() => {
    data.remove();
    other.remove();
  });

  it('refuses a second app while the first runs (two writers would corrupt PGlite), and starts once it stops', async () => {
    const first = await startTestApp({ DATA_DIR: data.dir });
    try {
      const refused = await startTestApp({ DATA_DIR: data.dir }).then(
        async (app) => {
          await app.close();
          return undefined;
        },
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(DataDirInUseError);
      expect((refused as Error).message).toContain(`${data.dir}/pglite is already in use by process ${process.pid}`);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.close();
    }
    const again = await startTestApp({ DATA_DIR: data.dir });
    await again.close();
  });

  it('a start that fails (its port is taken) lets the data directory go', async () => {
    const first = await startTestApp({ DATA_DIR: data.dir });
    try {
      await expect(startTestApp({ DATA_DIR: other.dir, PORT: String(first.config.port) })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
    const retry = await startTestApp({ DATA_DIR: other.dir });
    await retry.close();
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the limit, per address', async () => {
    const data = tempDataDir();
    const app = await startTestApp({ DATA_DIR: data.dir, RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 7; i++) {
        last = await fetch(`${app.url}/api/user`);
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await last!.json()).toMatchObject({ success: false, error: expect.stringMatching(/Too many requests/) });
      // Health checks are not API calls and stay reachable.
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.close();
      data.remove();
    }
  });
});

describe('configuration', () => {
  it('applies the defaults a newcomer expects', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.discord.mode).toBe('sandbox');
    expect(config.discord.authorizeUrl).toBe('http://localhost:3000/sandbox/discord/oauth2/authorize');
  });

  it('names every bad variable with its message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
    expect(problems).toMatch(/^DATABASE_URL: /m);
  });

  it('requires the secret and bot token with a Discord client id, and then talks to Discord', () => {
    expect(() => loadConfig({ DISCORD_CLIENT_ID: '123456789012345678' })).toThrow(ConfigError);
    const config = loadConfig({ DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 's', DISCORD_BOT_TOKEN: 't' });
    expect(config.discord.mode).toBe('discord');
    expect(config.discord.apiBase).toBe('https://discord.com/api');
    expect(config.discord.authorizeUrl).toBe('https://discord.com/oauth2/authorize');
  });
});

describe('production without Discord credentials', () => {
  const REFUSAL =
    'NODE_ENV is production but no Discord credentials are set: set DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and ' +
    'DISCORD_BOT_TOKEN, or SANDBOX=on to run the demo sandbox (anyone can sign in as a demo user)';
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
  };

  it('refuses to run the sandbox unless SANDBOX=on asks for the demo', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([REFUSAL]);
    const demo = loadConfig({ NODE_ENV: 'production', SANDBOX: 'on' });
    expect(demo.discord.mode).toBe('sandbox');
    expect(demo.demoMode).toBe(true);
    expect(startupLine(demo)).toBe(
      'Guildhall is up with the Discord sandbox in production demo mode (SANDBOX=on): anyone can sign in as a demo user',
    );
    const real = loadConfig({
      NODE_ENV: 'production',
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: 's',
      DISCORD_BOT_TOKEN: 't',
    });
    expect(real.discord.mode).toBe('discord');
    expect(real.demoMode).toBe(false);
    expect(startupLine(real)).toBe('Guildhall is up with Discord');
    // Outside production the sandbox stays the default a newcomer gets.
    expect(startupLine(loadConfig({}))).toBe('Guildhall is up with the Discord sandbox (no DISCORD_CLIENT_ID set)');
  });

  it('reads SANDBOX as on or off, and refuses a contradiction', () => {
    expect(problems({ SANDBOX: 'yes' })).toEqual(['SANDBOX: SANDBOX must be on or off']);
    expect(problems({ SANDBOX: 'off' })).toEqual([
      'SANDBOX is off but no Discord credentials are set: set DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_BOT_TOKEN',
    ]);
    expect(
      problems({ SANDBOX: 'on', DISCORD_CLIENT_ID: '123456789012345678', DISCORD_CLIENT_SECRET: 's', DISCORD_BOT_TOKEN: 't' }),
    ).toEqual(['SANDBOX is on but DISCORD_CLIENT_ID is set: unset one of them (the sandbox replaces Discord)']);
  });

  it('createApp rejects, and npm start prints the sentence and exits with 1', async () => {
    const data = tempDataDir();
    try {
      const env = { NODE_ENV: 'production', PORT: '0', DATA_DIR: data.dir, LOG_LEVEL: 'silent' };
      await expect(createApp(env)).rejects.toThrow(REFUSAL);

      // main.ts as `npm start` runs it, in this process: its environment, its console and its exit.
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      for (const name of ['DISCORD_CLIENT_ID', 'SANDBOX']) vi.stubEnv(name, undefined);
      const exited = new Promise<unknown>((resolve) => {
        vi.spyOn(process, 'exit').mockImplementation(((code?: number) => resolve(code)) as typeof process.exit);
      });
      const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await import('../src/main.js');
      expect(await exited).toBe(1);
      expect(printed).toHaveBeenCalledWith(`Invalid configuration:\n  - ${REFUSAL}`);
    } finally {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
      data.remove();
    }
  });

  it('makes the sandbox bot token a secret of each process: the old constant is refused by the sandbox', async () => {
    const [one, two] = [loadConfig({}), loadConfig({})];
    expect(one.discord.botToken).not.toBe(two.discord.botToken);
    expect(one.discord.clientSecret).not.toBe(two.discord.clientSecret);
    const data = tempDataDir();
    const app = await startTestApp({ DATA_DIR: data.dir, NODE_ENV: 'production', SANDBOX: 'on' });
    try {
      const guild = (token: string) =>
        fetch(`${app.url}/sandbox/discord/api/v10/guilds/${SANDBOX_GUILDS.community.id}`, { headers: { authorization: `Bot ${token}` } });
      expect((await guild('sandbox-bot-token')).status).toBe(401);
      expect((await guild(app.config.discord.botToken)).status).toBe(200);
      // The demo still signs people in.
      const browser = app.browser();
      await browser.signIn('demo-owner');
      expect((await browser.json('/api/user')).status).toBe(200);
    } finally {
      await app.close();
      data.remove();
    }
  });
});

describe('when Discord will not list the guilds', () => {
  it('keeps the user signed in with an empty list and says why', async () => {
    const data = tempDataDir();
    const app = await startTestApp({ DATA_DIR: data.dir });
    try {
      const browser = app.browser();
      await browser.signIn('demo-extra');
      // Every guild-list call is refused with 429 from now on, and nothing is cached for this user yet.
      app.app.get(DiscordSandboxService).setGuildsRateLimit(0, 60_000);
      const { status, body } = await browser.json('/api/user');
      expect(status).toBe(200);
      expect(body.username).toBe('demo-extra');
      expect(body.guilds).toEqual([]);
      expect(body.guildsError).toMatch(/rate limiting/);
    } finally {
      await app.close();
      data.remove();
    }
  });
});
