// Discord's JSON error codes (the `code` of a refused request), from discord-api-types: the server's answers and the
// Discord sandbox's refusals name them, never their numbers. Server-side only: the browser never reads a code.
export { RESTJSONErrorCodes as DiscordErrorCode } from 'discord-api-types/v10';
