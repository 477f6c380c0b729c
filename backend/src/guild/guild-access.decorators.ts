import { SetMetadata } from '@nestjs/common';
import type { AccessBySection } from '@guildhall/generated/types';

/** Metadata the access guard reads on a /api/guild/:guildId route that is not a settings route. */
export type RouteAccess =
  | { kind: 'capability'; section: string; capability: string }
  /** Read-only guild views: whoever may manage the guild, or whom a section with levels lets view it. */
  | { kind: 'manage-or-view' };

export const ROUTE_ACCESS = 'guildhall:route-access';

/**
 * The route needs a capability of a section, as that section's policy grants it: with access levels, the caller's
 * level must have it (`@RequiresCapability('antinuke', 'manageBypassRole')`); with manage-guild, managing the guild
 * is enough. Both names are checked by tsc against the sections table and the schema's x-access values.
 */
export const RequiresCapability = <S extends keyof AccessBySection>(section: S, capability: AccessBySection[S]['capability']) =>
  SetMetadata(ROUTE_ACCESS, { kind: 'capability', section, capability } satisfies RouteAccess);

/** A read-only view of the guild that section pages need (summary, channels, roles): managers and anyone a level admits. */
export const ReadableByAccessLevels = () => SetMetadata(ROUTE_ACCESS, { kind: 'manage-or-view' } satisfies RouteAccess);
