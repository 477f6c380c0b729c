import { createParamDecorator, type ExecutionContext, HttpStatus, type PipeTransform } from '@nestjs/common';
import { validateWith } from '@guildhall/generated/field-errors';
import type { FieldError } from '@guildhall/generated/types';
import type { StandaloneValidator } from '@guildhall/generated/validators';
import { ApiError } from './api-error.js';
import type { HttpRequest } from './http-types.js';
import type { BodyErrorMessage } from './schema-body.pipe.js';

/** What a malformed parameter answers: 400 with fieldErrors (the default), or 404 where it names nothing there is. */
export type ParameterRefusal = HttpStatus.BAD_REQUEST | HttpStatus.NOT_FOUND;

/** The 400's `error` when it is the first field error's message (the schema's words). */
export const firstMessage = (fieldErrors: FieldError[]): string => fieldErrors[0]?.message ?? 'A parameter is not valid.';

/**
 * The one way path and query parameters are validated, as bodies are (schema-body.pipe.ts): with the generated
 * validator of the operation's parameters (schemas/operations.json, scripts/generate/derive-parameters.mjs), which reads
 * numbers from the text and fills defaults. A failure answers 400 with the route's `error` and `fieldErrors` at
 * `/<parameter>`, or 404 with the message alone.
 */
export function readParameters<T>(
  validate: StandaloneValidator<T>,
  parameters: Record<string, unknown>,
  error: BodyErrorMessage,
  refusal: ParameterRefusal = HttpStatus.BAD_REQUEST,
): T {
  const result = validateWith(validate, parameters);
  if (result.ok) return result.value;
  const message = typeof error === 'string' ? error : error(result.fieldErrors);
  if (refusal === HttpStatus.NOT_FOUND) throw new ApiError(HttpStatus.NOT_FOUND, message);
  throw ApiError.validation(result.fieldErrors, message);
}

export class SchemaParameters<T> implements PipeTransform<Record<string, unknown>, T> {
  constructor(
    private readonly validate: StandaloneValidator<T>,
    private readonly error: BodyErrorMessage,
    private readonly refusal: ParameterRefusal = HttpStatus.BAD_REQUEST,
  ) {}

  transform(parameters: Record<string, unknown>): T {
    return readParameters(this.validate, parameters, this.error, this.refusal);
  }
}

/** The request's path and query parameters as one object (the operation's parameter names are unique across both). */
const RequestParameters = createParamDecorator((_data: unknown, context: ExecutionContext): Record<string, unknown> => {
  const req = context.switchToHttp().getRequest<HttpRequest>();
  return { ...req.query, ...req.params };
});

/**
 * `@RouteParameters(validateListHistoryParameters, 'The history filter is not valid.') params: ListHistoryParameters`:
 * the route's path and query parameters, validated after the guards (a caller without access hears 401/403 first).
 */
export const RouteParameters = <T>(
  validate: StandaloneValidator<T>,
  error: BodyErrorMessage,
  refusal: ParameterRefusal = HttpStatus.BAD_REQUEST,
): ParameterDecorator => RequestParameters(new SchemaParameters(validate, error, refusal));
