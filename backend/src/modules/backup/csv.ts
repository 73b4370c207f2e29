/** CSV for spreadsheet programs in Germany: semicolons, CRLF, UTF-8 with a byte order mark. */

export const CSV_BOM = '\ufeff';

/**
 * One field: quoted when it holds a separator, a quote or a line break. A leading = + - @ (or a
 * tab / carriage return) would make a spreadsheet evaluate the cell as a formula; such values get
 * an apostrophe in front, which the spreadsheet shows as text.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(';')}\r\n`;
}
