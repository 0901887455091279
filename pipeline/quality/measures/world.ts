/**
 * Does a simulated answer about a real film or company agree with what the world knows of it
 * (pipeline/resolution/worldFacts.ts)? A model under test knows The Matrix is a 1999 film by the
 * Wachowskis and that Tesla's homepage is tesla.com: "The Matrix (2020-07-01): an aging jazz
 * pianist inherits a vineyard", "奥本海默 is a comedy directed by Rafael Okafor", a ticker detail
 * naming the asset "TSLA", or an AAPL open of 29.95 beside a close of 734.79 is dishonest data.
 */
import { shownSteps } from '../evidence.js';
import { isPlainObject } from '../../errors/values.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import type { CaseMeasure } from '../types.js';
import type { Action } from '../../schemas.js';
import { companyBySearch, companyByTicker, doubanFact, filmById, filmByTitle, genreName, priceLevel, type FilmFact } from '../../resolution/worldFacts.js';

const same = (a: string, b: string) => a.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') === b.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const yearOf = (v: unknown) => (typeof v === 'string' ? /^(\d{4})/.exec(v.trim())?.[1] : undefined);

/** What in a film's details or description contradicts the film. */
function filmDetailsWrong(film: FilmFact, answer: Record<string, unknown>, shownTitle: boolean): string | undefined {
  const year = film.release.slice(0, 4);
  const released = yearOf(answer.release_date);
  if (released && released !== year) return `${film.title} released ${String(answer.release_date)}; it came out in ${year}`;
  if (Array.isArray(answer.genres) && answer.genres.length) {
    const names = answer.genres.map((g) => (isPlainObject(g) ? g.name : g)).filter((g): g is string => typeof g === 'string');
    if (names.length && !names.some((g) => film.genres.includes(genreName(g) ?? g))) return `${film.title} filed under ${names.join(', ')}; it is ${film.genres.join(', ')}`;
  }
  if (typeof answer.runtime === 'number' && film.runtime !== undefined && Math.abs(answer.runtime - film.runtime) > 5) return `${film.title} runs ${answer.runtime} minutes; it runs ${film.runtime}`;
  if (shownTitle && typeof answer.title === 'string' && !same(answer.title, film.title) && !(film.zh && same(answer.title, film.zh))) return `TMDB id ${String(film.tmdb)} titled ${JSON.stringify(answer.title)}; it is ${film.title}`;
  for (const text of [answer.description, answer.overview]) {
    if (typeof text !== 'string') continue;
    // Douban's words: "由克里斯托弗·诺兰导演" names the director Douban lists, where we know it.
    const zhDirector = /由([^，,。.]+?)导演/.exec(text)?.[1]?.trim();
    const douban = doubanFact(film.zh ?? film.title);
    if (zhDirector && douban?.directorZh && !douban.directorZh.split(' / ').some((d) => zhDirector.includes(d))) return `${film.title} said to be directed by ${zhDirector}; Douban lists ${douban.directorZh}`;
    const director = /directed by ([^,.(;]+)/i.exec(text)?.[1]?.trim();
    if (director && !film.director.toLowerCase().includes(director.toLowerCase()) && !director.toLowerCase().includes(film.director.split(/\s+and\s+|,\s*/)[0].toLowerCase())) return `${film.title} said to be directed by ${director}; it is by ${film.director}`;
    const called = /\bis an? ([a-z-]+(?: [a-z-]+)?) film\b/i.exec(text)?.[1];
    const genre = called ? genreName(called) : undefined;
    if (genre && !film.genres.includes(genre)) return `${film.title} called a ${called} film; it is ${film.genres.join(', ')}`;
    // "a drama film from 2020", "released in 2020": the film's own year (a story set "in 1956" is no release).
    const dated = /\b(?:film|movie) from ((?:19|20)\d\d)\b|\breleased in ((?:19|20)\d\d)\b|\(((?:19|20)\d\d)\)/i.exec(text);
    const said = dated?.slice(1).find(Boolean);
    if (said && said !== year) return `${film.title} dated ${said}; it came out in ${year}`;
  }
  return undefined;
}

/** What in a list's film records contradicts the films they name. */
function filmRecordsWrong(list: unknown[]): string | undefined {
  for (const r of list) {
    if (!isPlainObject(r)) continue;
    const byId = filmById(r.id);
    if (byId && typeof r.title === 'string' && !same(r.title, byId.title)) return `TMDB id ${String(r.id)} listed as ${JSON.stringify(r.title)}; it is ${byId.title}`;
    const film = byId ?? filmByTitle(r.title);
    if (!film) continue;
    const released = yearOf(r.release_date);
    if (released && released !== film.release.slice(0, 4)) return `${film.title} listed with release ${String(r.release_date)}; it came out in ${film.release.slice(0, 4)}`;
    if (!byId && film.tmdb !== undefined && typeof r.id === 'number' && r.id !== film.tmdb) return `${film.title} listed under TMDB id ${r.id}; its id is ${film.tmdb}`;
    const cate = typeof r.cate === 'string' ? genreName(r.cate) : undefined;
    if (cate && !film.genres.includes(cate)) return `${film.title} filed under ${String(r.cate)}; it is ${film.genres.join(', ')}`;
    const douban = film.zh ? doubanFact(film.zh) : undefined;
    if (douban?.directorZh && typeof r.director === 'string' && r.director.trim() && !douban.directorZh.split(' / ').some((d) => r.director === d || String(r.director).includes(d))) return `${film.title} listed as directed by ${r.director}; Douban lists ${douban.directorZh}`;
  }
  return undefined;
}

/**
 * What a simulated answer says against the world about the film or company its call is about;
 * null when it agrees, undefined when the call is about nothing the facts table knows.
 */
export function worldContradiction(action: Action, response: string): string | null | undefined {
  const answer = parseToolResponse(response);
  if (!isPlainObject(answer) || 'error' in answer) return undefined;
  const args = isPlainObject(action.args) ? action.args : {};
  const kit = action.name.split('.')[0];
  if (/film|movie|tmdb|douban/i.test(kit)) {
    let about = false;
    const film = filmById(args.movie_id) ?? filmByTitle(args.query) ?? filmByTitle(args.film_name);
    if (film && !Array.isArray(answer.films) && !Array.isArray(answer.film)) {
      about = true;
      const why = filmDetailsWrong(film, answer, args.movie_id !== undefined && film.tmdb === args.movie_id);
      if (why) return why;
    }
    for (const list of [answer.films, answer.film]) {
      if (!Array.isArray(list)) continue;
      if (list.some((r) => isPlainObject(r) && (filmById(r.id) || filmByTitle(r.title)))) about = true;
      const why = filmRecordsWrong(list);
      if (why) return why;
    }
    return about ? null : undefined;
  }
  if (!/polygon|finance|stock/i.test(kit)) return undefined;
  const api = action.name.split('.').pop();
  if (api === 'search_stock_ticker') {
    const asked = companyBySearch(args.search);
    const listed = companyByTicker(answer.ticker);
    if (!asked && !listed) return undefined;
    if (listed && typeof answer.name === 'string' && !same(answer.name, listed.name)) return `${listed.ticker} named ${JSON.stringify(answer.name)}; it is ${listed.name}`;
    if (asked && !listed && typeof answer.name === 'string' && companyBySearch(answer.name) === asked) return `${asked.name} listed under ticker ${String(answer.ticker)}; it trades as ${asked.ticker}`;
    return null;
  }
  const ticker = typeof args.ticker === 'string' ? args.ticker.trim() : undefined;
  if (!ticker) return undefined;
  const company = companyByTicker(ticker) ?? (/[a-z\s]/.test(ticker) ? companyBySearch(ticker) : undefined);
  let about = false;
  if ('homepage_url' in answer || api === 'get_ticker_detail') {
    about = true;
    if (typeof answer.name === 'string' && answer.name.trim().toUpperCase() === ticker.toUpperCase()) return `the asset ${ticker} is named by its own symbol`;
    if (typeof answer.homepage_url === 'string' && /\bexample\.(com|org|net)\b/.test(answer.homepage_url)) return `${ticker}'s homepage is a placeholder (${answer.homepage_url})`;
    if (company) {
      if (typeof answer.name === 'string' && !same(answer.name, company.name)) return `${ticker} named ${JSON.stringify(answer.name)}; it is ${company.name}`;
      if (company.homepage && typeof answer.homepage_url === 'string' && answer.homepage_url.replace(/\/$/, '') !== company.homepage) return `${ticker}'s homepage given as ${answer.homepage_url}; it is ${company.homepage}`;
      if (company.listDate && typeof answer.list_date === 'string' && answer.list_date !== company.listDate) return `${ticker} listed ${answer.list_date}; it was listed ${company.listDate}`;
    }
  }
  const why = pricesWrong(ticker, pricesIn(answer));
  if (why !== undefined) return why ?? (about ? null : null);
  return about ? null : undefined;
}

/** The open/close pairs an answer gives, in its order (one day's answer, or an aggregate's bars). */
function pricesIn(answer: Record<string, unknown>): { open?: number; close?: number }[] {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const pair = (r: Record<string, unknown>) => ({ open: num(r.open ?? r.o), close: num(r.close ?? r.c) });
  if (Array.isArray(answer.results)) return answer.results.filter(isPlainObject).map(pair).filter((p) => p.open !== undefined || p.close !== undefined);
  const p = pair(answer);
  return p.open !== undefined || p.close !== undefined ? [p] : [];
}

/** Prices of one ticker that jump more than 20% within a day or from one bar to the next, or sit far from where a known stock traded; undefined when there are none. */
function pricesWrong(ticker: string, prices: { open?: number; close?: number }[]): string | null | undefined {
  if (!prices.length) return undefined;
  const jump = (a: number, b: number) => Math.max(a, b) / Math.max(1e-9, Math.min(a, b)) > 1.2;
  const level = companyByTicker(ticker) ? priceLevel(ticker) : undefined;
  let last: number | undefined;
  for (const p of prices) {
    if (p.open !== undefined && p.close !== undefined && jump(p.open, p.close)) return `${ticker} opened at ${p.open} and closed at ${p.close} the same day`;
    if (last !== undefined && p.open !== undefined && jump(last, p.open)) return `${ticker} went from ${last} to ${p.open} from one bar to the next`;
    for (const v of [p.open, p.close]) if (level !== undefined && v !== undefined && (v > level * 2 || v < level / 2)) return `${ticker} priced at ${v}; it traded near ${level} in 2023`;
    last = p.close ?? p.open;
  }
  return null;
}

/** A film record's rating: TMDB's `vote_average`, a list's `rating`. */
function ratingOf(r: Record<string, unknown>): number | undefined {
  const v = r.vote_average ?? r.rating;
  return typeof v === 'number' ? v : undefined;
}

/** The film records an answer gives: a list's records, or the details answer of the film its call names. */
function filmRecordsOf(action: Action, answer: Record<string, unknown>): { key: string; film?: FilmFact; record: Record<string, unknown> }[] {
  const out: { key: string; film?: FilmFact; record: Record<string, unknown> }[] = [];
  const keyOf = (id: unknown, title: unknown, film?: FilmFact) => (film ? `film:${film.title}` : typeof id === 'number' ? `id:${id}` : typeof title === 'string' ? `title:${title.trim().toLowerCase()}` : undefined);
  for (const list of [answer.films, answer.film]) {
    if (!Array.isArray(list)) continue;
    for (const r of list) {
      if (!isPlainObject(r)) continue;
      const film = filmById(r.id) ?? filmByTitle(r.title);
      const key = keyOf(r.id, r.title, film);
      if (key) out.push({ key, film, record: r });
    }
  }
  if (!out.length && !Array.isArray(answer.films) && !Array.isArray(answer.film)) {
    const args = isPlainObject(action.args) ? action.args : {};
    const film = filmById(args.movie_id) ?? filmByTitle(args.query) ?? filmByTitle(args.film_name);
    const key = keyOf(args.movie_id, args.film_name ?? args.query, film);
    if (key && ratingOf(answer) !== undefined) out.push({ key, film, record: answer });
  }
  return out;
}

/**
 * A simulated film list or details whose ratings go against the world or the case: a known film's
 * rating more than 0.3 off TMDB's (The Godfather at 6.1), a "top rated" list not in falling
 * rating order, a popular list not in falling popularity order.
 */
function filmRatingsWrong(action: Action, answer: Record<string, unknown>): string | undefined {
  for (const { film, record } of filmRecordsOf(action, answer)) {
    const rating = ratingOf(record);
    if (film?.vote !== undefined && rating !== undefined && Math.abs(rating - film.vote) > 0.3) return `${film.title} rated ${rating}; TMDB rates it ${film.vote}`;
  }
  const api = action.name.split('.').pop() ?? '';
  const films = Array.isArray(answer.films) ? answer.films.filter(isPlainObject) : [];
  const ranked = (field: 'vote_average' | 'popularity', label: string) => {
    for (let i = 1; i < films.length; i++) {
      const a = films[i - 1][field];
      const b = films[i][field];
      if (typeof a === 'number' && typeof b === 'number' && b > a + 1e-9) return `a list ranked by ${label} puts ${JSON.stringify(films[i].title)} (${b}) after ${JSON.stringify(films[i - 1].title)} (${a})`;
    }
    return undefined;
  };
  if (/top_rated/.test(api)) return ranked('vote_average', 'rating');
  if (/popular/.test(api)) return ranked('popularity', 'popularity');
  return undefined;
}

export const simulatedContradictsWorld: CaseMeasure = {
  kind: 'case',
  id: 'simulated_contradicts_world',
  group: 'solvable',
  title: 'a simulated tool answer the case shows contradicts what the world knows about a real film or company (The Matrix released in 2020, The Godfather rated 6.1, a "top rated" list out of rating order, one film rated 7.3 in one answer and 8.1 in another, 奥本海默 directed by someone else than Christopher Nolan, the asset "TSLA" named by its symbol, an example.com homepage, an AAPL open of 29.95 and close of 734.79 on one day)',
  population: 'cases showing a simulated answer about a film or company the facts table knows, a simulated film list or details, or a simulated stock price',
  check(tc, ctx) {
    const steps = shownSteps(tc, ctx);
    if (!steps) return undefined;
    let inPopulation = false;
    // Across the answers of one case, the same ticker's prices stay within a few percent.
    const seen = new Map<string, number>();
    // Across the answers of one case (recorded or simulated), one film has one rating.
    const ratings = new Map<string, { rating: number; simulated: boolean; api: string }>();
    for (const step of steps) {
      if (!step.response || !/film|movie|tmdb|douban/i.test(step.action.name.split('.')[0])) continue;
      const answer = parseToolResponse(step.response.content);
      if (!isPlainObject(answer) || 'error' in answer) continue;
      const simulated = step.response.tier === 'simulated';
      if (simulated) {
        inPopulation = true;
        const why = filmRatingsWrong(step.action, answer);
        if (why) return `${step.action.name}: ${why}`;
      }
      for (const { key, film, record } of filmRecordsOf(step.action, answer)) {
        const rating = ratingOf(record);
        if (rating === undefined) continue;
        const before = ratings.get(key);
        if (before && (simulated || before.simulated) && Math.abs(before.rating - rating) > 0.051) return `${step.action.name}: ${film?.title ?? JSON.stringify(record.title ?? key)} rated ${rating} here and ${before.rating} in an earlier answer (${before.api})`;
        if (!before) ratings.set(key, { rating, simulated, api: step.action.name.split('.').pop() ?? step.action.name });
      }
    }
    for (const step of steps) {
      if (step.response?.tier !== 'simulated') continue;
      const why = worldContradiction(step.action, step.response.content);
      if (why === undefined) continue;
      inPopulation = true;
      if (why) return `${step.action.name}: ${why}`;
      const ticker = isPlainObject(step.action.args) && typeof step.action.args.ticker === 'string' ? step.action.args.ticker.trim() : undefined;
      const answer = parseToolResponse(step.response.content);
      const first = ticker && isPlainObject(answer) ? pricesIn(answer).map((p) => p.open ?? p.close)[0] : undefined;
      if (ticker && first !== undefined) {
        const before = seen.get(ticker);
        if (before !== undefined && Math.max(before, first) / Math.min(before, first) > 1.5) return `${step.action.name}: ${ticker} at ${first} here and ${before} in an earlier answer`;
        seen.set(ticker, first);
      }
    }
    return inPopulation ? null : undefined;
  },
};
