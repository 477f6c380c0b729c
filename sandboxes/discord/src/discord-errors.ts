import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { type HttpReply } from '@guildhall/backend/http/http-types';

export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: Record<string, unknown>;
  retry_after?: number;
  global?: boolean;
}

/** An answer in Discord's error shape; the filter below writes it as Discord would. */
export class DiscordApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

/** OAuth2 endpoints answer in RFC 6749's shape instead ({error, error_description}). */
export class OAuth2Error extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description?: string,
  ) {
    super(description ?? error);
  }
}

const error = (status: number, code: number, message: string) => () => new DiscordApiError(status, { message, code });

// Messages and codes are Discord's own (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
export const DiscordErrors = {
  unauthorized: error(401, 0, '401: Unauthorized'),
  notFound: error(404, 0, '404: Not Found'),
  methodNotAllowed: error(405, 0, '405: Method Not Allowed'),
  unknownChannel: error(404, DiscordErrorCode.UnknownChannel, 'Unknown Channel'),
  unknownGuild: error(404, DiscordErrorCode.UnknownGuild, 'Unknown Guild'),
  unknownMember: error(404, DiscordErrorCode.UnknownMember, 'Unknown Member'),
  unknownMessage: error(404, DiscordErrorCode.UnknownMessage, 'Unknown Message'),
  unknownUser: error(404, DiscordErrorCode.UnknownUser, 'Unknown User'),
  unknownWebhook: error(404, DiscordErrorCode.UnknownWebhook, 'Unknown Webhook'),
  unknownSticker: error(404, DiscordErrorCode.UnknownSticker, 'Unknown Sticker'),
  unknownRole: error(404, DiscordErrorCode.UnknownRole, 'Unknown Role'),
  unknownEmoji: error(400, DiscordErrorCode.UnknownEmoji, 'Unknown Emoji'),
  maximumReactions: error(400, DiscordErrorCode.MaximumNumberOfReactionsReached, 'Maximum number of reactions reached (20)'),
  maximumRoles: error(400, DiscordErrorCode.MaximumNumberOfGuildRolesReached, 'Maximum number of guild roles reached (250)'),
  maximumWebhooks: error(400, DiscordErrorCode.MaximumNumberOfWebhooksReached, 'Maximum number of webhooks reached (15)'),
  maximumChannels: error(400, DiscordErrorCode.MaximumNumberOfGuildChannelsReached, 'Maximum number of guild channels reached (500)'),
  payloadTooLarge: error(413, DiscordErrorCode.RequestEntityTooLarge, 'Request entity too large'),
  missingAccess: error(403, DiscordErrorCode.MissingAccess, 'Missing Access'),
  cannotEditOthersMessage: error(
    403,
    DiscordErrorCode.CannotEditMessageAuthoredByAnotherUser,
    'Cannot edit a message authored by another user',
  ),
  emptyMessage: error(400, DiscordErrorCode.CannotSendAnEmptyMessage, 'Cannot send an empty message'),
  cannotMessageUser: error(403, DiscordErrorCode.CannotSendMessagesToThisUser, 'Cannot send messages to this user'),
  nonTextChannel: error(400, DiscordErrorCode.CannotSendMessagesInNonTextChannel, 'Cannot send messages in a non-text channel'),
  missingPermissions: error(403, DiscordErrorCode.MissingPermissions, 'Missing Permissions'),
  cannotExecuteInDm: error(403, DiscordErrorCode.CannotExecuteActionOnDMChannel, 'Cannot execute action on a DM channel'),
  invalidWebhookToken: error(401, DiscordErrorCode.InvalidWebhookToken, 'Invalid Webhook Token'),
  invalidJson: error(400, DiscordErrorCode.RequestBodyContainsInvalidJSON, 'The request body contains invalid JSON.'),
  invalidFormBody: (errors: Record<string, unknown>) =>
    new DiscordApiError(400, { message: 'Invalid Form Body', code: DiscordErrorCode.InvalidFormBodyOrContentType, errors }),
};

export type FieldPath = ReadonlyArray<string | number>;

/**
 * Collects field errors into Discord's nested shape:
 * {"embeds":{"0":{"title":{"_errors":[{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 256 or fewer in length."}]}}}}.
 * Codes are strings here, as Discord sends them (its published OpenAPI document says integer; its README notes the difference).
 */
export class FormErrors {
  private readonly root: Record<string, unknown> = {};
  private count = 0;

  add(path: FieldPath, code: string, message: string): void {
    let node = this.root;
    for (const part of path) {
      const key = String(part);
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node['_errors'] ??= []) as Array<{ code: string; message: string }>;
    list.push({ code, message });
    this.count += 1;
  }

  get isEmpty(): boolean {
    return this.count === 0;
  }

  throwIfAny(): void {
    if (!this.isEmpty) throw DiscordErrors.invalidFormBody(this.root);
  }
}

export type FieldErrorTuple = readonly [code: string, message: string];
const e = (code: string, message: string): FieldErrorTuple => [code, message];

export const FieldError = {
  required: e('BASE_TYPE_REQUIRED', 'This field is required'),
  maxLength: (max: number) => e('BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`),
  minLength: (min: number) => e('BASE_TYPE_MIN_LENGTH', `Must be ${min} or more in length.`),
  string: (value: unknown) => e('STRING_TYPE_CONVERT', `Could not interpret "${JSON.stringify(value)}" as string.`),
  integer: (value: unknown) => e('NUMBER_TYPE_COERCE', `Value "${String(value)}" is not int.`),
  boolean: (value: unknown) => e('BOOLEAN_TYPE_COERCE', `Value "${String(value)}" is not a valid boolean.`),
  array: e('LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType'),
  object: e('DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType'),
  max: (max: number) => e('NUMBER_TYPE_MAX', `int value should be less than or equal to ${max}.`),
  min: (min: number) => e('NUMBER_TYPE_MIN', `int value should be greater than or equal to ${min}.`),
  url: e('URL_TYPE_INVALID_URL', 'Not a well formed URL.'),
  timestamp: (value: unknown) => e('DATE_TIME_TYPE_PARSE', `Could not parse ${String(value)}. Should be ISO8601.`),
  choices: (choices: ReadonlyArray<number | string>) => e('BASE_TYPE_CHOICES', `Value must be one of {${choices.join(', ')}}.`),
  snowflake: (value: unknown) => e('NUMBER_TYPE_COERCE', `Value "${String(value)}" is not snowflake.`),
  image: e('IMAGE_INVALID', 'Invalid image data'),
  /** Discord states the bound in kilobytes with one decimal (10 MiB: "10240.0 kb"). */
  maxFileSize: (maxBytes: number) => e('BINARY_TYPE_MAX_SIZE', `File cannot be larger than ${(maxBytes / 1024).toFixed(1)} kb.`),
};

/**
 * Scoped to the sandbox's controllers, so the rest of the app keeps its own error shape
 * while every sandbox answer (including Nest's own 404s and upload errors) looks like Discord's.
 */
@Catch()
export class DiscordExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('DiscordSandbox');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<HttpReply>();
    if (exception instanceof DiscordApiError) {
      for (const [name, value] of Object.entries(exception.headers)) res.header(name, value);
      res.code(exception.status).send(exception.body);
      return;
    }
    if (exception instanceof OAuth2Error) {
      res
        .code(exception.status)
        .send(exception.description ? { error: exception.error, error_description: exception.description } : { error: exception.error });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const mapped =
        status === 413
          ? DiscordErrors.payloadTooLarge()
          : status === 404
            ? DiscordErrors.notFound()
            : status === 405
              ? DiscordErrors.methodNotAllowed()
              : null;
      if (mapped) res.code(mapped.status).send(mapped.body);
      else res.code(status).send({ message: `${status}: ${exception.message}`, code: 0 });
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    res.code(500).send({ message: '500: Internal Server Error', code: 0 });
  }
}
