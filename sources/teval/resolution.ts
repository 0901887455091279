/**
 * T-Eval's part of the resolution chain: no live tier (its APIs were real web services, recorded
 * once), cache seeds from the responses T-Eval recorded with outcome label A, grounding hints
 * from the plans' `prev` lists (which earlier steps a step takes its values from), and the form its
 * tools print a file error in.
 */
import type { CacheSeed, SourceResolution } from '../../pipeline/resolution/sources.js';
import type { UnknownRecord } from '../../pipeline/resolution/unknownRecord.js';
import type { Rng } from '../../pipeline/rng.js';

/** T-Eval's successful recorded responses among collect's records, in collect's order. */
export function recordedSeeds(collected: unknown[]): CacheSeed[] {
  const out: CacheSeed[] = [];
  for (const c of collected) {
    if (!c || typeof c !== 'object') continue;
    const r = c as Record<string, unknown>;
    if (r.kind !== 'recorded-response' || r.label !== 'A' || typeof r.tool !== 'string' || typeof r.response !== 'string') continue;
    const recordId = String(r.recordId);
    out.push({ recordId, tool: r.tool, args: r.args, response: r.response, origin: `teval-review:${recordId}` });
  }
  return out;
}

/** A Python str literal as repr() writes it (single quotes unless the text holds one and no double quote). */
function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  return `${quote}${text.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`).replace(/\n/g, '\\n')}${quote}`;
}

/**
 * T-Eval's tools print a failed file operation their own way, as its recordings show: FileOperation
 * catches the exception and answers `{'text': "Error: [Errno 2] No such file or directory: '…'"}`;
 * PPT lets it through, and the exception's text is the answer (`[Errno 2] No such file or directory: '…'`).
 */
export function tevalFileError(tool: string, message: string): string {
  return tool.startsWith('FileOperation.') ? `{'text': ${pyRepr(`Error: ${message}`)}}` : message;
}

/**
 * Polygon answers a ticker it does not know as T-Eval recorded it (get_ticker_detail("Inception")):
 * `{'text': "{'status': 'NOT_FOUND', 'request_id': '…', 'message': 'Ticker not found.'}"}`. T-Eval
 * recorded no other API's missing record; those keep the simulator's `{"error": …}`.
 */
export function tevalNotFound(tool: string, missing: UnknownRecord, rng: Rng): string | undefined {
  if (!tool.startsWith('PolygonFinance.') || missing.key !== 'ticker') return undefined;
  const requestId = Array.from({ length: 32 }, () => rng.pick([...'0123456789abcdef'])).join('');
  return `{'text': "{'status': 'NOT_FOUND', 'request_id': '${requestId}', 'message': 'Ticker not found.'}"}`;
}

export const tevalResolution: SourceResolution = {
  source: 'teval',
  fileError: tevalFileError,
  notFound: tevalNotFound,
  cacheSeeds: recordedSeeds,
  groundingHints: (trajectory) => {
    const steps = trajectory.turns.flatMap((t) => t.steps);
    return { executed: false, suppliersOf: (step) => (steps[step]?.prev ?? []).filter((p) => p >= 0 && p < step) };
  },
};
