/**
 * The plain CSV queue: one row per sample with the texts side by side and empty `decision`,
 * `edited_query`, `reviewer`, `note` columns to fill in (accept / reject / edit) in a spreadsheet.
 */
import type { ReviewSample } from '../samples.js';
import { queueRow, type FieldError, type ParsedDecisions, type QueueRow, type RawDecision, decisionLabel } from './common.js';
import { csvLine, parseCsv } from './csv.js';

const DATA_COLUMNS: (keyof QueueRow)[] = [
  'sample_id', 'content_hash', 'strategy', 'outcome', 'kind', 'error_type', 'base_case_id',
  'base_query', 'evolved_query', 'inserted_context', 'tool_changes', 'judge', 'failed_invariants', 'ground_truth',
];
export const CSV_COLUMNS = [...DATA_COLUMNS, 'decision', 'edited_query', 'reviewer', 'note'];

/** Excel and LibreOffice keep at most this many characters in a cell and cut the rest silently. */
export const SPREADSHEET_CELL_LIMIT = 32_767;

/**
 * The CSV queue, and the whole text of every cell too long for a spreadsheet: such a cell is cut
 * with a note naming the file beside the CSV (`review.csv.cells/<sample>.<column>.txt`) that holds
 * it in full. Only data columns can be that long; the decision columns import reads stay whole.
 */
export function writeCsvQueue(samples: ReviewSample[]): { csv: string; cells: Map<string, string> } {
  const cells = new Map<string, string>();
  return { csv: [...csvQueueLines(samples, cells)].join(''), cells };
}

/** writeCsvQueue one record at a time (the queue file is written as it goes); long cells land in `cells`. */
export function* csvQueueLines(samples: ReviewSample[], cells: Map<string, string>): Generator<string> {
  const fit = (sampleId: string, column: string, text: string): string => {
    if (text.length <= SPREADSHEET_CELL_LIMIT) return text;
    const rel = `review.csv.cells/${sampleId.replace(/[^A-Za-z0-9_~-]+/g, '_')}.${column}.txt`;
    cells.set(rel, text);
    const note = `… [cut at ${SPREADSHEET_CELL_LIMIT.toLocaleString('en-US')} characters, the spreadsheet cell limit; the whole ${text.length.toLocaleString('en-US')} characters are in ${rel}]`;
    return text.slice(0, SPREADSHEET_CELL_LIMIT - note.length) + note;
  };
  yield csvLine(CSV_COLUMNS);
  for (const s of samples) {
    const r = queueRow(s);
    yield csvLine([...DATA_COLUMNS.map((c) => fit(s.id, c, r[c])), '', '', '', '']);
  }
}

export function readCsvQueue(text: string): ParsedDecisions {
  const rows = parseCsv(text);
  const errors: FieldError[] = [];
  const decisions: RawDecision[] = [];
  let undecided = 0;
  const header = rows[0]?.map((h) => h.trim()) ?? [];
  const col = (name: string) => header.indexOf(name);
  for (const required of ['sample_id', 'content_hash', 'decision']) {
    if (col(required) < 0) return { format: 'csv', decisions, errors: [{ where: 'header', field: required, message: 'column missing' }], undecided };
  }
  rows.slice(1).forEach((row, i) => {
    const where = `row ${i + 2}`;
    const get = (name: string) => (col(name) >= 0 ? (row[col(name)] ?? '') : '');
    const sampleId = get('sample_id').trim();
    const contentHash = get('content_hash').trim();
    const raw = get('decision').trim();
    if (!raw) {
      undecided++;
      return;
    }
    if (!sampleId) return void errors.push({ where, field: 'sample_id', message: 'empty' });
    if (!contentHash) return void errors.push({ where: `${where} (${sampleId})`, field: 'content_hash', message: 'empty' });
    const label = decisionLabel(raw);
    if (!label) return void errors.push({ where: `${where} (${sampleId})`, field: 'decision', message: `unknown decision ${JSON.stringify(raw)} (accept, reject or edit)` });
    const edited = get('edited_query');
    const reviewer = get('reviewer').trim();
    const note = get('note').trim();
    decisions.push({
      where: `${where} (${sampleId})`,
      sampleId,
      contentHash,
      decision: label,
      ...(edited.trim() ? { editedQuery: edited } : {}),
      ...(reviewer ? { reviewer } : {}),
      ...(note ? { note } : {}),
    });
  });
  return { format: 'csv', decisions, errors, undecided };
}
