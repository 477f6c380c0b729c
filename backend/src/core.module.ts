import { type DynamicModule, Global, Module } from '@nestjs/common';
import { Passport } from 'passport';
import type { Logger } from 'pino';
import { PASSPORT } from './auth/auth.tokens.js';
import { CALLBACK_PATH, DiscordOAuthStrategy } from './auth/discord.strategy.js';
import { Sessions } from './auth/session.js';
import { SignInCookieStore } from './auth/sign-in-cookie.js';
import { CHANGE_SIGNAL, type ChangeSignal } from './bot-api/change-signal.js';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { LOGGER } from './logging/logger.js';
import { CLOCK, type Clock } from './payments/payment-provider.js';
import { STORAGE, type StoragePort } from './storage/storage.port.js';

/** What createApp made before Nest started (app.ts): the configuration, the logger, storage, sessions, the clock. */
export interface CoreDeps {
  config: AppConfig;
  logger: Logger;
  storage: StoragePort;
  sessionSecret: string;
  clock: Clock;
  changeSignal: ChangeSignal;
  sessions: Sessions;
}

/** A passport instance of this app's own, with the Discord strategy; it runs at sign-in only (auth/session.ts keeps sessions). */
function createPassport(config: AppConfig, sessionSecret: string): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.use('discord', new DiscordOAuthStrategy(config, new SignInCookieStore(sessionSecret, CALLBACK_PATH)));
  return passport;
}

/** The app's infrastructure, the same for every feature module: global, so each feature imports only features. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(deps: CoreDeps): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: deps.config },
      { provide: LOGGER, useValue: deps.logger },
      { provide: STORAGE, useValue: deps.storage },
      { provide: CHANGE_SIGNAL, useValue: deps.changeSignal },
      { provide: PASSPORT, useValue: createPassport(deps.config, deps.sessionSecret) },
      { provide: Sessions, useValue: deps.sessions },
      { provide: CLOCK, useValue: deps.clock },
    ];
    return { module: CoreModule, providers, exports: providers.map((provider) => provider.provide) };
  }
}
