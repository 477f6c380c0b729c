// `x-schedule`: on a schedule plan (common/schedule-plan.json), the rules the server applies to it beyond its shape:
// `graceMinutes` (a run the app could not post on time, because it was down, is still sent up to this late, else
// recorded as missed) and `previewRuns` (how many next runs the page shows). An annotation: it generates no
// validation code, since the checks need the server's clock, the guild's plan and a cron parser. The engine's write
// check (backend/src/references/, on every write path) and the plan preview refuse a plan whose cron expression does
// not parse, that runs more often than the guild's plan allows (plans catalog `minimumScheduleInterval`), that is
// once in the past, or that has no run before its end date; they say only the plan's x-messages (checkScheduleMessages).
import { isObject, SchemaError } from '../lib/json.mjs';
import { walkSchema } from '../lib/schema-walk.mjs';

export default {
  keyword: 'x-schedule',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['graceMinutes', 'previewRuns'],
    properties: {
      graceMinutes: { type: 'integer', minimum: 0, maximum: 1440 },
      previewRuns: { type: 'integer', minimum: 1, maximum: 20 },
    },
  },
};

/** The words a plan gives: `{reason}` (the cron parser's), `{planName}` `{allowed}` `{interval}`, `{timeZone}`. */
export const SCHEDULE_MESSAGE_KEYS = ['x-schedule-cron', 'x-schedule-interval', 'x-schedule-past', 'x-schedule-never'];

/** Refuses an `x-schedule` without all its words beside it. Run by index.mjs after load. */
export function checkScheduleMessages(files) {
  for (const file of files) {
    walkSchema(file.schema, (node, pointer) => {
      if (!isObject(node['x-schedule'])) return;
      const messages = isObject(node['x-messages']) ? node['x-messages'] : {};
      const missing = SCHEDULE_MESSAGE_KEYS.filter((key) => typeof messages[key] !== 'string');
      if (missing.length)
        throw new SchemaError(
          `${file.rel} at #${pointer}`,
          `a schedule plan needs x-messages ${missing.map((key) => `"${key}"`).join(' and ')} beside it: the write check and the preview say the schema's words, and no others`,
        );
    });
  }
}
