import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { validateSection } from '@guildhall/generated/validators';
import type {
  FieldError,
  TicketCategories,
  TicketCategoriesResponse,
  TicketCategory,
  TicketCategoryRequest,
  TicketDefaultCategoryRequest,
} from '@guildhall/generated/types';
import { ChannelType } from 'discord-api-types/v10';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordChannel, SessionUser } from '../discord/discord.types.js';
import type { Caller } from '../guild/access-levels.js';
import { ApiError } from '../http/api-error.js';
import { SettingsService, type SettingsView } from '../settings/settings.service.js';

export const SECTION = 'ticket-categories';
export type CategoryList = TicketCategoryRequest['type'];
const DEFAULT_OF = { open: 'defaultOpen', closed: 'defaultClosed' } as const;
const LIST_LABEL = { open: 'open', closed: 'closed' } as const;
/** Stands for the id of a category Discord has not made yet, to ask the schema whether the list would take it. */
const NOT_YET_CREATED = '00000000000000000';
/** Saves that lose a race with another save of the section are tried again on the newer document, this many times. */
const ATTEMPTS = 3;

type CategoryChannel = TicketCategoriesResponse['channels'][number];

/**
 * The Ticket categories page's calls. Every change is a save of the `ticket-categories` section through the settings
 * service, so it is versioned and audited, and judged by the same generated validator as the generic PUT (the
 * schema's distinct-across and refers-to-item rules); its refusals are renamed to the fields of the request.
 */
@Injectable()
export class TicketCategoriesService {
  constructor(
    private readonly settings: SettingsService,
    private readonly discord: DiscordService,
  ) {}

  async view(guildId: string): Promise<TicketCategoriesResponse> {
    const [stored, channels] = await Promise.all([this.settings.read(guildId, SECTION), this.categoryChannels(guildId)]);
    return answer(stored, channels);
  }

  async add(guildId: string, body: TicketCategoryRequest, caller: Caller, user: SessionUser): Promise<TicketCategoriesResponse> {
    const channels = await this.categoryChannels(guildId);
    let category: TicketCategory;
    // With both an id and a name (the page sends both when both are filled in), the existing category wins.
    const idPath = body.categoryId ? '/categoryId' : '/categoryName';
    if (body.categoryId) {
      const channel = channels.find((c) => c.id === body.categoryId);
      if (!channel) throw refusal('/categoryId', 'This channel is not a category of this server. Refresh the list and pick another.');
      category = channel;
    } else {
      const name = body.categoryName?.trim() ?? '';
      if (!name) throw refusal('/categoryName', 'Select an existing category or enter a name for a new one');
      // Asked before Discord makes the channel, so a full list never leaves an orphan category behind.
      const stored = await this.settings.read(guildId, SECTION);
      const trial = validateSection(
        SECTION,
        withCategory(stored.settings as unknown as TicketCategories, body.type, { id: NOT_YET_CREATED, name }),
      );
      if (!trial.ok) throw renamed(trial.fieldErrors, body.type, idPath, '');
      const created = await this.discord.createChannel(
        guildId,
        { name, type: ChannelType.GuildCategory },
        `Ticket category, created from the Guildhall dashboard by ${user.username} (${user.id})`,
      );
      category = { id: created.id, name: created.name ?? name };
      channels.push(category);
    }
    const saved = await this.change(guildId, caller, (doc) => withCategory(doc, body.type, category), body.type, idPath);
    return answer(saved, channels);
  }

  async remove(guildId: string, categoryId: string, type: CategoryList, caller: Caller): Promise<TicketCategoriesResponse> {
    const saved = await this.change(
      guildId,
      caller,
      (doc) => {
        const list = doc[type].filter((c) => c.id !== categoryId);
        if (list.length === doc[type].length)
          throw new ApiError(HttpStatus.NOT_FOUND, `This category is not one of the ${LIST_LABEL[type]} categories.`);
        // The star moves to the first category left, so a list with categories always has a default.
        const key = DEFAULT_OF[type];
        return { ...doc, [type]: list, [key]: doc[key] === categoryId ? (list[0]?.id ?? null) : doc[key] };
      },
      type,
      '/categoryId',
    );
    return answer(saved, await this.categoryChannels(guildId));
  }

  async setDefault(guildId: string, body: TicketDefaultCategoryRequest, caller: Caller): Promise<TicketCategoriesResponse> {
    const channels = await this.categoryChannels(guildId);
    // Tickets cannot be filed under a category Discord no longer has; it can only be removed from its list.
    if (!channels.some((c) => c.id === body.categoryId))
      throw refusal('/categoryId', 'This category no longer exists on Discord. Remove it, or pick another as the default.');
    const saved = await this.change(
      guildId,
      caller,
      (doc) => ({ ...doc, [DEFAULT_OF[body.type]]: body.categoryId }),
      body.type,
      '/categoryId',
    );
    return answer(saved, channels);
  }

  /** The guild's category channels now, in Discord's order (position, then id as Discord breaks ties). */
  private async categoryChannels(guildId: string): Promise<CategoryChannel[]> {
    const channels: DiscordChannel[] = await this.discord.channels(guildId);
    return channels
      .filter((c) => c.type === ChannelType.GuildCategory)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      .map((c) => ({ id: c.id, name: c.name }));
  }

  /** Read, change, save at the version read; a save another tab made meanwhile (409) is read again and the change redone. */
  private async change(
    guildId: string,
    caller: Caller,
    edit: (doc: TicketCategories) => TicketCategories,
    type: CategoryList,
    idPath: string,
  ): Promise<SettingsView> {
    for (let attempt = 1; ; attempt++) {
      const stored = await this.settings.read(guildId, SECTION);
      const next = edit(stored.settings as unknown as TicketCategories);
      try {
        return await this.settings.write(guildId, SECTION, stored.version, next, caller);
      } catch (err) {
        if (err instanceof HttpException && err.getStatus() === HttpStatus.CONFLICT && attempt < ATTEMPTS) continue;
        const fieldErrors = err instanceof HttpException ? (err.getResponse() as { fieldErrors?: FieldError[] }).fieldErrors : undefined;
        if (fieldErrors) throw renamed(fieldErrors, type, idPath, '/settings');
        throw err;
      }
    }
  }
}

function withCategory(doc: TicketCategories, type: CategoryList, category: TicketCategory): TicketCategories {
  const key = DEFAULT_OF[type];
  // The first category of a list becomes its default.
  return { ...doc, [type]: [...doc[type], category], [key]: doc[key] ?? category.id };
}

function answer(view: SettingsView, channels: CategoryChannel[]): TicketCategoriesResponse {
  const categories = view.settings as unknown as TicketCategories;
  const live = new Set(channels.map((c) => c.id));
  const missing = [...categories.open, ...categories.closed].map((c) => c.id).filter((id) => !live.has(id));
  return { success: true, version: view.version, categories, channels, missing };
}

function refusal(path: string, message: string): ApiError {
  return ApiError.validation([{ path, message }], message);
}

/**
 * The document's refusals (paths into the section's document, after `prefix`) as refusals of the request: a list
 * that is full is the request's `type`; anything else is about the category it names.
 */
function renamed(fieldErrors: FieldError[], type: CategoryList, idPath: string, prefix: string): ApiError {
  const errors = fieldErrors.map(({ path, message }) => ({ path: path === `${prefix}/${type}` ? '/type' : idPath, message }));
  return ApiError.validation(errors, errors[0]?.message ?? 'Some settings are not valid.');
}
