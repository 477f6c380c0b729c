import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { collectionNames, collections } from '@guildhall/generated/collections';
import type { GuildPremiumResponse } from '@guildhall/generated/types';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import { PremiumService } from './premium.service.js';

/** The guild's plan and, for each plan-limited collection (a row of schemas/sections.json), its limit and usage. */
@Controller('api/guild/:guildId/premium')
@UseGuards(GuildAccessGuard)
export class PremiumController {
  constructor(
    private readonly premium: PremiumService,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  @Get()
  async premiumOf(@Param('guildId') guildId: string): Promise<GuildPremiumResponse> {
    const limited = collectionNames.map((name) => collections[name]).filter((def) => def.planLimit !== null);
    const limits = await Promise.all(
      limited.map(async (def) => ({
        collection: def.name,
        used: await this.storage.records.count(def.storageKey, { guildId }),
        limit: await this.premium.limit(guildId, def.planLimit!),
      })),
    );
    return { success: true, premium: await this.premium.read(guildId), limits };
  }
}
