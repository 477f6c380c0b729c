import { randomBytes } from 'node:crypto';
import type { DynamicModule, Provider } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './config/config.js';
import type { BodyFailures } from './http/body-parser.js';
import type { HttpReply, HttpRequest } from './http/http-types.js';
import type { RecordStore } from './storage/storage.port.js';

/**
 * What the app asks of a sandbox it mounts: the Discord sandbox (`sandboxes/discord`) and the payment sandbox
 * (`sandboxes/razorpay`) are workspaces of their own, which production code never imports. The app loads one, by
 * configuration only, through its `mount` export (`<package>/mount`), and sees it only through these types.
 */
export interface SandboxHost {
  config: AppConfig;
  /** The session secret: a sandbox signs with a key derived from it, so its sign-ins outlive a restart as sessions do. */
  sessionSecret: string;
  /** The Discord sandbox's "now" in epoch ms (AppOptions.discordSandboxNow); undefined: Date.now. */
  discordSandboxNow?: () => number;
  /**
   * The app's records (the storage port's): a sandbox whose state must outlive a restart and be shared by instances
   * (the payment sandbox's links, payments and webhook outbox) keeps it here, in collections of its own.
   */
  records: RecordStore;
}

export interface MountedSandbox {
  /** Its Nest module, imported by the app's root module (its routes live under /sandbox/<name>). */
  module: DynamicModule;
  /** Providers it adds to the app's root module, where they may inject the app's own services. */
  providers?: Provider[];
  /** Its part of the front door, made once the Nest app exists. */
  frontDoor?(app: NestFastifyApplication): SandboxDoor;
  /** Called once the app listens (the payment sandbox then resends the webhooks, to the app, that a past run left). */
  listening?(app: NestFastifyApplication): Promise<void>;
}

/** A sandbox's checks in the app's front door (app.ts), before any route runs or any body is read. */
export interface SandboxDoor {
  /** For every request under /sandbox: answers it (returning true) when the sandbox refuses it at the door. */
  refused(req: HttpRequest, reply: HttpReply): boolean;
  /** The multipart bodies (uploads) the body parser reads for it, and how their refusals read. */
  uploads?: { mayRead(req: FastifyRequest): boolean; failures: BodyFailures };
  close(): void;
}

/** What `<package>/mount` exports. */
export type SandboxMount = (host: SandboxHost) => MountedSandbox;

/** The Discord sandbox's OAuth2 client id, which is also its bot's user id: the app configures it when it mounts it. */
export const SANDBOX_CLIENT_ID = '1100000000000000001';

/** A secret made anew by each process (a sandbox's credentials, a bot API token nobody configured). */
export function newSandboxSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The sandboxes the configuration asks for, loaded by package name at start-up. Names, not imports: the backend's
 * code and build hold no sandbox code (tests/layout.test.ts), and a build without the sandboxes runs with Discord.
 */
const SANDBOX_PACKAGES = {
  discord: '@guildhall/sandbox-discord/mount',
  razorpay: '@guildhall/sandbox-razorpay/mount',
} as const;

export async function mountSandboxes(host: SandboxHost): Promise<MountedSandbox[]> {
  const wanted: string[] = [];
  if (host.config.discord.mode === 'sandbox') wanted.push(SANDBOX_PACKAGES.discord);
  if (host.config.payments.mode === 'sandbox') wanted.push(SANDBOX_PACKAGES.razorpay);
  const mounts: MountedSandbox[] = [];
  for (const name of wanted) {
    const { mount } = (await import(name)) as { mount: SandboxMount };
    mounts.push(mount(host));
  }
  return mounts;
}
