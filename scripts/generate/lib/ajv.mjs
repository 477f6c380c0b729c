// The one place Ajv instances are made: draft 2020-12, strict, all errors, our vocabulary, and never $data.

import Ajv2020 from 'ajv/dist/2020.js';
import { addVocabulary } from '../keywords/index.mjs';

/** Options of the validators that settings and API payloads go through (browser and server). */
export const DOCUMENT_OPTIONS = {
  useDefaults: true, // `{}` validates into the full default document
  verbose: true, // errors carry parentSchema, where field-errors.js finds x-messages
};

/** Options of the environment validator: env values are strings, so coerce them. */
export const ENVIRONMENT_OPTIONS = { ...DOCUMENT_OPTIONS, coerceTypes: true };

export function createAjv(options = {}) {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    $data: false,
    removeAdditional: false,
    ...options,
    code: { source: true, esm: true, ...options.code },
  });
  return addVocabulary(ajv);
}
