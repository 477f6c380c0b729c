import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Passport } from 'passport';
import type { Logger } from 'pino';
import { AntinukeController } from './antinuke/antinuke.controller.js';
import { AntinukeService } from './antinuke/antinuke.service.js';
import { AuthController } from './auth/auth.controller.js';
import { BotCredentialGuard } from './bot-api/bot-credential.js';
import { BotTranscriptsController } from './bot-api/bot-transcripts.controller.js';
import { BotGuildController } from './bot-api/bot-guild.controller.js';
import { ChangeFeedService } from './bot-api/change-feed.service.js';
import { CHANGE_SIGNAL, type ChangeSignal } from './bot-api/change-signal.js';
import { ChangesController } from './bot-api/changes.controller.js';
import { PASSPORT } from './auth/auth.tokens.js';
import { CALLBACK_PATH, DiscordOAuthStrategy } from './auth/discord.strategy.js';
import { Sessions } from './auth/session.js';
import { SignInCookieStore } from './auth/sign-in-cookie.js';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { BotStatusController } from './dashboard/bot-status.controller.js';
import { BotStatusService } from './dashboard/bot-status.service.js';
import { DiscordService } from './discord/discord.service.js';
import { EmbedsController } from './embeds/embeds.controller.js';
import { EmbedsService } from './embeds/embeds.service.js';
import { GreetingController } from './greeting/greeting.controller.js';
import { GreetingService } from './greeting/greeting.service.js';
import { GuildAccessGuard } from './guild/guild-access.guard.js';
import { GuildAccessService } from './guild/guild-access.service.js';
import { GuildController } from './guild/guild.controller.js';
import { HistoryController } from './history/history.controller.js';
import { HistoryService } from './history/history.service.js';
import { HealthController } from './health/health.controller.js';
import { JoinDmsController } from './joindms/joindms.controller.js';
import { JoinDmsService } from './joindms/joindms.service.js';
import { ApiExceptionFilter } from './http/exception.filter.js';
import { LOGGER } from './logging/logger.js';
import { ContactService } from './public/contact.service.js';
import { MemberLookupService } from './members/member-lookup.service.js';
import { MembersController } from './members/members.controller.js';
import { CLOCK, type Clock, PAYMENT_PROVIDER } from './payments/payment-provider.js';
import { OrdersService } from './payments/orders.service.js';
import { PaymentWebhooksService } from './payments/payment-webhooks.service.js';
import { PaymentsController } from './payments/payments.controller.js';
import { PremiumController } from './payments/premium.controller.js';
import { PremiumService } from './payments/premium.service.js';
import { PremiumFeatureGuard } from './payments/requires-premium.js';
import { RazorpayProvider } from './payments/razorpay.provider.js';
import { PanelsController } from './panels/panels.controller.js';
import { PanelsService } from './panels/panels.service.js';
import { PublicController } from './public/public.controller.js';
import { TopServersService } from './public/top-servers.service.js';
import { PublishedController } from './published/published.controller.js';
import { GuildReferences } from './references/guild-references.js';
import type { MountedSandbox } from './sandbox-mount.js';
import { CollectionsController } from './collections/collections.controller.js';
import { CollectionsService } from './collections/collections.service.js';
import { SettingsController } from './settings/settings.controller.js';
import { SettingsService } from './settings/settings.service.js';
import { STORAGE, type StoragePort } from './storage/storage.port.js';
import { TicketCategoriesController } from './tickets/ticket-categories.controller.js';
import { TicketCategoriesService } from './tickets/ticket-categories.service.js';
import { TranscriptsController } from './transcripts/transcripts.controller.js';
import { TranscriptsService } from './transcripts/transcripts.service.js';
import { TransferController } from './transfer/transfer.controller.js';
import { TransferService } from './transfer/transfer.service.js';

/** A passport instance of this app's own, with the Discord strategy; it runs at sign-in only (auth/session.ts keeps sessions). */
function createPassport(config: AppConfig, sessionSecret: string): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.use('discord', new DiscordOAuthStrategy(config, new SignInCookieStore(sessionSecret, CALLBACK_PATH)));
  return passport;
}

@Module({})
export class AppModule {
  static forRoot(deps: {
    config: AppConfig;
    logger: Logger;
    storage: StoragePort;
    sessionSecret: string;
    clock: Clock;
    changeSignal: ChangeSignal;
    sessions: Sessions;
    /** The sandboxes the configuration asked for (sandbox-mount.ts), mounted beside the API. */
    sandboxes: MountedSandbox[];
  }): DynamicModule {
    const { config } = deps;
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: config },
      { provide: LOGGER, useValue: deps.logger },
      { provide: STORAGE, useValue: deps.storage },
      { provide: CHANGE_SIGNAL, useValue: deps.changeSignal },
      { provide: PASSPORT, useValue: createPassport(config, deps.sessionSecret) },
      { provide: Sessions, useValue: deps.sessions },
      { provide: APP_FILTER, useClass: ApiExceptionFilter },
      DiscordService,
      GuildReferences,
      GuildAccessService,
      GuildAccessGuard,
      SettingsService,
      CollectionsService,
      GreetingService,
      BotStatusService,
      TopServersService,
      ContactService,
      MemberLookupService,
      AntinukeService,
      TranscriptsService,
      TicketCategoriesService,
      BotCredentialGuard,
      PanelsService,
      JoinDmsService,
      EmbedsService,
      TransferService,
      ChangeFeedService,
      HistoryService,
      { provide: CLOCK, useValue: deps.clock },
      { provide: PAYMENT_PROVIDER, useClass: RazorpayProvider },
      PremiumService,
      OrdersService,
      PaymentWebhooksService,
      PremiumFeatureGuard,
    ];
    for (const sandbox of deps.sandboxes) providers.push(...(sandbox.providers ?? []));
    return {
      module: AppModule,
      imports: deps.sandboxes.map((sandbox) => sandbox.module),
      controllers: [
        HealthController,
        AuthController,
        SettingsController,
        CollectionsController,
        GuildController,
        PublishedController,
        PublicController,
        GreetingController,
        BotStatusController,
        MembersController,
        AntinukeController,
        TranscriptsController,
        TicketCategoriesController,
        BotTranscriptsController,
        PanelsController,
        JoinDmsController,
        BotGuildController,
        EmbedsController,
        TransferController,
        ChangesController,
        HistoryController,
        PaymentsController,
        PremiumController,
      ],
      providers,
      exports: [PASSPORT],
    };
  }
}
