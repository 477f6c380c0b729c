// `x-image`: a field holding an uploaded image (common/uploaded-image.json: the SHA-256 of its bytes) says which images
// it takes: `types` (media types, read from the bytes, never from the name), `maxBytes`, and the pixel bounds
// `minWidth`/`minHeight`/`maxWidth`/`maxHeight`. An annotation: it generates no validation code, since only the stored
// bytes can tell. The upload route (POST /api/guild/{guildId}/settings/{section}/images/{field}) checks a file against
// its field's rule, and the engine's write check (backend/src/references/) refuses an image that is not stored or does
// not fit the field, on every write path; both say only the field's x-messages (checkImageMessages).
import { isObject, SchemaError } from '../lib/json.mjs';
import { walkSchema } from '../lib/schema-walk.mjs';

/** The media types the server can read from an image's bytes (backend/src/images/image-probe.ts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const dimension = { type: 'integer', minimum: 1, maximum: 16384 };

export default {
  keyword: 'x-image',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['types', 'maxBytes', 'minWidth', 'minHeight', 'maxWidth', 'maxHeight'],
    properties: {
      types: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: IMAGE_TYPES } },
      maxBytes: { type: 'integer', minimum: 1, maximum: 10485760 },
      minWidth: dimension,
      minHeight: dimension,
      maxWidth: dimension,
      maxHeight: dimension,
    },
  },
};

/**
 * The words an image field gives, in its x-messages: a file of another type (`{found}`), a name that says another type
 * than the bytes (`{name}`, `{found}`), too large (`{limit}`, `{size}`), outside the pixel bounds (`{minWidth}`...
 * `{width}`, `{height}`), and an id no image stored here has (an import from elsewhere, a hand-written document).
 */
export const IMAGE_MESSAGE_KEYS = ['x-image-type', 'x-image-name', 'x-image-size', 'x-image-dimensions', 'x-image-missing'];

/** Refuses an `x-image` without all its words beside it, or with bounds that admit nothing. Run by index.mjs after load. */
export function checkImageMessages(files) {
  for (const file of files) {
    walkSchema(file.schema, (node, pointer) => {
      const rule = node['x-image'];
      if (!isObject(rule)) return;
      const messages = isObject(node['x-messages']) ? node['x-messages'] : {};
      const missing = IMAGE_MESSAGE_KEYS.filter((key) => typeof messages[key] !== 'string');
      if (missing.length)
        throw new SchemaError(
          `${file.rel} at #${pointer}`,
          `an image field needs x-messages ${missing.map((key) => `"${key}"`).join(' and ')} beside it: the upload and the write check say the schema's words, and no others`,
        );
      if (rule.minWidth > rule.maxWidth || rule.minHeight > rule.maxHeight)
        throw new SchemaError(`${file.rel} at #${pointer}`, 'x-image: a minimum above its maximum admits no image');
    });
  }
}
