import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { registerBodyParsers } from '@guildhall/backend/http/body-parser';
import { declareRequestState } from '@guildhall/backend/http/http-types';
import { DiscordExceptionFilter } from './discord-errors.js';
import { DISCORD_BODY_FAILURES, SANDBOX_BODY_LIMIT } from './http-helpers.js';
import { MEMBER_PROFILE_BODY_LIMIT, isMemberProfileRoute } from './profile-gate.js';
import type { AddressInfo } from 'node:net';
import { DiscordSandboxModule } from './sandbox.module.js';
import { SANDBOX_ROUTE_PREFIX, type DiscordSandboxOptions } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';

export interface RunningDiscordSandbox {
  app: NestFastifyApplication;
  service: DiscordSandboxService;
  /** http://127.0.0.1:<port>/sandbox/discord */
  base: string;
  /** What @discordjs/rest takes as `api`: <base>/api */
  api: string;
  /** This instance's bot token (random unless the options named one). */
  botToken: string;
  /** This instance's OAuth2 client secret (random unless the options named one). */
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * The sandbox alone on a free port, for tests and scripts that do not need the rest of the app. Nest's body parser
 * is off: the app's readers take bodies, answering what they cannot read as Discord does (50109), and so does every
 * other failure (Discord's 404 included).
 */
export async function startDiscordSandbox(options: DiscordSandboxOptions = {}, port = 0): Promise<RunningDiscordSandbox> {
  const app = await NestFactory.create<NestFastifyApplication>(
    DiscordSandboxModule.forRoot(options),
    new FastifyAdapter({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 4096 } }),
    { logger: false, bodyParser: false },
  );
  const fastify = app.getHttpAdapter().getInstance();
  declareRequestState(fastify);
  registerBodyParsers(fastify, {
    // Modify Current Member's images need more (profile-gate.ts).
    limit: (req) => (isMemberProfileRoute(req) ? MEMBER_PROFILE_BODY_LIMIT : SANDBOX_BODY_LIMIT),
    failures: DISCORD_BODY_FAILURES,
    checkProblems: false,
    multipart: () => true,
  });
  app.useGlobalFilters(new DiscordExceptionFilter());
  await app.listen(port, '127.0.0.1');
  const { port: actual } = app.getHttpServer().address() as AddressInfo;
  const base = `http://127.0.0.1:${actual}/${SANDBOX_ROUTE_PREFIX}`;
  const service = app.get(DiscordSandboxService);
  const { botToken, clientSecret } = service.options;
  return { app, service, base, api: `${base}/api`, botToken, clientSecret, close: () => app.close() };
}
