import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import type { ImageType, ProbedImage } from './image-probe.js';

type Schema = { readonly [keyword: string]: unknown };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's `x-image` (scripts/generate/keywords/x-image.mjs checks its shape): the images it takes. */
export interface ImageRule {
  types: readonly string[];
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
}

/** The words an image field gives in its x-messages (the generator refuses an x-image without all of them). */
export interface ImageMessages {
  'x-image-type': string;
  'x-image-name': string;
  'x-image-size': string;
  'x-image-dimensions': string;
  'x-image-missing': string;
}

export interface ImageField {
  rule: ImageRule;
  messages: ImageMessages;
}

/** What a stored image is, as the rule reads it. */
export type ImageFacts = Pick<ProbedImage, 'type' | 'width' | 'height'> & { bytes: number };

/** The `x-image` field among the subschemas that apply at one place (its own words beside it), or undefined. */
export function imageFieldOf(schemas: readonly Schema[]): ImageField | undefined {
  const marked = schemas.find((schema) => isObject(schema['x-image']));
  if (!marked) return undefined;
  return { rule: marked['x-image'] as ImageRule, messages: marked['x-messages'] as ImageMessages };
}

const KIND_WORDS: Record<ImageType, string> = {
  'image/png': refusals.imageKindPng,
  'image/jpeg': refusals.imageKindJpeg,
  'image/gif': refusals.imageKindGif,
  'image/webp': refusals.imageKindWebp,
};

/** A type in the schema's words ("PNG"), for a name that says another type than the bytes. */
export const kindWords = (type: ImageType): string => KIND_WORDS[type];

/** What a file is, in the schema's words: "a PNG image", "a text file", "not an image". */
export function foundWords(image: Pick<ProbedImage, 'type'> | null, text: boolean): string {
  if (image) return fillRefusal(refusals.imageFound, { kind: kindWords(image.type) });
  return text ? refusals.imageFoundText : refusals.imageFoundOther;
}

const KB = 1024;
const MB = 1024 * 1024;
/** Rounded up, so a file one byte over the limit never reads as the limit itself. */
const upTo2 = (value: number) => String(Math.ceil(value * 100) / 100);

/** A size in the schema's words: 10 MB, 512 KB, 300 bytes. */
export function sizeWords(bytes: number): string {
  if (bytes >= MB) return fillRefusal(refusals.imageSizeMegabytes, { size: upTo2(bytes / MB) });
  if (bytes >= KB) return fillRefusal(refusals.imageSizeKilobytes, { size: upTo2(bytes / KB) });
  return fillRefusal(refusals.imageSizeBytes, { size: bytes });
}

/**
 * What the field says of an image it does not take, or null when it fits: another type first, then too many bytes,
 * then pixels outside its bounds. The upload and the engine's write check both ask this, so they say the same words.
 */
export function imageProblem(field: ImageField, image: ImageFacts): string | null {
  const { rule, messages } = field;
  if (!rule.types.includes(image.type)) return fillRefusal(messages['x-image-type'], { found: foundWords(image, false) });
  if (image.bytes > rule.maxBytes)
    return fillRefusal(messages['x-image-size'], { maxBytes: sizeWords(rule.maxBytes), size: sizeWords(image.bytes) });
  const { width, height } = image;
  if (width < rule.minWidth || height < rule.minHeight || width > rule.maxWidth || height > rule.maxHeight)
    return fillRefusal(messages['x-image-dimensions'], {
      minWidth: rule.minWidth,
      minHeight: rule.minHeight,
      maxWidth: rule.maxWidth,
      maxHeight: rule.maxHeight,
      width,
      height,
    });
  return null;
}
