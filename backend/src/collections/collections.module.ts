import { Module } from '@nestjs/common';
import { GuildModule } from '../guild/guild.module.js';
import { ReferencesModule } from '../references/references.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { CollectionsController } from './collections.controller.js';
import { CollectionsService } from './collections.service.js';

/** The one collections controller and service (lists of items per guild), driven by the sections table. */
@Module({
  imports: [GuildModule, ReferencesModule, PaymentsModule],
  controllers: [CollectionsController],
  providers: [CollectionsService],
  exports: [CollectionsService],
})
export class CollectionsModule {}
