import { escapePointer, pointerTokens } from '@guildhall/common/json-patch';
import { type ImageField, imageFieldOf } from '../images/image-rules.js';
import { type ScheduleField, scheduleFieldOf } from '../schedules/schedule-rules.js';

/**
 * Reading a settings document with its published (self-contained) schema: which subschemas apply at a place and the
 * Discord ids the schema marks with `x-reference` (channel or role), the images it marks with `x-image` and the schedule
 * plans it marks with `x-schedule`. The reference check and clone find every
 * reference this way, so a new field is covered by its schema, not by a list of field names.
 */
export type Schema = { readonly [keyword: string]: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every subschema that applies at one place: $ref (local), allOf, anyOf, oneOf and if/then/else all followed. */
export function applicable(schema: unknown, root: Schema, seen = new Set<unknown>()): Schema[] {
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const out: Schema[] = [schema];
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#'))
    out.push(...applicable(resolvePointer(root, schema.$ref.slice(1)), root, seen));
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) out.push(...applicable(sub, root, seen));
  }
  for (const key of ['then', 'else']) out.push(...applicable(schema[key], root, seen));
  return out;
}

function resolvePointer(root: Schema, pointer: string): unknown {
  let node: unknown = root;
  for (const token of pointerTokens(pointer)) node = isObject(node) ? node[token] : undefined;
  return node;
}

/** The subschemas of a property (or an array's item) of a value the given schemas describe. */
export function childSchemas(schemas: readonly Schema[], key: string | number, root: Schema): Schema[] {
  const out: Schema[] = [];
  for (const schema of schemas) {
    if (typeof key === 'number') {
      const prefix = schema.prefixItems;
      if (Array.isArray(prefix) && key < prefix.length) out.push(...applicable(prefix[key], root));
      else out.push(...applicable(schema.items, root));
      continue;
    }
    const properties = schema.properties;
    if (isObject(properties) && Object.hasOwn(properties, key)) out.push(...applicable(properties[key], root));
    else if (isObject(schema.additionalProperties)) out.push(...applicable(schema.additionalProperties, root));
  }
  return out;
}

export type ReferenceKind = 'channel' | 'role' | 'member';

/** What a schema's `x-reference` says of an id (scripts/generate/keywords/x-reference.mjs checks its shape). */
export interface ReferenceRule {
  kind: ReferenceKind;
  /** For a channel: the Discord channel types the field takes. */
  channelTypes?: readonly number[];
  /** For a role members are given (`assignable`): a managed role or @everyone is refused too. */
  assignable?: true;
  /**
   * A role or member the caller may name only below themselves (`belowCaller`: a Dashboard Access grant): a new id is
   * refused for a caller who is not the owner unless the role, or the member's highest role, is below their highest role.
   */
  belowCaller?: true;
  /**
   * The schema's x-messages for the check: the id is not of this guild (`x-reference`), a channel of another type
   * (`x-reference-type`), a role no member can be given (`x-reference-assignable`), a role or member not below the
   * caller (`x-reference-above-caller`).
   */
  messages: { missing?: string; type?: string; assignable?: string; aboveCaller?: string };
}

export interface FoundReference extends ReferenceRule {
  id: string;
  /** JSON Pointer of the value, or of the map entry whose key is the id. */
  path: string;
  /** A map's key (propertyNames) rather than a value. */
  key: boolean;
}

function ruleOf(schemas: readonly Schema[]): ReferenceRule | undefined {
  const marked = schemas.find((s) => isObject(s['x-reference']));
  if (!marked) return undefined;
  const rule = marked['x-reference'] as { kind: ReferenceKind; channelTypes?: number[]; assignable?: true; belowCaller?: true };
  // Messages beside a $ref (a field's own words) win over the referenced type's.
  const messages: ReferenceRule['messages'] = {};
  for (const schema of [...schemas].reverse()) {
    const own = schema['x-messages'];
    if (!isObject(own)) continue;
    if (typeof own['x-reference'] === 'string') messages.missing = own['x-reference'];
    if (typeof own['x-reference-type'] === 'string') messages.type = own['x-reference-type'];
    if (typeof own['x-reference-assignable'] === 'string') messages.assignable = own['x-reference-assignable'];
    if (typeof own['x-reference-above-caller'] === 'string') messages.aboveCaller = own['x-reference-above-caller'];
  }
  return {
    kind: rule.kind,
    ...(rule.channelTypes ? { channelTypes: rule.channelTypes } : {}),
    ...(rule.assignable ? { assignable: true } : {}),
    ...(rule.belowCaller ? { belowCaller: true } : {}),
    messages,
  };
}

/**
 * The one walk of a document with its schema: `visit` sees every value (the root first, then each property and item in
 * document order) with the subschemas that apply there and its JSON Pointer; `visitKey`, each object's keys (before
 * the key's value) with the object's subschemas.
 */
export function walkDocument(
  root: Schema,
  doc: unknown,
  visit: (value: unknown, schemas: Schema[], path: string) => void,
  visitKey?: (key: string, objectSchemas: Schema[], path: string) => void,
): void {
  const walk = (value: unknown, schemas: Schema[], path: string) => {
    visit(value, schemas, path);
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, childSchemas(schemas, i, root), `${path}/${i}`));
    else if (isObject(value))
      for (const [key, item] of Object.entries(value)) {
        const at = `${path}/${escapePointer(key)}`;
        visitKey?.(key, schemas, at);
        walk(item, childSchemas(schemas, key, root), at);
      }
  };
  walk(doc, applicable(root, root), '');
}

/** Every channel, role and member id in `doc` that its schema marks with `x-reference`, with what the schema says of it. */
export function findReferences(root: Schema, doc: unknown): FoundReference[] {
  const found: FoundReference[] = [];
  walkDocument(
    root,
    doc,
    (value, schemas, path) => {
      const rule = ruleOf(schemas);
      if (rule && typeof value === 'string') found.push({ ...rule, id: value, path, key: false });
    },
    (key, schemas, path) => {
      const keyRule = ruleOf(schemas.flatMap((s) => applicable(s.propertyNames, root)));
      if (keyRule) found.push({ ...keyRule, id: key, path, key: true });
    },
  );
  return found;
}

/** An image a document names: a non-empty value of a field marked `x-image` (the SHA-256 of the stored bytes). */
export interface FoundImage {
  id: string;
  path: string;
  field: ImageField;
}

/** Every image id in `doc` (non-empty values of fields its schema marks with `x-image`), with the field's rule and words. */
export function findImages(root: Schema, doc: unknown): FoundImage[] {
  const found: FoundImage[] = [];
  walkDocument(root, doc, (value, schemas, path) => {
    if (typeof value !== 'string' || value === '') return;
    const field = imageFieldOf(schemas);
    if (field) found.push({ id: value, path, field });
  });
  return found;
}

/** A schedule plan a document names: an object at a place its schema marks with `x-schedule`. */
export interface FoundSchedule {
  plan: Record<string, unknown>;
  path: string;
  field: ScheduleField;
}

/** Every schedule plan in `doc` (objects at places its schema marks with `x-schedule`), with the plan's rule and words. */
export function findSchedules(root: Schema, doc: unknown): FoundSchedule[] {
  const found: FoundSchedule[] = [];
  walkDocument(root, doc, (value, schemas, path) => {
    if (!isObject(value)) return;
    const field = scheduleFieldOf(schemas);
    if (field) found.push({ plan: value, path, field });
  });
  return found;
}

/** Whether the schemas at a place accept null (a cleared reference stays a field; otherwise its list item goes). */
export function acceptsNull(schemas: readonly Schema[]): boolean {
  return schemas.some((s) => s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')));
}
