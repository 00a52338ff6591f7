/**
 * CSV as RFC 4180 says: fields separated by commas, lines by CRLF, and a field that holds a
 * comma, a double quote, CR or LF is quoted, with its quotes doubled. A field starting with
 * = + - @ (or a tab / CR) is prefixed with ' so a spreadsheet does not run it as a formula
 * (CSV injection: before/after hold what members and staff typed).
 */
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FORMULA_START.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: unknown[]) => `${fields.map(csvField).join(',')}\r\n`;
