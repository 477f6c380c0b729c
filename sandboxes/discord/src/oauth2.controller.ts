import { Controller, Get, HttpCode, Post, Req, Res, UseFilters } from '@nestjs/common';
import { renderAuthorizePage, renderMessagePage, type DemoUserChoice } from './authorize-page.js';
import { DiscordExceptionFilter, OAuth2Error } from './discord-errors.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS, type TokenGrant } from './oauth2-grants.js';
import { Permission, hasPermission } from './permissions.js';
import { SANDBOX_BOT_USERNAME, SANDBOX_DEMO_USERNAMES } from './seed.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxUserRecord } from './sandbox.types.js';
import { type HttpRequest, type HttpReply, hasContentType } from '@guildhall/backend/http/http-types';

const AUTHORIZE_PATHS = ['oauth2/authorize', 'api/oauth2/authorize', 'api/v10/oauth2/authorize'];
const TOKEN_PATHS = ['api/oauth2/token', 'api/v10/oauth2/token'];
const REVOKE_PATHS = ['api/oauth2/token/revoke', 'api/v10/oauth2/token/revoke'];

const KNOWN_SCOPES = new Set([
  'identify',
  'email',
  'guilds',
  'guilds.join',
  'guilds.members.read',
  'bot',
  'applications.commands',
  'connections',
  'openid',
]);
const OAUTH_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'guild_id',
  'permissions',
  'integration_type',
  'disable_guild_select',
];

class AuthorizeProblem extends Error {}

interface AuthorizeRequest {
  params: Record<string, string>;
  scopes: string[];
  redirectUri: URL | null;
  codeFlow: boolean;
  botInvite: boolean;
}

function stringParams(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (source && typeof source === 'object') {
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** OAuth2 clients authenticate with HTTP Basic or with client_id/client_secret in the form (RFC 6749 2.3.1). */
function clientCredentials(req: HttpRequest, form: Record<string, string>): { id: string; secret: string } | null {
  const header = req.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    try {
      return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
    } catch {
      return null;
    }
  }
  return form['client_id'] && form['client_secret'] ? { id: form['client_id'], secret: form['client_secret'] } : null;
}

@Controller(SANDBOX_ROUTE_PREFIX)
@UseFilters(DiscordExceptionFilter)
export class SandboxOAuth2Controller {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  /** The consent screen; `login_as=<username>` approves at once so scripts need no form. */
  @Get(AUTHORIZE_PATHS)
  authorizePage(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    this.handleAuthorize(res, stringParams(req.query), 'GET');
  }

  @Post(AUTHORIZE_PATHS)
  authorizeDecision(@Req() req: HttpRequest, @Res() res: HttpReply): void {
    this.handleAuthorize(res, { ...stringParams(req.query), ...stringParams(req.body) }, 'POST');
  }

  @Post(TOKEN_PATHS)
  @HttpCode(200)
  token(@Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpReply) {
    res.header('Cache-Control', 'no-store');
    const form = this.form(req);
    this.requireClient(req, form);
    const grantType = form['grant_type'];
    let grant: TokenGrant;
    if (grantType === 'authorization_code') {
      if (!form['code']) throw new OAuth2Error(400, 'invalid_request', 'Missing "code" in request.');
      grant = this.sandbox.grants.exchangeCode({
        code: form['code'],
        clientId: this.sandbox.options.clientId,
        redirectUri: form['redirect_uri'],
        codeVerifier: form['code_verifier'],
      });
    } else if (grantType === 'refresh_token') {
      if (!form['refresh_token']) throw new OAuth2Error(400, 'invalid_request', 'Missing "refresh_token" in request.');
      grant = this.sandbox.grants.refresh(form['refresh_token'], this.sandbox.options.clientId);
    } else {
      throw new OAuth2Error(400, 'unsupported_grant_type', `Grant type ${grantType ?? 'None'} is not supported`);
    }
    return {
      token_type: 'Bearer',
      access_token: grant.accessToken,
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      refresh_token: grant.refreshToken,
      scope: grant.scopes.join(' '),
    };
  }

  @Post(REVOKE_PATHS)
  @HttpCode(200)
  revoke(@Req() req: HttpRequest) {
    const form = this.form(req);
    this.requireClient(req, form);
    if (!form['token']) throw new OAuth2Error(400, 'invalid_request', 'Missing "token" in request.');
    this.sandbox.grants.revoke(form['token']);
    return {};
  }

  /** Discord reads the token endpoints as forms only; a JSON body is as good as no body there. */
  private form(req: HttpRequest): Record<string, string> {
    return hasContentType(req, 'application/x-www-form-urlencoded') ? stringParams(req.body) : {};
  }

  private requireClient(req: HttpRequest, form: Record<string, string>): void {
    const client = clientCredentials(req, form);
    const { clientId, clientSecret } = this.sandbox.options;
    if (!client || client.id !== clientId || client.secret !== clientSecret) throw new OAuth2Error(401, 'invalid_client');
  }

  private handleAuthorize(res: HttpReply, params: Record<string, string>, method: 'GET' | 'POST'): void {
    let request: AuthorizeRequest;
    try {
      request = this.parseAuthorize(params);
    } catch (problem) {
      if (problem instanceof AuthorizeProblem) return this.sendPage(res, 400, renderMessagePage('This link is not valid', problem.message));
      throw problem;
    }
    if (method === 'POST' && params['action'] === 'cancel') {
      if (!request.redirectUri)
        return this.sendPage(res, 200, renderMessagePage('Cancelled', 'Nothing was authorized. You can close this page.'));
      return this.redirect(res, request.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
        state: params['state'],
      });
    }
    const loginAs = params['login_as'];
    if (!loginAs) {
      if (method === 'POST') return this.sendPage(res, 400, renderMessagePage('Choose a user', 'Pick one of the users to continue.'));
      return this.sendPage(res, 200, this.consentPage(request));
    }
    const user = this.sandbox.userByUsername(loginAs);
    if (!user || user.bot) return this.sendPage(res, 400, renderMessagePage('Unknown user', `The sandbox has no user named "${loginAs}".`));
    this.approve(res, request, user);
  }

  private parseAuthorize(params: Record<string, string>): AuthorizeRequest {
    if (params['client_id'] !== this.sandbox.options.clientId)
      throw new AuthorizeProblem('Unknown application: the client_id does not belong to this sandbox.');
    const scopes = (params['scope'] ?? '').split(/[\s+]+/).filter(Boolean);
    if (scopes.length === 0) throw new AuthorizeProblem('No scope was requested.');
    const unknown = scopes.find((s) => !KNOWN_SCOPES.has(s));
    if (unknown) throw new AuthorizeProblem(`Invalid scope: ${unknown}.`);
    const botInvite = scopes.includes('bot');
    const responseType = params['response_type'];
    if (responseType !== undefined && responseType !== 'code')
      throw new AuthorizeProblem(`Unsupported response_type "${responseType}": use "code".`);
    const codeFlow = responseType === 'code';
    if (!codeFlow && !botInvite) throw new AuthorizeProblem('response_type=code is required.');
    let redirectUri: URL | null = null;
    if (params['redirect_uri'] !== undefined) {
      try {
        redirectUri = new URL(params['redirect_uri']);
      } catch {
        redirectUri = null;
      }
      if (!redirectUri || (redirectUri.protocol !== 'http:' && redirectUri.protocol !== 'https:'))
        throw new AuthorizeProblem('Invalid redirect_uri: it must be an http(s) URL.');
      const registered = this.sandbox.options.redirectUris;
      if (registered && !registered.includes(params['redirect_uri']))
        throw new AuthorizeProblem('Invalid redirect_uri: it is not registered for this application.');
    } else if (codeFlow) {
      throw new AuthorizeProblem('Missing redirect_uri.');
    }
    if (params['code_challenge'] !== undefined) {
      if (params['code_challenge_method'] !== 'S256') throw new AuthorizeProblem('Invalid code_challenge_method: only S256 is supported.');
      if (!/^[A-Za-z0-9_-]{43}$/.test(params['code_challenge'])) throw new AuthorizeProblem('Invalid code_challenge.');
    }
    if (botInvite && params['guild_id'] !== undefined && !this.sandbox.guild(params['guild_id']))
      throw new AuthorizeProblem('Unknown server in guild_id.');
    if (params['permissions'] !== undefined && !/^\d{1,20}$/.test(params['permissions']))
      throw new AuthorizeProblem('Invalid permissions.');
    return { params, scopes, redirectUri, codeFlow, botInvite };
  }

  private approve(res: HttpReply, request: AuthorizeRequest, user: SandboxUserRecord): void {
    const { params } = request;
    const extra: Record<string, string | undefined> = {};
    if (request.botInvite) {
      const guild = params['guild_id'] ? this.sandbox.guild(params['guild_id']) : undefined;
      if (!guild) return this.sendPage(res, 400, renderMessagePage('Choose a server', 'Pick the server to add the bot to.'));
      if (!this.sandbox.canManageGuild(guild.id, user.id)) {
        return this.sendPage(
          res,
          403,
          renderMessagePage('Not allowed', `${user.username} needs Manage Server in ${guild.name} to add ${SANDBOX_BOT_USERNAME}.`),
        );
      }
      this.sandbox.addBot(guild.id, params['permissions']);
      extra['guild_id'] = guild.id;
      extra['permissions'] = params['permissions'] ?? '0';
      if (!request.redirectUri)
        return this.sendPage(
          res,
          200,
          renderMessagePage('Bot added', `${SANDBOX_BOT_USERNAME} has been added to ${guild.name}. You can close this page.`),
        );
    }
    if (request.codeFlow && request.redirectUri) {
      extra['code'] = this.sandbox.grants.issueCode({
        clientId: this.sandbox.options.clientId,
        userId: user.id,
        scopes: request.scopes,
        redirectUri: params['redirect_uri']!,
        codeChallenge: params['code_challenge'] ?? null,
      });
    }
    this.redirect(res, request.redirectUri!, { ...extra, state: params['state'] });
  }

  private consentPage(request: AuthorizeRequest): string {
    const hidden = Object.fromEntries(OAUTH_PARAMS.filter((k) => request.params[k] !== undefined).map((k) => [k, request.params[k]!]));
    const demo = SANDBOX_DEMO_USERNAMES.flatMap((name) => {
      const user = this.sandbox.userByUsername(name);
      return user ? [{ username: user.username, displayName: user.global_name ?? user.username, abilities: this.abilities(user) }] : [];
    });
    const demoNames = new Set<string>(SANDBOX_DEMO_USERNAMES);
    const others = this.sandbox
      .allUsers()
      .filter((u) => !u.bot && !demoNames.has(u.username))
      .map((u) => ({ username: u.username, displayName: u.global_name ?? u.username }));
    const guildId = request.params['guild_id'];
    const botInvite = request.botInvite
      ? guildId
        ? { guildName: this.sandbox.guild(guildId)?.name ?? guildId }
        : {
            guildChoices: this.sandbox
              .allGuilds()
              .filter((g) => !this.sandbox.hasBot(g.id))
              .concat(this.sandbox.allGuilds().filter((g) => this.sandbox.hasBot(g.id)))
              .map((g) => ({ id: g.id, name: g.name })),
          }
      : undefined;
    return renderAuthorizePage({
      appName: SANDBOX_BOT_USERNAME,
      hidden,
      scopes: request.scopes,
      demoUsers: demo,
      otherUsers: others,
      ...(botInvite ? { botInvite } : {}),
    });
  }

  /** What the chooser says about a user, computed from the live state so it follows addBot and new roles. */
  private abilities(user: SandboxUserRecord): DemoUserChoice['abilities'] {
    const owns: string[] = [];
    const admin: string[] = [];
    const manages: string[] = [];
    const member: string[] = [];
    for (const guild of this.sandbox.guildsOf(user.id)) {
      const label = this.sandbox.hasBot(guild.id) ? guild.name : `${guild.name} (bot not added)`;
      const permissions = this.sandbox.permissionsOf(guild.id, user.id);
      if (guild.owner_id === user.id) owns.push(label);
      else if (hasPermission(permissions, Permission.Administrator)) admin.push(label);
      else if (hasPermission(permissions, Permission.ManageGuild)) manages.push(label);
      else member.push(label);
    }
    const lines: string[] = [];
    if (owns.length) lines.push(`Owns ${owns.join(', ')}`);
    if (admin.length) lines.push(`Administrator in ${admin.join(', ')}`);
    if (manages.length) lines.push(`Manage Server in ${manages.join(', ')}`);
    if (member.length) lines.push(`Member without manage rights in ${member.join(', ')}`);
    if (!owns.length && !admin.length && !manages.length) lines.push('Cannot manage any server');
    return lines;
  }

  private redirect(res: HttpReply, target: URL, query: Record<string, string | undefined>): void {
    const url = new URL(target.toString());
    for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
    res.redirect(url.toString(), 302);
  }

  /** The page sets its own CSP so a host app's helmet policy cannot block the form's redirect to the app. */
  private sendPage(res: HttpReply, status: number, html: string): void {
    res.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
    );
    res.header('Cache-Control', 'no-store');
    res.status(status).type('text/html; charset=utf-8').send(html);
  }
}
