import { Body, Controller, Get, HttpCode, type HttpRedirectResponse, Inject, Post, Redirect, Req } from '@nestjs/common';
import type { ContactMessage, ContactResponse, TopServerList } from '@guildhall/generated/types';
import { validateContactMessage } from '@guildhall/generated/validators';
import { botInviteUrl } from '@guildhall/common/invite';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { CacheWhenAnonymous } from '../http/cache-control.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { ContactService } from './contact.service.js';
import { TopServersService } from './top-servers.service.js';
import { type HttpRequest } from '../http/http-types.js';

/** What the public pages call: no sign-in needed (the contact form still sends the CSRF header). */
@Controller('api')
export class PublicController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly topServers: TopServersService,
    private readonly contact: ContactService,
  ) {}

  /** The spec's shape: a bare array, largest first. */
  @Get('top-servers')
  @CacheWhenAnonymous('public, max-age=60')
  listTopServers(): Promise<TopServerList> {
    return this.topServers.list();
  }

  @Post('contact')
  @HttpCode(200)
  async sendContactMessage(
    @Body(new SchemaBody(validateContactMessage, 'Please check the highlighted fields.')) body: ContactMessage,
    @Req() req: HttpRequest,
  ): Promise<ContactResponse> {
    const userId = (req.user as { id?: string } | undefined)?.id ?? null;
    const { id } = await this.contact.receive(body, req.ip ?? req.socket.remoteAddress ?? 'unknown', userId);
    return { success: true, id };
  }

  /** The invite page's link: the bot authorization for this app's client id, asking for Administrator, on the configured authorize page. */
  @Get('invite')
  @Redirect()
  invite(): HttpRedirectResponse {
    return {
      url: botInviteUrl({ authorizeUrl: this.config.discord.authorizeUrl, clientId: this.config.discord.clientId }),
      statusCode: 302,
    };
  }
}
