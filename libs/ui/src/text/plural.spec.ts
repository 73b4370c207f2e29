import { formatCountdown } from './countdown';
import { formatCount, pluralForm } from './plural';

describe('formatCount', () => {
  it.each([
    { count: 0, noun: 'day', grammaticalCase: 'nominative', text: '0 Tage' },
    { count: 1, noun: 'day', grammaticalCase: 'nominative', text: '1 Tag' },
    { count: 6, noun: 'day', grammaticalCase: 'nominative', text: '6 Tage' },
    { count: 1, noun: 'day', grammaticalCase: 'dative', text: '1 Tag' },
    { count: 6, noun: 'day', grammaticalCase: 'dative', text: '6 Tagen' },
    { count: 2, noun: 'entry', grammaticalCase: 'dative', text: '2 Einträgen' },
    { count: 1, noun: 'role', grammaticalCase: 'nominative', text: '1 Rolle' },
    { count: 3, noun: 'role', grammaticalCase: 'nominative', text: '3 Rollen' },
    { count: 2, noun: 'user', grammaticalCase: 'nominative', text: '2 Nutzer' },
  ] as const)('$count $noun ($grammaticalCase) → "$text"', ({ count, noun, grammaticalCase, text }) => {
    expect(formatCount(count, noun, grammaticalCase)).toBe(text);
  });

  it('takes its own noun forms', () => {
    expect(formatCount(1, { one: 'Datei', other: 'Dateien' })).toBe('1 Datei');
    expect(formatCount(12, { one: 'Datei', other: 'Dateien' })).toBe('12 Dateien');
    expect(pluralForm(1.5, { one: 'Stunde', other: 'Stunden' })).toBe('Stunden');
  });
});

describe('formatCountdown', () => {
  const HOUR = 3600_000;
  it.each([
    { ms: 6 * 24 * HOUR + 4 * HOUR + 5 * 60_000 + 6000, grammaticalCase: 'dative', text: '6 Tagen 04:05:06' },
    { ms: 6 * 24 * HOUR, grammaticalCase: 'nominative', text: '6 Tage 00:00:00' },
    { ms: 24 * HOUR + 9000, grammaticalCase: 'dative', text: '1 Tag 00:00:09' },
    { ms: 4 * HOUR + 5 * 60_000 + 6000, grammaticalCase: 'dative', text: '04:05:06' },
    { ms: -5, grammaticalCase: 'nominative', text: '00:00:00' },
  ] as const)('$ms ms ($grammaticalCase) → "$text"', ({ ms, grammaticalCase, text }) => {
    expect(formatCountdown(ms, grammaticalCase)).toBe(text);
  });
});
