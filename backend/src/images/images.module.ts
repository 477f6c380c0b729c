import { Module } from '@nestjs/common';
import { GuildModule } from '../guild/guild.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { ImagesController, KnownImageFieldGuard } from './images.controller.js';
import { ImagesService } from './images.service.js';

/** Uploaded images: the upload for any section's x-image field, and serving them back to the guild that names them. */
@Module({
  imports: [GuildModule, SettingsModule],
  controllers: [ImagesController],
  providers: [ImagesService, KnownImageFieldGuard],
  exports: [ImagesService],
})
export class ImagesModule {}
