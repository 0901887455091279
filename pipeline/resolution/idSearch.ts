/**
 * A search finds what its words name. A search whose query is an opaque id ("aRCT0jKYjgIJ", a
 * Scholar result id given to search_google_scholar instead of get_citation_format) matches no
 * paper's words: the real search answers an empty result in its own shape, never a full list on
 * some other topic. Likewise a stock-ticker search for a film's title ("Expend4bles") finds no
 * company. A value a later step copies from the answer is carried (the answer is made then).
 */
import type { ToolDoc } from '../schemas.js';
import { isPlainObject } from '../errors/values.js';
import { isOpaqueId } from '../quality/grounding.js';
import { filmByTitle } from './worldFacts.js';
import { recordedAnswer } from './recordedAnswer.js';

const SEARCH_KEY = /^(?:query|search|q|keywords?|term|mauthors|search_?query)$/i;

/** One token of letters and digits, mixing them as ids do ("NBjp4NBMU-oJ", "efZZXguoqq8J"). */
export function isSearchedId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,}$/.test(value.trim()) && /\d/.test(value) && /[A-Za-z]/.test(value) && isOpaqueId(value);
}

/**
 * An id argument that is a placeholder or a name rather than an id ("organic_result_id", "Qian
 * Zhongshu"): words, spaced or joined by underscores. Scholar's own ids are opaque even without a
 * digit ("-jKcSxGaARwJ"), so the shape, not a digit, tells them apart.
 */
export function isPlaceholderId(value: string): boolean {
  const v = value.trim();
  return /\s/.test(v) || /^[a-z]+(?:_[a-z]+)+$/i.test(v);
}

/** The free-text argument a search call searches with, when the call is a search. */
export function searchedText(name: string, args: unknown): { key: string; value: string } | undefined {
  if (!isPlainObject(args) || !/search|query|find|look_?up/i.test(name)) return undefined;
  const hit = Object.entries(args).find(([k, v]) => SEARCH_KEY.test(k) && typeof v === 'string' && v.trim());
  return hit ? { key: hit[0], value: (hit[1] as string).trim() } : undefined;
}

/** Why a search for this call finds nothing: an opaque id searched as words, or a film searched as a company; undefined otherwise. */
export function findsNothing(name: string, args: unknown): string | undefined {
  const s = searchedText(name, args);
  if (!s) return undefined;
  if (isSearchedId(s.value)) return `the query "${s.value}" is an id, not words any record holds`;
  if (/ticker|stock|company/i.test(name) && filmByTitle(s.value)) return `"${s.value}" is a film, no company`;
  return undefined;
}

/** The API's "nothing found" in its own shape: Polygon's empty result set for a ticker search, else every documented field an empty list. */
export function nothingFoundAnswer(doc: ToolDoc): Record<string, unknown> {
  if (/^PolygonFinance\./.test(doc.name)) return { results: [], status: 'OK', count: 0 };
  const out: Record<string, unknown> = {};
  for (const f of doc.return_data) out[f.name || 'results'] = [];
  if (!doc.return_data.length) out.results = [];
  return out;
}

/**
 * The one status-only success text a recorded answer of this API gives ("{'status': 'added page'}"),
 * in its recorded words but about this call: a recorded status that names what its own call wrote
 * ("File written successfully to outputs/status.txt.") names this call's value of that argument
 * instead (weather.txt), never the recording's. A status naming a value this call has no
 * counterpart for is left out when another recorded status does not name one.
 */
export function recordedStatus(examples: readonly { args?: unknown; response: string }[], args?: unknown): string | undefined {
  const found = examples.filter((e) => {
    const v = recordedAnswer(e.response);
    return isPlainObject(v) && Object.keys(v).length === 1 && typeof v.status === 'string' && !/error|fail|denied|invalid|not found/i.test(v.status);
  });
  const told = found.map((e) => ({ e, text: statusForCall(e, args) })).filter((x): x is { e: (typeof found)[number]; text: string } => x.text !== undefined);
  // The simulator's own earlier wording ("Add text page completed successfully.") only when nothing recorded says otherwise.
  return (told.find((x) => !/completed successfully\.?["']\s*\}$/.test(x.e.response.trim())) ?? told[0])?.text;
}

/** A recorded status text with the recorded call's argument values it names put as this call's; undefined when one has no counterpart here. */
function statusForCall(example: { args?: unknown; response: string }, args: unknown): string | undefined {
  let text = example.response.trim();
  if (!isPlainObject(example.args)) return text;
  for (const [key, recorded] of Object.entries(example.args)) {
    if (typeof recorded !== 'string' || recorded.trim().length < 3 || !text.includes(recorded)) continue;
    const own = isPlainObject(args) ? args[key] : undefined;
    if (typeof own !== 'string' || !own.trim()) return undefined;
    if (own === recorded) continue;
    // The value goes in as the recording printed its own: inside a Python str literal, quotes and backslashes escaped.
    const quote = /^\{\s*'status'\s*:\s*"/.test(text) ? '"' : "'";
    const escaped = own.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`).replace(/\n/g, '\\n');
    text = text.split(recorded).join(escaped);
  }
  return text;
}
