import { formatDate, formatDateTime, formatMoney, formatNumber, PDF_HELPERS } from './pdf-helpers.js';

describe('formatDate', () => {
  it.each([
    { title: 'a timestamp in winter, after 23:00 UTC', value: '2026-03-05T23:30:00Z', expected: '06.03.2026' },
    { title: 'a timestamp in summer, after 22:00 UTC', value: '2026-07-01T22:30:00Z', expected: '02.07.2026' },
    { title: 'a Date', value: new Date('2026-12-24T10:00:00Z'), expected: '24.12.2026' },
    { title: 'a date-only value, never shifted by a zone', value: '2026-01-01', expected: '01.01.2026' },
    { title: 'a value already in DD.MM.YYYY', value: '05.03.1941', expected: '05.03.1941' },
    { title: 'null', value: null, expected: '' },
    { title: 'an empty text', value: '', expected: '' },
    { title: 'something unreadable, printed as given', value: 'bald', expected: 'bald' },
  ])('formats $title', ({ value, expected }) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it.each([
    { title: 'winter time (UTC+1)', value: '2026-03-05T13:30:00Z', expected: '05.03.2026 14:30' },
    { title: 'summer time (UTC+2)', value: '2026-07-01T22:05:00Z', expected: '02.07.2026 00:05' },
    { title: 'midnight as 00, not 24', value: '2026-01-31T23:00:00Z', expected: '01.02.2026 00:00' },
    { title: 'undefined', value: undefined, expected: '' },
  ])('formats $title in Europe/Berlin', ({ value, expected }) => {
    expect(formatDateTime(value)).toBe(expected);
  });
});

describe('numbers', () => {
  it('prints cents as German euros', () => {
    expect(formatMoney(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatMoney(5).replace(/\s/g, ' ')).toBe('0,05 €');
    expect(formatMoney(null)).toBe('');
  });

  it('prints amounts with a decimal comma', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(2)).toBe('2');
  });
});

describe('logic helpers', () => {
  // Handlebars passes its options object as the last argument.
  const options = {};
  it('compare, negate and combine values', () => {
    expect(PDF_HELPERS.eq!('done', 'done', options)).toBe(true);
    expect(PDF_HELPERS.eq!(1, '1', options)).toBe(false);
    expect(PDF_HELPERS.ne!('a', 'b', options)).toBe(true);
    expect(PDF_HELPERS.not!(0, options)).toBe(true);
    expect(PDF_HELPERS.and!(true, 1, 'x', options)).toBe(true);
    expect(PDF_HELPERS.and!(true, 0, options)).toBe(false);
    expect(PDF_HELPERS.or!(false, '', 'x', options)).toBe(true);
    expect(PDF_HELPERS.or!(false, options)).toBe(false);
    expect(PDF_HELPERS.inc!(0, options)).toBe(1);
  });
});
