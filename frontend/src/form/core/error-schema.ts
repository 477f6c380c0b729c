import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '@guildhall/generated/types';

/**
 * The server's fieldErrors (JSON Pointers into the request body) as RJSF's ErrorSchema, so each shows at its field.
 * `under` names where the form's data sits in the body (a settings save sends `{ version, settings }`); errors
 * elsewhere in the body have no field and are left to the banner.
 */
export function fieldErrorsToErrorSchema(fieldErrors: FieldError[], under = ''): ErrorSchema {
  const root: Record<string, any> = {};
  for (const { path: full, message } of fieldErrors) {
    if (full !== under && !full.startsWith(`${under}/`)) continue;
    const path = full.slice(under.length);
    const parts = path
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = root;
    for (const part of parts) node = node[part] ??= {};
    (node.__errors ??= []).push(message);
  }
  return root as ErrorSchema;
}
