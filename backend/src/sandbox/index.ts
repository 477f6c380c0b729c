export { DiscordSandboxModule } from './sandbox.module.js';
export {
  DiscordSandboxService,
  DISCORD_SANDBOX_OPTIONS,
  DEFAULT_USER_SCOPES,
  SANDBOX_ROUTE_PREFIX,
  type DiscordSandboxOptions,
  type SandboxCaller,
} from './sandbox.service.js';
export * from './seed.js';
export { startDiscordSandbox, type RunningDiscordSandbox } from './standalone.js';
export { ALL_PERMISSIONS, guildPermissions, channelPermissions } from './permissions.js';
