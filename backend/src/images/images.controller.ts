import { Body, type CanActivate, Controller, type ExecutionContext, Get, HttpCode, Injectable, Post, Res, UseGuards } from '@nestjs/common';
import type {
  GetGuildImageParameters,
  ImageUploadRequest,
  ImageUploadResponse,
  UploadSettingsImageParameters,
} from '@guildhall/generated/types';
import {
  validateGetGuildImageParameters,
  validateImageUploadRequest,
  validateUploadSettingsImageParameters,
} from '@guildhall/generated/validators';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import type { HttpReply, HttpRequest } from '../http/http-types.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { firstMessage, RouteParameters } from '../http/schema-parameters.js';
import { ImagesService } from './images.service.js';

/** An image runs nothing and is never read as another type; its id is its bytes' hash, so it never changes. */
const IMAGE_HEADERS = {
  'Cache-Control': 'private, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'",
};

/** 404 for a section the table lacks or a field that takes no image, before the body is read (guards run before pipes). */
@Injectable()
export class KnownImageFieldGuard implements CanActivate {
  constructor(private readonly images: ImagesService) {}

  canActivate(context: ExecutionContext): boolean {
    const { section, field } = context.switchToHttp().getRequest<HttpRequest>().params as Record<string, string | undefined>;
    this.images.fieldOf(String(section ?? ''), String(field ?? ''));
    return true;
  }
}

/**
 * Images of a section's image fields (any top-level property whose schema has `x-image`): the upload, checked by the
 * bytes, and the image served back to a guild that names it. The access guard applies the section's policy to the
 * upload (`:section`) and the guild's to the image.
 */
@Controller('api/guild/:guildId')
@UseGuards(GuildAccessGuard)
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Post('settings/:section/images/:field')
  @HttpCode(200)
  // The section and the field are known before the body is read: one that does not exist is 404 whatever was sent.
  @UseGuards(KnownImageFieldGuard)
  async upload(
    @RouteParameters(validateUploadSettingsImageParameters, firstMessage, 404) { guildId, section, field }: UploadSettingsImageParameters,
    @Body(new SchemaBody(validateImageUploadRequest, firstMessage)) body: ImageUploadRequest,
  ): Promise<ImageUploadResponse> {
    return { success: true, image: await this.images.upload(guildId, section, field, body) };
  }

  @Get('images/:imageId')
  async image(
    @RouteParameters(validateGetGuildImageParameters, firstMessage) { guildId, imageId }: GetGuildImageParameters,
    @Res() res: HttpReply,
  ): Promise<void> {
    const image = await this.images.forGuild(guildId, imageId);
    res.headers({ ...IMAGE_HEADERS, 'Content-Type': image.type });
    res.status(200).send(Buffer.from(image.base64, 'base64'));
  }
}
