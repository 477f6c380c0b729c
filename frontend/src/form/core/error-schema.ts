import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '@guildhall/generated/types';

/** The server's fieldErrors (JSON Pointer paths) as RJSF's ErrorSchema, so each shows at its field. */
export function fieldErrorsToErrorSchema(fieldErrors: FieldError[]): ErrorSchema {
  const root: Record<string, any> = {};
  for (const { path, message } of fieldErrors) {
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
