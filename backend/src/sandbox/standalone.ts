import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { DiscordSandboxModule } from './sandbox.module.js';
import { SANDBOX_ROUTE_PREFIX, type DiscordSandboxOptions } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';

export interface RunningDiscordSandbox {
  app: INestApplication;
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
 * The sandbox alone on a free port, for tests and scripts that do not need the rest of the app. Nest's global
 * body parser is off so the module's own parsers answer malformed bodies as Discord does (50109).
 */
export async function startDiscordSandbox(options: DiscordSandboxOptions = {}, port = 0): Promise<RunningDiscordSandbox> {
  const app = await NestFactory.create(DiscordSandboxModule.forRoot(options), { logger: false, bodyParser: false });
  await app.listen(port, '127.0.0.1');
  const { port: actual } = app.getHttpServer().address() as AddressInfo;
  const base = `http://127.0.0.1:${actual}/${SANDBOX_ROUTE_PREFIX}`;
  const service = app.get(DiscordSandboxService);
  const { botToken, clientSecret } = service.options;
  return { app, service, base, api: `${base}/api`, botToken, clientSecret, close: () => app.close() };
}
