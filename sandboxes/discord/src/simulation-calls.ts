import { DiscordApiError } from './discord-errors.js';
import type { DiscordSandboxService } from './sandbox.service.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';

// What the viewer's simulations share: they act as the bot would, over real HTTP, calling the app's bot API with the
// bot's credential and Discord (here, the sandbox's own REST) with the bot's token.

const TIMEOUT_MS = 10_000;

/** A simulation's refusal, in Discord's error shape (the viewer shows its message). */
export const simulationError = (status: number, message: string) => new DiscordApiError(status, { message, code: 0 });

export interface JsonAnswer {
  status: number;
  body: unknown;
}
export type JsonCall = (path: string, init?: RequestInit) => Promise<JsonAnswer>;

/**
 * The bot's two clients: `app` under /api/bot/v1, `discord` under the sandbox's /api/v10. `what` names the feature in
 * the 503 when the sandbox runs without the app around it (standalone), where no bot API exists.
 */
export function botClients(sandbox: DiscordSandboxService, what: string): { app: JsonCall; discord: JsonCall } {
  const botApi = sandbox.options.botApi;
  if (!botApi) throw simulationError(503, `${what} needs the app around the sandbox: its bot API is not configured.`);
  return {
    app: (path, init = {}) => call(`${botApi.baseUrl}/api/bot/v1${path}`, `Bot ${botApi.token}`, init, 'the bot API'),
    discord: (path, init = {}) =>
      call(`${botApi.baseUrl}/${SANDBOX_ROUTE_PREFIX}/api/v10${path}`, `Bot ${sandbox.options.botToken}`, init, 'Discord'),
  };
}

async function call(url: string, authorization: string, init: RequestInit, what: string): Promise<JsonAnswer> {
  try {
    const res = await fetch(url, {
      ...init,
      headers: { authorization, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  } catch (err) {
    throw simulationError(502, `Could not reach ${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The app's reason for a refusal (`{ error }`). */
export const reasonOf = (body: unknown) => (body as { error?: string } | null)?.error ?? 'no reason given';

/** Discord's refusal (`{ code, message }`), as the bot would report it. */
export function discordError(body: unknown, fallback: string): { code?: number; reason: string } {
  const b = (body ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof b.code === 'number' ? { code: b.code } : {}),
    reason: String(b.message ?? fallback).slice(0, 500),
  };
}
