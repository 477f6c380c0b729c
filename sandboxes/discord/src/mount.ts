import { createHmac } from 'node:crypto';
import { Sessions } from '@guildhall/backend/auth/session';
import { CALLBACK_PATH } from '@guildhall/backend/auth/discord.strategy';
import { GuildAccessService } from '@guildhall/backend/guild/guild-access.service';
import { csrfProtection } from '@guildhall/backend/http/csrf';
import type { SandboxMount } from '@guildhall/backend/sandbox-mount';
import { SandboxClientLimits } from './client-limit.js';
import { SandboxProfileGate } from './profile-gate.js';
import { DiscordSandboxModule } from './sandbox.module.js';
import { DiscordSandboxService } from './sandbox.service.js';
import { SANDBOX_UPLOAD_FAILURES, SandboxUploadGate } from './upload-gate.js';
import { SandboxViewerVisitors } from './viewer-visitors.js';

/** The Discord sandbox in the app, at /sandbox/discord, with the app's credentials for it (config.ts). */
export const mount: SandboxMount = ({ config, sessionSecret, discordSandboxNow }) => ({
  module: DiscordSandboxModule.forRoot({
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discord.botToken,
    // The client secret and bot token are new in every process; sign-ins outlive a restart because the
    // sandbox's tokens are signed with a key that lasts as long as the session secret.
    tokenSecret: createHmac('sha256', sessionSecret).update('guildhall-discord-sandbox-tokens').digest('base64url'),
    guildsRateLimit: config.sandboxGuildsRateLimit,
    now: discordSandboxNow,
    publicUrl: `${config.publicUrl}/sandbox/discord`,
    // Only our own callback: the sandbox must not become an open redirect.
    redirectUris: [`${config.publicUrl}${CALLBACK_PATH}`],
    // 'Simulate ticket' uploads through our own bot API with the bot's credential, server to server.
    botApi: { baseUrl: config.internalUrl, token: config.botApiToken },
  }),
  // The viewer's visitors: sessions, the access rule and CSRF as the API has them (viewer-visitors.ts).
  providers: [
    {
      provide: SandboxViewerVisitors,
      useFactory: (sessions: Sessions, access: GuildAccessService) =>
        new SandboxViewerVisitors(sessions, access, csrfProtection(sessionSecret)),
      inject: [Sessions, GuildAccessService],
    },
  ],
  frontDoor(app) {
    const sandbox = app.get(DiscordSandboxService);
    const limits = new SandboxClientLimits(config.sandboxRateLimit, sandbox);
    const uploadGate = new SandboxUploadGate(sandbox);
    const profileGate = new SandboxProfileGate(sandbox);
    return {
      refused: (req, reply) => limits.refused(req, reply) || uploadGate.refused(req, reply) || profileGate.refused(req, reply),
      uploads: { mayRead: (req) => uploadGate.mayRead(req), failures: SANDBOX_UPLOAD_FAILURES },
      close: () => limits.close(),
    };
  },
});
