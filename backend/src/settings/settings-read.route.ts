import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { callerOf } from '../guild/caller.js';
import { guildOfRoute } from '../guild/guild-access.guard.js';
import type { GuildAccessService } from '../guild/guild-access.service.js';
import { sectionPolicies } from '../guild/section-policies.js';
import type { HttpReply, HttpRequest } from '../http/http-types.js';
import { JSON_CONTENT_TYPE } from '../http/response-serializers.js';
import { settingsAnswerText } from './settings-answer.js';
import type { SettingsService, SettingsView } from './settings.service.js';

const SETTINGS_READ_PATH = '/api/guild/:guildId/settings/:section';

/**
 * The route configuration of a route that writes its own successful answer, headers and all (the front door in app.ts
 * leaves the headers every answer carries to it). Its other answers (errors, refusals) get them from its onSend hook.
 */
const WRITES_OWN_ANSWER = { writesOwnAnswer: true } as const;

export interface SettingsReadOptions {
  /** The headers every /api answer carries (helmet's and Cache-Control), as the front door sets them on the others. */
  headers: Record<string, string>;
  /** False to send through Fastify's reply, so that its onResponse hooks (the debug request log) see the answer. */
  writeDirectly: boolean;
}

/** An answer worked out once: its bytes and its complete header list for writeHead. */
interface Written {
  body: Buffer;
  head: string[];
}

/**
 * `GET /api/guild/:guildId/settings/:section`, the request every settings page makes, as a plain Fastify route: the
 * same decisions as the Nest routes (the front door's session, limits and CSRF in app.ts, then the access guard's rule,
 * then the section's 404), without Nest's per-request pipeline of guards, interceptors, pipes and parameter
 * decorators, which cost more than the answer itself (bench:api). The save stays in SettingsController. A failure
 * thrown here is answered by the same exception filter as Nest's routes (Nest installs it as Fastify's error handler).
 *
 * A successful answer is written straight to the response with the headers the front door would have set (one
 * precomputed list instead of a Fastify header call for each), unless something before it set a cookie (a new
 * anti-forgery token): then it goes through Fastify's reply like any other.
 */
export function registerSettingsRead(
  fastify: FastifyInstance,
  access: GuildAccessService,
  settings: SettingsService,
  options: SettingsReadOptions,
): void {
  const common = Object.entries(options.headers).flat();
  const written = (view: SettingsView): Written => {
    const body = Buffer.from(settingsAnswerText(view));
    return { body, head: [...common, 'content-type', JSON_CONTENT_TYPE, 'content-length', String(body.length)] };
  };
  // The answer of a cached document, written once: its settings are frozen and belong to that one document (so to
  // one version), and without access levels or a grant the answer is the same whoever asks.
  const memo = new WeakMap<object, Written>();
  const answerOf = (view: SettingsView): Written => {
    if (view.access || view.grant || !Object.isFrozen(view.settings)) return written(view);
    let known = memo.get(view.settings);
    if (known === undefined) memo.set(view.settings, (known = written(view)));
    return known;
  };
  const dress: onSendHookHandler = (_request, reply, payload, done) => {
    reply.headers(options.headers);
    done(null, payload);
  };

  fastify.get(SETTINGS_READ_PATH, { config: WRITES_OWN_ANSWER, onSend: dress }, async (request, reply: HttpReply) => {
    const req = request as HttpRequest;
    const entry = await guildOfRoute(access, req);
    const section = String(req.params.section);
    // Who asks matters to a section with access levels (their level and capabilities are in its answer), and to a
    // grantee (the level their grants give, so the page shows the form read-only or not).
    const caller = sectionPolicies.sectionOf(section)?.access ? callerOf(Object.assign(req, { guild: entry.guild })) : undefined;
    const view = await settings.read(String(req.params.guildId), section, caller);
    const grant = entry.manager ? undefined : entry.levels.get(section);
    const answer = answerOf(grant ? { ...view, grant } : view);
    if (options.writeDirectly && !reply.hasHeader('set-cookie')) {
      reply.hijack();
      reply.raw.writeHead(200, answer.head);
      reply.raw.end(answer.body);
      return reply;
    }
    return reply.header('content-type', JSON_CONTENT_TYPE).send(answer.body);
  });
}
