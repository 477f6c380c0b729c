import type { ErrorObject } from 'ajv';
import type { FieldError } from './types.js';
import type { StandaloneValidator } from './validator-runtime.js';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldError[] };

/** The JSON Pointer of the field an error is about (for required/additionalProperties: the named property). */
export declare function fieldPath(error: ErrorObject): string;
/** The schema's message for an error (x-messages), else a readable generic one. Needs errors made with `verbose`. */
export declare function messageFor(error: ErrorObject): string;
/** Sets each error's `message` from the schema; pass as RJSF's localizer. */
export declare function localizeErrors(errors?: ErrorObject[] | null): void;
/** Ajv errors -> [{ path, message }], deduplicated. */
export declare function toFieldErrors(errors?: readonly ErrorObject[] | null): FieldError[];
/** Validates a deep copy of `data`; the value has defaults applied. Never mutates `data`. */
export declare function validateWith<T>(validate: StandaloneValidator<T>, data: unknown): ValidationResult<T>;
