import { FieldError, FormErrors, type FieldPath } from './discord-errors.js';
import { discordTimestamp, isSnowflake } from './snowflake.js';
import type { JsonObject } from './sandbox.types.js';

// Discord's limits for message bodies (https://discord.com/developers/docs/resources/message#embed-object-embed-limits
// and the component reference). Violations answer 400 Invalid Form Body with a field path, as Discord does.
export const MESSAGE_LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  url: 2048,
  actionRows: 5,
  rowButtons: 5,
  componentsV2: 40,
  buttonLabel: 80,
  customId: 100,
  placeholder: 150,
  selectOptions: 25,
  optionText: 100,
  textDisplay: 4000,
  webhookUsername: 80,
  nonce: 25,
  /** Distinct reactions on one message (30010 past it). */
  reactions: 20,
} as const;

export const MessageFlag = {
  SuppressEmbeds: 1 << 2,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

const SETTABLE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;

export interface AllowedMentions {
  parse?: string[];
  users?: string[];
  roles?: string[];
}

export interface AttachmentRef {
  /** A snowflake of an attachment the message keeps, or the index of an uploaded `files[n]`. */
  id: string;
  filename?: string;
  description?: string;
}

export interface MessageReferenceInput {
  message_id: string;
  channel_id?: string;
  fail_if_not_exists: boolean;
}

/** A validated message body. A key is present only when the request sent it (edits change only those). */
export interface MessageDraft {
  content?: string;
  embeds?: JsonObject[];
  components?: JsonObject[];
  flags?: number;
  tts?: boolean;
  nonce?: string | number;
  /** Create only: a nonce this author used in the channel within the last few minutes answers that message instead. */
  enforceNonce?: boolean;
  allowedMentions?: AllowedMentions;
  reference?: MessageReferenceInput;
  attachments?: AttachmentRef[];
  stickerIds?: string[];
  username?: string;
  avatarUrl?: string;
}

/** Discord counts text in code points (its API is Python: len()), so an emoji is one character, not two. */
function chars(text: string | undefined): number {
  let n = 0;
  for (const _ of text ?? '') n++;
  return n;
}

export type MessageBodyKind = 'create' | 'edit' | 'webhook';

type Raw = Record<string, unknown>;

function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads one body; `null` means "clear" on edits and "absent" on creation, as Discord treats it. */
class BodyReader {
  constructor(readonly errors: FormErrors) {}

  string(
    path: FieldPath,
    value: unknown,
    { max, min = 0, required = false }: { max: number; min?: number; required?: boolean },
  ): string | undefined {
    if (value === undefined || value === null) {
      if (required) this.errors.add(path, ...FieldError.required);
      return undefined;
    }
    if (typeof value !== 'string') {
      this.errors.add(path, ...FieldError.string(value));
      return undefined;
    }
    const length = chars(value);
    if (length > max) this.errors.add(path, ...FieldError.maxLength(max));
    else if (length < min) this.errors.add(path, ...(min === 1 && required ? FieldError.required : FieldError.minLength(min)));
    return value;
  }

  integer(path: FieldPath, value: unknown, { min, max }: { min: number; max: number }): number | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.errors.add(path, ...FieldError.integer(value));
      return undefined;
    }
    if (value > max) this.errors.add(path, ...FieldError.max(max));
    else if (value < min) this.errors.add(path, ...FieldError.min(min));
    return value;
  }

  boolean(path: FieldPath, value: unknown): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') {
      this.errors.add(path, ...FieldError.boolean(value));
      return undefined;
    }
    return value;
  }

  array(path: FieldPath, value: unknown, max: number): unknown[] | undefined {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.errors.add(path, ...FieldError.array);
      return undefined;
    }
    if (value.length > max) this.errors.add(path, ...FieldError.maxLength(max));
    return value;
  }

  object(path: FieldPath, value: unknown): Raw | undefined {
    if (value === undefined || value === null) return undefined;
    if (!isObject(value)) {
      this.errors.add(path, ...FieldError.object);
      return undefined;
    }
    return value;
  }

  /** Embeds accept attachment:// for their images, links must be http(s). */
  url(path: FieldPath, value: unknown, { required = false, attachments = false } = {}): string | undefined {
    const text = this.string(path, value, { max: MESSAGE_LIMITS.url, required });
    if (text === undefined) return undefined;
    const schemes = attachments ? ['http:', 'https:', 'attachment:'] : ['http:', 'https:'];
    try {
      if (schemes.includes(new URL(text).protocol)) return text;
    } catch {
      // falls through to the error below
    }
    this.errors.add(path, ...FieldError.url);
    return undefined;
  }

  snowflake(path: FieldPath, value: unknown): string | undefined {
    if (value === undefined || value === null) return undefined;
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (!isSnowflake(text)) {
      this.errors.add(path, ...FieldError.snowflake(value));
      return undefined;
    }
    return text;
  }
}

function readEmbed(r: BodyReader, path: FieldPath, raw: unknown): { embed: JsonObject; size: number } | undefined {
  const body = r.object(path, raw);
  if (!body) {
    if (raw === null || raw === undefined) r.errors.add(path, ...FieldError.object);
    return undefined;
  }
  const embed: JsonObject = { type: 'rich' };
  let size = 0;
  const put = (key: string, value: unknown) => {
    if (value !== undefined) embed[key] = value;
  };
  const title = r.string([...path, 'title'], body['title'], { max: MESSAGE_LIMITS.title });
  const description = r.string([...path, 'description'], body['description'], { max: MESSAGE_LIMITS.description });
  put('title', title);
  put('description', description);
  put('url', r.url([...path, 'url'], body['url']));
  put('color', r.integer([...path, 'color'], body['color'], { min: 0, max: 0xffffff }));
  size += chars(title) + chars(description);
  if (body['timestamp'] !== undefined && body['timestamp'] !== null) {
    const parsed = typeof body['timestamp'] === 'string' ? new Date(body['timestamp']) : new Date(NaN);
    if (Number.isNaN(parsed.getTime())) r.errors.add([...path, 'timestamp'], ...FieldError.timestamp(body['timestamp']));
    else embed['timestamp'] = discordTimestamp(parsed);
  }
  const fields = r.array([...path, 'fields'], body['fields'], MESSAGE_LIMITS.fields);
  if (fields) {
    embed['fields'] = fields.flatMap((rawField, i) => {
      const fieldPath = [...path, 'fields', i];
      const field = r.object(fieldPath, rawField);
      if (!field) return [];
      const name = r.string([...fieldPath, 'name'], field['name'], { max: MESSAGE_LIMITS.fieldName, required: true });
      const value = r.string([...fieldPath, 'value'], field['value'], { max: MESSAGE_LIMITS.fieldValue, required: true });
      const inline = r.boolean([...fieldPath, 'inline'], field['inline']) ?? false;
      size += chars(name) + chars(value);
      return [{ name: name ?? '', value: value ?? '', inline }];
    });
  }
  const author = r.object([...path, 'author'], body['author']);
  if (author) {
    const name = r.string([...path, 'author', 'name'], author['name'], { max: MESSAGE_LIMITS.authorName, required: true });
    size += chars(name);
    const json: JsonObject = { name: name ?? '' };
    const url = r.url([...path, 'author', 'url'], author['url']);
    const icon = r.url([...path, 'author', 'icon_url'], author['icon_url'], { attachments: true });
    if (url) json['url'] = url;
    if (icon) json['icon_url'] = icon;
    embed['author'] = json;
  }
  const footer = r.object([...path, 'footer'], body['footer']);
  if (footer) {
    const text = r.string([...path, 'footer', 'text'], footer['text'], { max: MESSAGE_LIMITS.footerText, required: true });
    size += chars(text);
    const json: JsonObject = { text: text ?? '' };
    const icon = r.url([...path, 'footer', 'icon_url'], footer['icon_url'], { attachments: true });
    if (icon) json['icon_url'] = icon;
    embed['footer'] = json;
  }
  for (const key of ['image', 'thumbnail'] as const) {
    const media = r.object([...path, key], body[key]);
    if (media) {
      const url = r.url([...path, key, 'url'], media['url'], { required: true, attachments: true });
      if (url) embed[key] = { url };
    }
  }
  // Discord refuses an embed with nothing to show, and names description as the missing field.
  const sent = ['title', 'description', 'fields', 'author', 'footer', 'image', 'thumbnail'].some(
    (k) => body[k] !== undefined && body[k] !== null,
  );
  if (!sent) r.errors.add([...path, 'description'], ...FieldError.required);
  return { embed, size };
}

function readEmbeds(r: BodyReader, raw: unknown): JsonObject[] | undefined {
  const list = r.array(['embeds'], raw, MESSAGE_LIMITS.embeds);
  if (!list) return raw === null ? [] : undefined;
  let total = 0;
  const embeds = list.flatMap((item, i) => {
    const read = readEmbed(r, ['embeds', i], item);
    if (!read) return [];
    total += read.size;
    return [read.embed];
  });
  if (total > MESSAGE_LIMITS.embedTotal)
    r.errors.add(['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${MESSAGE_LIMITS.embedTotal}`);
  return embeds;
}

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

function readEmoji(r: BodyReader, path: FieldPath, raw: unknown): JsonObject | undefined {
  const emoji = r.object(path, raw);
  if (!emoji) return undefined;
  const json: JsonObject = {};
  const id = r.snowflake([...path, 'id'], emoji['id']);
  const name = r.string([...path, 'name'], emoji['name'], { max: 32 });
  if (id) json['id'] = id;
  json['name'] = name ?? '';
  if (emoji['animated'] === true) json['animated'] = true;
  return json;
}

function readButton(r: BodyReader, path: FieldPath, c: Raw): JsonObject {
  const style = c['style'];
  const json: JsonObject = { type: 2 };
  if (style === undefined || style === null) r.errors.add([...path, 'style'], ...FieldError.required);
  else if (typeof style !== 'number' || ![1, 2, 3, 4, 5, 6].includes(style))
    r.errors.add([...path, 'style'], ...FieldError.choices([1, 2, 3, 4, 5, 6]));
  else json['style'] = style;
  const label = r.string([...path, 'label'], c['label'], { max: MESSAGE_LIMITS.buttonLabel });
  if (label !== undefined) json['label'] = label;
  const emoji = readEmoji(r, [...path, 'emoji'], c['emoji']);
  if (emoji) json['emoji'] = emoji;
  if (style === 5) {
    if (c['custom_id'] !== undefined && c['custom_id'] !== null) {
      r.errors.add(
        [...path, 'custom_id'],
        'BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE',
        'A custom id and url cannot both be specified',
      );
    }
    const url = r.url([...path, 'url'], c['url'], { required: true });
    if (url) json['url'] = url;
  } else if (style === 6) {
    const sku = r.snowflake([...path, 'sku_id'], c['sku_id']);
    if (sku) json['sku_id'] = sku;
    else if (c['sku_id'] === undefined) r.errors.add([...path, 'sku_id'], ...FieldError.required);
  } else {
    const customId = r.string([...path, 'custom_id'], c['custom_id'], { max: MESSAGE_LIMITS.customId, min: 1, required: true });
    if (customId !== undefined) json['custom_id'] = customId;
  }
  if (style !== 6 && label === undefined && !emoji) {
    r.errors.add([...path, 'label'], 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A label or an emoji is required');
  }
  const disabled = r.boolean([...path, 'disabled'], c['disabled']);
  if (disabled !== undefined) json['disabled'] = disabled;
  return json;
}

function readSelect(r: BodyReader, path: FieldPath, c: Raw, type: number): JsonObject {
  const json: JsonObject = { type };
  json['custom_id'] = r.string([...path, 'custom_id'], c['custom_id'], { max: MESSAGE_LIMITS.customId, min: 1, required: true }) ?? '';
  const placeholder = r.string([...path, 'placeholder'], c['placeholder'], { max: MESSAGE_LIMITS.placeholder });
  if (placeholder !== undefined) json['placeholder'] = placeholder;
  const min = r.integer([...path, 'min_values'], c['min_values'], { min: 0, max: 25 }) ?? 1;
  const max = r.integer([...path, 'max_values'], c['max_values'], { min: 1, max: 25 }) ?? 1;
  json['min_values'] = min;
  json['max_values'] = max;
  const disabled = r.boolean([...path, 'disabled'], c['disabled']);
  if (disabled !== undefined) json['disabled'] = disabled;
  if (type === 3) {
    const options = r.array([...path, 'options'], c['options'], MESSAGE_LIMITS.selectOptions);
    if (!options) r.errors.add([...path, 'options'], ...FieldError.required);
    json['options'] = (options ?? []).flatMap((rawOption, i) => {
      const optionPath = [...path, 'options', i];
      const option = r.object(optionPath, rawOption);
      if (!option) return [];
      const out: JsonObject = {
        label: r.string([...optionPath, 'label'], option['label'], { max: MESSAGE_LIMITS.optionText, min: 1, required: true }) ?? '',
        value: r.string([...optionPath, 'value'], option['value'], { max: MESSAGE_LIMITS.optionText, min: 1, required: true }) ?? '',
      };
      const description = r.string([...optionPath, 'description'], option['description'], { max: MESSAGE_LIMITS.optionText });
      if (description !== undefined) out['description'] = description;
      const emoji = readEmoji(r, [...optionPath, 'emoji'], option['emoji']);
      if (emoji) out['emoji'] = emoji;
      if (option['default'] === true) out['default'] = true;
      return [out];
    });
    if (options && options.length === 0) r.errors.add([...path, 'options'], ...FieldError.minLength(1));
  }
  if (type === 8 && Array.isArray(c['channel_types'])) json['channel_types'] = c['channel_types'].filter((t) => typeof t === 'number');
  if (Array.isArray(c['default_values']) && type !== 3) {
    json['default_values'] = c['default_values'].filter(isObject).map((v) => ({ type: v['type'], id: String(v['id']) }));
  }
  if (min > max)
    r.errors.add([...path, 'min_values'], 'SELECT_COMPONENT_MIN_VALUES_TOO_LARGE', 'min_values must be less than or equal to max_values');
  return json;
}

function readActionRow(r: BodyReader, path: FieldPath, c: Raw): JsonObject {
  const children = r.array([...path, 'components'], c['components'], MESSAGE_LIMITS.rowButtons);
  if (!children || children.length === 0) r.errors.add([...path, 'components'], ...FieldError.minLength(1));
  const components = (children ?? []).flatMap((raw, i) => {
    const childPath = [...path, 'components', i];
    const child = r.object(childPath, raw);
    if (!child) return [];
    if (child['type'] === 2) return [readButton(r, childPath, child)];
    if (typeof child['type'] === 'number' && SELECT_TYPES.has(child['type'])) return [readSelect(r, childPath, child, child['type'])];
    r.errors.add([...childPath, 'type'], ...FieldError.choices([2, 3, 5, 6, 7, 8]));
    return [];
  });
  if (components.some((x) => x['type'] !== 2) && components.length > 1) {
    r.errors.add([...path, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
  }
  return { type: 1, ...(c['id'] !== undefined ? { id: c['id'] } : {}), components };
}

function readTextDisplay(r: BodyReader, path: FieldPath, c: Raw): JsonObject {
  return {
    type: 10,
    content: r.string([...path, 'content'], c['content'], { max: MESSAGE_LIMITS.textDisplay, min: 1, required: true }) ?? '',
  };
}

/** Layout components of Components V2; media ones (thumbnail, gallery, file) are not emulated. */
function readComponent(r: BodyReader, path: FieldPath, raw: unknown, allowed: readonly number[]): JsonObject | undefined {
  const c = r.object(path, raw);
  if (!c) return undefined;
  const type = c['type'];
  if (typeof type !== 'number' || !allowed.includes(type)) {
    r.errors.add([...path, 'type'], ...FieldError.choices(allowed));
    return undefined;
  }
  let json: JsonObject;
  switch (type) {
    case 1:
      json = readActionRow(r, path, c);
      break;
    case 10:
      json = readTextDisplay(r, path, c);
      break;
    case 14: {
      const spacing = c['spacing'] ?? 1;
      if (spacing !== 1 && spacing !== 2) r.errors.add([...path, 'spacing'], ...FieldError.choices([1, 2]));
      json = { type: 14, spacing, divider: r.boolean([...path, 'divider'], c['divider']) ?? true };
      break;
    }
    case 9: {
      const texts = r.array([...path, 'components'], c['components'], 3) ?? [];
      if (texts.length === 0) r.errors.add([...path, 'components'], ...FieldError.minLength(1));
      const accessory = r.object([...path, 'accessory'], c['accessory']);
      if (!accessory) r.errors.add([...path, 'accessory'], ...FieldError.required);
      else if (accessory['type'] !== 2) r.errors.add([...path, 'accessory', 'type'], ...FieldError.choices([2]));
      json = {
        type: 9,
        components: texts.flatMap((t, i) => present(readComponent(r, [...path, 'components', i], t, [10]))),
        ...(accessory && accessory['type'] === 2 ? { accessory: readButton(r, [...path, 'accessory'], accessory) } : {}),
      };
      break;
    }
    default: {
      const children = r.array([...path, 'components'], c['components'], MESSAGE_LIMITS.componentsV2) ?? [];
      json = {
        type: 17,
        accent_color: r.integer([...path, 'accent_color'], c['accent_color'], { min: 0, max: 0xffffff }) ?? null,
        spoiler: r.boolean([...path, 'spoiler'], c['spoiler']) ?? false,
        components: children.flatMap((child, i) => present(readComponent(r, [...path, 'components', i], child, [1, 9, 10, 14]))),
      };
    }
  }
  if (typeof c['id'] === 'number' && Number.isInteger(c['id'])) json['id'] = c['id'];
  return json;
}

function present<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

function walk(components: JsonObject[], visit: (c: JsonObject) => void): void {
  for (const c of components) {
    visit(c);
    if (Array.isArray(c['components'])) walk(c['components'] as JsonObject[], visit);
    if (isObject(c['accessory'])) visit(c['accessory']);
  }
}

/** Discord numbers components without an id sequentially, skipping the ids the sender chose. */
function assignComponentIds(components: JsonObject[]): JsonObject[] {
  const used = new Set<number>();
  walk(components, (c) => {
    if (typeof c['id'] === 'number') used.add(c['id']);
  });
  let next = 1;
  walk(components, (c) => {
    if (typeof c['id'] === 'number') return;
    while (used.has(next)) next += 1;
    c['id'] = next;
    used.add(next);
  });
  return components;
}

function countComponents(components: JsonObject[]): number {
  let count = 0;
  walk(components, () => (count += 1));
  return count;
}

function readComponents(r: BodyReader, raw: unknown, v2: boolean): JsonObject[] | undefined {
  const max = v2 ? MESSAGE_LIMITS.componentsV2 : MESSAGE_LIMITS.actionRows;
  const list = r.array(['components'], raw, max);
  if (!list) return raw === null ? [] : undefined;
  const allowed = v2 ? [1, 9, 10, 14, 17] : [1];
  const components = list.flatMap((item, i) => present(readComponent(r, ['components', i], item, allowed)));
  if (v2 && countComponents(components) > MESSAGE_LIMITS.componentsV2)
    r.errors.add(['components'], ...FieldError.maxLength(MESSAGE_LIMITS.componentsV2));
  return assignComponentIds(components);
}

function readAllowedMentions(r: BodyReader, raw: unknown): AllowedMentions | undefined {
  const body = r.object(['allowed_mentions'], raw);
  if (!body) return undefined;
  const list = (key: string) => {
    const value = r.array(['allowed_mentions', key], body[key], 100);
    return value?.filter((v): v is string => typeof v === 'string');
  };
  return { parse: list('parse'), users: list('users'), roles: list('roles') };
}

function readAttachments(r: BodyReader, raw: unknown): AttachmentRef[] | undefined {
  const list = r.array(['attachments'], raw, 10);
  if (!list) return raw === null ? [] : undefined;
  return list.flatMap((item, i) => {
    const a = r.object(['attachments', i], item);
    if (!a) return [];
    const id = typeof a['id'] === 'number' ? String(a['id']) : typeof a['id'] === 'string' ? a['id'] : undefined;
    if (id === undefined) {
      r.errors.add(['attachments', i, 'id'], ...FieldError.required);
      return [];
    }
    const filename = r.string(['attachments', i, 'filename'], a['filename'], { max: 1024 });
    const description = r.string(['attachments', i, 'description'], a['description'], { max: 1024 });
    return [{ id, ...(filename !== undefined ? { filename } : {}), ...(description !== undefined ? { description } : {}) }];
  });
}

/** Validates a message body (JSON, or multipart's payload_json) and normalises it to Discord's stored shape. */
export function readMessageBody(raw: unknown, kind: MessageBodyKind): MessageDraft {
  const errors = new FormErrors();
  const r = new BodyReader(errors);
  if (!isObject(raw)) {
    errors.add([], ...FieldError.object);
    errors.throwIfAny();
  }
  const body = raw as Raw;
  const draft: MessageDraft = {};
  if ('flags' in body) {
    const flags = r.integer(['flags'], body['flags'], { min: 0, max: 2 ** 31 - 1 });
    draft.flags = (flags ?? 0) & SETTABLE_FLAGS;
  }
  const v2 = ((draft.flags ?? 0) & MessageFlag.IsComponentsV2) !== 0;
  if ('content' in body) {
    draft.content = r.string(['content'], body['content'], { max: MESSAGE_LIMITS.content }) ?? '';
    if (v2 && draft.content)
      errors.add(
        ['content'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
      );
  }
  if ('embeds' in body) {
    draft.embeds = readEmbeds(r, body['embeds']) ?? [];
    if (v2 && draft.embeds.length)
      errors.add(
        ['embeds'],
        'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
      );
  }
  if ('components' in body) draft.components = readComponents(r, body['components'], v2) ?? [];
  if ('allowed_mentions' in body) draft.allowedMentions = readAllowedMentions(r, body['allowed_mentions']);
  if ('attachments' in body) draft.attachments = readAttachments(r, body['attachments']) ?? [];
  if (kind !== 'edit') {
    const tts = r.boolean(['tts'], body['tts']);
    if (tts !== undefined) draft.tts = tts;
  }
  if (kind === 'create') {
    const nonce = body['nonce'];
    if (typeof nonce === 'string') {
      if (nonce.length > MESSAGE_LIMITS.nonce) errors.add(['nonce'], ...FieldError.maxLength(MESSAGE_LIMITS.nonce));
      else draft.nonce = nonce;
    } else if (typeof nonce === 'number' && Number.isSafeInteger(nonce)) {
      draft.nonce = nonce;
    } else if (nonce !== undefined && nonce !== null) {
      errors.add(['nonce'], ...FieldError.string(nonce));
    }
    const enforceNonce = r.boolean(['enforce_nonce'], body['enforce_nonce']);
    if (enforceNonce !== undefined) draft.enforceNonce = enforceNonce;
    const reference = r.object(['message_reference'], body['message_reference']);
    if (reference) {
      const messageId = r.snowflake(['message_reference', 'message_id'], reference['message_id']);
      if (reference['message_id'] === undefined) errors.add(['message_reference', 'message_id'], ...FieldError.required);
      const channelId = r.snowflake(['message_reference', 'channel_id'], reference['channel_id']);
      if (messageId) {
        draft.reference = {
          message_id: messageId,
          ...(channelId ? { channel_id: channelId } : {}),
          fail_if_not_exists: reference['fail_if_not_exists'] !== false,
        };
      }
    }
    const stickers = r.array(['sticker_ids'], body['sticker_ids'], 3);
    if (stickers?.length) draft.stickerIds = stickers.map(String);
  }
  if (kind === 'webhook') {
    const username = r.string(['username'], body['username'], { max: MESSAGE_LIMITS.webhookUsername, min: 1 });
    if (username !== undefined) {
      const forbidden = ['discord', 'clyde'].find((word) => username.toLowerCase().includes(word));
      if (forbidden) errors.add(['username'], 'USERNAME_INVALID_CONTAINS', `Username cannot contain "${forbidden}"`);
      else draft.username = username;
    }
    const avatarUrl = r.url(['avatar_url'], body['avatar_url']);
    if (avatarUrl) draft.avatarUrl = avatarUrl;
  }
  errors.throwIfAny();
  return draft;
}
