// Step 1d, Discord id runs: many schemas spell a Discord id inline (`^[0-9]{17,20}$`, or `^([0-9]{17,20})?$` for an
// optional one) rather than `$ref` common/snowflake.json, because they need their own `x-messages` or form. Each such
// copy must spell the snowflake's digit run exactly, read from snowflake.json, so a copy cannot drift from it. One other
// run is a product rule: AntiNuke's user ids are 17 to 19 digits, declared once at USER_ID_RULE and nowhere else (the
// backend and the user-list widget read it from there). Run by load.mjs on every file, the operations' derived
// parameter schemas included; a pattern that strays exits 2 naming the file and the place.

import { escapePointerToken, SchemaError } from './lib/json.mjs';
import { walkSchema } from './lib/schema-walk.mjs';

const SNOWFLAKE_FILE = 'common/snowflake.json';
/** The one place the AntiNuke user-id run (17 to 19 digits) is spelled. */
export const USER_ID_RULE = { rel: 'settings/antinuke.json', pointer: '/$defs/userList/items' };
/** A digit run of a Discord id as a regular expression spells it: `[0-9]{17,20}`, `\d{17,}`... */
const DISCORD_ID_RUN = /(?:\[0-9\]|\\d)\{17,\d*\}/g;

const runsOf = (pattern) => pattern.match(DISCORD_ID_RUN) ?? [];

/** Every regular expression of a schema (`pattern`, and `patternProperties`' names), with its JSON Pointer. */
function patternsOf(schema) {
  const found = [];
  walkSchema(schema, (node, pointer) => {
    if (typeof node.pattern === 'string') found.push({ at: pointer, pointer: `${pointer}/pattern`, pattern: node.pattern });
    if (node.patternProperties && typeof node.patternProperties === 'object') {
      for (const name of Object.keys(node.patternProperties)) {
        found.push({ at: pointer, pointer: `${pointer}/patternProperties/${escapePointerToken(name)}`, pattern: name });
      }
    }
  });
  return found;
}

/** Throws a SchemaError naming the file and place of a Discord id run that is neither the snowflake's nor the user-id rule's. */
export function checkDiscordIds(files) {
  const byRel = (rel) => files.find((file) => file.rel === rel);
  const snowflakeRuns = runsOf(String(byRel(SNOWFLAKE_FILE)?.schema.pattern ?? ''));
  if (snowflakeRuns.length !== 1) {
    throw new SchemaError(
      SNOWFLAKE_FILE,
      'its pattern must spell one digit run of a Discord id (digits counted from 17 up): the copies are checked against it',
    );
  }
  const snowflake = snowflakeRuns[0];
  let rule;
  walkSchema(byRel(USER_ID_RULE.rel)?.schema ?? {}, (node, pointer) => {
    if (pointer === USER_ID_RULE.pointer) rule = node;
  });
  const ruleRuns = typeof rule?.pattern === 'string' ? runsOf(rule.pattern) : [];
  if (ruleRuns.length !== 1) {
    throw new SchemaError(
      `${USER_ID_RULE.rel} at #${USER_ID_RULE.pointer}`,
      'the AntiNuke user id (17 to 19 digits) is declared here, as a pattern with one digit run (scripts/generate/discord-ids.mjs names the place)',
    );
  }
  for (const file of files) {
    for (const { at, pointer, pattern } of patternsOf(file.schema)) {
      if (file.rel === USER_ID_RULE.rel && at === USER_ID_RULE.pointer && pattern === rule.pattern) continue;
      const stray = runsOf(pattern).find((run) => run !== snowflake);
      if (stray === undefined) continue;
      throw new SchemaError(
        `${file.rel} at #${pointer}`,
        `"${stray}" is not the Discord id run of ${SNOWFLAKE_FILE} ("${snowflake}"): spell it exactly or $ref it; AntiNuke's user id ("${ruleRuns[0]}") is declared once, at ${USER_ID_RULE.rel}#${USER_ID_RULE.pointer}`,
      );
    }
  }
}
