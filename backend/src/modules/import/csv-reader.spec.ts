import { csvRecords, decodeCsv, detectDelimiter } from './csv-reader.js';

const all = async (text: string) => {
  const out: { row: number; cells: string[] }[] = [];
  for await (const r of csvRecords(text)) out.push(r);
  return out;
};

describe('decodeCsv', () => {
  it('drops a UTF-8 byte order mark', () => {
    expect(decodeCsv(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0xa4]))).toBe('Aä');
  });

  it('reads text that is no UTF-8 as Windows-1252', () => {
    expect(decodeCsv(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x80]))).toBe('Müller€');
  });

  it('refuses UTF-16', () => {
    expect(() => decodeCsv(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toThrow('UTF-8');
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['a;b;c', ';'],
    ['a,b,c', ','],
    ['a\tb\tc', '\t'],
    ['"a;b",c,d', ','],
    ['a;b,c', ';'],
    ['nur eine Spalte', ';'],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('csvRecords', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', async () => {
    expect(await all('a;"b;c";"d ""e"""\r\n"x\ny";z')).toEqual([
      { row: 1, cells: ['a', 'b;c', 'd "e"'] },
      { row: 2, cells: ['x\ny', 'z'] },
    ]);
  });

  it('skips blank records but counts them, as a spreadsheet numbers its rows', async () => {
    expect(await all('a;b\n\n\nc;d\n')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 4, cells: ['c', 'd'] },
    ]);
  });

  it('ends records at CRLF, LF or CR and keeps empty fields', async () => {
    expect(await all('a;;b\rc;d;\r\ne')).toEqual([
      { row: 1, cells: ['a', '', 'b'] },
      { row: 2, cells: ['c', 'd', ''] },
      { row: 3, cells: ['e'] },
    ]);
  });
});
