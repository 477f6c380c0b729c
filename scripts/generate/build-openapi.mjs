// Step 6, build OpenAPI: the API as an OpenAPI 3.1 document (served at /api/openapi.json). components/schemas are
// our published schemas laid out once each (resolve.layOut), without x-ui/x-messages, plus per-section envelopes
// made from the sections table, so each settings path names its exact document type. The paths come from two tables
// and from nothing else: a GET and a PUT per row of schemas/sections.json, and one operation per row of
// schemas/operations.json (every other route, the health probes included).

import { operationRef } from './derive-parameters.mjs';
import { clone, getPointer, omit, SchemaError } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';
import { layOut, nameOf } from './resolve.mjs';

const REF = '#/components/schemas/';
const ref = (name) => ({ $ref: `${REF}${name}` });
const json = (schema) => ({ 'application/json': { schema } });

export const SESSION_COOKIE = 'guildhall.sid';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Whether a row of the operations table takes an Idempotency-Key: every POST, but those its row marks
 * `"idempotencyKey": false` (they only read, or are idempotent already). A collection's create and duplicate always do.
 * The OpenAPI document declares the header on exactly these (the server reads it there) and the client sends one.
 */
export const takesIdempotencyKey = (op) => op.method === 'post' && op.idempotencyKey !== false;
const IDEMPOTENCY_KEY = { $ref: '#/components/parameters/IdempotencyKey' };
const keyedAnswers = () => ({ 422: problem('IdempotencyKeyReused') });

/** The operationIds of a section's settings GET and PUT (the typed client names its functions the same). */
export function settingsOperationIds(section) {
  const name = section.file.typeName.replace(/Settings$/, '');
  return { get: `get${name}Settings`, put: `put${name}Settings` };
}

export function buildOpenApi(catalog) {
  const published = catalog.files.filter((file) => file.published);
  const schemas = Object.fromEntries(Object.entries(layOut(catalog, published, REF)).map(([name, schema]) => [name, withoutHints(schema)]));
  const paths = {};

  for (const section of catalog.sections) {
    const type = section.file.typeName;
    const response = `${type}Response`;
    const update = `${type}PutRequest`;
    schemas[response] = envelope(schemas.SettingsResponse, type, { section: { const: section.name } });
    schemas[update] = envelope(schemas.SettingsPutRequest, type);
    const ids = settingsOperationIds(section);
    paths[`/api/guild/{guildId}/settings/${section.name}`] = {
      parameters: [{ $ref: '#/components/parameters/GuildId' }],
      get: operation('settings', ids.get, `${section.title}: the guild's ${section.name} settings (defaults when never saved, version 0)`, {
        responses: {
          200: ok('The settings', ref(response)),
          ...guildProblems(),
        },
      }),
      put: operation('settings', ids.put, `${section.title}: save the guild's ${section.name} settings`, {
        description: `Replaces the whole document (missing fields take their defaults). \`version\` must be the version the edit was based on; a different stored version answers 409. Requires the ${XSRF_HEADER} header (the value of the XSRF-TOKEN cookie).${REFERENCES_NOTE}${levelsNote(section)}`,
        security: [{ session: [], xsrf: [] }],
        parameters: [{ $ref: '#/components/parameters/XsrfToken' }],
        requestBody: { required: true, content: json(ref(update)) },
        responses: {
          200: ok('Saved; the new document and version', ref(response)),
          400: problem('BadRequest'),
          ...guildProblems(),
          409: problem('Conflict'),
        },
      }),
    };
  }

  for (const collection of catalog.collections) collectionPaths(collection, schemas, paths);

  // Every other route is a row of schemas/operations.json.
  const schemaNames = published.map((file) => file.name).sort();
  for (const op of catalog.operations) {
    checkRow(op, schemas);
    paths[op.path] ??= {};
    if (op.access === 'guild' && !paths[op.path].parameters) paths[op.path].parameters = [{ $ref: '#/components/parameters/GuildId' }];
    if (paths[op.path][op.method]) throw new SchemaError(OPERATIONS_FILE, `${op.operationId}: ${op.method} ${op.path} is there twice`);
    paths[op.path][op.method] = tableOperation(op, schemaNames, catalog, schemas);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Guildhall API',
      version: '1.0.0',
      description:
        'The dashboard API of the Guildhall Discord bot. Answers are `{ success: true, ... }` or `{ success: false, error }` (ApiError); a validation failure adds `fieldErrors` ([{ path, message }], path a JSON Pointer into the settings document).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [
      { name: 'auth', description: 'Signing in and the current user' },
      { name: 'settings', description: 'A guild’s settings, one path per section (schemas/sections.json)' },
      {
        name: 'collections',
        description: 'A guild’s lists of items, one set of paths per collection (schemas/sections.json’s collections)',
      },
      { name: 'guild', description: 'Guild data from Discord' },
      { name: 'public', description: 'Public pages: the top-servers showcase, the contact form, the bot invite' },
      { name: 'schemas', description: 'Published schemas and this document' },
      { name: 'health', description: 'Liveness and readiness probes' },
      { name: 'tickets', description: 'Ticket transcripts: list, download, delete' },
      { name: 'bot', description: "The bot-facing API (/api/bot/v1): the bot's own credential, never a user session" },
    ],
    security: [{ session: [] }],
    paths,
    components: {
      schemas,
      parameters: {
        GuildId: { name: 'guildId', in: 'path', required: true, description: 'The guild (Discord server) id', schema: ref('Snowflake') },
        XsrfToken: {
          name: XSRF_HEADER,
          in: 'header',
          required: true,
          description: 'Anti-forgery token: the value of the XSRF-TOKEN cookie. Required on every PUT.',
          schema: { type: 'string', minLength: 1 },
        },
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: a key of your own (a UUID) per action, the same on each retry of it. Within 24 hours, a request with the same key and the same method, path and body (for the same user and guild) is not run again: it answers the first result (status and body) with the header `Idempotent-Replayed: true`; the same key with another body answers 422; while the first is still running, a retry waits for it (409 if it does not finish). Answers 2xx and 4xx are kept; a 5xx, 401, 403 or 429 is not, so a retry runs again. 1 to 255 visible ASCII characters, else 400.',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
        },
      },
      responses: {
        BadRequest: problemResponse('The body is invalid: `error` plus `fieldErrors` to show beside the fields'),
        Unauthorized: problemResponse('Not signed in'),
        Forbidden: problemResponse(
          'Signed in but not allowed (the body says why): owner, Administrator or Manage Server needed and the bot in the guild; or a PUT without a valid X-XSRF-TOKEN',
        ),
        NotFound: problemResponse('Unknown guild or object'),
        Conflict: problemResponse('The settings changed since they were loaded (the stored version differs): reload, then save again'),
        TooManyRequests: {
          ...problemResponse('Too many requests; retry after the given number of seconds'),
          headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 0 } } },
        },
        BadGateway: problemResponse('Discord failed; the body gives the reason'),
        IdempotencyKeyReused: problemResponse(
          `This ${IDEMPOTENCY_HEADER} was used within 24 hours for another request (another method, path or body): send a new key for a new action`,
        ),
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set after signing in' },
        bot: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: "The bot's own credential, `Bot <BOT_API_TOKEN>` (never a user session); operations under /api/bot/v1 only",
        },
        provider: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Razorpay-Signature',
          description:
            'The payment provider signs the raw body (HMAC-SHA256 with the webhook secret, hex); no session, no anti-forgery header',
        },
        xsrf: {
          type: 'apiKey',
          in: 'header',
          name: XSRF_HEADER,
          description: 'Anti-forgery header, required on PUT; echoes the XSRF-TOKEN cookie',
        },
      },
    },
  };
}

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const OPERATIONS_FILE = 'operations.json';
/** The shared ApiError answer (components/responses) that a bare status of a row's `errors` names. */
const PROBLEMS = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'BadRequest',
  429: 'TooManyRequests',
  500: 'BadGateway',
  502: 'BadGateway',
  503: 'BadGateway',
};

/**
 * One row of the operations table as an OpenAPI operation. Access decides the security requirement (and a guild
 * operation's {guildId}); every status other than 200/302 is listed by the row.
 */
function tableOperation(op, schemaNames, catalog, components) {
  const writes = STATE_CHANGING.has(op.method);
  // The bot is no browser: its credential is a header no other site can send, so it needs no anti-forgery token.
  const bot = op.access === 'bot';
  // The payment provider's webhook is signed over its body: no cookie authorises it, so nothing can be forged.
  const provider = op.access === 'provider';
  const parameters = [
    ...(op.parameters ?? []).map((param) => parameter(param, schemaNames, catalog, components)),
    ...(writes && !bot && !provider ? [{ $ref: '#/components/parameters/XsrfToken' }] : []),
    ...(takesIdempotencyKey(op) ? [IDEMPOTENCY_KEY] : []),
  ];
  const security = bot
    ? [{ bot: [] }]
    : provider
      ? [{ provider: [] }]
      : op.access === 'public'
        ? writes
          ? [{ xsrf: [] }]
          : []
        : [{ session: [], ...(writes ? { xsrf: [] } : {}) }];
  const answer = op.redirect
    ? { 302: { description: op.redirect, headers: { Location: { schema: { type: 'string' } } } } }
    : {
        200: {
          description: op.responseDescription ?? op.summary,
          content: { [op.contentType ?? 'application/json']: { schema: op.response ? ref(op.response) : op.responseSchema } },
        },
      };
  const errors = Object.fromEntries(
    (op.errors ?? []).map((error) =>
      typeof error === 'number'
        ? [error, problem(PROBLEMS[error])]
        : [error.status, { description: error.description, ...(error.response ? { content: json(ref(error.response)) } : {}) }],
    ),
  );
  return operation(op.tag, op.operationId, op.summary, {
    ...(op.description ? { description: op.description } : {}),
    // Dashboard Access: what the route reads or acts on (the access guard reads it here, backend/src/guild/).
    ...(op.subject ? { 'x-guildhall-subject': op.subject } : {}),
    security,
    ...(parameters.length ? { parameters } : {}),
    ...(op.request ? { requestBody: { required: true, content: json(ref(op.request)) } } : {}),
    responses: { ...answer, ...errors, ...(takesIdempotencyKey(op) ? keyedAnswers() : {}) },
  });
}

function parameter({ name, in: where, description, schema, values, required }, schemaNames, catalog, components) {
  return {
    name,
    in: where,
    ...(where === 'path' || required ? { required: true } : {}),
    ...(description ? { description } : {}),
    schema: values === 'schema-names' ? { enum: schemaNames } : schema ? parameterSchema(schema, catalog, components) : { type: 'string' },
  };
}

/** A parameter's schema as OpenAPI shows it: its $refs to shared pieces name their component, and no messages. */
function parameterSchema(schema, catalog, components) {
  return mapSchema(schema, (node) => {
    const rest = omit(node, ['x-ui', 'x-messages']);
    if (typeof rest.$ref !== 'string' || rest.$ref.startsWith('#')) return rest;
    const [id, pointer = ''] = operationRef(rest.$ref).split('#');
    const file = catalog.byId.get(id);
    const target = file?.published ? getPointer(file.schema, pointer) : undefined;
    const name = target === undefined ? undefined : nameOf({ file, pointer }, target);
    if (!name || !components[name]) throw new SchemaError(OPERATIONS_FILE, `a parameter's $ref ${rest.$ref} names no published schema`);
    return { ...rest, ...ref(name) };
  });
}

/** What the table's schema cannot say: path parameters are declared, types exist, statuses are not repeated. */
function checkRow(op, schemas) {
  const fail = (message) => {
    throw new SchemaError(OPERATIONS_FILE, `${op.operationId}: ${message}`);
  };
  const answers = ['redirect', 'response', 'responseSchema'].filter((key) => op[key] !== undefined);
  if (answers.length !== 1) fail(`needs exactly one of redirect, response, responseSchema (has ${answers.join(', ') || 'none'})`);
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const declared = (op.parameters ?? []).filter((param) => param.in === 'path').map((param) => param.name);
  if (op.access === 'guild' && !inPath.includes('guildId')) fail('a guild operation has {guildId} in its path');
  const expected = inPath.filter((name) => !(op.access === 'guild' && name === 'guildId'));
  if (expected.join() !== declared.join()) fail(`path parameters {${expected.join('}, {')}} must be declared in order, as "in": "path"`);
  for (const error of op.errors ?? []) {
    if (typeof error === 'object' && error.response && !schemas[error.response]) fail(`no published schema for ${error.response}`);
  }
  const statuses = (op.errors ?? []).map((error) => (typeof error === 'number' ? error : error.status));
  if (new Set(statuses).size !== statuses.length) fail('a status is listed twice');
}

/** The operationIds of a collection's routes (the typed client names its functions the same). */
export function collectionOperationIds(collection) {
  const one = collection.file.typeName;
  const name = one.replace(/^./, (c) => c.toUpperCase());
  return {
    list: `list${name}s`,
    create: `create${name}`,
    get: `get${name}`,
    put: `put${name}`,
    delete: `delete${name}`,
    duplicate: `duplicate${name}`,
  };
}

/** The generic collections API of one row of the sections table's `collections`, with envelopes around its item type. */
function collectionPaths(collection, schemas, paths) {
  const type = collection.file.typeName;
  const base = `/api/guild/{guildId}/collections/${collection.name}`;
  const ids = collectionOperationIds(collection);
  const version = {
    type: 'integer',
    minimum: 1,
    maximum: 2147483646,
    description: "The item's optimistic-concurrency version: 1 when created, +1 on each save.",
  };
  const itemId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
  const success = { type: 'boolean', const: true };
  schemas[`${type}Entry`] = {
    title: `${type} entry`,
    type: 'object',
    additionalProperties: false,
    required: ['id', 'version', 'item'],
    properties: { id: itemId, version, item: ref(type) },
  };
  schemas[`${type}Response`] = {
    title: `${type} response`,
    type: 'object',
    required: ['success', 'id', 'version', 'item'],
    properties: { success, id: itemId, version, item: ref(type) },
  };
  schemas[`${type}ListResponse`] = {
    title: `${type} list response`,
    type: 'object',
    required: [
      'success',
      'items',
      'cap',
      ...(collection.planLimit ? ['planLimit'] : []),
      ...(collection.premiumFeature ? ['premium'] : []),
    ],
    properties: {
      success,
      items: { type: 'array', items: ref(`${type}Entry`), description: 'Oldest first.' },
      cap: { type: 'integer', minimum: 1, description: "The most items a guild may hold (the collection row's itemCap)." },
      grant: {
        ...ref('GrantLevel'),
        description:
          'A caller who does not manage the guild: the level their Dashboard Access grants give this collection (read: the page shows the items read-only). Absent for managers.',
      },
      ...(collection.planLimit
        ? {
            planLimit: {
              ...ref('PlanLimitStatus'),
              description: `The guild's plan's limit of ${collection.planLimit} and the plan that allows more.`,
            },
          }
        : {}),
      ...(collection.premiumFeature
        ? {
            premium: {
              type: 'boolean',
              description: `Whether the guild has an active paid plan: without one, ${collection.premiumFeature} items are listed but not created, changed or duplicated (403).`,
            },
          }
        : {}),
    },
  };
  schemas[`${type}CreateRequest`] = {
    title: `${type} create request`,
    type: 'object',
    additionalProperties: false,
    required: ['item'],
    properties: { item: ref(type) },
  };
  schemas[`${type}UpdateRequest`] = {
    title: `${type} update request`,
    type: 'object',
    additionalProperties: false,
    required: ['version', 'item'],
    properties: { version, item: ref(type) },
  };
  const owned = collection.file.schema.properties ?? {};
  const serverOwned = Object.keys(owned).filter((key) => owned[key].readOnly === true);
  const ownedNote = serverOwned.length ? ` ${serverOwned.join(', ')}: server-owned (readOnly); a client's values are ignored.` : '';
  // A create and a duplicate make a new item each time: they take an Idempotency-Key (a PUT and a DELETE are idempotent).
  const write = (id, summary, description, extra, keyed = false) =>
    operation('collections', id, summary, {
      description: `${description} Requires the ${XSRF_HEADER} header (the value of the XSRF-TOKEN cookie).`,
      security: [{ session: [], xsrf: [] }],
      parameters: [{ $ref: '#/components/parameters/XsrfToken' }, ...(keyed ? [IDEMPOTENCY_KEY] : [])],
      ...extra,
      ...(keyed ? { responses: { ...extra.responses, ...keyedAnswers() } } : {}),
    });
  const itemParam = { name: 'itemId', in: 'path', required: true, schema: itemId };
  paths[base] = {
    parameters: [{ $ref: '#/components/parameters/GuildId' }],
    get: operation('collections', ids.list, `${collection.title}: the guild's ${collection.name}, oldest first`, {
      responses: { 200: ok('The items and the cap', ref(`${type}ListResponse`)), ...guildProblems() },
    }),
    post: write(
      ids.create,
      `${collection.title}: create one`,
      `Missing fields take their defaults.${ownedNote}${REFERENCES_NOTE} A guild holds at most ${collection.itemCap}; one more answers 409.${planNote(collection)}`,
      {
        requestBody: { required: true, content: json(ref(`${type}CreateRequest`)) },
        responses: {
          201: ok('Created, at version 1', ref(`${type}Response`)),
          400: problem('BadRequest'),
          ...guildProblems(),
          409: problem('Conflict'),
        },
      },
      true,
    ),
  };
  paths[`${base}/{itemId}`] = {
    parameters: [{ $ref: '#/components/parameters/GuildId' }, itemParam],
    get: operation('collections', ids.get, `${collection.title}: one item`, {
      responses: { 200: ok('The item', ref(`${type}Response`)), ...guildProblems() },
    }),
    put: write(
      ids.put,
      `${collection.title}: save one`,
      `Replaces the item (missing fields take their defaults). \`version\` must be the version the edit was based on; another stored version answers 409 with the current item.${ownedNote}${REFERENCES_NOTE}`,
      {
        requestBody: { required: true, content: json(ref(`${type}UpdateRequest`)) },
        responses: {
          200: ok('Saved; the item at its new version', ref(`${type}Response`)),
          400: problem('BadRequest'),
          ...guildProblems(),
          409: problem('Conflict'),
        },
      },
    ),
    delete: write(ids.delete, `${collection.title}: delete one`, 'Deletes the item.', {
      responses: { 200: ok('Deleted', ref('SuccessResponse')), ...guildProblems() },
    }),
  };
  paths[`${base}/{itemId}/duplicate`] = {
    parameters: [{ $ref: '#/components/parameters/GuildId' }, itemParam],
    post: write(
      ids.duplicate,
      `${collection.title}: duplicate one`,
      `A copy with a new id, its ${collection.duplicate.titleProperty} "${collection.duplicate.title}", and the server-owned properties afresh. Beyond the cap, 409.`,
      {
        responses: { 201: ok('The copy, at version 1', ref(`${type}Response`)), ...guildProblems(), 409: problem('Conflict') },
      },
      true,
    ),
  };
}

/** Said of every write of a document: the engine's reference check (backend/src/references/). */
const REFERENCES_NOTE =
  " Every channel and role id the schema marks with x-reference must be one of the guild's, of a channel type the field takes (an id already stored at the same place is not asked again): else 400 at the field.";

function operation(tag, operationId, summary, rest) {
  return { tags: [tag], operationId, summary, ...rest };
}

const ok = (description, schema) => ({ description, content: json(schema) });
const problem = (name) => ({ $ref: `#/components/responses/${name}` });
const problemResponse = (description) => ({ description, content: json(ref('ApiError')) });
/** What a collection's plan limit and premium feature add to its create's description. */
function planNote(collection) {
  const limit = collection.planLimit
    ? ` Its plan allows fewer (the plan catalog's ${collection.planLimit} row; the free tier's are those of freeTier.limitsOf): one more answers 403 with planLimit naming the plan that allows more.`
    : '';
  const premium = collection.premiumFeature
    ? ` ${collection.premiumFeature} is a premium feature: without an active paid plan, creating, changing and duplicating answer 403.`
    : '';
  return limit + premium;
}

/** A section with access levels says how its PUT is judged (its GET's `access` says what the caller may do). */
function levelsNote(section) {
  if (!section.access) return '';
  const levels = section.access.levels.map((level) => level.label).join(' > ');
  return ` Access levels (${levels}): each top-level property is compared with the stored document, and a change to one whose x-access capability the caller lacks answers 403 with that capability's message and the field; unchanged values need no capability; a level that may change nothing may not save.`;
}

const guildProblems = () => ({
  401: problem('Unauthorized'),
  403: problem('Forbidden'),
  404: problem('NotFound'),
  429: problem('TooManyRequests'),
  502: problem('BadGateway'),
});

/** A settings envelope (SettingsResponse or SettingsPutRequest) narrowed to one section's document type. */
function envelope(generic, type, overrides = {}) {
  const schema = clone(generic);
  schema.title = `${generic.title} (${type})`;
  schema.properties = { ...schema.properties, ...overrides, settings: ref(type) };
  return schema;
}

/** OpenAPI readers do not need our form hints and messages. */
function withoutHints(schema) {
  return mapSchema(schema, (node) => omit(node, ['x-ui', 'x-messages', 'x-refusals']));
}
