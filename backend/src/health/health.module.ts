import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';

/** Health and readiness checks. */
@Module({
  controllers: [HealthController],
})
export class HealthModule {}
