import { Controller, Get, Header, HttpStatus, Param } from '@nestjs/common';
import { publishedSchemas, type JsonSchema } from '@guildhall/generated/schemas';
import type { SchemaList } from '@guildhall/generated/types';
import openapi from '@guildhall/generated/openapi.json' with { type: 'json' };
import { ApiError } from '../http/api-error.js';
import { CompressedAnswer } from '../http/compression.js';

/** Every schema, as generated, so API clients and the form engine read the same source. */
@Controller('api')
export class PublishedController {
  @Get('schemas')
  @CompressedAnswer()
  list(): SchemaList {
    return {
      success: true,
      schemas: Object.keys(publishedSchemas)
        .sort()
        .map((name) => ({ name, url: `/api/schemas/${name}` })),
    };
  }

  @Get('schemas/:name')
  @CompressedAnswer()
  @Header('Content-Type', 'application/schema+json')
  schema(@Param('name') name: string): JsonSchema {
    const schema = Object.prototype.hasOwnProperty.call(publishedSchemas, name) ? publishedSchemas[name] : undefined;
    if (!schema) throw new ApiError(HttpStatus.NOT_FOUND, `Unknown schema: ${name}`);
    return schema;
  }

  @Get('openapi.json')
  @CompressedAnswer()
  openapi(): typeof openapi {
    return openapi;
  }
}
