// Step 7, emit client: a typed API client from the two tables, one function per JSON operation named by its
// operationId (the same names as the OpenAPI document), typed with the generated types. It does no I/O itself: it
// takes a transport `(method, path, body?) => Promise<unknown>`, so the frontend's one fetch wrapper (credentials,
// CSRF header, `{ success: false }` -> error) stays the only place that talks HTTP. Path parameters are encoded.
// The bot API's and the payment webhook's operations are not the browser's: they are left out (browserCalls).
// An operation that answers a file (a `contentType` that is neither JSON nor an event stream: a transcript's download)
// has a function too: it asks the transport for the file (`read` 'file'), which resolves with its bytes and name.
// An operation that takes an Idempotency-Key (takesIdempotencyKey: every POST but the table's reads and already
// idempotent ones; a collection's create and duplicate) asks for a key ('keyed'): the transport makes one per call of
// the function, one user action, and sends the same one on each retry of that call.

import { collectionOperationIds, takesIdempotencyKey } from './build-openapi.mjs';
import { operationRef } from './derive-parameters.mjs';
import { getPointer } from './lib/json.mjs';
import { nameOf } from './resolve.mjs';

const SETTINGS_PATH = '/api/guild/{guildId}/settings/{section}';
const literal = (value) => JSON.stringify(value);
const FILE_ANSWER = 'FileAnswer';

/** @returns {{ 'client.js': string, 'client.d.ts': string }} */
export function emitClient(catalog) {
  const functions = [
    ...settingsFunctions(),
    ...catalog.collections.flatMap(collectionFunctions),
    ...catalog.operations.filter((op) => op.response && browserCalls(op)).map((op) => tableFunction(op, catalog)),
    ...catalog.operations.filter((op) => answersFile(op) && browserCalls(op)).map((op) => fileFunction(op, catalog)),
  ];
  const types = new Set(['SectionName', 'SectionSettingsPutRequest', 'SectionSettingsResponse']);
  for (const fn of functions) for (const name of fn.types) types.add(name);
  const readsFiles = functions.some((fn) => fn.returns === FILE_ANSWER);
  const usesQuery = functions.some((fn) => fn.query.length);

  const js = [
    `/** A path segment: encoded, so an id or a name can never change which route is called. */`,
    `const segment = (value) => encodeURIComponent(String(value));`,
    ...(usesQuery
      ? [
          `/** The query string of the parameters that are set. */`,
          `const withQuery = (path, query = {}) => {`,
          `  const params = new URLSearchParams();`,
          `  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(name, String(value));`,
          `  const text = params.toString();`,
          `  return text ? \`\${path}?\${text}\` : path;`,
          `};`,
        ]
      : []),
    `/** The API's JSON (and file) operations over a transport: (method, path, body?, read?) => Promise of the answer. */`,
    `export function createClient(transport) {`,
    `  return Object.freeze({`,
    ...functions.map((fn) => `    ${fn.name}: (${fn.args.map((arg) => arg.name).join(', ')}) => ${fn.call},`),
    `  });`,
    `}`,
  ].join('\n');

  const dts = [
    `import type { ${[...types].sort().join(', ')} } from './types.js';`,
    ...(functions.some((fn) => fn.args.some((arg) => arg.type === 'SchemaName'))
      ? [`import type { SchemaName } from './schemas.js';`]
      : []),
    ...(readsFiles
      ? [
          `/** A file the API answers: its bytes and the name its Content-Disposition gives (when it gives one). */`,
          `export interface ${FILE_ANSWER} {`,
          `  blob: Blob;`,
          `  filename: string | undefined;`,
          `}`,
          `/**`,
          ` * Sends one request and resolves with the parsed JSON answer, or with a ${FILE_ANSWER} when \`read\` is 'file'`,
          ` * (rejects on an error answer). 'keyed': the operation takes an Idempotency-Key, one per call, the same on its retries.`,
          ` */`,
          `export type Transport = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, read?: 'file' | 'keyed') => Promise<unknown>;`,
        ]
      : [
          `/** Sends one request and resolves with the parsed JSON answer (rejects on an error answer). 'keyed': one Idempotency-Key per call, the same on its retries. */`,
          `export type Transport = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, read?: 'keyed') => Promise<unknown>;`,
        ]),
    `/** One function per JSON or file operation of the API (schemas/operations.json, schemas/sections.json), by operationId. */`,
    `export interface GuildhallClient {`,
    ...functions.flatMap((fn) => [
      `  /** ${fn.doc} */`,
      `  ${fn.name}${fn.generic}(${fn.args.map((arg) => `${arg.name}${arg.optional ? '?' : ''}: ${arg.type}`).join(', ')}): Promise<${fn.returns}>;`,
    ]),
    `}`,
    `/** The client over a transport (the frontend passes its fetch wrapper). */`,
    `export declare function createClient(transport: Transport): GuildhallClient;`,
  ].join('\n');

  return { 'client.js': js, 'client.d.ts': dts };
}

/**
 * The client is the browser's, loaded by every page: the bot API (the bot's credential) and the payment provider's
 * webhook (its signature) are calls only the server's other clients make, so they stay in the OpenAPI document alone.
 */
const browserCalls = (op) => op.access !== 'bot' && op.access !== 'provider';

/**
 * getSettings/putSettings for any section, typed by the section's name. The OpenAPI document also names each section's
 * GET and PUT (getBasicSettings...); the browser's client, loaded by every page, has the two generic ones alone.
 */
function settingsFunctions() {
  const guildId = { name: 'guildId', type: 'string' };
  const generic = { name: 'section', type: 'S' };
  const fns = [
    settingsFunction(
      'getSettings',
      'GET',
      [guildId, generic],
      'SectionSettingsResponse<S>',
      "One section's settings (defaults and version 0 before the first save).",
    ),
    settingsFunction(
      'putSettings',
      'PUT',
      [guildId, generic, { name: 'body', type: 'SectionSettingsPutRequest<S>' }],
      'SectionSettingsResponse<S>',
      "Saves one section's settings based on `body.version`; a stale version rejects with 409.",
    ),
  ];
  return fns;
}

/** The generic collections API of one collection (the OpenAPI operationIds of build-openapi.mjs's collectionPaths). */
function collectionFunctions(collection) {
  const type = collection.file.typeName;
  const ids = collectionOperationIds(collection);
  const base = `/api/guild/\${segment(guildId)}/collections/${encodeURIComponent(collection.name)}`;
  const one = `${base}/\${segment(itemId)}`;
  const entry = `{ success: true; id: string; version: number; item: ${type} }`;
  // A create and a duplicate make an item each time they run: keyed, as build-openapi.mjs's collectionPaths declares.
  const fn = (name, method, args, path, returns, doc, keyed = false) => ({
    name,
    generic: '',
    args,
    returns,
    doc: `${collection.title}: ${doc}`,
    types: [type, ...(collection.planLimit ? ['PlanLimitStatus'] : [])],
    query: [],
    call: `transport(${literal(method)}, \`${path}\`${args.some((arg) => arg.name === 'body') ? ', body' : keyed ? ', undefined' : ''}${keyed ? ", 'keyed'" : ''})`,
  });
  const guildId = { name: 'guildId', type: 'string' };
  const itemId = { name: 'itemId', type: 'string' };
  const planFields = (row) => (row.planLimit ? '; planLimit: PlanLimitStatus' : '') + (row.premiumFeature ? '; premium: boolean' : '');
  const partial = `Partial<${type}>`;
  return [
    fn(
      ids.list,
      'GET',
      [guildId],
      base,
      `{ success: true; items: { id: string; version: number; item: ${type} }[]; cap: number${planFields(collection)} }`,
      "the guild's items, oldest first, and the cap.",
    ),
    fn(
      ids.create,
      'POST',
      [guildId, { name: 'body', type: `{ item: ${partial} }` }],
      base,
      entry,
      'creates an item (409 beyond the cap).',
      true,
    ),
    fn(ids.get, 'GET', [guildId, itemId], one, entry, 'one item.'),
    fn(
      ids.put,
      'PUT',
      [guildId, itemId, { name: 'body', type: `{ version: number; item: ${partial} }` }],
      one,
      entry,
      'saves an item based on `body.version`; a stale version rejects with 409.',
    ),
    fn(ids.delete, 'DELETE', [guildId, itemId], one, '{ success: true }', 'deletes an item.'),
    fn(ids.duplicate, 'POST', [guildId, itemId], `${one}/duplicate`, entry, 'duplicates an item (409 beyond the cap).', true),
  ];
}

function settingsFunction(name, method, params, returns, doc) {
  const args = params.filter((param) => param.value === undefined);
  const value = (param) => (param.value === undefined ? `\${segment(${param.name})}` : encodeURIComponent(param.value));
  const path = SETTINGS_PATH.replace('{guildId}', value(params[0])).replace('{section}', value(params[1]));
  const body = args.some((arg) => arg.name === 'body') ? ', body' : '';
  return {
    name,
    generic: args.some((arg) => arg.type === 'S') ? '<S extends SectionName>' : '',
    args,
    returns,
    doc,
    types: [],
    query: [],
    call: `transport(${literal(method)}, \`${path}\`${body})`,
  };
}

/** A row of the operations table with a JSON answer. */
function tableFunction(op, catalog) {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const declared = new Map((op.parameters ?? []).map((param) => [param.name, param]));
  const query = (op.parameters ?? []).filter((param) => param.in === 'query');
  const types = new Set([op.response, ...(op.request ? [op.request] : [])]);
  const typeOf = (param) => {
    const type = parameterType(param, catalog);
    if (/^[A-Z]\w*$/.test(type) && type !== 'SchemaName') types.add(type);
    return type;
  };
  const args = pathParams.map((name) => ({ name, type: typeOf(declared.get(name)) }));
  if (op.request) args.push({ name: 'body', type: op.request });
  if (query.length) {
    const fields = query.map((param) => `${param.name}${param.required ? '' : '?'}: ${typeOf(param)}`).join('; ');
    args.push({ name: 'query', type: `{ ${fields} }`, optional: !query.some((param) => param.required) });
  }
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name) => `\${segment(${name})}`);
  const url = query.length ? `withQuery(\`${path}\`, query)` : `\`${path}\``;
  return {
    name: op.operationId,
    generic: '',
    args,
    returns: op.response,
    doc: `${op.method.toUpperCase()} ${op.path}: ${op.summary}`.replaceAll('*/', '*\\/'),
    types: [...types],
    query,
    call: `transport(${literal(op.method.toUpperCase())}, ${url}${op.request ? ', body' : takesIdempotencyKey(op) ? ', undefined' : ''}${takesIdempotencyKey(op) ? ", 'keyed'" : ''})`,
  };
}

/** A row whose answer is a file: a media type of its own that is not JSON, nor a stream of events (the change feed). */
function answersFile(op) {
  return op.contentType !== undefined && !/[/+]json$/.test(op.contentType) && op.contentType !== 'text/event-stream';
}

/** A file-answering row: the JSON function's arguments and path, the transport asked for the file. */
function fileFunction(op, catalog) {
  const fn = tableFunction({ ...op, response: FILE_ANSWER }, catalog);
  const call = `${fn.call.slice(0, -1)}${op.request ? '' : ', undefined'}, 'file')`;
  return { ...fn, types: fn.types.filter((name) => name !== FILE_ANSWER), call };
}

/** A parameter's TypeScript type: the generated type a $ref names, else string unless its schema says otherwise. */
function parameterType(param, catalog) {
  if (param?.values === 'schema-names') return 'SchemaName';
  const schema = param?.schema;
  if (typeof schema?.$ref === 'string' && !schema.$ref.startsWith('#')) {
    const [id, pointer = ''] = operationRef(schema.$ref).split('#');
    const file = catalog.byId.get(id);
    const target = file && getPointer(file.schema, pointer);
    if (target !== undefined) return nameOf({ file, pointer }, target);
  }
  if (schema?.enum) return schema.enum.map(literal).join(' | ');
  if (schema?.type === 'integer' || schema?.type === 'number') return 'number';
  return 'string';
}
