/**
 * A lookup by identifier finds only records that exist. An id, ticker or result id the task never
 * showed (a mistyped property id, the ticker "aapl" or "The Matrix", an author id in the wrong
 * case) names no record the API knows, so the real API answers "not found". The simulator had
 * answered such calls with a success about a company called "The Matrix"; this rule answers them
 * the way the API fails, before any simulation.
 *
 * Only simulated calls reach it (a live backend and a recorded answer speak for themselves), and
 * only when the caller says what the task had shown.
 */
import type { ToolDoc, ToolParam } from '../schemas.js';
import { toJson } from '../pyValues.js';
import { words, escapeRegExp } from '../errors/vocabulary.js';

/** The parameter names an identifier a lookup resolves, not free text it searches. */
export function isIdentifierParam(param: Pick<ToolParam, 'name'> & { description?: string }): boolean {
  if (/\b(id|ids|ticker|symbol)\b/.test(words(param.name).join(' '))) return true;
  return /^(?:the |a |unique )*(?:id|identifier)\b|\bid of\b/i.test((param.description ?? '').trim());
}

/** What the identifier names, for the message: "propertyId" → "property", `q` ("ID of … search result") → "result". */
function recordNoun(param: Pick<ToolParam, 'name'> & { description?: string }): string {
  const key = words(param.name).filter((w) => w !== 'id' && w !== 'ids').join(' ');
  if (key.length > 1) return key;
  const described = /\bid of (?:an? |the )?(?:individual )?(?:[\w-]+ )*?(result|record|item|paper|article|author|movie|property|room)\b/i.exec(param.description ?? '');
  return described?.[1]?.toLowerCase() ?? 'record';
}


/**
 * Does the text show this identifier exactly (letter case included: "aapl" is not AAPL)? A value
 * with a space in it ("John Doe", "The Matrix") or in a script without case (the film 沙丘) is a
 * name or a title wherever prose holds it; it
 * counts as shown only where an answer or a call gave it under an identifier's key
 * (`'organic_id': [...]`, `"author_id": ...`), never because the user wrote the name.
 */
function identifierShown(value: string | number, text: string): boolean {
  const v = String(value).trim();
  if (!v) return true;
  const at = new RegExp(`(^|[^A-Za-z0-9])${escapeRegExp(v)}(?![A-Za-z0-9])`, 'g');
  if (!/\s|[^\p{Script=Latin}\p{N}\p{P}\p{S}]/u.test(v)) return at.test(text);
  for (let m = at.exec(text); m; m = at.exec(text)) {
    const line = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index + m[1].length);
    const key = [...line.matchAll(/["']([A-Za-z_][\w ]*)["']\s*:/g)].pop()?.[1];
    if (key !== undefined && isIdentifierParam({ name: key })) return true;
  }
  return false;
}

export interface UnknownRecord {
  key: string;
  value: string | number;
  /** What the identifier names ("property", "ticker", "author"). */
  noun: string;
  message: string;
}

/**
 * The identifier argument of this call that nothing the task showed holds, with the API's
 * "not found" message; undefined when every identifier it takes was shown (or it takes none).
 * `shown` is what the task showed before the call (user turns, earlier answers); `earlier` the
 * earlier calls, whose own arguments count as shown.
 */
export function unknownRecord(doc: ToolDoc, args: unknown, shown: string, earlier: readonly { args: unknown; response?: string }[] = []): UnknownRecord | undefined {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const text = [shown, ...earlier.map((e) => `${toJson(e.args ?? {})}\n${e.response ?? ''}`)].join('\n');
  for (const param of [...doc.required_parameters, ...doc.optional_parameters]) {
    if (!isIdentifierParam(param)) continue;
    const value = (args as Record<string, unknown>)[param.name];
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isInteger(value))) continue;
    const ticker = /\b(ticker|symbol)\b/i.test(param.name);
    // A company's name the user wrote ("Tesla") is no ticker: Polygon answers NOT_FOUND for it unless
    // an answer gave that very string as a ticker.
    const tickerShaped = typeof value === 'string' && /^[A-Z]{1,5}(?:\.[A-Z])?$/.test(value);
    if (ticker && !tickerShaped ? new RegExp(`["'](?:ticker|symbol)["']\\s*:\\s*["']${escapeRegExp(String(value))}["']`).test(text) : identifierShown(value, text)) continue;
    // A well-formed ticker ("TSLA" for Tesla) may be one the exchange lists: a model knows it without
    // a lookup, as the plans themselves do. "aapl" and "The Matrix" are no tickers at all.
    if (/\b(ticker|symbol)\b/i.test(param.name) && typeof value === 'string' && /^[A-Z]{1,5}(?:\.[A-Z])?$/.test(value)) continue;
    const noun = recordNoun(param);
    return { key: param.name, value, noun, message: `No ${noun} found with ${param.name} ${JSON.stringify(value)}.` };
  }
  return undefined;
}
