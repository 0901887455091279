/**
 * RFC 4180 CSV through the csv project's sync API (csv-stringify, csv-parse): every field quoted
 * on write (texts carry commas, quotes and newlines), and a reader that takes what spreadsheets
 * give back (a UTF-8 BOM, CRLF or LF, unquoted fields, ragged rows).
 */
import { parse, CsvError as ParseError } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

const CSV_OPTIONS = { quoted: true, quoted_empty: true, record_delimiter: '\r\n' } as const;

/** One record with its CRLF end (a streamed queue writes them one at a time). */
export function csvLine(fields: string[]): string {
  return stringify([fields], CSV_OPTIONS);
}

export function writeCsv(header: string[], rows: string[][]): string {
  return stringify([header, ...rows], CSV_OPTIONS);
}

export class CsvError extends Error {}

/** Rows of fields; the first row is the header. */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    // The library says "Quote Not Closed: the parsing is finished with an opening quote at line 1".
    const message = err.code === 'CSV_QUOTE_NOT_CLOSED' ? `unterminated quoted field (${err.message})` : err.message;
    throw new CsvError(message);
  }
}
