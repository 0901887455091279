/**
 * RFC 4180 CSV: every field quoted on write (texts carry commas, quotes and newlines), and a
 * reader that takes what spreadsheets give back (a UTF-8 BOM, CRLF or LF, unquoted fields).
 */
export function csvField(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/** One record with its CRLF end. */
export function csvLine(fields: string[]): string {
  return fields.map(csvField).join(',') + '\r\n';
}

export function writeCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

export class CsvError extends Error {}

/**
 * Rows of fields; the first row is the header. Quoted fields are copied in slices between quotes
 * (indexOf), not character by character: a queue with tool docs runs to megabytes.
 */
export function parseCsv(text: string): string[][] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  while (i < n) {
    let field: string;
    if (text[i] === '"') {
      // Quoted: runs to the quote not followed by another quote; "" is a literal quote.
      const parts: string[] = [];
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) throw new CsvError(`unterminated quoted field (opened on line ${text.slice(0, i).split('\n').length})`);
        parts.push(text.slice(from, q));
        if (text[q + 1] === '"') {
          parts.push('"');
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      field = parts.join('');
      // Anything between the closing quote and the separator is kept, as spreadsheets do.
      let j = i;
      while (j < n && text[j] !== ',' && text[j] !== '\r' && text[j] !== '\n') j++;
      field += text.slice(i, j);
      i = j;
    } else {
      let j = i;
      while (j < n && text[j] !== ',' && text[j] !== '\r' && text[j] !== '\n') j++;
      field = text.slice(i, j);
      i = j;
    }
    row.push(field);
    if (i >= n) break;
    const c = text[i];
    if (c === ',') {
      i++;
      if (i >= n) row.push('');
      continue;
    }
    // End of line: CRLF or LF (or a lone CR).
    i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    endRow();
  }
  if (row.length) endRow();
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}
