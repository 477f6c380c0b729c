// The browser's half of the shared limits table (tests/fixtures/embed-limits.ts; the server's half posts the same
// cases in backend/test/embeds.test.ts): each message through the validator the forms use (validatorFor, RJSF over the
// generated standalone code) gets the table's verdict, at the table's field, with the schema's own words.
import { messageCharacters } from '@guildhall/common/embed-message';
import { EMBED_TOTAL_LIMIT } from '@guildhall/generated/limits';
import { toFieldErrors } from '@guildhall/generated/field-errors';
import messageFile from '@guildhall/generated/schema.discord-message.json';
import { validateDiscordMessage } from '@guildhall/generated/validators/discord-message.js';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { EMBED_LIMIT_CASES } from '../../tests/fixtures/embed-limits';
import { validatorFor } from '../src/form/validator';

/** RJSF names a field `.embeds.0.title`; the server's fieldErrors say `/embeds/0/title`. */
const pointer = (property: string | undefined) => (property ?? '').replace(/\./g, '/');

describe('Discord message limits in the browser (the shared table)', () => {
  // The message's schema and validator as the embed builder imports them, through the form engine's validator.
  const validator = validatorFor({
    schemaId: messageFile.schema.$id,
    schema: messageFile.schema,
    validate: validateDiscordMessage,
    conditions: {},
  });
  // The root as RJSF holds it (refs made absolute), which is what a form hands its validator.
  const schema = createSchemaUtils(undefined as never, messageFile.schema as RJSFSchema).getRootSchema();

  it.each(EMBED_LIMIT_CASES)('$name', ({ message, error }) => {
    const { errors } = validator.validateFormData(structuredClone(message), schema);
    if (error === null) {
      expect(errors).toEqual([]);
    } else {
      expect(errors.map((e) => pointer(e.property))).toContain(error);
      expect(errors.every((e) => typeof e.message === 'string' && e.message !== '')).toBe(true);
    }
  });

  it('says the 6000 total at the embeds list, with the count and the limit from the schema', () => {
    const over = EMBED_LIMIT_CASES.find((c) => c.name.startsWith('total 6001 over two'))!;
    validateDiscordMessage(structuredClone(over.message));
    expect(toFieldErrors(validateDiscordMessage.errors)).toEqual([
      { path: '/embeds', message: `The embeds hold 6001 characters together; Discord allows at most ${EMBED_TOTAL_LIMIT} in one message` },
    ]);
  });

  it("counts exactly what common's messageCharacters counts (the builder's counter), on every case of the table", () => {
    for (const { message } of EMBED_LIMIT_CASES) {
      validateDiscordMessage(structuredClone(message));
      const totalError = (validateDiscordMessage.errors ?? []).some((e) => e.keyword === 'discord-embed-total');
      expect(totalError, JSON.stringify(message).slice(0, 80)).toBe(messageCharacters(message.embeds) > EMBED_TOTAL_LIMIT);
    }
  });
});
