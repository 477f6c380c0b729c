import { Module } from '@nestjs/common';
import { PublishedController } from './published.controller.js';

/** The published schemas and the OpenAPI document. */
@Module({
  controllers: [PublishedController],
})
export class PublishedModule {}
