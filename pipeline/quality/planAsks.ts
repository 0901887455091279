/**
 * Does a recorded plan do what its user asked it to do? Four ways a T-Eval plan does not, shared by
 * filter (which turns the plan down, naming what was asked and what the plan did) and the gt_*
 * measures (which count what reaches the cases), so the two agree:
 *
 * - an act the request asks for that no step performs: 21_1 "find an available meeting room … and
 *   book it" lists the free rooms and closes; 348_1 "book the first available meeting room" likewise
 *   (neverPerformedAct);
 * - another day than the one asked for: 288_2 asks for "the weather conditions for Denver on October
 *   18" and fetches get_weather_today; 430_1 asks "the day of the week when it was released" and
 *   answers with get_weekday, today's weekday (otherDayThanAsked);
 * - a route asked for that no step fetches: 300_0 "determine the shortest path and calculate the
 *   distance" calls get_coordinates and get_distance only (routeNeverFetched);
 * - a value the request names that a step's tool takes, left out or replaced: get_ticker_news() with
 *   no ticker for "news related to the company with the AAPL ticker symbol" (483_2); get_author_id
 *   with mauthors "machine learning", the topic searched, for "the author who has written the most
 *   articles on 'machine learning'" (241_2) (namedValueLeftOut).
 */
import { isPlainObject } from '../errors/values.js';
import { COMPANIES, companyBySearch, companyByTicker } from '../resolution/worldFacts.js';
import { escapeRegExp } from '../errors/vocabulary.js';
import type { AskedStep, AskedTool } from './askedItems.js';

const sentences = (text: string) => text.split(/(?<=[.?!])\s+|\n+/).filter((s) => s.trim());
const shortName = (name: string) => name.split('.').pop() ?? name;

/** Acts a request can ask for, the words that ask for it, and the tools that perform it. */
const ACTS: { act: string; asks: RegExp; tool: RegExp }[] = [
  // "book it", "book the first available meeting room", "reserve a room"; never "a room we could book", "book ideas".
  { act: 'book', asks: /(?<!\b(?:could|can|might|may|would)\s+)\b(?:book|reserve)\s+(?:it|them|one|this|that|(?:a|an|the)\b|(?:\w+\s+){0,3}(?:meeting\s+)?rooms?\b)/i, tool: /reserve|book/i },
  // "send an email to …", "send it to john.doe@example.com"
  { act: 'send', asks: /\bsend\s+(?:(?:an?|the|this|that|my|our)\s+)?(?:(?:\w+\s+){0,2}(?:e-?mail|message|invitation|reply|note)|it\s+to)\b/i, tool: /send|reply|forward/i },
  // "delete the email …"
  { act: 'delete', asks: /\b(?:delete|remove)\s+(?:the|this|that|it|them|all|an?|my)\b/i, tool: /delete|remove/i },
];

export interface NeverPerformed {
  act: string;
  /** The request's words that ask for it. */
  words: string;
}

/**
 * An act the request asks for (book, send, delete) that no step's tool performs: 21_1 "find an
 * available meeting room for this duration and book it?" answered by get_empty_room_with_time alone.
 * A plan whose toolset holds no tool for the act cannot do it either, so every case cut from it would
 * close on a request half done as if it were done.
 */
export function neverPerformedAct(request: string, steps: readonly AskedStep[]): NeverPerformed | undefined {
  for (const { act, asks, tool } of ACTS) {
    if (steps.some((s) => tool.test(shortName(s.name)))) continue;
    const asked = sentences(request).filter((s) => asks.test(s));
    // The last sentence asking for it is the request proper ("Lastly, I want to book a room …"), not a preamble.
    if (asked.length) return { act, words: asked[asked.length - 1].trim() };
  }
  return undefined;
}

/** Is any act asked for (the measure's population)? */
export function asksAnAct(request: string): boolean {
  return ACTS.some(({ asks }) => sentences(request).some((s) => asks.test(s)));
}

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const NAMED_DATE = new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?:,?\\s*\\d{4})?|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b(?:\\s*\\d{4})?|\\btomorrow\\b`, 'i');
/** A period a request asks about: "the next week", "the coming week", "the next 3 days", "this weekend". */
/** A doc that books for today only ("Book the meeting room today using the room id …"). */
const BOOKS_TODAY = /\b(?:book|reserve)\b[^.]*\btoday\b/i;
/** A weekday the request books on ("on Friday", "next Monday"). */
const WEEKDAY_NAMED = /\b(?:on|next|this coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;

/**
 * The day a sentence of the request books for, said where the booking or the rooms are ("any meeting rooms available
 * tomorrow …? If there are, … reserve the first"); null for a sentence booking today or naming no day.
 */
function bookingDay(s: string): RegExpExecArray | null {
  if (!/\b(?:book|reserve|reservation|meeting|rooms?)\b/i.test(s) || /\btoday\b/i.test(s)) return null;
  return NAMED_DATE.exec(s) ?? WEEKDAY_NAMED.exec(s);
}

/** Is a date the request names the one an answer before shows as today's (a clock's "2023-10-18 09:12" for "October 18")? */
function shownAsToday(date: string, today: string | undefined): boolean {
  const md = monthDay(date);
  const shown = today ? monthDay(today) : undefined;
  return !!md && !!shown && md.m === shown.m && md.d === shown.d;
}
const PERIOD = /\b(?:the\s+)?(?:next|coming|following|upcoming)\s+(?:\d+\s+|few\s+|two\s+|three\s+|seven\s+)?(?:week|weekend|days?|month)s?\b|\bthis\s+(?:week|weekend)\b|\b(?:the\s+)?month\s+of\s+\w+/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "October 18" / "2023-10-18" as month and day, to compare with a shown current date. */
function monthDay(date: string): { m: number; d: number } | undefined {
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (iso) return { m: Number(iso[2]), d: Number(iso[3]) };
  const mon = new RegExp(MONTH, 'i').exec(date);
  const day = /\b(\d{1,2})(?:st|nd|rd|th)?\b/.exec(date.replace(/\d{4}/, ''));
  if (!mon || !day) return undefined;
  return { m: MONTHS.indexOf(mon[0].slice(0, 3).toLowerCase()) + 1, d: Number(day[1]) };
}

export interface OtherDay {
  at: number;
  /** What the request asks for, in its words. */
  asked: string;
  /** What the step gives instead. */
  did: string;
}

/**
 * A step that answers for today what the request asks of another day: the weather "for Denver on
 * October 18" fetched by get_weather_today (288_2, 45_2), or "the day of the week when it was
 * released" answered by get_weekday, today's weekday (430_1). A date the request says is today
 * ("for today, October 17"), or one an answer before the step shows as the current date, is today;
 * a plan that also forecasts (forecast_weather) may read the day off the forecast.
 */
export function otherDayThanAsked(request: string, steps: readonly AskedStep[], tools: readonly AskedTool[] = []): OtherDay | undefined {
  // A check taking a date, called without one for the day or days the request asks about: its answer
  // is for no day the user named. T-Eval's check_availability, whose doc answers "the next 10 days"
  // without a date, answers "available for the next week" (1_1) as asked.
  for (const [at, st] of steps.entries()) {
    const doc = tools.find((t) => t.name === st.name);
    const param = doc && paramsOf(doc).find((p) => /^(?:date|day)$/i.test(p.name));
    if (!param || (isPlainObject(st.args) && st.args[param.name] !== undefined && st.args[param.name] !== '')) continue;
    // A tool answering a window without a date ("for the given date or the next 10 days": check_availability) answers "the next week" as asked.
    if (/\bor (?:the )?(?:next|coming|following) \d+ days\b/i.test(JSON.stringify(doc))) continue;
    const words = shortName(st.name).split('_').filter((w) => w.length > 3 && !/^(?:check|get|property)$/.test(w));
    for (const s of sentences(request)) {
      if (!words.some((w) => new RegExp(`\\b${w.slice(0, 6)}`, 'i').test(s))) continue;
      const date = NAMED_DATE.exec(s) ?? PERIOD.exec(s);
      if (date) return { at, asked: `${words.join(' ')} ${/^(?:for|on|from|in|during)\b/i.test(date[0]) ? '' : 'for '}${date[0]}`.replace(/\s+/g, ' '), did: `${shortName(st.name)} with no ${param.name}` };
    }
  }
  const today = steps.find((s) => /get_curr_time|get_current_time/i.test(s.name) && s.response !== undefined)?.response;
  const weatherAt = steps.findIndex((s) => /get_weather_today/i.test(s.name));
  if (weatherAt >= 0 && !steps.some((s) => /forecast/i.test(s.name))) {
    for (const s of sentences(request)) {
      if (!/\b(?:weather|forecast|temperature)\b/i.test(s) || /\b(?:today|current(?:ly)?|now|right now)\b/i.test(s)) continue;
      const date = NAMED_DATE.exec(s);
      if (!date) continue;
      if (shownAsToday(date[0], today)) continue;
      return { at: weatherAt, asked: `the weather on ${date[0]}`, did: `${shortName(steps[weatherAt].name)}, today's weather` };
    }
  }
  // A booking whose doc books today ("Book the meeting room today"), for a request booking another day ("a meeting room for
  // tomorrow", "for October 21, 2023"): the plan books today what the user wanted another day, and its thought owns up to it
  // ("`reserve` books for today only, though the user asked for tomorrow.") while going on (teval_query_406_2, 59_1, 470_2).
  const bookAt = steps.findIndex((st) => /reserve|book/i.test(shortName(st.name)) && BOOKS_TODAY.test(tools.find((t) => t.name === st.name)?.description ?? ''));
  if (bookAt >= 0) {
    for (const s of sentences(request)) {
      const date = bookingDay(s);
      if (!date) continue;
      if (shownAsToday(date[0], today)) continue;
      return { at: bookAt, asked: `a booking for ${date[0]}`, did: `${shortName(steps[bookAt].name)}, which books today` };
    }
  }
  const weekdayAt = steps.findIndex((s) => /get_weekday/i.test(s.name) && (!isPlainObject(s.args) || Object.keys(s.args).length === 0));
  if (weekdayAt >= 0) {
    for (const s of sentences(request)) {
      if (!/\b(?:day of the week|weekday)\b/i.test(s)) continue;
      const of = /\b(?:was|were|is|will be|gets?|got)\s+(?:first\s+)?(released|published|premiered|born|founded|held|aired)\b|\b(?:its|the)\s+(release|premiere|publication)(?:\s+date)?\b/i.exec(s);
      if (!of) continue;
      return { at: weekdayAt, asked: `the weekday it was ${(of[1] ?? of[2]).toLowerCase().replace(/^release$/, 'released').replace(/^premiere$/, 'premiered').replace(/^publication$/, 'published')} on`, did: `${shortName(steps[weekdayAt].name)}, today's weekday` };
    }
  }
  return undefined;
}

/** Does the request ask about the weather on a named day, or the weekday of a past event (the measure's population)? */
export function asksOfADay(request: string): boolean {
  return sentences(request).some((s) => bookingDay(s) !== null || (/\bavailab/i.test(s) && (NAMED_DATE.test(s) || PERIOD.test(s))) || (/\b(?:weather|forecast|temperature)\b/i.test(s) && NAMED_DATE.test(s)) || (/\b(?:day of the week|weekday)\b/i.test(s) && /\b(?:released|published|premiered|born|founded|aired|release|premiere)\b/i.test(s)));
}

/** "the shortest path", "the best route", "the fastest way … route" */
const ROUTE_ASKED = /\b(?:shortest|fastest|quickest|best|optimal)\s+(?:driving\s+|walking\s+)?(?:path|route)\b|\b(?:driving\s+)?directions\b/i;

/**
 * A route the request asks for that no step fetches: 300_0 "determine the shortest path and
 * calculate the distance" answered by get_coordinates and get_distance; a distance is not a path.
 */
export function routeNeverFetched(request: string, steps: readonly AskedStep[]): { words: string } | undefined {
  if (steps.some((s) => /route|direction|path/i.test(shortName(s.name)))) return undefined;
  const s = sentences(request).find((x) => ROUTE_ASKED.test(x));
  return s ? { words: ROUTE_ASKED.exec(s)![0] } : undefined;
}

export const asksARoute = (request: string) => ROUTE_ASKED.test(request);

const paramsOf = (t: AskedTool) => [...(t.params ?? []), ...(t.required_parameters ?? []), ...(t.optional_parameters ?? [])];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tickers a request names: a known company ("Apple Inc.", "Amazon") or a symbol written as one ('AAPL', "the ticker symbol WB"). */
export function namedTickers(request: string): string[] {
  const out: string[] = [];
  for (const c of COMPANIES) {
    const words = [c.ticker, ...c.aliases];
    const hit = words.some((w) => (w === c.ticker ? new RegExp(`(?<![\\w.])${escape(w)}(?![\\w])`).test(request) && (w.length > 2 || new RegExp(`(?:ticker|symbol)\\s+(?:symbol\\s+)?['"‘“]?${escape(w)}\\b|['"‘“]${escape(w)}['"’”]`).test(request)) : new RegExp(`(?<![\\w-])${escape(w)}(?![\\w-])`, 'i').test(request)));
    if (hit && !out.includes(c.ticker)) out.push(c.ticker);
  }
  for (const m of request.matchAll(/\bticker(?:\s+symbol)?(?:\s+of)?\s+['"‘“]?([A-Z]{1,5}(?:\.[A-Z])?)\b/g)) if (!out.includes(m[1])) out.push(m[1]);
  return out;
}

export interface LeftOut {
  at: number;
  name: string;
  param: string;
  /** What the request names. */
  asked: string;
  /** What the step passes instead (undefined: nothing). */
  given?: string;
}

/**
 * A value the request names that a step's tool takes, which the step leaves out or fills with
 * something else: get_ticker_news() with no ticker where the request names the company or its ticker
 * (483_2 "the company with the AAPL ticker symbol", 322_0 "Amazon"); get_author_id with mauthors set
 * to the topic the plan searched ("machine learning", 241_2, 165_1), a title the request quotes ('Best
 * Travel Destinations', 7_2) or a role ("first author", 97_2) instead of a person's name.
 */
export function namedValueLeftOut(request: string, steps: readonly AskedStep[], tools: readonly AskedTool[], opts: { tickers?: boolean } = {}): LeftOut | undefined {
  // The tickers the sentences asking for news name, or the company a sentence asking for its news
  // points back to ("news about the company", "the stock"); never news "about the stock market".
  const news = sentences(request).filter((x) => /\bnews\b/i.test(x));
  const tickers = [...new Set(news.flatMap((x) => (namedTickers(x).length ? namedTickers(x) : /\b(?:the|this|that|its)\s+(?:company|stock|ticker)\b(?!\s+market)/i.test(x) ? namedTickers(request) : [])))];
  const titled = [...request.matchAll(/\b(?:titled|entitled|title|called|on|about|related to|associated with|topic(?: of)?)\s+['"‘“]([^'"’”]{3,80})['"’”]/gi)].map((m) => m[1].trim().toLowerCase());
  const personLike = (v: string) => /^(?:(?:Professor|Prof\.|Dr\.)\s+)?(?:[A-Z][a-z'’-]+|[A-Z]\.)(?:\s+(?:[A-Z][a-z'’-]+|[A-Z]\.)){1,3}$/.test(v);
  const queries = steps.flatMap((s) => (isPlainObject(s.args) && /search|arxiv/i.test(s.name) ? Object.values(s.args).filter((v): v is string => typeof v === 'string') : [])).map((q) => q.trim().toLowerCase());
  for (const [at, s] of steps.entries()) {
    const doc = tools.find((t) => t.name === s.name);
    if (!doc) continue;
    const args = isPlainObject(s.args) ? s.args : {};
    const tickerParam = paramsOf(doc).find((p) => /^(?:ticker|symbol|stocks?_?ticker)$/i.test(p.name));
    if (opts.tickers !== false && tickerParam && tickers.length > 0 && /news/i.test(s.name)) {
      const v = args[tickerParam.name];
      if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) return { at, name: s.name, param: tickerParam.name, asked: tickers.join(', ') };
    }
    const authorParam = paramsOf(doc).find((p) => /^m?authors?(?:_?name)?$/i.test(p.name));
    if (authorParam) {
      const v = args[authorParam.name];
      if (typeof v !== 'string' || !v.trim()) continue;
      const k = v.trim().toLowerCase();
      const why = /^(?:the\s+)?(?:first|second|third|last|main|primary|lead)\s+author$|^author$/.test(k) ? 'a role' : titled.includes(k) ? 'a title or topic the request quotes' : queries.includes(k) && !personLike(v.trim()) ? 'the topic searched' : undefined;
      if (why) return { at, name: s.name, param: authorParam.name, asked: `an author's name (it passes ${why})`, given: v.trim() };
    }
  }
  return undefined;
}

/**
 * The author half of namedValueLeftOut, for filter: a ticker left out of a news call standardize
 * puts in where the request names it (argumentKinds.ts requestedTicker), so filter leaves those to it.
 */
export function authorReplaced(request: string, steps: readonly AskedStep[], tools: readonly AskedTool[]): LeftOut | undefined {
  return namedValueLeftOut(request, steps, tools, { tickers: false });
}

/**
 * A news read the request never asks for: 231_1 asks for the details of the company behind 'WB' and
 * 365_2 for emails and an author, and each plan also calls get_ticker_news() (market news at large).
 * A model following the request makes no such call; a case cut there expects it.
 */
export function unrequestedNews(request: string, steps: readonly AskedStep[]): { at: number; name: string } | undefined {
  if (/\bnews\b|\bheadlines?\b|新闻|资讯/i.test(request)) return undefined;
  const at = steps.findIndex((s) => /news/i.test(shortName(s.name)));
  return at < 0 ? undefined : { at, name: steps[at].name };
}

/**
 * A distance measured that the request never asks for: 31_1 asks for "the shortest route" from
 * Seattle to Portland, the pickup and destination locations and the traffic, and 312_1 how to reach
 * the Empire State Building from Times Square, and each plan also calls get_distance. A model
 * following the request makes no such call; a case cut there expects it. "How much ground I'll have
 * to cover" (312_2) and "the path and length between these two cities" (70_0) ask for one, and a
 * place "nearby" (71_1: "the first popular restaurant nearby") may fairly be measured.
 */
export function unrequestedDistance(request: string, steps: readonly AskedStep[]): { at: number; name: string } | undefined {
  if (/\bdistances?\b|\blength\b|\bnear(?:by)?\b|\bclose (?:to|by)\b|\bhow far\b|\bground\b[^.?!]{0,30}\bcover\b|\bcover\b[^.?!]{0,30}\bground\b|\bfar\b|\bkm\b|\bkilomet|\bmiles?\b|\bmileage\b|\bclosest\b|\bnearest\b|\bproximity\b|距离|多远/i.test(request)) return undefined;
  const at = steps.findIndex((s) => /distance/i.test(shortName(s.name)));
  return at < 0 ? undefined : { at, name: steps[at].name };
}

/**
 * A ticker search for a company the plan goes on with another security named for it: 178_2 looks up
 * "Tesla", is answered TSLZ (the T-Rex 2X Inverse Tesla Daily Target ETF, as Polygon's search ranked it)
 * and reads TSLZ's bars and news as Tesla's. A model that takes Tesla, Inc.'s own TSLA is marked
 * wrong, and the case teaches that a fund betting against a company is that company's stock.
 */
export function tickerOfOtherSecurity(steps: readonly AskedStep[]): { at: number; name: string; searched: string; ticker: string; security: string; own: string } | undefined {
  let company: ReturnType<typeof companyBySearch>;
  let searched = '';
  for (let at = 0; at < steps.length; at++) {
    const args = isPlainObject(steps[at].args) ? (steps[at].args as Record<string, unknown>) : {};
    const search = Object.entries(args).find(([k, v]) => /^(?:search|query|q|keyword|company|name)$/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
    if (/ticker|symbol|stock/i.test(shortName(steps[at].name)) && search && companyBySearch(search)) {
      company = companyBySearch(search);
      searched = search;
      continue;
    }
    if (!company) continue;
    const ticker = Object.entries(args).find(([k, v]) => /^(?:ticker|symbol|stocks?_?ticker)$/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
    const other = ticker ? companyByTicker(ticker) : undefined;
    const named = (other?.name ?? '').toLowerCase();
    // Another class of the company's own shares ("Lennar Corporation Class B Common Stock", LEN.B for Lennar) is its stock too: only a security
    // named for the company by someone else ("T-Rex 2X Inverse Tesla Daily Target ETF") is another thing.
    const ownClass = company.aliases.some((a) => named.startsWith(a)) || named.startsWith(company.name.toLowerCase().split(/\s+/)[0]);
    if (ticker && other && ticker !== company.ticker && !ownClass && company.aliases.some((a) => new RegExp(`\\b${escapeRegExp(a)}\\b`).test(named))) {
      return { at, name: steps[at].name, searched, ticker, security: other.name, own: company.ticker };
    }
  }
  return undefined;
}

/** Does a step's tool take a ticker or an author the request may name (the measure's population)? */
export function takesANamedValue(steps: readonly AskedStep[], tools: readonly AskedTool[]): boolean {
  return steps.some((s) => {
    const doc = tools.find((t) => t.name === s.name);
    return doc !== undefined && paramsOf(doc).some((p) => /^(?:ticker|symbol|stocks?_?ticker|m?authors?(?:_?name)?)$/i.test(p.name));
  });
}

/** The titles a film list answer names (`'title': 'Expend4bles'`, `"title": "…"`). */
function filmTitlesIn(response: string): string[] {
  return [...response.matchAll(/["']title["']\s*:\s*(?:"((?:[^"\\]|\\.)+)"|'((?:[^'\\]|\\.)+)')/g)].map((m) => (m[1] ?? m[2]).trim()).filter(Boolean);
}

/**
 * A ticker searched by a film's title where the request asks for the company behind the film: 479_1
 * "search for the ticker symbol of the production company behind the first popular movie" calls
 * search_stock_ticker(search="Expend4bles"), the film's title. No step finds the company, so the
 * ticker that comes back is not the one asked for, and a model that first looks the company up (or
 * says it cannot) is marked wrong.
 */
export function tickerByFilmTitle(steps: readonly AskedStep[]): { at: number; name: string; title: string } | undefined {
  const titles: string[] = [];
  for (let at = 0; at < steps.length; at++) {
    const s = steps[at];
    const args = isPlainObject(s.args) ? (s.args as Record<string, unknown>) : {};
    if (/ticker|symbol|stock/i.test(shortName(s.name))) {
      const search = Object.entries(args).find(([k, v]) => /^(?:search|query|q|keyword|company|name)$/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
      const title = search === undefined ? undefined : titles.find((t) => t.toLowerCase() === search.trim().toLowerCase());
      // A company the world knows by that name (a film called "Apple" would not make Apple Inc. a film) is a company.
      if (title && !companyBySearch(search!)) return { at, name: s.name, title };
    }
    if (/^Film/i.test(s.name) && s.response) titles.push(...filmTitlesIn(s.response));
  }
  return undefined;
}

/** Words by which a request asks for scholarly literature (a Scholar search is the tool for it). */
const SCHOLARLY = /\b(?:scholar\w*|academic|papers?|articles?|research\w*|publications?|publish\w*|citations?|cit(?:e|ed|ing)|stud(?:y|ies)|journals?|literature|authors?|scientific|thes[ie]s|preprints?)\b/i;

/**
 * A scholarly search for a request that asks for nothing scholarly: 305_0 searches Google Scholar
 * for "famous landmarks in New York" (a trip's sights), 446_0 for '你好，李焕英' (a film's summary).
 * A model that picks the web search or the film's details is right and marked wrong. Where the plan
 * itself makes the same search with another search tool next (305_0's serper_search), that step is
 * the plan's own, and `redoneAt` names it.
 */
export function scholarlySearchUnasked(request: string, steps: readonly AskedStep[]): { at: number; name: string; query: string; redoneAt?: number } | undefined {
  if (SCHOLARLY.test(request)) return undefined;
  for (let at = 0; at < steps.length; at++) {
    if (!/search_google_scholar|scholar_search/i.test(shortName(steps[at].name))) continue;
    const args = isPlainObject(steps[at].args) ? (steps[at].args as Record<string, unknown>) : {};
    const query = String(Object.values(args).find((v) => typeof v === 'string') ?? '');
    const redoneAt = steps.findIndex((s, j) => j > at && s.name !== steps[at].name && /search/i.test(shortName(s.name)) && isPlainObject(s.args) && Object.values(s.args as Record<string, unknown>).some((v) => typeof v === 'string' && v.trim().toLowerCase() === query.trim().toLowerCase()));
    return { at, name: steps[at].name, query, ...(redoneAt >= 0 ? { redoneAt } : {}) };
  }
  return undefined;
}

/** A dummy id ("12345", "0000", "xxx"): a guess, not a value anything gave. */
const DUMMY_ID = /^(?:1234|12345|123456|1234567|0000|00000|xxx+|abc123)$/i;

/**
 * A call whose id argument is a dummy value (471_2's get_author_information(author_id="12345")
 * before get_author_id("John Doe")): `redone` when a later step makes the same call with another
 * value under that key (the plan's own right step after the lookup).
 */
export function guessedId(call: { name: string; args: unknown }, later: readonly { name: string; args: unknown }[]): { key: string; value: unknown; redone: boolean } | undefined {
  if (!isPlainObject(call.args)) return undefined;
  for (const [key, value] of Object.entries(call.args as Record<string, unknown>)) {
    if (!/(?:^|_)id$|Id$|^q$/i.test(key) || !DUMMY_ID.test(String(value).trim())) continue;
    const redone = later.some((l) => l.name === call.name && isPlainObject(l.args) && key in (l.args as Record<string, unknown>) && String((l.args as Record<string, unknown>)[key]) !== String(value));
    return { key, value, redone };
  }
  return undefined;
}

/**
 * A film search by the name of a place the request gives as a location: 292_0 searches a movie
 * "Las Vegas" to learn whether 'Spider-Man: No Way Home' "is being shown in Las Vegas"; 28_0 and 148_1
 * search a movie "New York City" for the films "filmed in New York City". A title search does not
 * answer where a film shows or was filmed, so the film it finds is not what was asked about, and a
 * model that says no tool answers it is marked wrong.
 */
export function filmSearchForPlace(request: string, steps: readonly AskedStep[]): { at: number; name: string; place: string } | undefined {
  for (let at = 0; at < steps.length; at++) {
    const s = steps[at];
    if (!/^Film/i.test(s.name) || !/search_movie|print_detail|search_film/i.test(shortName(s.name)) || !isPlainObject(s.args)) continue;
    const q = Object.values(s.args as Record<string, unknown>).find((v) => typeof v === 'string') as string | undefined;
    if (!q || !/^[A-Z]/.test(q.trim())) continue;
    const place = escapeRegExp(q.trim());
    // Named as where something is or goes ("in Las Vegas", "to Las Vegas", "filmed in New York City"), never quoted as a title.
    if (!new RegExp(`\\b(?:in|to|from|near|at|around)\\s+(?:the\\s+)?${place}\\b`).test(request)) continue;
    if (new RegExp(`['"‘“]${place}['"’”]`).test(request)) continue;
    return { at, name: s.name, place: q.trim() };
  }
  return undefined;
}

/** What a request asks to have written into a file: "record the predicted weather …", "write the summary to …", "save the results in …". */
const ASKS_TO_RECORD = /\b(?:record|write|note|log|save|store|put|add|include|list)\b[^.?!]{0,80}\b(?:in(?:to)?|to)\b[^.?!]{0,40}\bfile\b|\bfile\b[^.?!]{0,60}\b(?:and|then)\s+(?:record|write|note|log|put)\b|\b(?:record|write|note|log)\s+(?:the|its|their|all|each)\b/i;

/** A step that writes a file (write_file, append, save, echo into a file). */
export const writesAFile = (step: { name: string }) => /write|append|save|echo/i.test(shortName(step.name));

export interface EmptyWrite {
  at: number;
  path: string;
}

/**
 * A file the request asks to have something recorded in, written empty by the plan and never written
 * again: teval_query_54_1 "Generate a file titled 'event_weather.txt' and record the predicted weather
 * in Seattle …" writes "" to /outputs/event_weather.txt, then forecasts and reads the file back. The
 * weather asked for is never recorded, and the read-back can only show an empty file.
 */
export function emptyWriteNeverFilled(request: string, steps: readonly AskedStep[]): EmptyWrite | undefined {
  if (!ASKS_TO_RECORD.test(request)) return undefined;
  const writes = steps
    .map((s, at) => ({ s, at }))
    .filter(({ s }) => writesAFile(s) && isPlainObject(s.args));
  for (const { s, at } of writes) {
    const args = s.args as Record<string, unknown>;
    const path = Object.entries(args).find(([k, v]) => /path|file|name/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
    const text = Object.entries(args).find(([k, v]) => /text|content|body|data/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
    if (!path || text === undefined || text.trim()) continue;
    const filled = writes.some(({ s: later, at: i }) => {
      if (i <= at) return false;
      const a = later.args as Record<string, unknown>;
      return Object.values(a).includes(path) && Object.entries(a).some(([k, v]) => /text|content|body|data/i.test(k) && typeof v === 'string' && v.trim());
    });
    if (!filled) return { at, path };
  }
  return undefined;
}

/** Words a company's name carries whatever the company ("Inc.", "Common Stock"): no sign two names are one company. */
const NAME_FILLER = /^(?:the|inc|corp|corporation|company|co|group|holdings|common|stock|class|shares|ltd|plc|llc|and|of)$/;
const nameWords = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !NAME_FILLER.test(w));
const TICKER_KEY = /^(?:ticker|symbol|stocks?_?ticker)$/i;
const SEARCH_KEY = /^(?:search|query|q|keyword|company|name)$/i;

export interface TickerNotNamed {
  at: number;
  name: string;
  /** What the step passes: the search's words or the ticker. */
  given: string;
  /** Why that is not the company the request means, in a clause ("is a description, not a company's name"). */
  why: string;
}

/**
 * A ticker the plan takes for a company its request does not name: 289_0 searches "tech company that
 * manufactures smartphones and computers" (a description; no search by it answers one company, and the
 * plan goes on with TECH, Bio-Techne) and 249_1 "company name" (a placeholder); 270_0 searches the
 * unlisted "ABC Real Estate" and goes on with REAL, The RealReal; 289_1 reads TSLA for "a prominent
 * electric car manufacturer" and 479_2 AAPL for "a stock symbol" with no search at all. Each case cut
 * there expects a guess a model following the request cannot make, and the closing answer tells of a
 * company the user never named as if it were the one asked about.
 */
export function tickerNotNamed(request: string, steps: readonly AskedStep[]): TickerNotNamed | undefined {
  const named = namedTickers(request);
  let searched: { query: string; known: boolean } | undefined;
  for (let at = 0; at < steps.length; at++) {
    const s = steps[at];
    const args = isPlainObject(s.args) ? (s.args as Record<string, unknown>) : {};
    const short = shortName(s.name);
    if (/ticker|symbol|stock/i.test(short) && /search/i.test(short)) {
      const q = Object.entries(args).find(([k, v]) => SEARCH_KEY.test(k) && typeof v === 'string')?.[1] as string | undefined;
      if (q === undefined) continue;
      const query = q.trim();
      const known = companyBySearch(query) !== undefined || named.includes(query.toUpperCase());
      // No proper name at all ("tech company that manufactures …", "company name"): a description, which names no one company.
      if (!known && !/[A-Z]/.test(query)) return { at, name: s.name, given: query, why: 'is a description, not a company\'s name, so no search by it answers the company the request means' };
      searched = { query, known };
      continue;
    }
    const ticker = Object.entries(args).find(([k, v]) => TICKER_KEY.test(k) && typeof v === 'string' && v.trim())?.[1] as string | undefined;
    if (ticker === undefined) continue;
    const t = ticker.trim();
    if (named.includes(t.toUpperCase())) continue;
    if (searched) {
      // A name the world table does not list searched, and a listed company's ticker taken for it: another company (270_0 "ABC Real Estate" → REAL, The RealReal).
      const other = companyByTicker(t);
      if (!searched.known && other && !nameWords(other.name).some((w) => nameWords(searched!.query).includes(w))) {
        return { at, name: s.name, given: t, why: `is ${other.name}'s ticker, not one for "${searched.query}", the company the request names` };
      }
      continue;
    }
    // A ticker shown by an earlier answer (a news list, a search) is the plan's to take.
    if (steps.slice(0, at).some((p) => p.response !== undefined && new RegExp(`\\b${escape(t)}\\b`).test(p.response))) continue;
    return { at, name: s.name, given: t, why: 'is a ticker the request never names and no step searches, so taking it is a guess at the company meant' };
  }
  return undefined;
}

/** Does the plan take or search a ticker (the measure's population)? */
export const takesATicker = (steps: readonly AskedStep[]) =>
  steps.some((s) => isPlainObject(s.args) && Object.entries(s.args as Record<string, unknown>).some(([k, v]) => typeof v === 'string' && (TICKER_KEY.test(k) || (SEARCH_KEY.test(k) && /ticker|symbol|stock/i.test(shortName(s.name))))));

/** Words by which a request asks for reviews: what people said of a film, a place or a stay. */
const REVIEWS_ASKED = /\breview\w*|\bopinions?\b|\bfeedback\b|\bratings?\b|\brated\b|\bcritic\w*|\bcritique\w*|\bcomments?\b|\breception\b|\btestimonials?\b|\bwhat (?:people|others|guests|viewers|audiences|critics|users) (?:think|thought|say|said)\b|评价|评论|影评|口碑/i;

export interface UnrequestedRead {
  at: number;
  name: string;
  /** What the step reads ("reviews"). */
  reads: string;
  /** A later step taking a value only this read shows. */
  usedBy?: number;
}

/**
 * A read of reviews the request never asks for: 272_0 asks for "the plot summary and details of the
 * movie 'Inception'" and the plan also calls get_movie_reviews. A model following the request makes
 * no such call, and the case cut there expects it. `usedBy` names a later step taking a value only the
 * reviews showed (then the read cannot simply go).
 */
export function unrequestedReviews(request: string, steps: readonly AskedStep[]): UnrequestedRead | undefined {
  if (REVIEWS_ASKED.test(request)) return undefined;
  const at = steps.findIndex((s) => /reviews?$/i.test(shortName(s.name)));
  if (at < 0) return undefined;
  const answer = steps[at].response ?? '';
  const before = [request, ...steps.slice(0, at).map((s) => s.response ?? '')].join('\n');
  const usedBy = answer
    ? steps.findIndex((s, j) => j > at && isPlainObject(s.args) && Object.values(s.args as Record<string, unknown>).some((v) => (typeof v === 'string' || typeof v === 'number') && String(v).trim().length >= 4 && answer.includes(String(v).trim()) && !before.includes(String(v).trim())))
    : -1;
  return { at, name: steps[at].name, reads: 'reviews', ...(usedBy >= 0 ? { usedBy } : {}) };
}

/** Does the plan read reviews (the measure's population)? */
export const readsReviews = (steps: readonly AskedStep[]) => steps.some((s) => /reviews?$/i.test(shortName(s.name)));
