import { IMPORT_MESSAGES } from '@mediport/contracts/import';
import { dateOf, doctorRefOf, headerKey, mapHeader, readRow, textOf } from './import-rows.js';

describe('headerKey', () => {
  it('compares headers in any case, umlauts spelled out or not, ignoring spaces and signs', () => {
    expect(headerKey('Späteste Lieferung')).toBe(headerKey('SPAETESTE_LIEFERUNG'));
    expect(headerKey('Arzt E-Mail')).toBe(headerKey('arzt email'));
  });
});

describe('dateOf', () => {
  it.each([
    [new Date(Date.UTC(1941, 2, 12)), '1941-03-12'],
    [15047, '1941-03-12'],
    ['12.03.1941', '1941-03-12'],
    ['2.3.1941', '1941-03-02'],
    ['1941-03-12', '1941-03-12'],
    ['31.02.1950', null],
    ['29.02.2023', null],
    ['29.02.2024', '2024-02-29'],
    ['12/03/1941', null],
    [1.5, null],
    ['', null],
  ])('%j → %j', (cell, iso) => {
    expect(dateOf(cell)).toBe(iso);
  });
});

describe('textOf', () => {
  it('drops the apostrophe an export puts before formula characters, nothing else', () => {
    expect(textOf("'=SUMME(A1)")).toBe('=SUMME(A1)');
    expect(textOf("'+49")).toBe('+49');
    expect(textOf("'s Apothekle")).toBe("'s Apothekle");
  });

  it('writes a date cell as DD.MM.YYYY and trims text', () => {
    expect(textOf(new Date(Date.UTC(2030, 0, 2)))).toBe('02.01.2030');
    expect(textOf('  A  ')).toBe('A');
  });
});

describe('doctorRefOf', () => {
  it('reads "Nachname, Vorname", a Kundennummer, or a last name alone', () => {
    expect(doctorRefOf('Berger, Anna', '')).toEqual({ kind: 'name', lastname: 'Berger', firstname: 'Anna', postalCode: '' });
    expect(doctorRefOf('K-4711', '')).toEqual({ kind: 'debtor', debtorId: 'K-4711' });
    expect(doctorRefOf('Berger', '10117')).toEqual({ kind: 'name', lastname: 'Berger', firstname: '', postalCode: '10117' });
    expect(doctorRefOf('', '')).toBeNull();
  });
});

describe('readRow', () => {
  const header = mapHeader({ row: 1, cells: ['Einrichtung', 'Nachname', 'Geburtsdatum', 'Medikament', 'Dosierung', 'Art', 'Arzt PLZ', 'Menge'] });
  const read = (cells: (string | number | null)[]) => readRow({ row: 5, cells }, header.columns, '2030-01-01');

  it('answers a checked row', () => {
    const { row, problems } = read(['Haus A', 'Meier', '01.02.1940', 'Aspirin', '1-0-0', 'Rezept in Arztpraxis', 1067, null]);
    expect(problems).toEqual([]);
    expect(row).toMatchObject({ home: 'Haus A', lastname: 'Meier', dateOfBirth: '1940-02-01', type: 4, amount: 1, doctor: null });
  });

  it('gives a postal code typed as a number its leading zero back', () => {
    expect(read(['Haus A', 'Meier', '01.02.1940', 'Aspirin', '1-0-0', 1, 1067, 2]).texts.doctorPostalCode).toBe('01067');
  });

  it('reports one problem per cell with row and column', () => {
    const { row, problems } = read(['', 'Meier', '01.02.1889', 'Aspirin', '1-0-0', 'x', null, 'viel']);
    expect(row).toBeNull();
    expect(problems).toEqual([
      { row: 5, column: 'Einrichtung', message: IMPORT_MESSAGES.required },
      { row: 5, column: 'Geburtsdatum', message: IMPORT_MESSAGES.invalidDate('01.02.1889') },
      { row: 5, column: 'Menge', message: IMPORT_MESSAGES.amount('viel') },
      { row: 5, column: 'Art', message: IMPORT_MESSAGES.type('x') },
    ]);
  });
});
