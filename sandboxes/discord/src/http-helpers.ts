import type { BodyFailures } from '@guildhall/backend/http/body-parser';
import { DiscordApiError, DiscordErrors, FieldError, FormErrors } from './discord-errors.js';
import { Permission, hasPermission } from './permissions.js';
import type { UploadedFile } from './message-writer.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { JsonObject, SandboxChannelRecord, SandboxGuildRecord, SandboxMessageRecord } from './sandbox.types.js';
import { messageJson } from './serializers.js';
import { isSnowflake } from './snowflake.js';
import { type HttpRequest, hasContentType } from '@guildhall/backend/http/http-types';

/** How the standalone sandbox refuses a body it cannot read: as Discord does (50109 for malformed JSON). */
export const DISCORD_BODY_FAILURES: BodyFailures = {
  notJson: () => DiscordErrors.invalidJson(),
  tooLarge: () => DiscordErrors.payloadTooLarge(),
  unreadable: () => new DiscordApiError(400, { message: '400: Bad Request', code: 0 }),
};

/** The standalone sandbox's bodies: JSON and forms up to 1 MB (Modify Current Member more: profile-gate.ts), uploads as multipart. */
export const SANDBOX_BODY_LIMIT = 1024 * 1024;

export function param(req: HttpRequest, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}

export function queryString(req: HttpRequest, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

/** Discord reads query booleans as true/false/1/0 (case-insensitive). */
export function queryBoolean(req: HttpRequest, name: string): boolean {
  const value = queryString(req, name)?.toLowerCase();
  return value === 'true' || value === '1';
}

export class QueryReader {
  readonly errors = new FormErrors();
  constructor(private readonly req: HttpRequest) {}

  int(name: string, { min, max, fallback }: { min: number; max: number; fallback: number }): number {
    const raw = queryString(this.req, name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value)) {
      this.errors.add([name], ...FieldError.integer(raw));
      return fallback;
    }
    if (value > max) this.errors.add([name], ...FieldError.max(max));
    if (value < min) this.errors.add([name], ...FieldError.min(min));
    return value;
  }

  snowflake(name: string): string | undefined {
    const raw = queryString(this.req, name);
    if (raw === undefined || raw === '') return undefined;
    if (!isSnowflake(raw)) this.errors.add([name], ...FieldError.snowflake(raw));
    return raw;
  }

  string(name: string, { min, max, required }: { min: number; max: number; required: boolean }): string | undefined {
    const raw = queryString(this.req, name);
    if (raw === undefined) {
      if (required) this.errors.add([name], ...FieldError.required);
      return undefined;
    }
    if (raw.length > max) this.errors.add([name], ...FieldError.maxLength(max));
    if (raw.length < min) this.errors.add([name], ...(min === 1 ? FieldError.required : FieldError.minLength(min)));
    return raw;
  }

  done(): void {
    this.errors.throwIfAny();
  }
}

export function snowflakeParam(req: HttpRequest, name: string): string {
  const value = param(req, name);
  if (!isSnowflake(value)) {
    const errors = new FormErrors();
    errors.add([name], ...FieldError.snowflake(value));
    errors.throwIfAny();
  }
  return value;
}

/** The guild as the bot sees it: unknown -> 404 Unknown Guild, bot not a member -> 403 Missing Access. */
export function botGuild(sandbox: DiscordSandboxService, guildId: string): SandboxGuildRecord {
  const guild = sandbox.guild(guildId);
  if (!guild) throw DiscordErrors.unknownGuild();
  if (!sandbox.hasBot(guildId)) throw DiscordErrors.missingAccess();
  return guild;
}

/** A channel the bot can see: its DMs, or a guild channel it has View Channel in. */
export function botChannel(sandbox: DiscordSandboxService, channelId: string): SandboxChannelRecord {
  const channel = sandbox.channel(channelId);
  if (!channel) throw DiscordErrors.unknownChannel();
  if (channel.guild_id) {
    if (!sandbox.hasBot(channel.guild_id)) throw DiscordErrors.missingAccess();
    if (!hasPermission(sandbox.channelPermissionsOf(channel.id, sandbox.botUserId), Permission.ViewChannel))
      throw DiscordErrors.missingAccess();
  }
  return channel;
}

export function requireBotPermission(sandbox: DiscordSandboxService, channel: SandboxChannelRecord, flag: bigint): void {
  if (!channel.guild_id) return;
  if (!hasPermission(sandbox.channelPermissionsOf(channel.id, sandbox.botUserId), flag)) throw DiscordErrors.missingPermissions();
}

export function isTextChannel(channel: SandboxChannelRecord): boolean {
  return channel.type === 0 || channel.type === 1 || channel.type === 5;
}

/** Uploads come as multipart with the JSON in payload_json; plain requests are JSON bodies. */
export function messageBody(req: HttpRequest): { body: unknown; files: UploadedFile[] } {
  const files = (req.files ?? []).filter((f) => f.fieldname !== 'payload_json');
  const raw: unknown = req.body;
  if (
    hasContentType(req, 'multipart/form-data') &&
    raw &&
    typeof raw === 'object' &&
    typeof (raw as Record<string, unknown>)['payload_json'] === 'string'
  ) {
    try {
      return { body: JSON.parse((raw as Record<string, string>)['payload_json']!), files };
    } catch {
      throw DiscordErrors.invalidJson();
    }
  }
  return { body: raw ?? {}, files };
}

/** A message in Discord's answer shape, its links (attachments, webhooks) on the host the request came to. */
export function messageAnswer(sandbox: DiscordSandboxService, req: HttpRequest, message: SandboxMessageRecord): JsonObject {
  return messageJson(message, sandbox.messageContext(sandbox.baseUrl(req)));
}
