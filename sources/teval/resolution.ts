/**
 * T-Eval's part of the resolution chain: no live tier (its APIs were real web services, recorded
 * once), cache seeds from the responses T-Eval recorded with outcome label A, grounding hints
 * from the plans' `prev` lists (which earlier steps a step takes its values from), and the form its
 * tools print a file error in.
 */
import type { CacheSeed, SourceResolution } from '../../pipeline/resolution/sources.js';

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

export const tevalResolution: SourceResolution = {
  source: 'teval',
  fileError: tevalFileError,
  cacheSeeds: recordedSeeds,
  groundingHints: (trajectory) => {
    const steps = trajectory.turns.flatMap((t) => t.steps);
    return { executed: false, suppliersOf: (step) => (steps[step]?.prev ?? []).filter((p) => p >= 0 && p < step) };
  },
};
