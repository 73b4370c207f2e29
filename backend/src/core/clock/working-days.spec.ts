import { addWorkingDays } from './working-days.js';

describe('addWorkingDays', () => {
  it.each([
    // Winter time (UTC+1): Monday 10:00 Berlin is 09:00 UTC.
    { title: 'within a week', start: '2026-01-05T09:00:00Z', days: 2, due: '2026-01-07T09:00:00.000Z' },
    { title: 'over a weekend (Friday → Tuesday)', start: '2026-01-09T09:00:00Z', days: 2, due: '2026-01-13T09:00:00.000Z' },
    { title: 'Thursday → Monday', start: '2026-01-08T09:00:00Z', days: 2, due: '2026-01-12T09:00:00.000Z' },
    { title: 'from a Saturday: counted from Monday 00:00', start: '2026-01-10T09:00:00Z', days: 2, due: '2026-01-13T23:00:00.000Z' },
    { title: 'from a Sunday evening', start: '2026-01-11T20:00:00Z', days: 1, due: '2026-01-12T23:00:00.000Z' },
    { title: 'late on Friday (23:30 Berlin) → Tuesday 23:30', start: '2026-01-09T22:30:00Z', days: 2, due: '2026-01-13T22:30:00.000Z' },
    // Summer time starts on Sunday 29 March 2026: Friday 10:00 CET (09:00 UTC) → Tuesday 10:00 CEST (08:00 UTC).
    { title: 'across the change to summer time', start: '2026-03-27T09:00:00Z', days: 2, due: '2026-03-31T08:00:00.000Z' },
    { title: 'across the change to winter time', start: '2026-10-23T08:00:00Z', days: 2, due: '2026-10-27T09:00:00.000Z' },
    { title: 'five working days are a week', start: '2026-01-07T11:15:00Z', days: 5, due: '2026-01-14T11:15:00.000Z' },
  ])('$title', ({ start, days, due }) => {
    expect(addWorkingDays(new Date(start), days).toISOString()).toBe(due);
  });
});
