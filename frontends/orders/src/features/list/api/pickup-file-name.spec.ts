import { pickupFileName } from './pickup-file-name';

describe('pickupFileName', () => {
  it.each([
    ['winter time (UTC+1)', '2026-11-20T08:05:09.000Z', 'abholauftrag_20261120_090509.pdf'],
    ['summer time (UTC+2)', '2026-07-01T08:05:09.000Z', 'abholauftrag_20260701_100509.pdf'],
    ['midnight in Berlin as 00, on the next day', '2026-07-01T22:00:00.000Z', 'abholauftrag_20260702_000000.pdf'],
    ['the new year already begun in Berlin', '2026-12-31T23:30:05.000Z', 'abholauftrag_20270101_003005.pdf'],
  ])('names the sheet in Berlin time: %s', (_case, iso, name) => {
    expect(pickupFileName(new Date(iso))).toBe(name);
  });
});
