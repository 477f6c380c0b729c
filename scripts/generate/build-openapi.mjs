// Step 6, build OpenAPI: the API as an OpenAPI 3.1 document (served at /api/openapi.json). components/schemas are
// our published schemas laid out once each (resolve.layOut), without x-ui/x-messages, plus per-section envelopes
// made from the sections table, so each settings path names its exact document type.

import { clone, omit } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';
import { layOut } from './resolve.mjs';

const REF = '#/components/schemas/';
const ref = (name) => ({ $ref: `${REF}${name}` });
const json = (schema) => ({ 'application/json': { schema } });

export const SESSION_COOKIE = 'guildhall.sid';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function buildOpenApi(catalog) {
  const published = catalog.files.filter((file) => file.published);
  const schemas = Object.fromEntries(Object.entries(layOut(catalog, published, REF)).map(([name, schema]) => [name, withoutHints(schema)]));
  const paths = {};

  paths['/api/login'] = {
    get: operation('auth', 'login', 'Start signing in with Discord (OAuth2: identify, email, guilds)', {
      security: [],
      responses: {
        302: {
          description: 'Redirect to Discord (or the Discord sandbox) to authorize',
          headers: { Location: { schema: { type: 'string' } } },
        },
      },
    }),
  };
  paths['/api/invite'] = {
    get: operation('public', 'inviteBot', "Add the bot to a server: redirect to Discord's bot authorization, asking for Administrator", {
      security: [],
      responses: {
        302: { description: 'Redirect to Discord to authorize the bot', headers: { Location: { schema: { type: 'string' } } } },
      },
    }),
  };
  paths['/api/callback'] = {
    get: operation('auth', 'loginCallback', 'Where Discord sends the browser back after authorizing', {
      security: [],
      parameters: [
        { name: 'code', in: 'query', schema: { type: 'string' } },
        { name: 'state', in: 'query', schema: { type: 'string' } },
      ],
      responses: {
        302: {
          description: 'Signed in: redirect to the page that asked for login (or /selector)',
          headers: { Location: { schema: { type: 'string' } } },
        },
        401: problem('Unauthorized'),
        502: problem('BadGateway'),
      },
    }),
  };
  paths['/api/logout'] = {
    get: operation('auth', 'logout', 'Sign out: ends the session', {
      responses: { 200: ok('Signed out', ref('SuccessResponse')), 401: problem('Unauthorized') },
    }),
  };
  paths['/api/user'] = {
    get: operation('auth', 'getUser', 'The signed-in user and their guilds', {
      responses: {
        200: ok('The user', ref('User')),
        401: problem('Unauthorized'),
        429: problem('TooManyRequests'),
        502: problem('BadGateway'),
      },
    }),
  };

  for (const section of catalog.sections) {
    const type = section.file.typeName;
    const response = `${type}Response`;
    const update = `${type}PutRequest`;
    schemas[response] = envelope(schemas.SettingsResponse, type, { section: { const: section.name } });
    schemas[update] = envelope(schemas.SettingsPutRequest, type);
    const name = type.replace(/Settings$/, '');
    paths[`/api/guild/{guildId}/settings/${section.name}`] = {
      parameters: [{ $ref: '#/components/parameters/GuildId' }],
      get: operation(
        'settings',
        `get${name}Settings`,
        `${section.title}: the guild's ${section.name} settings (defaults when never saved, version 0)`,
        {
          responses: {
            200: ok('The settings', ref(response)),
            ...guildProblems(),
          },
        },
      ),
      put: operation('settings', `put${name}Settings`, `${section.title}: save the guild's ${section.name} settings`, {
        description: `Replaces the whole document (missing fields take their defaults). \`version\` must be the version the edit was based on; a different stored version answers 409. Requires the ${XSRF_HEADER} header (the value of the XSRF-TOKEN cookie).`,
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

  // Everything else the API offers is a row of schemas/operations.json.
  for (const op of catalog.operations) {
    paths[op.path] ??= {};
    if (op.access === 'guild' && !paths[op.path].parameters) paths[op.path].parameters = [{ $ref: '#/components/parameters/GuildId' }];
    paths[op.path][op.method] = tableOperation(op);
  }

  paths['/api/schemas'] = {
    get: operation('schemas', 'listSchemas', 'The published schemas', {
      security: [],
      responses: { 200: ok('Names and URLs', ref('SchemaList')) },
    }),
  };
  paths['/api/schemas/{name}'] = {
    get: operation('schemas', 'getSchema', 'A published JSON Schema (draft 2020-12, self-contained)', {
      security: [],
      parameters: [
        {
          name: 'name',
          in: 'path',
          required: true,
          description: 'The schema name: a settings section (basic, moderation...) or a shared or API type.',
          schema: { enum: published.map((file) => file.name).sort() },
        },
      ],
      responses: {
        200: { description: 'The schema', content: { 'application/schema+json': { schema: { type: 'object' } } } },
        404: problem('NotFound'),
      },
    }),
  };
  paths['/api/openapi.json'] = {
    get: operation('schemas', 'getOpenApi', 'This document', {
      security: [],
      responses: { 200: ok('OpenAPI 3.1 document', { type: 'object' }) },
    }),
  };
  paths['/healthz'] = {
    get: operation('health', 'getHealth', 'Liveness: the process is up', {
      security: [],
      responses: { 200: ok('Up', ref('HealthStatus')) },
    }),
  };
  paths['/readyz'] = {
    get: operation('health', 'getReadiness', 'Readiness: storage answers', {
      security: [],
      responses: { 200: ok('Ready', ref('HealthStatus')), 503: { description: 'Not ready', content: json(ref('HealthStatus')) } },
    }),
  };

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
      { name: 'guild', description: 'Guild data from Discord' },
      { name: 'public', description: 'Public pages: the top-servers showcase, the contact form, the bot invite' },
      { name: 'schemas', description: 'Published schemas and this document' },
      { name: 'health', description: 'Liveness and readiness probes' },
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
      },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set after signing in' },
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

/** One row of the operations table as an OpenAPI operation: access decides security and the usual errors. */
function tableOperation(op) {
  const writes = STATE_CHANGING.has(op.method);
  const extraParams = [...op.path.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .filter((name) => !(op.access === 'guild' && name === 'guildId'))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const parameters = [...extraParams, ...(writes ? [{ $ref: '#/components/parameters/XsrfToken' }] : [])];
  const security = op.access === 'public' ? (writes ? [{ xsrf: [] }] : []) : [{ session: [], ...(writes ? { xsrf: [] } : {}) }];
  const accessErrors =
    op.access === 'guild'
      ? guildProblems()
      : op.access === 'session'
        ? { 401: problem('Unauthorized'), 429: problem('TooManyRequests') }
        : { 429: problem('TooManyRequests') };
  const names = {
    400: 'BadRequest',
    404: 'NotFound',
    409: 'Conflict',
    413: 'BadRequest',
    500: 'BadGateway',
    502: 'BadGateway',
    503: 'BadGateway',
  };
  const extraErrors = Object.fromEntries((op.errors ?? []).map((status) => [status, problem(names[status])]));
  if (writes) extraErrors[403] ??= problem('Forbidden');
  return operation(op.tag, op.operationId, op.summary, {
    ...(op.description ? { description: op.description } : {}),
    security,
    ...(parameters.length ? { parameters } : {}),
    ...(op.request ? { requestBody: { required: true, content: json(ref(op.request)) } } : {}),
    responses: { 200: ok(op.summary, ref(op.response)), ...accessErrors, ...extraErrors },
  });
}

function operation(tag, operationId, summary, rest) {
  return { tags: [tag], operationId, summary, ...rest };
}

const ok = (description, schema) => ({ description, content: json(schema) });
const problem = (name) => ({ $ref: `#/components/responses/${name}` });
const problemResponse = (description) => ({ description, content: json(ref('ApiError')) });
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
  return mapSchema(schema, (node) => omit(node, ['x-ui', 'x-messages']));
}
