import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { SettingsService } from './settings.service.js';
import { type HttpRequest } from '../http/http-types.js';

/** 404 for a section that is not in the sections table, before the body is read (guards run before pipes). */
@Injectable()
export class KnownSectionGuard implements CanActivate {
  constructor(private readonly settings: SettingsService) {}

  canActivate(context: ExecutionContext): boolean {
    this.settings.definition(String(context.switchToHttp().getRequest<HttpRequest>().params.section ?? ''));
    return true;
  }
}
