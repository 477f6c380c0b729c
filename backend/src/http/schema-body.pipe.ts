import type { PipeTransform } from '@nestjs/common';
import { validateWith } from '@guildhall/generated/field-errors';
import type { FieldError } from '@guildhall/generated/types';
import type { StandaloneValidator } from '@guildhall/generated/validators';
import { ApiError } from './api-error.js';

/** The 400's `error`: a sentence of the route's own, or one made from the field errors (e.g. the first one's message). */
export type BodyErrorMessage = string | ((fieldErrors: FieldError[]) => string);

/**
 * The one way a request body is validated: `@Body(new SchemaBody(validateContactMessage, '...')) body: ContactMessage`.
 * The generated validator checks a copy of the body (defaults applied, the request untouched); a failure answers 400
 * with the route's `error` and `fieldErrors: [{ path, message }]` for the form. A missing body is an empty object,
 * so its required fields are named.
 */
export class SchemaBody<T> implements PipeTransform<unknown, T> {
  constructor(
    private readonly validate: StandaloneValidator<T>,
    private readonly error: BodyErrorMessage,
  ) {}

  transform(body: unknown): T {
    const result = validateWith(this.validate, body ?? {});
    if (result.ok) return result.value;
    throw ApiError.validation(result.fieldErrors, typeof this.error === 'string' ? this.error : this.error(result.fieldErrors));
  }
}
