import { characters } from '@guildhall/common/embed-message';

/** What an editing part reads from one property of a published schema. */
export interface SchemaField {
  title: string;
  maxLength?: number;
  maxItems?: number;
  /** The schema's `examples` (a colour's presets). */
  examples: string[];
  default?: unknown;
  /** The schema's words for each failing keyword (x-messages: `pattern`, `maxItems`...), said as the server says them. */
  messages: Readonly<Record<string, string>>;
}

const cache = new WeakMap<object, Map<string, SchemaField>>();

/**
 * One property of a published schema (its own file, `@guildhall/generated/schema.<name>.json`'s `schema`, or a
 * generated module's `schema`), by name or by a dotted path through objects and arrays ('author.name',
 * 'fields.items.value'), `$ref`s to schemas/common followed: limits, titles, presets and messages are read here, never
 * typed a second time in a page. Throws on a typo, so a renamed property fails at once rather than losing its limit.
 */
export function schemaField(published: object, property: string): SchemaField {
  const schema = published as PublishedSchema;
  let fields = cache.get(schema);
  if (!fields) cache.set(schema, (fields = new Map()));
  const known = fields.get(property);
  if (known) return known;
  let merged: SchemaNode = schema;
  for (const part of property.split('.')) {
    const next = part === 'items' ? merged.items : merged.properties?.[part];
    if (!next) throw new Error(`schemaField: ${String(schema.$id)} has no property ${property}`);
    merged = typeof next.$ref === 'string' ? { ...localDefinition(schema, next.$ref), ...next } : next;
  }
  const field: SchemaField = {
    title: typeof merged.title === 'string' ? merged.title : property,
    maxLength: typeof merged.maxLength === 'number' ? merged.maxLength : undefined,
    maxItems: typeof merged.maxItems === 'number' ? merged.maxItems : undefined,
    examples: Array.isArray(merged.examples) ? merged.examples.filter((e): e is string => typeof e === 'string') : [],
    default: merged.default,
    messages: messagesOf(merged['x-messages']),
  };
  fields.set(property, field);
  return field;
}

/**
 * The schema's message for a failing `keyword` of one property (schemaField's path): the words the server says too.
 * Throws when the schema has none, so a page never falls back to words of its own.
 */
export function schemaMessage(published: object, property: string, keyword: string): string {
  const message = schemaField(published, property).messages[keyword];
  if (message === undefined)
    throw new Error(`schemaMessage: ${String((published as PublishedSchema).$id)} ${property} has no ${keyword} message`);
  return message;
}

const messagesOf = (messages: unknown): Record<string, string> =>
  messages && typeof messages === 'object'
    ? Object.fromEntries(Object.entries(messages).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; [keyword: string]: unknown };
type PublishedSchema = SchemaNode & { $defs?: Record<string, SchemaNode> };

/**
 * The generator bundles shared pieces (schemas/common) into each published schema's $defs: '#/$defs/HexColour'. A form
 * widget reads RJSF's copy of the schema, whose refs RJSF made absolute ('<$id>#/$defs/HexColour'): the same place.
 */
function localDefinition(schema: PublishedSchema, ref: string): SchemaNode {
  const match = /^(?:[^#]*)#\/\$defs\/(.+)$/.exec(ref);
  return (match && schema.$defs?.[match[1]!]) || {};
}

/** Length as the schemas count it (Ajv's maxLength: Unicode code points, so one emoji is 1): common's one count. */
export const textLength = (text: string): number => characters(text);

/** The first `max` code points of `text` (never half an emoji). */
export const clampText = (text: string, max: number | undefined): string =>
  max === undefined || textLength(text) <= max ? text : [...text].slice(0, max).join('');
