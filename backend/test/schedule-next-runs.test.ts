import { describe, expect, it } from 'vitest';
import type { SchedulePlan } from '@guildhall/generated/types';
import { nextRuns, PlanError, runsBetween, shortestIntervalMinutes, zonedInstant } from '../src/schedules/next-runs.js';

// The next runs of a schedule plan at fixed instants (no app, no real clock): daylight-saving changes in two zones
// (2026: Europe/London springs forward on 29 March and falls back on 25 October, America/New_York on 8 March and
// 1 November), month ends and leap days, every N hours in real hours, the end date, and cron expressions.

const plan = (fields: Partial<SchedulePlan>): SchedulePlan => ({
  kind: 'daily',
  at: '',
  every: 24,
  time: '09:00',
  days: ['mon'],
  day: 1,
  cron: '',
  timeZone: 'UTC',
  until: '',
  ...fields,
});
const runs = (p: SchedulePlan, after: string, count: number) => nextRuns(p, new Date(after), count).map((d) => d.toISOString());

describe('next runs across daylight-saving changes', () => {
  it('Europe/London daily 01:30: the skipped hour runs when it ends (02:00 BST), the repeated one once, at its first occurrence', () => {
    const london = plan({ time: '01:30', timeZone: 'Europe/London' });
    expect(runs(london, '2026-03-27T12:00:00Z', 3)).toEqual([
      '2026-03-28T01:30:00.000Z', // 01:30 GMT
      '2026-03-29T01:00:00.000Z', // 01:30 does not exist: 02:00 BST
      '2026-03-30T00:30:00.000Z', // 01:30 BST
    ]);
    expect(runs(london, '2026-10-23T12:00:00Z', 3)).toEqual([
      '2026-10-24T00:30:00.000Z', // 01:30 BST
      '2026-10-25T00:30:00.000Z', // 01:30 happens twice: the first (BST) only
      '2026-10-26T01:30:00.000Z', // 01:30 GMT
    ]);
  });

  it('Europe/London daily 02:30 keeps its wall time on both nights', () => {
    const london = plan({ time: '02:30', timeZone: 'Europe/London' });
    expect(runs(london, '2026-03-28T12:00:00Z', 2)).toEqual(['2026-03-29T01:30:00.000Z', '2026-03-30T01:30:00.000Z']);
    expect(runs(london, '2026-10-24T12:00:00Z', 2)).toEqual(['2026-10-25T02:30:00.000Z', '2026-10-26T02:30:00.000Z']);
  });

  it('America/New_York daily 02:30: skipped on 8 March, so it runs at 03:00 EDT; 1 November keeps 02:30 EST', () => {
    const newYork = plan({ time: '02:30', timeZone: 'America/New_York' });
    expect(runs(newYork, '2026-03-06T12:00:00Z', 3)).toEqual([
      '2026-03-07T07:30:00.000Z', // 02:30 EST
      '2026-03-08T07:00:00.000Z', // 02:30 does not exist: 03:00 EDT
      '2026-03-09T06:30:00.000Z', // 02:30 EDT
    ]);
    expect(runs(newYork, '2026-10-31T12:00:00Z', 2)).toEqual(['2026-11-01T07:30:00.000Z', '2026-11-02T07:30:00.000Z']);
  });

  it('America/New_York daily 01:30: normal on 8 March, the first of the two 01:30s on 1 November', () => {
    const newYork = plan({ time: '01:30', timeZone: 'America/New_York' });
    expect(runs(newYork, '2026-03-07T12:00:00Z', 2)).toEqual(['2026-03-08T06:30:00.000Z', '2026-03-09T05:30:00.000Z']);
    expect(runs(newYork, '2026-10-30T12:00:00Z', 3)).toEqual([
      '2026-10-31T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T05:30:00.000Z', // the first 01:30 (EDT), not the second (EST, 06:30Z)
      '2026-11-02T06:30:00.000Z', // 01:30 EST
    ]);
  });

  it('weekly keeps its wall time across a change (Sundays 09:00 in New York, before and after 8 March)', () => {
    const weekly = plan({ kind: 'weekly', days: ['sun'], timeZone: 'America/New_York' });
    expect(runs(weekly, '2026-02-26T00:00:00Z', 3)).toEqual([
      '2026-03-01T14:00:00.000Z', // 09:00 EST
      '2026-03-08T13:00:00.000Z', // 09:00 EDT
      '2026-03-15T13:00:00.000Z',
    ]);
    const londonWeekly = plan({ kind: 'weekly', days: ['mon', 'fri'], time: '18:00', timeZone: 'Europe/London' });
    expect(runs(londonWeekly, '2026-10-22T00:00:00Z', 3)).toEqual([
      '2026-10-23T17:00:00.000Z', // Friday 18:00 BST
      '2026-10-26T18:00:00.000Z', // Monday 18:00 GMT
      '2026-10-30T18:00:00.000Z',
    ]);
  });

  it('every N hours counts real hours across a change (the wall time moves by the hour the clock skipped)', () => {
    const hours = plan({ kind: 'hours', every: 6, at: '2026-03-28T20:00', timeZone: 'Europe/London' });
    expect(runs(hours, '2026-03-28T00:00:00Z', 4)).toEqual([
      '2026-03-28T20:00:00.000Z', // 20:00 GMT
      '2026-03-29T02:00:00.000Z', // 03:00 BST: six real hours later
      '2026-03-29T08:00:00.000Z',
      '2026-03-29T14:00:00.000Z',
    ]);
    // Strictly after: a run at `after` itself is not next.
    expect(runs(hours, '2026-03-29T02:00:00Z', 1)).toEqual(['2026-03-29T08:00:00.000Z']);
    const fallBack = plan({ kind: 'hours', every: 1, at: '2026-11-01T00:30', timeZone: 'America/New_York' });
    expect(runs(fallBack, '2026-11-01T00:00:00Z', 4)).toEqual([
      '2026-11-01T04:30:00.000Z', // 00:30 EDT
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T06:30:00.000Z', // 01:30 EST: the repeated hour is a real hour too
      '2026-11-01T07:30:00.000Z', // 02:30 EST
    ]);
  });

  it('a once plan in the skipped hour runs when the hour ends; in the repeated hour, at its first occurrence', () => {
    expect(runs(plan({ kind: 'once', at: '2026-03-29T01:30', timeZone: 'Europe/London' }), '2026-03-01T00:00:00Z', 5)).toEqual([
      '2026-03-29T01:00:00.000Z',
    ]);
    expect(runs(plan({ kind: 'once', at: '2026-11-01T01:15', timeZone: 'America/New_York' }), '2026-10-01T00:00:00Z', 5)).toEqual([
      '2026-11-01T05:15:00.000Z',
    ]);
    // Once it has run, there is nothing next; its end date field (another kind's) is not read.
    expect(runs(plan({ kind: 'once', at: '2026-03-29T01:30', timeZone: 'Europe/London' }), '2026-03-29T01:00:00Z', 5)).toEqual([]);
    expect(runs(plan({ kind: 'once', at: '2026-06-01T12:00', until: '2026-05-01' }), '2026-03-01T00:00:00Z', 1)).toEqual([
      '2026-06-01T12:00:00.000Z',
    ]);
  });

  it('cron 0 9 * * 1-5 in New York follows the zone across 8 March', () => {
    const weekdays = plan({ kind: 'cron', cron: '0 9 * * 1-5', timeZone: 'America/New_York' });
    expect(runs(weekdays, '2026-03-05T00:00:00Z', 5)).toEqual([
      '2026-03-05T14:00:00.000Z', // Thursday 09:00 EST
      '2026-03-06T14:00:00.000Z', // Friday
      '2026-03-09T13:00:00.000Z', // Monday 09:00 EDT
      '2026-03-10T13:00:00.000Z',
      '2026-03-11T13:00:00.000Z',
    ]);
  });
});

describe('next runs at month ends and leap days', () => {
  it('a monthly 31st runs on 30 April, 28 February 2027 and 29 February 2028', () => {
    const monthly = plan({ kind: 'monthly', day: 31 });
    expect(runs(monthly, '2026-03-01T00:00:00Z', 4)).toEqual([
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
      '2026-06-30T09:00:00.000Z',
    ]);
    expect(runs(monthly, '2027-01-15T00:00:00Z', 3)).toEqual([
      '2027-01-31T09:00:00.000Z',
      '2027-02-28T09:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
    ]);
    expect(runs(monthly, '2028-01-15T00:00:00Z', 3)).toEqual([
      '2028-01-31T09:00:00.000Z',
      '2028-02-29T09:00:00.000Z',
      '2028-03-31T09:00:00.000Z',
    ]);
  });

  it('a monthly 29th runs on 28 February in a year without a leap day, and once on 29 February in a leap year', () => {
    const monthly = plan({ kind: 'monthly', day: 29, timeZone: 'Europe/London' });
    expect(runs(monthly, '2027-01-15T00:00:00Z', 3)).toEqual([
      '2027-01-29T09:00:00.000Z',
      '2027-02-28T09:00:00.000Z',
      '2027-03-29T08:00:00.000Z', // 09:00 BST (London sprang forward on 28 March 2027)
    ]);
    expect(runs(monthly, '2028-02-01T00:00:00Z', 2)).toEqual(['2028-02-29T09:00:00.000Z', '2028-03-29T08:00:00.000Z']);
  });

  it('30 February names no instant; 29 February only in a leap year', () => {
    expect(zonedInstant('2026-02-30T10:00', 'Europe/London')).toBeNull();
    expect(zonedInstant('2027-02-29T10:00', 'UTC')).toBeNull();
    expect(zonedInstant('2028-02-29T10:00', 'America/New_York')?.toISOString()).toBe('2028-02-29T15:00:00.000Z');
    expect(zonedInstant('2026-13-01T10:00', 'UTC')).toBeNull();
    expect(zonedInstant('2026-04-01T24:00', 'UTC')).toBeNull();
    expect(runs(plan({ kind: 'once', at: '2026-02-30T10:00' }), '2026-01-01T00:00:00Z', 1)).toEqual([]);
  });
});

describe('the end date and cron expressions', () => {
  it('runs until the end date inclusive, read in the plan zone', () => {
    const nightly = plan({ time: '23:30', timeZone: 'America/New_York', until: '2026-05-02' });
    expect(runs(nightly, '2026-04-30T04:00:00Z', 5)).toEqual([
      '2026-05-01T03:30:00.000Z', // 30 April 23:30 EDT
      '2026-05-02T03:30:00.000Z', // 1 May
      '2026-05-03T03:30:00.000Z', // 2 May 23:30 EDT: the end date's own, though 3 May in UTC
    ]);
    expect(runs(nightly, '2026-05-03T03:30:00Z', 5)).toEqual([]);
    // runsBetween: the due times in (after, until].
    expect(
      runsBetween(nightly, new Date('2026-04-30T04:00:00Z'), new Date('2026-05-02T03:30:00Z'), 20).map((d) => d.toISOString()),
    ).toEqual(['2026-05-01T03:30:00.000Z', '2026-05-02T03:30:00.000Z']);
  });

  it('refuses a cron expression that does not parse with PlanError and the parser reason', () => {
    for (const cron of ['61 * * * *', 'a b c d e', '* * * 13 *']) {
      let thrown: unknown;
      try {
        nextRuns(plan({ kind: 'cron', cron }), new Date('2026-01-01T00:00:00Z'), 1);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, cron).toBeInstanceOf(PlanError);
      expect((thrown as PlanError).reason.length, cron).toBeGreaterThan(0);
    }
  });

  it('measures the shortest interval between runs: real hours for every N hours, none for once', () => {
    const from = new Date('2026-03-01T00:00:00Z');
    expect(shortestIntervalMinutes(plan({ kind: 'cron', cron: '*/5 * * * *' }), from)).toBe(5);
    expect(shortestIntervalMinutes(plan({ kind: 'cron', cron: '0,10 9 * * *' }), from)).toBe(10);
    expect(shortestIntervalMinutes(plan({ kind: 'hours', every: 2, at: '2026-03-01T00:00' }), from)).toBe(120);
    expect(shortestIntervalMinutes(plan({ kind: 'weekly', days: ['mon', 'tue'] }), from)).toBe(1440);
    expect(shortestIntervalMinutes(plan({ kind: 'once', at: '2026-03-02T00:00' }), from)).toBeNull();
    // A daily plan across London's spring-forward night: 23 hours between two runs.
    expect(shortestIntervalMinutes(plan({ time: '09:00', timeZone: 'Europe/London' }), new Date('2026-03-27T12:00:00Z'))).toBe(23 * 60);
  });
});
