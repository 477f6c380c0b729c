import { CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards, applyDecorators, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DiscordErrors } from './discord-errors.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxCaller } from './tokens.js';
import { type HttpRequest } from '@guildhall/backend/http/http-types';

const SANDBOX_AUTH = 'guildhall:discord-sandbox:auth';

export interface AuthRequirement {
  /** Bot tokens may call the route. */
  bot?: boolean;
  /** User (Bearer) tokens may call the route when they hold all these OAuth2 scopes. */
  userScopes?: readonly string[];
}

type SandboxRequest = HttpRequest & { sandboxCaller?: SandboxCaller };

/**
 * Discord answers 401 both for a bad token and for a token that lacks the route's scope or kind
 * (a Bearer token on a bot-only route), so the guard does the same.
 */
@Injectable()
export class SandboxAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sandbox: DiscordSandboxService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const requirement = this.reflector.get<AuthRequirement | undefined>(SANDBOX_AUTH, context.getHandler()) ?? { bot: true };
    const req = context.switchToHttp().getRequest<SandboxRequest>();
    const caller = this.sandbox.authenticate(req.headers.authorization);
    if (!caller) throw DiscordErrors.unauthorized();
    if (caller.kind === 'bot' && !requirement.bot) throw DiscordErrors.unauthorized();
    if (caller.kind === 'user' && (!requirement.userScopes || !requirement.userScopes.every((s) => caller.scopes.has(s)))) {
      throw DiscordErrors.unauthorized();
    }
    req.sandboxCaller = caller;
    return true;
  }
}

/** Declares who may call a sandbox route; the default (no decorator) would be bot only. */
export function Authorized(requirement: AuthRequirement): MethodDecorator {
  return applyDecorators(SetMetadata(SANDBOX_AUTH, requirement), UseGuards(SandboxAuthGuard));
}

export const BotOnly = (): MethodDecorator => Authorized({ bot: true });

/** The authenticated caller of the current request (set by SandboxAuthGuard). */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): SandboxCaller => {
  const caller = context.switchToHttp().getRequest<SandboxRequest>().sandboxCaller;
  if (!caller) throw DiscordErrors.unauthorized();
  return caller;
});
