import { sniffType } from './file-types.js';

describe('sniffType', () => {
  it.each([
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
    ['svg is refused', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['text', Buffer.from('hello'), null],
  ])('%s', (_title, data, type) => {
    expect(sniffType(data)).toBe(type);
  });
});
