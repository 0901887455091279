/**
 * An argument of another kind than its doc declares, in a call a case shows or asks for: T-Eval's
 * plans pass a research topic where `get_author_id` takes the author's name
 * (`get_author_id(mauthors="machine learning")`, teval_query_165_1), a paper's title or "first
 * author" where a name belongs, a company's name where a ticker symbol belongs, free text where a
 * YYYY-MM-DD date belongs. A ground truth that copies such a misuse is not the one right step, and
 * a shown call that made it reads as a successful mistake. Kinds are read from the parameter's doc.
 */
import { FINISH_ACTION, type Action, type ChatMessage, type ToolDoc } from '../schemas.js';
import { shownAction } from './evidence.js';
import { COMPANIES } from '../resolution/worldFacts.js';

export interface KindMismatch {
  action: string;
  key: string;
  value: string;
  kind: string;
}

/** A person's name: one to five capitalised words or initials, a title in front allowed ("Professor John Smith", "Seng W. Loke", "GH Evans"). */
const TITLE = /^(?:Professor|Prof\.?|Dr\.?|Mr\.?|Mrs\.?|Ms\.?|Sir|Dame)\s+/;
const NAME_WORD = /^(?:[A-Z][a-zà-ÿ'’-]+(?:-[A-Z][a-zà-ÿ'’-]+)?|[A-Z]{1,3}\.?|[A-Z]\.(?:[A-Z]\.)*|(?:van|von|de|der|da|di|la|le|du|del|bin|al)|Mc[A-Z][a-z]+|O'[A-Z][a-z]+)$/;
/** Words no one's name holds: a title or topic read as a name ("Society", "first author"). */
const NOT_NAME_WORDS = /^(?:society|author|authors|first|last|learning|machine|intelligence|change|climate|energy|science|research|culture|history|politics|literature|identity|computing|quantum|data|network|networks|health|economics|impact|media|social|study|review|the|and|of|in|on|for|a|an)$/i;

export function looksLikePersonName(value: string): boolean {
  const v = value.trim().replace(TITLE, '');
  if (!v || /[:;,!?()"\d]/.test(v)) return false;
  // CJK names are written without spaces: two to four characters.
  if (/^[\u3400-\u9fff·]{2,6}$/.test(v)) return true;
  const words = v.split(/\s+/);
  if (words.length < 1 || words.length > 5) return false;
  if (words.some((w) => NOT_NAME_WORDS.test(w))) return false;
  return words.every((w) => NAME_WORD.test(w)) && words.some((w) => /^[A-Z][a-z]/.test(w) || /^[A-Z]{2,3}$/.test(w));
}

/** The kind a parameter's doc declares, where one can be checked: a person's name, a ticker symbol, a YYYY-MM-DD date. */
export function declaredKind(key: string, description: string): 'person' | 'ticker' | 'date' | undefined {
  const d = description.replace(/\[Required\]\s*/, '').toLowerCase();
  if (/\b(?:name of the (?:author|person|professor|scholar|researcher)|author'?s name|the author's full name)\b/.test(d) || /^m?authors?$/i.test(key)) return 'person';
  if (/^(?:ticker|symbol|stock_symbol)$/i.test(key) && /\bticker\b|\bsymbol\b|^$/.test(d)) return 'ticker';
  if (/\byyyy-mm-dd\b/.test(d)) return 'date';
  return undefined;
}

function kindProblem(kind: 'person' | 'ticker' | 'date', value: string): boolean {
  if (kind === 'person') return !looksLikePersonName(value);
  if (kind === 'ticker') return !/^[A-Z][A-Z0-9]{0,5}(?:[.-][A-Z0-9]{1,3})?$/.test(value.trim());
  return !/^\d{4}-\d{2}-\d{2}$/.test(value.trim());
}

/** The first argument of `action` whose value is not of the kind its doc declares. */
export function kindMismatch(action: Pick<Action, 'name' | 'args'>, tools: readonly ToolDoc[]): KindMismatch | undefined {
  if (action.name === FINISH_ACTION || !action.args || typeof action.args !== 'object' || Array.isArray(action.args)) return undefined;
  const doc = tools.find((t) => t.name === action.name);
  if (!doc) return undefined;
  for (const p of [...doc.required_parameters, ...doc.optional_parameters]) {
    const value = (action.args as Record<string, unknown>)[p.name];
    if (typeof value !== 'string') continue;
    const kind = declaredKind(p.name, p.description ?? '');
    if (kind && kindProblem(kind, value)) return { action: action.name, key: p.name, value, kind: kind === 'person' ? "a person's name" : kind === 'ticker' ? 'a ticker symbol' : 'a YYYY-MM-DD date' };
  }
  return undefined;
}

/**
 * The first call of the case given an argument of another kind than its doc declares: a ground-truth
 * call, or a call the history shows before `historyEnd` (an internal case's wrong call, the injected
 * error, is left out by its caller).
 */
export function argumentKindMismatch(messages: readonly ChatMessage[], groundTruth: Action | Action[], tools: readonly ToolDoc[], historyEnd = messages.length): (KindMismatch & { where: 'ground truth' | 'history' }) | undefined {
  for (const a of Array.isArray(groundTruth) ? groundTruth : [groundTruth]) {
    const m = kindMismatch(a, tools);
    if (m) return { ...m, where: 'ground truth' };
  }
  for (const [i, msg] of messages.entries()) {
    if (i >= historyEnd || msg.role !== 'assistant') continue;
    const a = shownAction(msg.content);
    const m = a && kindMismatch(a, tools);
    if (m) return { ...m, where: 'history' };
  }
  return undefined;
}

export function describeKindMismatch(m: KindMismatch & { where: string }): string {
  return `${m.where} ${m.action} ${m.key}=${JSON.stringify(m.value.length > 70 ? `${m.value.slice(0, 67)}...` : m.value)} is not ${m.kind}, as its doc says it takes`;
}

// ---------------------------------------------------------------------------------------------
// A ticker the request names, left out of a call that takes one

/** An API whose doc takes an optional ticker ("Return results that contain this ticker"): T-Eval's get_ticker_news. */
export function optionalTickerParam(doc: ToolDoc | undefined): string | undefined {
  return doc?.optional_parameters.find((p) => /^(?:ticker|symbol)$/i.test(p.name) && /\bticker\b/i.test(p.description ?? ''))?.name;
}

/**
 * The one company's ticker a request for news is about, where the request names one: the ticker
 * the turn's other calls pass (one only: "a company called 'Tesla' … the stock ticker and the
 * aggregate bars … the most recent news articles about the company"), else one the user writes
 * ("the stock ticker symbol 'AAPL'", "'IBM' stock", "the ticker symbol of XYZ", "the company with the AAPL
 * ticker symbol"), else the one known company a sentence asking for news names ("news articles
 * related to Amazon", worldFacts.ts COMPANIES). Undefined where
 * the request asks for news of the market at large ("the latest news articles about the stock
 * market") or names no one company.
 */
export function requestedTicker(request: string, tickersPassed: readonly string[]): string | undefined {
  // "news articles about the stock market": a noisy copy of the request may misspell "news" ("nwws articles"), so articles and headlines count too.
  if (/\b(?:news|articles?|headlines?)\b[^.?!]*\b(?:stock|financial|the) markets?\b|\bmarket news\b/i.test(request)) return undefined;
  const passed = [...new Set(tickersPassed.filter((t) => /^[A-Z][A-Z0-9.]{0,6}$/.test(t)))];
  if (passed.length === 1) return passed[0];
  if (passed.length > 1) return undefined;
  const said = new Set<string>();
  // "'AAPL'", "the ticker symbol of XYZ", "the company with the AAPL ticker symbol"
  for (const m of request.matchAll(/['"‘“]([A-Z]{1,5}(?:\.[A-Z]{1,2})?)['"’”]|\bticker(?: symbol)?(?: of| for| is)?\s+([A-Z]{2,5}(?:\.[A-Z]{1,2})?)(?![\w.]*[a-z])|\b([A-Z]{2,5}(?:\.[A-Z]{1,2})?)\s+(?:stock\s+)?ticker\b/g)) said.add(m[1] ?? m[2] ?? m[3]);
  if (said.size === 0) {
    // One known company a sentence asking for news names ("the latest news articles related to Amazon, the company I work for").
    const news = request.split(/(?<=[.?!])\s+|\n+/).filter((x) => /\b(?:news|articles?|headlines?)\b/i.test(x)).join('\n');
    for (const c of COMPANIES) if (c.aliases.some((a) => new RegExp(`(?<![\\w-])${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'i').test(news))) said.add(c.ticker);
  }
  return said.size === 1 ? [...said][0] : undefined;
}

/**
 * A call the case asks for or shows that leaves out the ticker its request names: T-Eval's
 * `get_ticker_news()` (the ticker is optional) for "news articles related to the stock ticker
 * symbol 'AAPL'", answered with news of no company in particular.
 */
export function tickerLeftOut(messages: readonly ChatMessage[], groundTruth: Action | Action[], tools: readonly ToolDoc[], historyEnd = messages.length): string | undefined {
  const request = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const calls: Pick<Action, 'name' | 'args'>[] = [];
  for (const [i, msg] of messages.entries()) {
    if (i >= historyEnd || msg.role !== 'assistant') continue;
    const a = shownAction(msg.content);
    if (a) calls.push(a);
  }
  const gts = (Array.isArray(groundTruth) ? groundTruth : [groundTruth]).filter((a) => a.name !== FINISH_ACTION);
  const all = [...calls, ...gts];
  const passed = all.flatMap((a) => (a.args && typeof a.args === 'object' ? Object.entries(a.args as Record<string, unknown>).filter(([k, v]) => /^(?:ticker|symbol|stock)$/i.test(k) && typeof v === 'string').map(([, v]) => v as string) : []));
  for (const a of all) {
    const key = optionalTickerParam(tools.find((t) => t.name === a.name));
    if (!key || (a.args && typeof a.args === 'object' && key in (a.args as object))) continue;
    const ticker = requestedTicker(request, passed);
    if (ticker) return `${gts.includes(a as Action) ? 'ground truth' : 'shown'} ${a.name} passes no ${key} though the request is about ${ticker}`;
  }
  return undefined;
}
