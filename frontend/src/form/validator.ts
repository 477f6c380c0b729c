import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { localizeErrors } from '@guildhall/generated/field-errors';
import type { StandaloneValidator } from '@guildhall/generated/validator-runtime';

/** What RJSF validates a form with: a published schema, its precompiled validator and its if-conditions by hash. */
export interface FormDefinition {
  readonly schemaId: string;
  readonly schema: { readonly [keyword: string]: unknown };
  readonly validate: StandaloneValidator<unknown>;
  readonly conditions: { readonly [hash: string]: StandaloneValidator<unknown> };
}

const validatorCache = new WeakMap<FormDefinition, ReturnType<typeof createPrecompiledValidator>>();

/**
 * RJSF over the build-time validators: no Ajv compile in the browser, the schemas' own messages. Cross-field rules
 * are written as if/then (e.g. "an enabled greeting needs a channel"); RJSF evaluates each `if` to choose the schema it
 * draws and finds its validator by the subschema's hash, which the generator precompiled into the section's module
 * (`conditions`), so an enabled greeting draws its `then` branch (the channel required). RJSF finds the document's own
 * validator by the schema's $id: the map holds this form's validators and no other.
 */
export function validatorFor(form: FormDefinition) {
  let v = validatorCache.get(form);
  if (!v) {
    // RJSF rewrites a 2020-12 schema's $refs as absolute URLs before use; the validator must hold the same root, or
    // RJSF's root check fails as soon as it evaluates an `if`. The generator hashed the conditions of this same root.
    const root = createSchemaUtils(undefined as never, form.schema as RJSFSchema).getRootSchema();
    v = createPrecompiledValidator({ ...form.conditions, [form.schemaId]: form.validate } as never, root, localizeErrors as never);
    validatorCache.set(form, v);
  }
  return v;
}
