import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AntinukeModule } from './antinuke/antinuke.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BotApiModule } from './bot-api/bot-api.module.js';
import { CollectionsModule } from './collections/collections.module.js';
import { CoreModule, type CoreDeps } from './core.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { EmbedsModule } from './embeds/embeds.module.js';
import { GreetingModule } from './greeting/greeting.module.js';
import { GuildModule } from './guild/guild.module.js';
import { HealthModule } from './health/health.module.js';
import { HistoryModule } from './history/history.module.js';
import { ImagesModule } from './images/images.module.js';
import { ApiExceptionFilter } from './http/exception.filter.js';
import { JoinDmsModule } from './joindms/joindms.module.js';
import { MembersModule } from './members/members.module.js';
import { PanelsModule } from './panels/panels.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PersonalizerModule } from './personalizer/personalizer.module.js';
import { PublicModule } from './public/public.module.js';
import { PublishedModule } from './published/published.module.js';
import { RoleMenusModule } from './role-menus/role-menus.module.js';
import { SchedulesModule } from './schedules/schedules.module.js';
import type { MountedSandbox } from './sandbox-mount.js';
import { SettingsModule } from './settings/settings.module.js';
import { TicketsModule } from './tickets/tickets.module.js';
import { TranscriptsModule } from './transcripts/transcripts.module.js';
import { TransferModule } from './transfer/transfer.module.js';

/** One Nest module per feature folder; each imports the features whose services it uses (the infrastructure is global). */
const FEATURES = [
  HealthModule,
  AuthModule,
  SettingsModule,
  CollectionsModule,
  GuildModule,
  PublishedModule,
  PublicModule,
  GreetingModule,
  DashboardModule,
  MembersModule,
  AntinukeModule,
  TranscriptsModule,
  TicketsModule,
  PanelsModule,
  RoleMenusModule,
  SchedulesModule,
  JoinDmsModule,
  EmbedsModule,
  TransferModule,
  BotApiModule,
  HistoryModule,
  PaymentsModule,
  ImagesModule,
  PersonalizerModule,
];

@Module({})
export class AppModule {
  static forRoot(
    deps: CoreDeps & {
      /** The sandboxes the configuration asked for (sandbox-mount.ts), mounted beside the API. */
      sandboxes: MountedSandbox[];
    },
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(deps), ...FEATURES, ...deps.sandboxes.map((sandbox) => sandbox.module)],
      // The sandboxes' providers live here, where the app's services are visible to them (and they to the sandbox).
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }, ...deps.sandboxes.flatMap((sandbox) => sandbox.providers ?? [])],
    };
  }
}
