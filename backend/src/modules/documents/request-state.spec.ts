import { reminderDue, requestProgress, requestSources } from './request-state.js';

describe('requestSources', () => {
  it('moves requests forward only', () => {
    expect(requestSources('submitted')).toEqual(['requested', 'failed']);
    expect(requestSources('delivered')).toEqual(['requested', 'submitted', 'failed']);
    expect(requestSources('confirmed')).toEqual(['requested', 'submitted', 'delivered', 'failed']);
    expect(requestSources('received')).toEqual(['requested', 'submitted', 'delivered', 'confirmed', 'failed']);
  });

  it('fails a request only before delivery, and sends only a failed one again', () => {
    expect(requestSources('failed')).toEqual(['requested', 'submitted']);
    expect(requestSources('requested')).toEqual(['failed']);
  });
});

describe('requestProgress', () => {
  it('is the least advanced order, a failed one first', () => {
    expect(requestProgress(['confirmed', 'delivered', 'received'], 'requested')).toBe('delivered');
    expect(requestProgress(['received', 'failed'], 'requested')).toBe('failed');
    expect(requestProgress([], 'delivered')).toBe('delivered');
  });
});

describe('reminderDue', () => {
  const config = { workingDays: 2, urgentHours: 4 };
  it('is 2 working days after sending, 4 hours for an urgent request', () => {
    const friday = new Date('2026-01-09T09:00:00Z');
    expect(reminderDue(friday, 'normal', config).toISOString()).toBe('2026-01-13T09:00:00.000Z');
    expect(reminderDue(friday, 'urgent', config).toISOString()).toBe('2026-01-09T13:00:00.000Z');
  });
});
