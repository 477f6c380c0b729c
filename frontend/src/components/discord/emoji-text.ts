/** An emoji as a component or reaction carries it: Unicode as is, a custom one by its name (no image fetched). */
export const emojiText = (emoji: { name?: string | null; id?: string | null } | undefined) =>
  emoji?.name ? (emoji.id ? `:${emoji.name}:` : emoji.name) : '';
