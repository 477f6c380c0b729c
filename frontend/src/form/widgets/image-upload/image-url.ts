/**
 * Where an image the dashboard keeps is shown from: our own storage (GET /api/guild/{guildId}/images/{imageId},
 * operation getGuildImage), never Discord's CDN. An <img> loads it with the session cookie, as the page's calls do.
 */
export const guildImageUrl = (guildId: string, imageId: string) =>
  `/api/guild/${encodeURIComponent(guildId)}/images/${encodeURIComponent(imageId)}`;
