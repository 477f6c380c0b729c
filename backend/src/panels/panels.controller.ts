import { Body, Controller, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { TicketPanelDeployDefaultRequest, TicketPanelDeployRequest, TicketPanelDeployResponse } from '@guildhall/generated/types';
import { validateTicketPanelDeployDefaultRequest, validateTicketPanelDeployRequest } from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { authorOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { PanelsService } from './panels.service.js';
import { type HttpRequest } from '../http/http-types.js';

/**
 * What the bot does with a ticket panel: Deploy/Redeploy, and deploy-default (a new panel from the default embed, posted at once).
 * Reading and saving panels is the collections API (/api/guild/:guildId/collections/panels).
 */
@Controller('api/guild/:guildId/tickets/panels')
@UseGuards(GuildAccessGuard)
export class PanelsController {
  constructor(private readonly panels: PanelsService) {}

  @Post('deploy-default')
  @HttpCode(HttpStatus.CREATED)
  deployDefault(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateTicketPanelDeployDefaultRequest, 'Failed to deploy panel: some fields are not valid.'))
    body: TicketPanelDeployDefaultRequest,
    @Req() req: HttpRequest,
  ): Promise<TicketPanelDeployResponse> {
    return this.panels.deployDefault(guildId, body, authorOf(req.user as SessionUser));
  }

  @Post(':panelId/deploy')
  @HttpCode(HttpStatus.OK)
  deploy(
    @Param('guildId') guildId: string,
    @Param('panelId') panelId: string,
    @Body(new SchemaBody(validateTicketPanelDeployRequest, (errors) => errors[0]?.message ?? 'Failed to deploy panel'))
    body: TicketPanelDeployRequest,
    @Req() req: HttpRequest,
  ): Promise<TicketPanelDeployResponse> {
    return this.panels.deploy(guildId, panelId, body.channelId, authorOf(req.user as SessionUser));
  }
}
