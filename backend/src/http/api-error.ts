import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldError } from '@guildhall/generated/types';

/** The one error shape of every /api answer: { success: false, error, ...extra }. */
export class ApiError extends HttpException {
  constructor(status: number, error: string, extra: Record<string, unknown> = {}) {
    super({ success: false, error, ...extra }, status);
  }

  static validation(fieldErrors: FieldError[], error = 'Some settings are not valid.'): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, error, { fieldErrors });
  }
}
