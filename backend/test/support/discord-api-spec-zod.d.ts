// discord-api-spec ships its Zod Mini schemas as plain JavaScript (its `types` condition for `./zod` points at the
// .js file, which TypeScript reads only with allowJs). The conformance suite picks schemas by the names the
// package's own `Paths` type declares, so it needs no more than this: every export is a Zod Mini schema.
declare module 'discord-api-spec/zod' {
  import type { ZodMiniType } from 'zod/mini';

  export const ErrorSchema: ZodMiniType<{ code: number; message: string }>;
  export const MessageResponseSchema: ZodMiniType;
  export const ErrorResponseSchema: ZodMiniType;
  export const RatelimitedResponseSchema: ZodMiniType;
}
