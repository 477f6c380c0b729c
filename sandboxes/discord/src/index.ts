export { DiscordSandboxModule } from './sandbox.module.js';
export { DiscordSandboxService } from './sandbox.service.js';
export { DISCORD_SANDBOX_OPTIONS, SANDBOX_ROUTE_PREFIX, type DiscordSandboxOptions } from './sandbox-options.js';
export { DEFAULT_USER_SCOPES, type SandboxCaller } from './tokens.js';
export * from './seed.js';
export { startDiscordSandbox, type RunningDiscordSandbox } from './standalone.js';
export { ALL_PERMISSIONS, guildPermissions, channelPermissions } from './permissions.js';
