import type { FastifyInstance } from 'fastify';
import { callerOf } from '../guild/caller.js';
import { guildOfRoute } from '../guild/guild-access.guard.js';
import { sectionPolicies } from '../guild/section-policies.js';
import type { GuildAccessService } from '../guild/guild-access.service.js';
import type { HttpReply, HttpRequest } from '../http/http-types.js';
import { JSON_CONTENT_TYPE, settingsSerializers } from '../http/response-serializers.js';
import type { SettingsService, SettingsView } from './settings.service.js';

export const SETTINGS_READ_PATH = '/api/guild/:guildId/settings/:section';

/**
 * `GET /api/guild/:guildId/settings/:section`, the request every settings page makes, as a plain Fastify route: the
 * same decisions as the Nest routes (the front door's session, limits and CSRF in app.ts, then the access guard's rule,
 * then the section's 404), without Nest's per-request pipeline of guards, interceptors, pipes and parameter
 * decorators, which cost more than the answer itself (bench:api). The save stays in SettingsController. A failure
 * thrown here is answered by the same exception filter as Nest's routes (Nest installs it as Fastify's error handler).
 */
export function registerSettingsRead(fastify: FastifyInstance, access: GuildAccessService, settings: SettingsService): void {
  const serializers = settingsSerializers();
  const write = (view: SettingsView) => {
    const answer = { success: true as const, ...view };
    const serializer = serializers.get(view.section);
    return serializer ? serializer(answer) : JSON.stringify(answer);
  };
  // The answer of a cached document, written once: its settings are frozen and belong to that one document (so to
  // one version), and without access levels the answer is the same whoever asks.
  const written = new WeakMap<object, string>();
  const answerOf = (view: SettingsView) => {
    if (view.access || !Object.isFrozen(view.settings)) return write(view);
    let text = written.get(view.settings);
    if (text === undefined) written.set(view.settings, (text = write(view)));
    return text;
  };
  fastify.get(SETTINGS_READ_PATH, async (request, reply: HttpReply) => {
    const req = request as HttpRequest;
    const guild = await guildOfRoute(access, req);
    const section = String(req.params.section);
    // Who asks matters to a section with access levels only (their level and capabilities are in its answer).
    const caller = sectionPolicies.sectionOf(section)?.access ? callerOf(Object.assign(req, { guild })) : undefined;
    const view = await settings.read(String(req.params.guildId), section, caller);
    reply.header('content-type', JSON_CONTENT_TYPE);
    return answerOf(view);
  });
}
