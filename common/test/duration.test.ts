import { describe, expect, it } from 'vitest';
import { durationWords } from '../src/duration.js';

describe('durations in words', () => {
  it('says minutes, hours and days in the singular and the plural', () => {
    expect(durationWords(1)).toBe('1 minute');
    expect(durationWords(5)).toBe('5 minutes');
    expect(durationWords(15)).toBe('15 minutes');
    expect(durationWords(60)).toBe('1 hour');
    expect(durationWords(120)).toBe('2 hours');
    expect(durationWords(1440)).toBe('1 day');
    expect(durationWords(2880)).toBe('2 days');
  });

  it('joins the parts largest first and leaves out those of zero', () => {
    expect(durationWords(90)).toBe('1 hour 30 minutes');
    expect(durationWords(1500)).toBe('1 day 1 hour');
    expect(durationWords(1441)).toBe('1 day 1 minute');
    expect(durationWords(23 * 60)).toBe('23 hours');
    expect(durationWords(3 * 1440 + 2 * 60 + 5)).toBe('3 days 2 hours 5 minutes');
  });

  it('rounds a fraction to whole minutes and says 0 minutes for nothing', () => {
    expect(durationWords(59.6)).toBe('1 hour');
    expect(durationWords(0)).toBe('0 minutes');
  });
});
