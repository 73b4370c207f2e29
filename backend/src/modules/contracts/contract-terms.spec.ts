import { addDays, addMonths, cancellationDeadline, cancellationEnd, germanDate, nthTerm, optionEnd, termOn } from './contract-terms.js';

describe('contract terms', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-01', 12, '2027-01-01'],
  ])('%s plus %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts yearly and monthly terms from the start, without drifting month ends', () => {
    expect(nthTerm('2026-01-01', 'year', 0)).toEqual({ validFrom: '2026-01-01', validTo: '2026-12-31' });
    expect(nthTerm('2026-01-01', 'year', 1)).toEqual({ validFrom: '2027-01-01', validTo: '2027-12-31' });
    expect(nthTerm('2026-01-31', 'month', 0)).toEqual({ validFrom: '2026-01-31', validTo: '2026-02-27' });
    expect(nthTerm('2026-01-31', 'month', 1)).toEqual({ validFrom: '2026-02-28', validTo: '2026-03-30' });
    expect(nthTerm('2026-01-31', 'month', 2)).toEqual({ validFrom: '2026-03-31', validTo: '2026-04-29' });
  });

  it.each([
    ['2026-01-01', 'year', '2025-06-01', '2026-01-01', '2026-12-31'],
    ['2026-01-01', 'year', '2026-12-31', '2026-01-01', '2026-12-31'],
    ['2026-01-01', 'year', '2027-01-01', '2027-01-01', '2027-12-31'],
    ['2026-01-01', 'year', '2031-07-14', '2031-01-01', '2031-12-31'],
    ['2026-01-15', 'month', '2026-03-14', '2026-02-15', '2026-03-14'],
    ['2026-01-15', 'month', '2026-03-15', '2026-03-15', '2026-04-14'],
  ] as const)('started %s (%s): on %s the term is %s – %s', (startedOn, runtime, today, validFrom, validTo) => {
    expect(termOn(startedOn, runtime, today)).toEqual({ validFrom, validTo });
  });

  it('allows cancelling until one month before the end of the term', () => {
    expect(cancellationDeadline('2026-12-31')).toBe('2026-11-30');
    expect(cancellationDeadline('2026-03-14')).toBe('2026-02-14');
    const term = { validFrom: '2026-01-01', validTo: '2026-12-31' };
    expect(cancellationEnd('2026-01-01', 'year', term, '2026-11-30')).toBe('2026-12-31');
    expect(cancellationEnd('2026-01-01', 'year', term, '2026-12-01')).toBe('2027-12-31');
  });

  it('ends a cancelled option with its current period', () => {
    expect(optionEnd('2026-01-10', '1 month', '2026-03-20')).toBe('2026-04-09');
    expect(optionEnd('2026-01-10', '12 months', '2026-03-20')).toBe('2027-01-09');
  });

  it('writes dates the German way', () => {
    expect(germanDate('2026-12-31')).toBe('31.12.2026');
    expect(germanDate(null)).toBeNull();
  });
});
