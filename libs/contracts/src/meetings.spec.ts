import { MEETING_DURATION_MS, meetingPhase } from './meetings';

describe('meetingPhase', () => {
  const start = Date.parse('2030-12-24T08:30:00.000Z');
  it.each([
    ['planning without a date', null, start, 'planning'],
    ['upcoming before the start', '2030-12-24T08:30:00.000Z', start - 1, 'upcoming'],
    ['running at the start', '2030-12-24T08:30:00.000Z', start, 'running'],
    ['running until 3 hours after', '2030-12-24T08:30:00.000Z', start + MEETING_DURATION_MS - 1, 'running'],
    ['ended 3 hours after the start', '2030-12-24T08:30:00.000Z', start + MEETING_DURATION_MS, 'ended'],
  ] as const)('%s', (_title, startsAt, now, phase) => {
    expect(meetingPhase({ startsAt }, now)).toBe(phase);
  });
});
