import type { ScheduledMessage, ScheduleRun, ScheduleStatus, ScheduleStatusResponse } from '@guildhall/generated/types';
import { useQuery } from '@tanstack/react-query';
import { client } from './client';
import { queryKeys } from './query-keys';

// The Scheduled Messages page's calls, all the generated client's: the collection's (list, create, put, duplicate,
// delete) and the schedules' own status, runs and Run now (schemas/operations.json).

/** One scheduled message as the collection API answers it. */
export interface ScheduleEntry {
  id: string;
  version: number;
  item: ScheduledMessage;
}

export type { ScheduledMessage, ScheduleRun, ScheduleStatus, ScheduleStatusResponse };

/** How often the page reads the schedules' status again while it is visible (next runs move on, runs happen). */
export const STATUS_REFRESH_MS = 30_000;

export function useSchedules(guildId: string) {
  return useQuery({
    queryKey: queryKeys.scheduledMessages(guildId),
    queryFn: () => client.listScheduledMessages(guildId),
    // An open editor must not be refreshed under the user's hands.
    refetchOnWindowFocus: false,
  });
}

/**
 * Every schedule's next runs, last run and server pause, and the plan's rules: read again every 30 s while the page is
 * visible (TanStack Query stops the interval in a hidden tab), and after each action (invalidated by the page).
 */
export function useScheduleStatus(guildId: string) {
  return useQuery({
    queryKey: queryKeys.scheduleStatus(guildId),
    queryFn: () => client.getScheduleStatus(guildId),
    refetchInterval: STATUS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * One schedule's runs, newest first: read when its history is expanded (the only place that asks), and again with
 * the status while it stays open.
 */
export function useScheduleRuns(guildId: string, scheduleId: string) {
  return useQuery({
    queryKey: queryKeys.scheduleRuns(guildId, scheduleId),
    queryFn: async () => (await client.listScheduleRuns(guildId, scheduleId)).runs,
    refetchInterval: STATUS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
