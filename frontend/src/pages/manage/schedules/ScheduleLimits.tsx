import type { PlanLimitStatus } from '@guildhall/generated/types';
import type { ScheduleStatusResponse } from '../../../api/schedules';
import { type LimitNoun, planLimitText, UpgradeLink } from '../ticket-panels/plan-limit';
import { durationWords } from './duration-words';

export const SCHEDULES: LimitNoun = { one: 'schedule', many: 'schedules' };

/**
 * The rules the guild's plan and the server hold schedules to, as panels show theirs: how many (and the plan that
 * allows more), how often one may post, and what happens to a run due while Guildhall was offline.
 */
export function ScheduleLimits({
  id,
  used,
  planLimit,
  rules,
}: {
  id: string;
  used: number;
  planLimit: PlanLimitStatus | undefined;
  /** The status answer's rules; undefined while it loads or when it failed. */
  rules: Pick<ScheduleStatusResponse, 'minimumInterval' | 'graceMinutes'> | undefined;
}) {
  const atLimit = planLimit !== undefined && planLimit.max !== null && used >= planLimit.max;
  const interval = rules?.minimumInterval;
  return (
    <ul aria-label="Limits" className="space-y-1 text-sm text-muted">
      {planLimit && (
        <li id={id} data-plan-limit="">
          <span className={atLimit ? 'text-warn' : undefined}>
            {planLimitText(used, planLimit, SCHEDULES)}
            {atLimit && '. Your plan allows no more'}
            {planLimit.upgrade && '; '}
          </span>
          <UpgradeLink limit={planLimit}> for {planLimit.upgrade?.max ?? 'no limit'}</UpgradeLink>
        </li>
      )}
      {interval && (
        <li data-interval-limit="">
          <span>
            Your {interval.planName} plan posts at most every {durationWords(interval.minutes)}
            {interval.upgrade && '; '}
          </span>
          {interval.upgrade && <UpgradeLink limit={interval}> for every {durationWords(interval.upgrade.minutes)}</UpgradeLink>}
        </li>
      )}
      {rules && (
        <li data-grace="">
          If Guildhall is offline when a message is due, it is still posted up to {durationWords(rules.graceMinutes)} late; later, the run
          is recorded as missed.
        </li>
      )}
    </ul>
  );
}
