import { characters } from '@guildhall/common/embed-message';
import { publishedSchemas } from '@guildhall/generated/schemas';

/** What an editing part reads from one property of a published schema. */
export interface SchemaField {
  title: string;
  maxLength?: number;
  maxItems?: number;
  /** The schema's `examples` (a colour's presets). */
  examples: string[];
  default?: unknown;
}

const cache = new Map<string, SchemaField>();

/**
 * One property of a published schema (`@guildhall/generated/schemas`), by name or by a dotted path through objects and
 * arrays ('author.name', 'fields.items.value'), `$ref`s to schemas/common followed: limits, titles and presets are
 * read here, never typed a second time in a page. Throws on a typo, so a renamed property fails at once rather than
 * losing its limit.
 */
export function schemaField(schemaName: string, property: string): SchemaField {
  const key = `${schemaName}#${property}`;
  const known = cache.get(key);
  if (known) return known;
  const schema = publishedSchemas[schemaName] as PublishedSchema | undefined;
  if (!schema) throw new Error(`schemaField: no published schema ${schemaName}`);
  let merged: SchemaNode = schema;
  for (const part of property.split('.')) {
    const next = part === 'items' ? merged.items : merged.properties?.[part];
    if (!next) throw new Error(`schemaField: ${schemaName} has no property ${property}`);
    merged = typeof next.$ref === 'string' ? { ...localDefinition(schema, next.$ref), ...next } : next;
  }
  const field: SchemaField = {
    title: typeof merged.title === 'string' ? merged.title : property,
    maxLength: typeof merged.maxLength === 'number' ? merged.maxLength : undefined,
    maxItems: typeof merged.maxItems === 'number' ? merged.maxItems : undefined,
    examples: Array.isArray(merged.examples) ? merged.examples.filter((e): e is string => typeof e === 'string') : [],
    default: merged.default,
  };
  cache.set(key, field);
  return field;
}

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; [keyword: string]: unknown };
type PublishedSchema = SchemaNode & { $defs?: Record<string, SchemaNode> };

/** The generator bundles shared pieces (schemas/common) into each published schema's $defs: '#/$defs/HexColour'. */
function localDefinition(schema: PublishedSchema, ref: string): SchemaNode {
  const match = /^#\/\$defs\/(.+)$/.exec(ref);
  return (match && schema.$defs?.[match[1]!]) || {};
}

/** Length as the schemas count it (Ajv's maxLength: Unicode code points, so one emoji is 1): common's one count. */
export const textLength = (text: string): number => characters(text);

/** The first `max` code points of `text` (never half an emoji). */
export const clampText = (text: string, max: number | undefined): string =>
  max === undefined || textLength(text) <= max ? text : [...text].slice(0, max).join('');
