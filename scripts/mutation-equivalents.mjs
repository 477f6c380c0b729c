// Surviving mutants that no behaviour can tell apart from the code (issue 34), each with why. `npm run test:mutation`
// prints a survivor that matches an entry as "equivalent" with its reason instead of "survived"; the score stays
// Stryker's (they count as survivors), and a second figure leaves them out. An entry matches by file, mutator, the
// original code and the replacement (not by line, which moves), so a change to that code makes it a survivor again.
export const EQUIVALENTS = [
  {
    file: 'common/src/permissions.ts',
    mutator: 'StringLiteral',
    original: "'0'",
    replacement: '""',
    why: "BigInt('') is 0n, as BigInt('0') is: a guild listed without permissions grants nothing either way.",
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'ConditionalExpression',
    original: '!user',
    replacement: 'false',
    why: 'req.user stays undefined either way; the session id set with it is only read where req.user is set (csrf.ts).',
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'ConditionalExpression',
    original: 'known !== undefined',
    replacement: 'false',
    why: 'Skips the cache of verified cookies: the HMAC is computed again and gives the same answer (only CPU differs).',
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'ConditionalExpression',
    original: 'dot < 2',
    replacement: 'false',
    why: "Without a dot the whole value is compared with a 43-character base64 HMAC, which it can never equal (it holds ':').",
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'EqualityOperator',
    original: 'dot < 2',
    replacement: 'dot <= 2',
    why: "A dot right after 's:' names the empty session id, which signs nobody in and ends nothing either way.",
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'Regex',
    original: '/=+$/',
    replacement: '/=$/',
    why: "A 32-byte HMAC in base64 ends in exactly one '=': removing one or all is the same.",
  },
  {
    file: 'backend/src/guild/access-levels.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    why: 'The granted set is only asked about the capabilities the section names; a made-up one changes no answer.',
  },
  {
    file: 'backend/src/guild/guild-access.guard.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    why: 'Every guarded route has :guildId; and a missing one fails the snowflake check (404) whichever string stands in.',
  },
  {
    file: 'backend/src/guild/guild-access.guard.ts',
    mutator: 'BooleanLiteral',
    original: '!marked',
    replacement: 'marked',
    why: "Both collections' rows name manage-guild, the guild policy: either reading applies the same rule (until a collection names another).",
  },
  {
    file: 'backend/src/guild/guild-access.service.ts',
    mutator: 'StringLiteral',
    original: "'0'",
    replacement: '""',
    why: "Discord always sends permissions in a user's guild list (required in its schema): the fallback is never read.",
  },
  {
    file: 'backend/src/history/history.service.ts',
    mutator: 'ConditionalExpression',
    original: 'query.userId !== undefined',
    replacement: 'true',
    why: 'The storage port reads an undefined userId as no filter (storage.port.ts HistoryFilter), as when it is left out.',
  },
  {
    file: 'backend/src/history/history.service.ts',
    mutator: 'ConditionalExpression',
    original: 'query.before !== undefined',
    replacement: 'true',
    why: 'The storage port reads an undefined before as no cursor, as when it is left out.',
  },
  {
    file: 'backend/src/history/history.service.ts',
    mutator: 'ArrowFunction',
    original: '() => null',
    replacement: '() => undefined',
    why: 'Either way the missing item is falsy and answered the same 400.',
  },
  {
    file: 'backend/src/history/history.service.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    why: 'Every operation of a stored patch names a field (a path with a first token); the fallback is never read.',
  },
  {
    file: 'backend/src/history/history.service.ts',
    mutator: 'ConditionalExpression',
    original: 'stored.guildId === guildId',
    replacement: 'true',
    why: 'An entry names an item of its own guild: item ids are unique per collection, and a copy to another guild gets a new one.',
  },
  {
    file: 'backend/src/history/history.service.ts',
    mutator: 'ConditionalExpression',
    original: 'value === undefined',
    replacement: 'false',
    why: 'A key holding undefined is left out of the JSON answer, as a key not written is.',
  },
  {
    file: 'backend/src/bot-api/change-feed.service.ts',
    mutator: 'ConditionalExpression',
    original: '!client.guilds || client.guilds.has(event.guildId)',
    replacement: 'true',
    why: "A backlog is read with the client's guilds (history.since(cursor, page, guildIds)): no other guild's entry reaches this check.",
  },
  {
    file: 'backend/src/bot-api/change-feed.service.ts',
    mutator: 'ConditionalExpression',
    original: '!c.guilds || c.guilds.has(entry.guildId)',
    replacement: 'true',
    why: 'Only decides whether an event is built at all; deliver() still sends each client its own guilds only.',
  },
  {
    file: 'backend/src/bot-api/change-feed.service.ts',
    mutator: 'ConditionalExpression',
    original: '++sent % FANOUT_BATCH === 0',
    replacement: 'true',
    why: 'When the fan-out lets the event loop go, not what any client is sent.',
  },
  {
    file: 'backend/src/bot-api/change-feed.service.ts',
    mutator: 'ConditionalExpression',
    original: '++sent % FANOUT_BATCH === 0',
    replacement: 'false',
    why: 'When the fan-out lets the event loop go, not what any client is sent.',
  },
  {
    file: 'backend/src/bot-api/change-feed.service.ts',
    mutator: 'EqualityOperator',
    original: '++sent % FANOUT_BATCH === 0',
    replacement: '++sent % FANOUT_BATCH !== 0',
    why: 'When the fan-out lets the event loop go, not what any client is sent.',
  },
  {
    file: 'backend/src/http/csrf.ts',
    mutator: 'ConditionalExpression',
    original: 'known.get(token) === sid',
    replacement: 'false',
    why: 'Skips the cache of verified tokens: the HMAC is computed again and gives the same answer (only CPU differs).',
  },
  {
    file: 'backend/src/http/csrf.ts',
    mutator: 'EqualityOperator',
    original: 'known.size >= 10_000',
    replacement: 'known.size > 10_000',
    why: 'The cache of verified tokens is cleared one entry later: answers are the same.',
  },
  {
    file: 'backend/src/http/csrf.ts',
    mutator: 'EqualityOperator',
    original: 'known.size >= 10_000',
    replacement: 'known.size < 10_000',
    why: 'The cache of verified tokens is cleared at every check: each token is verified again, with the same answer.',
  },
  {
    file: 'backend/src/http/csrf.ts',
    mutator: 'ConditionalExpression',
    original: "req.method === 'POST'",
    replacement: 'true',
    why: 'The webhook route is POST only: another method on its path matches no route, so routeOptions.url is not the webhook.',
  },
  {
    file: 'backend/src/http/csrf.ts',
    mutator: 'StringLiteral',
    original: "''",
    replacement: '"Stryker was here!"',
    why: 'What a token without a session is bound to: the same string when issued and when checked, so the same answers.',
  },
  {
    file: 'backend/src/history/history.service.ts',
    mutator: 'MethodExpression',
    original: 'leveled.filter((def) => viewable.has(def.name))',
    replacement: 'leveled',
    why: 'AntiNuke is the one section with levels today, and someone who manages nothing reaches the history only when a level lets them view it (the guard).',
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'ConditionalExpression',
    original: 'this.verified.size >= VERIFIED_CAP',
    replacement: 'true',
    why: 'The cache of verified cookies is cleared at every verification: each cookie is verified again, with the same answer.',
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'EqualityOperator',
    original: 'this.verified.size >= VERIFIED_CAP',
    replacement: 'this.verified.size > VERIFIED_CAP',
    why: 'The cache of verified cookies is cleared one entry later: answers are the same.',
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'EqualityOperator',
    original: 'this.verified.size >= VERIFIED_CAP',
    replacement: 'this.verified.size < VERIFIED_CAP',
    why: 'The cache of verified cookies is cleared at every verification: each cookie is verified again, with the same answer.',
  },
  {
    file: 'backend/src/auth/session.ts',
    mutator: 'Regex',
    original: '/=+$/',
    replacement: '/=+/',
    why: "Base64 has '=' only as padding at the end: the first run of '=' is the last.",
  },
  {
    file: 'backend/src/embeds/webhook-url.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    replacement: '["Stryker was here"]',
    why: 'A made-up sandbox base only takes a URL that starts with that very text, which is no URL a browser or Discord makes.',
  },
];

/** The entry a surviving mutant matches, if any. */
export function equivalentOf(fileName, mutant, original) {
  return EQUIVALENTS.find(
    (entry) =>
      entry.file === fileName &&
      entry.mutator === mutant.mutatorName &&
      entry.original === original &&
      entry.replacement === (mutant.replacement ?? ''),
  );
}
