import { createSchemaUtils, hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { localizeErrors } from '@guildhall/generated/field-errors';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { validatorsById } from '@guildhall/generated/validators';

const validatorCache = new Map<string, ReturnType<typeof createPrecompiledValidator>>();

/**
 * Cross-field rules are written as if/then (e.g. "an enabled greeting needs a channel"). RJSF evaluates each `if` to
 * pick the schema it draws, and asks the validator map for a function by the subschema's hash. Our schemas use
 * if/then to validate, never to change a form's shape, so the form draws the base schema (`if` answers false) while
 * the compiled validator of the whole document still enforces the rule and reports it at its field.
 */
function conditionStubs(schema: unknown, out: Record<string, unknown> = {}): Record<string, unknown> {
  if (!schema || typeof schema !== 'object') return out;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default' || key === 'const' || key === 'enum' || key === 'x-ui' || key === 'x-messages') continue;
    if (key === 'if' && value && typeof value === 'object')
      out[hashForSchema(value as RJSFSchema)] = Object.assign(() => false, { errors: null });
    conditionStubs(value, out);
  }
  return out;
}

/** RJSF over the build-time validators: no Ajv compile in the browser, the schemas' own messages. */
export function validatorFor(section: string) {
  let v = validatorCache.get(section);
  if (!v) {
    const schema = publishedSchemas[section] as RJSFSchema;
    // RJSF rewrites a 2020-12 schema's $refs as absolute URLs before use; the validator must hold the same root, or
    // RJSF's root check fails as soon as it evaluates an `if`.
    const root = createSchemaUtils(undefined as never, schema).getRootSchema();
    v = createPrecompiledValidator({ ...conditionStubs(schema), ...validatorsById } as never, root, localizeErrors as never);
    validatorCache.set(section, v);
  }
  return v;
}
