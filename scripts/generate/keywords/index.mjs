// Our vocabulary: every keyword our schemas may use beyond JSON Schema draft 2020-12, one file each.
// lib/ajv.mjs registers this list on every Ajv instance, so strict mode still rejects anything else (a typo).
//
// Adding a validation keyword (e.g. discord-embed-total: 6000 characters across the embeds of one message):
// one file exporting a keyword definition whose `code(cxt)` emits the check through Ajv's `_` template
// (standalone-compatible: the emitted code may only use its data and constants; a runtime helper must be a
// `gen.scopeValue(..., { ref, code })` with an importable `code`), then one entry in `validationKeywords`.
// Its message goes in the schema's x-messages under the keyword's name, like any other keyword.

import discordEmbedTotal from './discord-embed-total.mjs';
import distinctAcross from './distinct-across.mjs';
import maxPerValue from './max-per-value.mjs';
import notAbove from './not-above.mjs';
import refersToItem from './refers-to-item.mjs';
import timeZone from './time-zone.mjs';
import xAccess from './x-access.mjs';
import xImage, { IMAGE_MESSAGE_KEYS } from './x-image.mjs';
import xMessages from './x-messages.mjs';
import xReference, { REFERENCE_MESSAGE_KEYS } from './x-reference.mjs';
import xRefusals from './x-refusals.mjs';
import xSchedule, { SCHEDULE_MESSAGE_KEYS } from './x-schedule.mjs';
import xUi from './x-ui.mjs';

/** Keywords of ours that validate (they generate code). */
const validationKeywords = [discordEmbedTotal, distinctAcross, maxPerValue, notAbove, refersToItem, timeZone];

export const vocabulary = [
  xUi,
  xAccess,
  xReference,
  xImage,
  xSchedule,
  xMessages([
    ...validationKeywords.map((definition) => definition.keyword),
    ...REFERENCE_MESSAGE_KEYS,
    ...IMAGE_MESSAGE_KEYS,
    ...SCHEDULE_MESSAGE_KEYS,
  ]),
  xRefusals,
  ...validationKeywords,
];

export function addVocabulary(ajv) {
  for (const definition of vocabulary) ajv.addKeyword(definition);
  return ajv;
}
