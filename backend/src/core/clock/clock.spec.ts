import { berlinDate, Clock } from './clock.js';

describe('Clock', () => {
  it('runs with the system time until set', () => {
    const clock = new Clock();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
  });

  it('freezes at a set instant and advances from there', () => {
    const clock = new Clock();
    clock.set('2026-01-31T23:30:00Z');
    expect(clock.now().toISOString()).toBe('2026-01-31T23:30:00.000Z');
    clock.advance(60 * 60 * 1000);
    expect(clock.now().toISOString()).toBe('2026-02-01T00:30:00.000Z');
    clock.reset();
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
  });

  it('advances a running clock by an offset', () => {
    const clock = new Clock();
    clock.advance(24 * 60 * 60 * 1000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(24 * 60 * 60 * 1000 - 50);
  });

  it('refuses a time that is none', () => {
    expect(() => new Clock().set('morgen')).toThrow();
  });

  it('tells the German calendar date', () => {
    // 23:30 UTC on 31 January is already 1 February in Berlin.
    expect(berlinDate(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01');
    expect(berlinDate(new Date('2026-07-31T21:59:00Z'))).toBe('2026-07-31');
  });
});
