// Turns Ajv errors into what people read: { path, message } with the schema's own words (x-messages), the same in
// the browser (RJSF: pass localizeErrors as createPrecompiledValidator's localizer) and on the server (the
// validation pipe: toFieldErrors, validateWith; validators.js's validateSection). Kept as a template in
// scripts/generate/templates/. It imports no validator: every page that checks anything loads it, and it must not
// bring the other sections' validators along.

const TYPE_WORDS = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

/** Readable messages for keywords whose schema has no x-messages entry. */
const GENERIC = {
  type: (v) =>
    `Must be ${String(v.type)
      .split(',')
      .map((t) => TYPE_WORDS[t] ?? t)
      .join(' or ')}`,
  minLength: (v) => (Number(v.limit) === 1 ? 'Cannot be empty' : `Must be at least ${v.limit} characters`),
  maxLength: (v) => `Must be at most ${v.limit} characters`,
  minimum: (v) => `Must be at least ${v.limit}`,
  maximum: (v) => `Must be at most ${v.limit}`,
  exclusiveMinimum: (v) => `Must be more than ${v.limit}`,
  exclusiveMaximum: (v) => `Must be less than ${v.limit}`,
  multipleOf: (v) => `Must be a multiple of ${v.multipleOf}`,
  pattern: () => 'Has an invalid format',
  format: (v) => `Must be a valid ${v.format}`,
  enum: (v) => `Must be one of: ${v.allowedValues}`,
  const: (v) => `Must be ${JSON.stringify(v.allowedValue)}`,
  required: (v) => `${v.name} is required`,
  additionalProperties: (v) => `Unknown field: ${v.name}`,
  dependentRequired: (v) => `${v.missingProperty} is required when ${v.property} is set`,
  propertyNames: (v) => `Invalid name: ${v.propertyName}`,
  minProperties: (v) => `Must have at least ${v.limit} entries`,
  maxProperties: (v) => `Must have at most ${v.limit} entries`,
  minItems: (v) => `Must have at least ${v.limit} items`,
  maxItems: (v) => `Must have at most ${v.limit} items`,
  uniqueItems: () => 'Must not contain the same item twice',
  anyOf: () => 'Does not match any allowed option',
  oneOf: () => 'Must match exactly one allowed option',
  not: () => 'Is not allowed',
  'false schema': () => 'Is not allowed',
};

/**
 * Limit keywords whose value a message may name as a placeholder ({maxLength}, {minimum}...), read from the schema the
 * error is about: "between {minimum} and {maximum}" says a range in one message for both keywords, where {limit} is
 * only the failing one's. The generator refuses a message that spells one of these numbers literally
 * (the list is scripts/generate/keywords/x-messages.mjs's, written in here by the generator).
 */
const LIMIT_KEYWORDS = /* written in by emit-modules.mjs */ [];

function limitsOf(schema) {
  const limits = {};
  if (schema && typeof schema === 'object')
    for (const key of LIMIT_KEYWORDS) if (typeof schema[key] === 'number') limits[key] = schema[key];
  return limits;
}

const escapeToken = (token) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON Pointer of the field an error is about: for required/additionalProperties, the named property. */
export function fieldPath(error) {
  const p = error.params ?? {};
  const child =
    error.keyword === 'required' || error.keyword === 'dependentRequired'
      ? p.missingProperty
      : error.keyword === 'additionalProperties'
        ? p.additionalProperty
        : error.keyword === 'propertyNames'
          ? p.propertyName
          : undefined;
  // Our keywords that judge one object by its parts (distinct-across, refers-to-item) name the part in fieldPointer.
  if (child === undefined && typeof p.fieldPointer === 'string') return `${error.instancePath}${p.fieldPointer}`;
  return child === undefined ? error.instancePath : `${error.instancePath}/${escapeToken(child)}`;
}

/** The message for one Ajv error: the schema's x-messages entry for the keyword (or "*"), else a generic one. */
export function messageFor(error) {
  const path = fieldPath(error);
  const vars = { ...limitsOf(error.parentSchema), ...error.params, name: lastToken(path), path };
  if (Array.isArray(vars.allowedValues)) vars.allowedValues = vars.allowedValues.join(', ');
  const messages = error.parentSchema?.['x-messages'];
  const template = messages?.[error.keyword] ?? messages?.['*'];
  if (template) return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (m, key) => (vars[key] === undefined ? m : String(vars[key])));
  return (GENERIC[error.keyword] ?? (() => 'Is invalid'))(vars);
}

/** Sets each error's `message` to messageFor(error). Fits RJSF's `localizer` parameter. */
export function localizeErrors(errors) {
  for (const error of errors ?? []) error.message = messageFor(error);
}

/** Ajv errors -> [{ path, message }], one entry per distinct field and message, in Ajv's order. */
export function toFieldErrors(errors) {
  const seen = new Set();
  const out = [];
  for (const error of errors ?? []) {
    // A failing if/then also reports `if` at the object ("must match then"): the `then` errors say what is wrong.
    if (error.keyword === 'if') continue;
    const entry = { path: fieldPath(error), message: messageFor(error) };
    const key = `${entry.path}\u0000${entry.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(entry);
    }
  }
  return out;
}

/**
 * Validates a deep copy of `data` (the caller's object is never changed): { ok: true, value } with defaults applied
 * (and, for the environment, types coerced), or { ok: false, fieldErrors }.
 */
export function validateWith(validate, data) {
  const value = copyData(data);
  if (validate(value)) return { ok: true, value };
  return { ok: false, fieldErrors: toFieldErrors(validate.errors) };
}

const isPlainObject = (value) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A deep copy of the plain objects and arrays in `data` (anything else, a Date say, is kept as it is), with an explicit
 * stack: structuredClone recurses, and a request body a few thousand arrays deep overflowed it. An object met twice
 * (shared, or in a cycle) is copied once, as structuredClone does.
 */
function copyData(data) {
  const holder = [data];
  const copies = new Map();
  const stack = [[holder, 0]];
  while (stack.length > 0) {
    const [parent, key] = stack.pop();
    const value = parent[key];
    if (value === null || typeof value !== 'object') continue;
    let copy = copies.get(value);
    if (copy === undefined) {
      if (Array.isArray(value)) copy = value.slice();
      else if (isPlainObject(value))
        copy = { ...value }; // spread defines own keys: a "__proto__" key stays a key
      else continue;
      copies.set(value, copy);
      for (const childKey of Object.keys(copy)) stack.push([copy, childKey]);
    }
    parent[key] = copy;
  }
  return holder[0];
}

function lastToken(path) {
  const token = path.slice(path.lastIndexOf('/') + 1);
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
