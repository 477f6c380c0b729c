import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { SchedulePlan, SchedulePreviewRequest, SchedulePreviewResponse } from '@guildhall/generated/types';
import { validateSchedulePreviewRequest } from '@guildhall/generated/validators';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { ApiError } from '../http/api-error.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { PremiumService } from '../payments/premium.service.js';
import { findSchedules, type Schema } from '../references/schema-walk.js';
import { nextRuns } from './next-runs.js';
import { planProblems } from './schedule-rules.js';

const REQUEST_SCHEMA = publishedSchemas['schedule-preview-request'] as Schema;

/**
 * The next runs of a plan being edited, with a save's checks (operation previewSchedule): the plan is judged as a new
 * one (no stored plan), at the guild's plan and the app's clock, so the editor shows a save's refusal before saving.
 */
@Controller('api/guild/:guildId/schedules')
@UseGuards(GuildAccessGuard)
export class SchedulePreviewController {
  constructor(private readonly premium: PremiumService) {}

  @Post('preview')
  @HttpCode(200)
  async preview(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateSchedulePreviewRequest, (errors) => errors[0]!.message)) body: SchedulePreviewRequest,
  ): Promise<SchedulePreviewResponse> {
    const now = this.premium.now();
    const limit = await this.premium.scheduleInterval(guildId);
    // The plan's place and words, as the schema's x-schedule node names them (the same walk as a save's check).
    const { field, path } = findSchedules(REQUEST_SCHEMA, body)[0]!;
    const plan: SchedulePlan = body.plan;
    const problems = planProblems(plan, { now, minimumMinutes: limit.minutes, planName: limit.planName, path, field });
    if (problems.length) throw ApiError.validation(problems, problems[0]!.message);
    return { success: true, nextRuns: nextRuns(plan, now, field.rule.previewRuns).map((run) => run.toISOString()) };
  }
}
