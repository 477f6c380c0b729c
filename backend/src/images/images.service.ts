import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { validateWith } from '@guildhall/generated/field-errors';
import { fillRefusal } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { ImageUploadRequest, StoredImage } from '@guildhall/generated/types';
import { validateUploadSettingsImageParameters } from '@guildhall/generated/validators';
import { ApiError } from '../http/api-error.js';
import { PERSONALIZER_APPLIED } from '../personalizer/personalizer-applied.js';
import { applicable, findImages, type Schema } from '../references/schema-walk.js';
import { SettingsService } from '../settings/settings.service.js';
import { RecordExistsError, STORAGE, type StoragePort } from '../storage/storage.port.js';
import { looksLikeText, probeImage, type ImageType } from './image-probe.js';
import { foundWords, type ImageField, imageFieldOf, imageProblem, kindWords } from './image-rules.js';
import { readImage, storeImage, type StoredImageData } from './image-store.js';

/** What a file's name says it is: the extensions of the types the bytes can tell. Compared with the bytes, never trusted. */
const EXTENSIONS: Record<string, ImageType> = {
  png: 'image/png',
  apng: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const requestSchema = publishedSchemas['image-upload-request'] as { properties: { data: { 'x-messages': { pattern: string } } } };
/** The data's own words for bytes that are not base64 (its pattern's). */
const NOT_BASE64 = requestSchema.properties.data['x-messages'].pattern;

/** The route's words for a field that takes no image: its parameter's x-messages (schemas/operations.json). */
const NO_SUCH_FIELD = (() => {
  const result = validateWith(validateUploadSettingsImageParameters, { field: '' });
  const error = result.ok ? undefined : result.fieldErrors.find((e) => e.path === '/field');
  if (!error) throw new Error('uploadSettingsImage: the field parameter gives no words for a field that does not exist');
  return error.message;
})();

/** Records kept under a guild's id that may name images besides its settings documents: what was last applied. */
const IMAGE_NAMING_RECORDS = [PERSONALIZER_APPLIED];

/** The sections whose schema has an image field somewhere: the only documents that can name an image. */
const SECTIONS_WITH_IMAGES: SectionDefinition[] = Object.values(sections).filter((def) =>
  JSON.stringify(publishedSchemas[def.schemaName]).includes('"x-image"'),
) as SectionDefinition[];

/** Records of which guild uploaded which image (id `<guildId>:<imageId>`): an upload may be shown before it is saved. */
const UPLOADED_BY = 'image-uploads';
const uploadKey = (guildId: string, imageId: string) => `${guildId}:${imageId}`;

/** How many history entries are read per page when looking for an image in a guild's past. */
const HISTORY_PAGE = 200;

/**
 * Uploaded images: checked by their bytes against the field's `x-image` (any section's top-level field that has one),
 * stored by their hash, and served back only to a guild that names them.
 */
@Injectable()
export class ImagesService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly settings: SettingsService,
  ) {}

  /** The x-image field `field` of section `section` (404 for an unknown section, or a field that takes no image). */
  fieldOf(section: string, field: string): ImageField {
    const def = this.settings.definition(section);
    const schema = publishedSchemas[def.schemaName] as Schema;
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const found = Object.hasOwn(properties, field) ? imageFieldOf(applicable(properties[field], schema)) : undefined;
    if (!found) throw new ApiError(HttpStatus.NOT_FOUND, NO_SUCH_FIELD);
    return found;
  }

  /**
   * Checks the file against the field's rule, in this order: not an image or a type the field does not take, a name
   * that says another image type than the bytes, too many bytes, pixels outside the bounds (400 at /data, or /fileName,
   * with the field's words); then stores it (the same bytes again are the same image).
   */
  async upload(guildId: string, section: string, field: string, body: ImageUploadRequest): Promise<StoredImage> {
    const rule = this.fieldOf(section, field);
    const bytes = Buffer.from(body.data, 'base64');
    // Node's decoder skips what is not base64; bytes that do not encode back to the data were not base64.
    if (bytes.toString('base64') !== body.data) throw refused('/data', NOT_BASE64);
    const probed = probeImage(bytes);
    if (!probed || !rule.rule.types.includes(probed.type))
      throw refused('/data', fillRefusal(rule.messages['x-image-type'], { found: foundWords(probed, !probed && looksLikeText(bytes)) }));
    const named = EXTENSIONS[/\.([^.]+)$/.exec(body.fileName)?.[1]?.toLowerCase() ?? ''];
    if (named && named !== probed.type)
      throw refused('/fileName', fillRefusal(rule.messages['x-image-name'], { found: kindWords(probed.type), name: body.fileName }));
    const problem = imageProblem(rule, { ...probed, bytes: bytes.length });
    if (problem) throw refused('/data', problem);
    const stored = await storeImage(this.storage, bytes, probed);
    // The guild that uploaded it may see it before any save names it: the form previews it at once.
    await this.storage.records.insert(UPLOADED_BY, { guildId, id: uploadKey(guildId, stored.id), data: {} }).catch((err: unknown) => {
      if (!(err instanceof RecordExistsError)) throw err;
    });
    return stored;
  }

  /**
   * The image `id` as this guild may see it: only when it was uploaded through this guild, or one of its settings
   * documents names it, or a record it keeps (what was last applied), or a change of its history (an import or a
   * clone); else 404, as for an id nobody stored.
   */
  async forGuild(guildId: string, id: string): Promise<StoredImageData> {
    const image = (await this.namedBy(guildId, id)) ? await readImage(this.storage, id) : null;
    if (!image) throw new ApiError(HttpStatus.NOT_FOUND, 'Not found.');
    return image;
  }

  /** Whether the guild names the image: its current documents first (one read each), then its history. */
  private async namedBy(guildId: string, id: string): Promise<boolean> {
    const uploaded = await this.storage.records.get(UPLOADED_BY, uploadKey(guildId, id));
    if (uploaded?.guildId === guildId) return true;
    for (const def of SECTIONS_WITH_IMAGES) {
      const doc = await this.storage.settings.get(guildId, def.storageKey);
      if (doc && findImages(publishedSchemas[def.schemaName] as Schema, doc.data).some((image) => image.id === id)) return true;
    }
    for (const collection of IMAGE_NAMING_RECORDS) {
      const record = await this.storage.records.get(collection, guildId);
      if (record?.guildId === guildId && JSON.stringify(record.data).includes(`"${id}"`)) return true;
    }
    for (let before: number | undefined; ;) {
      const page = await this.storage.history.list(guildId, {
        onlySubjects: SECTIONS_WITH_IMAGES.map((def) => ({ scope: 'settings' as const, key: def.storageKey })),
        limit: HISTORY_PAGE,
        ...(before === undefined ? {} : { before }),
      });
      if (page.some((entry) => JSON.stringify(entry.patch).includes(`"${id}"`))) return true;
      if (page.length < HISTORY_PAGE) return false;
      before = page[page.length - 1]!.id;
    }
  }
}

const refused = (path: string, message: string) => ApiError.validation([{ path, message }], message);
