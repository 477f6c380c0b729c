import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { localizeErrors } from '@guildhall/generated/field-errors';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { conditionsByHash, validatorsById } from '@guildhall/generated/validators';

const validatorCache = new Map<string, ReturnType<typeof createPrecompiledValidator>>();

/**
 * RJSF over the build-time validators: no Ajv compile in the browser, the schemas' own messages. Cross-field rules
 * are written as if/then (e.g. "an enabled greeting needs a channel"); RJSF evaluates each `if` to choose the schema it
 * draws and finds its validator by the subschema's hash, which the generator precompiled (`conditionsByHash`), so an
 * enabled greeting draws its `then` branch (the channel required).
 */
export function validatorFor(section: string) {
  let v = validatorCache.get(section);
  if (!v) {
    const schema = publishedSchemas[section] as RJSFSchema;
    // RJSF rewrites a 2020-12 schema's $refs as absolute URLs before use; the validator must hold the same root, or
    // RJSF's root check fails as soon as it evaluates an `if`. The generator hashed the conditions of this same root.
    const root = createSchemaUtils(undefined as never, schema).getRootSchema();
    v = createPrecompiledValidator({ ...conditionsByHash, ...validatorsById } as never, root, localizeErrors as never);
    validatorCache.set(section, v);
  }
  return v;
}
