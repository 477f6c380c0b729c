import { openapi } from '@guildhall/generated/openapi';
import fastJson from 'fast-json-stringify';

type Serializer = (value: unknown) => string;

/** What a serialized answer is sent as (Fastify names it only for the answers it serializes itself). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  components: { schemas: Record<string, unknown> };
}

const document = openapi as unknown as OpenApiDocument;

/**
 * A serializer compiled (fast-json-stringify) from the published response schema of `GET <path>` in the OpenAPI
 * document, or undefined where it names none. What it writes is what the schema describes: a property the contract
 * does not publish is never sent. Compiled once, at start-up.
 */
export function responseSerializer(path: string): Serializer | undefined {
  const schema = document.paths[path]?.['get']?.responses?.['200']?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  // The response schema's $refs point into the document's components: they go along, as the root's.
  return fastJson({ ...(schema as object), components: document.components } as unknown as Parameters<typeof fastJson>[0], {
    // OpenAPI's schemas leave `type` out where a $ref or const says it; Ajv's strict types would warn at every start.
    ajv: { strictTypes: false },
  }) as Serializer;
}

/** Each settings section's answer (GET, and a save's), by section name, from its path in the OpenAPI document. */
export function settingsSerializers(): Map<string, Serializer> {
  const serializers = new Map<string, Serializer>();
  const prefix = '/api/guild/{guildId}/settings/';
  for (const path of Object.keys(document.paths)) {
    if (!path.startsWith(prefix) || path.slice(prefix.length).includes('/')) continue;
    const serializer = responseSerializer(path);
    if (serializer) serializers.set(path.slice(prefix.length), serializer);
  }
  return serializers;
}
