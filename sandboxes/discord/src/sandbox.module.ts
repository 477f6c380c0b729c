import { Module, type DynamicModule } from '@nestjs/common';
import { SandboxAuthGuard } from './auth.js';
import { SandboxCdnController } from './cdn.controller.js';
import { SandboxChannelsController } from './channels.controller.js';
import { SandboxGuildsController } from './guilds.controller.js';
import { SandboxNotFoundController } from './not-found.controller.js';
import { SandboxOAuth2Controller } from './oauth2.controller.js';
import { SandboxRateLimitInterceptor } from './rate-limit.interceptor.js';
import { SandboxReactionsController } from './reactions.controller.js';
import { DISCORD_SANDBOX_OPTIONS, type DiscordSandboxOptions } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';
import { SandboxUsersController } from './users.controller.js';
import { SandboxViewerController } from './viewer.controller.js';
import { SandboxWebhooksController } from './webhooks.controller.js';

const BODY_CONTROLLERS = [
  SandboxOAuth2Controller,
  SandboxUsersController,
  SandboxGuildsController,
  SandboxChannelsController,
  SandboxReactionsController,
  SandboxWebhooksController,
];

/**
 * Discord, emulated over HTTP under /sandbox/discord of the host app, for running without Discord
 * credentials. Call it exactly like discord.com with base http://host:port/sandbox/discord/api.
 */
@Module({})
export class DiscordSandboxModule {
  static forRoot(options: DiscordSandboxOptions = {}): DynamicModule {
    return {
      module: DiscordSandboxModule,
      // The catch-all 404 last (a wildcard: the router prefers every other route to it anyway).
      controllers: [...BODY_CONTROLLERS, SandboxCdnController, SandboxViewerController, SandboxNotFoundController],
      providers: [
        { provide: DISCORD_SANDBOX_OPTIONS, useValue: options },
        DiscordSandboxService,
        SandboxAuthGuard,
        SandboxRateLimitInterceptor,
      ],
      exports: [DiscordSandboxService],
    };
  }
}
