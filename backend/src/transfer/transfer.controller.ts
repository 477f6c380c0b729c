import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type {
  GuildCloneRequest,
  GuildCloneResponse,
  GuildExport,
  GuildImportRequest,
  GuildImportResponse,
} from '@guildhall/generated/types';
import { validateGuildCloneRequest, validateGuildImportRequest } from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { callerOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { CompressedAnswer } from '../http/compression.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { TransferService } from './transfer.service.js';
import { type HttpReply, type GuildRequest } from '../http/http-types.js';

/** Export, import and clone of a guild's settings (README: "Export, import and clone"). */
@Controller('api/guild/:guildId')
@UseGuards(GuildAccessGuard)
export class TransferController {
  constructor(private readonly transfer: TransferService) {}

  @Get('export')
  @CompressedAnswer()
  async export(@Req() req: GuildRequest, @Res({ passthrough: true }) res: HttpReply): Promise<GuildExport> {
    res.header('Content-Disposition', `attachment; filename="guildhall-${req.guild.id}.json"`);
    return this.transfer.export(req.guild, callerOf(req), req.user as SessionUser);
  }

  /** Validated whole first: a 400 names the section in each path (/document/sections/greeting/welcome/channel). */
  @Post('import')
  @HttpCode(200)
  import(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateGuildImportRequest, 'The document is not a valid export: nothing was imported.')) body: GuildImportRequest,
    @Req() req: GuildRequest,
  ): Promise<GuildImportResponse> {
    return this.transfer.import(guildId, body, callerOf(req), req.user as SessionUser);
  }

  @Post('clone')
  @HttpCode(200)
  clone(
    @Body(new SchemaBody(validateGuildCloneRequest, 'The clone request is not valid.')) body: GuildCloneRequest,
    @Req() req: GuildRequest,
  ): Promise<GuildCloneResponse> {
    return this.transfer.clone(req.guild, body, callerOf(req), req.user as SessionUser);
  }
}
