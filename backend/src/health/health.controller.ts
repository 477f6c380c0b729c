import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { HealthStatus } from '@guildhall/generated/types';
import type { Response } from 'express';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';

/** Liveness says the process answers; readiness says it can serve (the database answers). */
@Controller()
export class HealthController {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  @Get('healthz')
  health(): HealthStatus {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response): Promise<HealthStatus> {
    try {
      await this.storage.ping();
      return { status: 'ready', storage: this.storage.kind };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unavailable', storage: this.storage.kind };
    }
  }
}
