import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  HttpCode,
  HttpStatus,
  Injectable,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { planCatalog } from '@guildhall/generated/plans';
import type {
  EmbedGetRequest,
  EmbedGetResponse,
  EmbedSendChannelRequest,
  EmbedSendChannelResponse,
  EmbedSendWebhookRequest,
  EmbedSendWebhookResponse,
  EmbedUpdateRequest,
  EmbedUpdateResponse,
  FieldError,
} from '@guildhall/generated/types';
import {
  validateEmbedGetRequest,
  validateEmbedSendChannelRequest,
  validateEmbedSendWebhookRequest,
  validateEmbedUpdateRequest,
} from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { RequiresPremium } from '../payments/requires-premium.js';
import { EmbedsService } from './embeds.service.js';
import { type HttpRequest } from '../http/http-types.js';

/** A guard, not a check in the handler: guards run before the body pipe, so a signed-out caller gets 401, not a 400. */
@Injectable()
class SignedIn implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<HttpRequest>().user) throw new ApiError(HttpStatus.UNAUTHORIZED, 'You are not signed in.');
    return true;
  }
}

/** The 400's `error` is the first field's message, which the builder shows after 'Failed to send embed: '. */
const firstMessage = (errors: FieldError[]) => errors[0]?.message ?? 'Some fields of the message are not valid.';

/**
 * The premium feature the embed builder belongs to (schemas/plans/plans.json): sending and editing messages in a guild
 * need a paid plan; loading a message, and the webhook send (no guild of ours involved), stay free.
 */
const CUSTOM_EMBEDS = planCatalog.premiumFeatures!.find((f) => f.path === 'embeds')!.feature;

/**
 * The embed builder's calls: send, get-by-id, update. The guild is named in the body rather than the path, so the service checks
 * guild access itself (the same GuildAccessService the guild guard uses).
 */
@Controller('api/embed')
@UseGuards(SignedIn)
export class EmbedsController {
  constructor(private readonly embeds: EmbedsService) {}

  @Post('send-channel')
  @HttpCode(HttpStatus.OK)
  @RequiresPremium(CUSTOM_EMBEDS, validateEmbedSendChannelRequest)
  sendToChannel(
    @Body(new SchemaBody(validateEmbedSendChannelRequest, firstMessage)) body: EmbedSendChannelRequest,
    @Req() req: HttpRequest,
  ): Promise<EmbedSendChannelResponse> {
    return this.embeds.sendToChannel(req.user as SessionUser, body);
  }

  @Post('send-webhook')
  @HttpCode(HttpStatus.OK)
  sendToWebhook(
    @Body(new SchemaBody(validateEmbedSendWebhookRequest, firstMessage)) body: EmbedSendWebhookRequest,
  ): Promise<EmbedSendWebhookResponse> {
    return this.embeds.sendToWebhook(body);
  }

  @Post('get-by-id')
  @HttpCode(HttpStatus.OK)
  getById(
    @Body(new SchemaBody(validateEmbedGetRequest, firstMessage)) body: EmbedGetRequest,
    @Req() req: HttpRequest,
  ): Promise<EmbedGetResponse> {
    return this.embeds.getById(req.user as SessionUser, body);
  }

  @Post('update')
  @HttpCode(HttpStatus.OK)
  @RequiresPremium(CUSTOM_EMBEDS, validateEmbedUpdateRequest)
  update(
    @Body(new SchemaBody(validateEmbedUpdateRequest, firstMessage)) body: EmbedUpdateRequest,
    @Req() req: HttpRequest,
  ): Promise<EmbedUpdateResponse> {
    return this.embeds.update(req.user as SessionUser, body);
  }
}
