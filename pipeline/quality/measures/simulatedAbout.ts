/**
 * Is simulated text about what was asked? A paper's summary written from the query alone beside a
 * title it does not describe ("An Introduction to MM Algorithms…" summarised as "a field study of
 * machine learning algorithms across 21 organisations"); a film search for a topic ("fitness")
 * answered by the query itself as a title, its overview a thriller about a jazz pianist; places
 * found nearby named from a fixed pool ("Riverside Restaurant", "Old Town Restaurant", "Greenleaf
 * Restaurant"), their addresses ending in the hotel the search started from.
 */
import { searchPhrase, signKindWords } from './simulatedPlaces.js';
import { labelledBlocks } from '../../resolution/recordedBlocks.js';
import { argStrings, papersOf, shownSimulatedSteps, simulatedDefectAmong } from '../evidence.js';
import type { QualityContext } from '../types.js';
import type { TestCase } from '../../schemas.js';
import { lowercasedNames } from '../../resolution/properNouns.js';
import { isPlainObject } from '../../errors/values.js';
import type { CaseMeasure, SetMeasure } from '../types.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isChineseSubject, isPerson, isTopicQuery, isWords, publicationYear } from '../../resolution/simulatedText.js';
import { filmByTitle, seriesByTitle } from '../../resolution/worldFacts.js';
import { GENERAL_FIELD, SCHOLAR_FIELDS, isPhenomenon, scholarField, venueOffField, type ScholarField } from '../../resolution/scholarFields.js';
import { districtNamed, listingPlaceMismatch } from '../../resolution/districts.js';
import { detailsTitleParts } from '../../resolution/detailsTitles.js';
import { distanceKm, placesNamedIn } from '../../resolution/places.js';
import { townReachKm } from '../../resolution/streets.js';
import { titleParts } from '../../resolution/paperAbstract.js';
import { toolSteps } from '../../steps.js';
import { toJson } from '../../pyValues.js';
import { isRealVenueAddress } from '../../resolution/realVenues.js';

/** A tool answer as a value: JSON, else a Python literal, else the text itself. */
function responseValue(text: string): unknown {
  const value = parseToolResponse(text);
  return value === undefined ? text : value;
}

const STOP = new Set(['with', 'from', 'that', 'this', 'their', 'about', 'into', 'using', 'based', 'towards', 'toward', 'over', 'under', 'between', 'through', 'study', 'studies', 'paper', 'approach', 'analysis', 'introduction', 'review', 'survey', 'respectively', 'some', 'what', 'when', 'which']);
/** The content words of a text, each cut to a stem of five letters ("algorithms" and "algorithm" meet). */
function stems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !STOP.has(w)).map((w) => w.slice(0, 5)));
}
const shares = (a: string, b: string) => {
  const sb = stems(b);
  return [...stems(a)].some((w) => sb.has(w));
};

/** Words of a title's frame ("Rethinking …", "Advances in …", "… in practice: evidence from case studies"), not of its subject. */
const FRAME = new Set(['rethinking', 'advances', 'limits', 'measuring', 'impact', 'theory', 'applications', 'practice', 'evidence', 'case', 'trends', 'perspectives', 'prospects', 'three', 'four', 'five', 'twelve', 'toward', 'towards', 'recent', 'progress', 'developments', 'gentle', 'brief', 'short', 'systematic', 'comprehensive', 'critical', 'overview']);

/**
 * Paper records (a title and a summary or abstract) whose summary names nothing of its own title:
 * none of the words the title adds to the query ("An Introduction to MM Algorithms for Machine
 * Learning and Statistical" adds "statistical" to "machine learning algorithms"), or, when it adds
 * none, no word of the title at all. A summary written from the query alone beside a real title fails.
 */
export function summaryOffTitle(value: unknown, query = ''): string | null | undefined {
  const asked = stems(query);
  const papers = papersOf(value).filter(({ title }) => stems(title).size);
  if (!papers.length) return undefined;
  for (const { title, summary } of papers) {
    // A title in a known frame is about its subject slot: "past, present and future" is the frame's, not the paper's subject.
    const own = [...stems(titleParts(title)?.subject ?? title)].filter((w) => !asked.has(w) && !FRAME.has(w) && ![...FRAME].some((f) => f.startsWith(w)));
    const said = stems(summary);
    if (own.length ? !own.some((w) => [...said].some((x) => x.startsWith(w) || w.startsWith(x))) : !shares(title, summary)) return `"${title.slice(0, 50)}" summarised "${summary.slice(0, 70)}"`;
  }
  return null;
}

/** News words any headline of a company has: a headline and a summary that share only these and the company's name tell two stories. */
const NEWS_STOP = new Set(['shares', 'stock', 'stocks', 'after', 'ahead', 'expect', 'next', 'week', 'says', 'sources', 'report']);

/**
 * A simulated news item whose headline and summary tell two stories: "Apple stock: is it a buy after
 * this week's rally?" over "Apple agreed to form a joint venture for an undisclosed sum." A name
 * (a word written with a capital after the first) is not a shared story.
 */
export function newsHeadlineUnlikeSummary(action: { name: string }, response: string): string | null | undefined {
  if (!/news/i.test(action.name)) return undefined;
  const v = responseValue(response);
  const items = isPlainObject(v) && Array.isArray(v.results) ? v.results.filter((r): r is Record<string, unknown> => isPlainObject(r) && typeof r.title === 'string' && typeof r.summary === 'string') : [];
  if (!items.length) return undefined;
  for (const { title, summary } of items as { title: string; summary: string }[]) {
    const names = new Set((title.match(/\b\p{Lu}\p{Ll}{3,}/gu) ?? []).map((w) => w.toLowerCase().slice(0, 5)));
    const said = stems(summary);
    const shared = [...stems(title)].filter((w) => !names.has(w) && !NEWS_STOP.has(w) && ![...NEWS_STOP].some((x) => x.startsWith(w)) && said.has(w));
    if (!shared.length) return `headline "${title}" over summary "${summary.slice(0, 80)}"`;
  }
  return null;
}

export const simulatedNewsHeadlineUnlikeSummary: CaseMeasure = {
  kind: 'case',
  id: 'simulated_news_headline_unlike_summary',
  group: 'text',
  title: 'a simulated news item whose headline and summary tell two stories: "Apple stock: is it a buy after this week\'s rally?" over "Apple agreed to form a joint venture for an undisclosed sum."',
  population: 'cases showing a simulated news list with headlines and summaries',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => newsHeadlineUnlikeSummary(step.action, step.response!.content)),
};

/** The query of a film search that names a topic (lower case), or undefined. */
function topicOfFilmSearch(action: { name: string; args: unknown }): string | undefined {
  if (!/search_movie|movie_search|search_film/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const q = Object.values(action.args).find((v): v is string => typeof v === 'string');
  return q && isTopicQuery(q) ? q.trim() : undefined;
}

/**
 * A film search for a topic answered with the query as the film's title ("fitness"), or a film it
 * found described by an overview that does not touch the topic.
 */
export function filmOffTopic(action: { name: string; args: unknown }, response: string, topics: string[]): string | null | undefined {
  const value = responseValue(response);
  if (!isPlainObject(value)) return undefined;
  const topic = topicOfFilmSearch(action);
  if (topic) {
    const titles = [value.title, ...(Array.isArray(value.results) ? value.results.map((r) => (isPlainObject(r) ? r.title : undefined)) : [])].filter((t): t is string => typeof t === 'string');
    const echo = titles.find((t) => t.trim() === topic);
    return echo ? `the topic "${topic}" answered as a film titled "${echo}"` : titles.length ? null : undefined;
  }
  if (typeof value.overview !== 'string' || typeof value.title !== 'string') return undefined;
  const about = topics.find((t) => shares(t, value.title as string));
  if (!about) return undefined;
  return shares(about, value.overview) ? null : `"${value.title}", found for "${about}", described as "${value.overview.slice(0, 70)}"`;
}

/** The title of a film or series a Scholar or arXiv search asks about ("The Godfather"), as the facts table writes it. */
function filmSearchedAsTopic(action: { name: string; args: unknown }): string | undefined {
  if (!/scholar|arxiv|paper|article/i.test(action.name)) return undefined;
  for (const a of argStrings(action.args)) {
    const film = filmByTitle(a.trim()) ?? seriesByTitle(a.trim());
    if (film?.title) return film.title;
  }
  return undefined;
}

/** The strings an answer holds under the keys `key` matches, lists flattened ("snipets": [...], "pub_info"). */
function textsUnder(v: Record<string, unknown>, key: RegExp): string[] {
  return Object.entries(v)
    .filter(([k]) => key.test(k))
    .flatMap(([, x]) => (Array.isArray(x) ? x : [x]))
    .filter((x): x is string => typeof x === 'string');
}

/** Frames of science, engineering or medicine: no film-studies paper combines expert interviews with a life-cycle analysis. */
const SCIENCE_FRAME = /\bdatasets?\b|clinical practice|life-cycle analysis|\bsimulation\b|higher education|systematic review of \d+ studies|leading methods|lecture note|reduce (?:costs|emissions|errors|delays)|developing economies|urban planning|small firms|statistical models|deep learning|cost modelling/i;

/**
 * A film searched on Scholar ("The Godfather") answered with snippets in science frames: "we propose a
 * framework for the godfather that combines expert interviews with a life-cycle analysis", "the role
 * of the shawshank redemption in clinical practice".
 */
export function filmStudiedAsScience(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!filmSearchedAsTopic(action)) return undefined;
  const v = responseValue(response);
  if (!isPlainObject(v)) return undefined;
  const texts = textsUnder(v, /^snipp?ets?$|^summary$|^abstract$/i);
  const hit = texts.find((t) => SCIENCE_FRAME.test(t));
  return hit ? `a film searched on Scholar, its snippet in a science frame: "${hit.slice(0, 80)}"` : texts.length ? null : undefined;
}

export const simulatedTextOffTopic: CaseMeasure = {
  kind: 'case',
  id: 'simulated_text_off_topic',
  group: 'text',
  title: 'a simulated answer writes text about something other than what it names: a paper summary sharing no word with its title ("An Introduction to MM Algorithms…" summarised as a field study across 21 organisations), a film search for a topic ("fitness") answered by the query as a title, or that film\'s overview off the topic',
  population: 'cases showing a simulated answer with paper records (title and summary) or a film search for a topic and its details',
  check(tc, ctx) {
    const topics = tc.messages
      .filter((m) => m.role === 'assistant')
      .map((m) => {
        try {
          const a = JSON.parse(m.content) as { name: string; args: unknown };
          return topicOfFilmSearch(a);
        } catch {
          return undefined;
        }
      })
      .filter((t): t is string => t !== undefined);
    return simulatedDefectAmong(tc, ctx, (step) => {
      const query = isPlainObject(step.action.args) ? Object.values(step.action.args).filter((v) => typeof v === 'string').join(' ') : '';
      const paper = summaryOffTitle(responseValue(step.response!.content), query);
      if (paper) return paper;
      const film = filmOffTopic(step.action, step.response!.content, topics);
      if (film) return film;
      const science = filmStudiedAsScience(step.action, step.response!.content);
      return science ?? film ?? paper;
    });
  },
};

/** A place a call names that is a building or a sight, not a town: an address line does not end in it. */
const SIGHT = /^the\s|\b(ritz|carlton|hilton|marriott|hyatt|hotel|inn|resort|bund|square|park|tower|museum|station|building|statue|bridge|airport|cinema|walk of fame)\b/i;

/**
 * Places found nearby named from a fixed pool of words before the searched kind ("Riverside
 * Restaurant", "Old Town Restaurant", "Greenleaf Restaurant": three or more names of one answer a
 * word or two before the same kind), or an address ending in the hotel or sight the search started
 * from ("66 Columbus Avenue, The Ritz-Carlton, New York").
 */

export function templatedVenues(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/nearby|places?\b|poi/i.test(action.name)) return undefined;
  const value = responseValue(response);
  const records = isPlainObject(value) ? Object.values(value).find((v) => Array.isArray(v) && v.some((r) => isPlainObject(r) && typeof r.name === 'string')) : undefined;
  if (!Array.isArray(records)) return undefined;
  // Real venues at their own addresses are named as they are ("Pantages Theatre", "Dolby Theatre", "TCL Chinese Theatre" on Hollywood Boulevard): no pool's tell.
  const names = records.filter(isPlainObject).filter((r) => !(typeof r.address === 'string' && isRealVenueAddress(r.address))).map((r) => r.name).filter((n): n is string => typeof n === 'string');
  const kinds = new Map<string, string[]>();
  for (const n of names) {
    const m = /^(?:\S+\s){1,2}(\S+(?:\s\S+)?)$/.exec(n.trim());
    if (!m) continue;
    // The last word, and the last two: "Greenleaf Tourist Attraction" is "Attraction" and "Tourist Attraction".
    for (const tail of new Set([n.trim().split(/\s+/).pop()!, m[1]])) kinds.set(tail, [...(kinds.get(tail) ?? []), n]);
  }
  // A kind whose every sign says it (beaches, hospitals, libraries, caterers) shares its noun in any real list ("Kuta
  // Beach", "Seminyak Beach", "Legian Beach"): a tail saying that kind is no pool's tell. Hotels and restaurants vary theirs.
  const term = searchPhrase(action.args);
  const kindWords = term ? signKindWords(term) : undefined;
  const repeated = [...kinds].find(([tail, ns]) => ns.length >= 3 && /^\p{Lu}/u.test(tail) && !kindWords?.test(tail));
  if (repeated) return `${repeated[1].length} names end in "${repeated[0]}": ${repeated[1].slice(0, 3).join(', ')}`;
  const place = isPlainObject(action.args) ? Object.entries(action.args).find(([k, v]) => /place|location|near/i.test(k) && typeof v === 'string')?.[1] : undefined;
  if (typeof place === 'string') {
    const sight = place.split(',').map((p) => p.trim()).find((p) => SIGHT.test(p));
    const address = records.filter(isPlainObject).map((r) => r.address).find((a): a is string => typeof a === 'string' && !!sight && a.includes(`, ${sight}`) && !isRealVenueAddress(a));
    if (address) return `address "${address}" ends in "${sight}", where the search started`;
  }
  return null;
}

/** Venues of the natural, medical and engineering sciences: no home for a paper on a film. */
const SCIENCE_VENUE = /\b(?:Nature|Science|The Lancet|Lancet|IEEE|Energy Policy|Renewable and Sustainable Energy|Cleaner Production|Sustainability|Scientific Reports|PLOS ONE|Proceedings of the National Academy|Physical Review|Cell|ACM Computing Surveys)\b/;

/** A film searched on Scholar whose papers are listed in Nature, The Lancet or Energy Policy. */
export function filmInScienceVenue(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const film = filmSearchedAsTopic(action);
  if (!film) return undefined;
  const v = responseValue(response);
  if (!isPlainObject(v)) return undefined;
  const lines = textsUnder(v, /^pub(?:lication)?_info$/);
  const hit = lines.find((l) => SCIENCE_VENUE.test(l.split(' - ')[1] ?? ''));
  return hit ? `a paper on the film "${film}" listed in "${hit.split(' - ')[1]}"` : lines.length ? null : undefined;
}

export const simulatedVenueTemplated: CaseMeasure = {
  kind: 'case',
  id: 'simulated_venue_templated',
  group: 'text',
  title: 'a simulated place search names its places from a fixed pool before the searched kind ("Riverside Restaurant", "Old Town Restaurant", "Greenleaf Restaurant"), or writes an address ending in the hotel or sight it searched from ("66 Columbus Avenue, The Ritz-Carlton, New York")',
  population: 'cases showing a simulated answer of a place search listing places with names',
  check: (tc, ctx) =>
    simulatedDefectAmong(tc, ctx, (step) => {
      const pooled = templatedVenues(step.action, step.response!.content);
      return pooled || (filmInScienceVenue(step.action, step.response!.content) ?? pooled);
    }),
};

/** Settings, methods and claims only some fields' snippets make (scholarFields.ts), by the phrase that carries each. */
const FIELD_PHRASES: { re: RegExp; words: (f: ScholarField) => readonly string[] }[] = [
  { re: /\b(?:the role of|the uses of|how .+? (?:is|are) used in|what .+? brings? to) (?:.+? in )?([^.…]+?)\. (?:We find|We show|Our results suggest|We argue)/, words: (f) => f.roles },
  { re: /\bcan reduce ([^.…]+?) by up to\b/, words: (f) => f.gains },
  { re: /\bthat combines .+? with ([^.…]+?)\./, words: (f) => f.methods },
];

/**
 * A Scholar search on a topic (not a film: filmInScienceVenue) answered in another field's terms: a
 * paper on quantum mechanics listed in Energy Policy, "the role of quantum mechanics in urban
 * planning", "results indicate that sales strategies can reduce emissions", "climate change can
 * reduce costs" (a state of the world is no method). A field's own venues
 * and words are in scholarFields.ts; Nature, Science and PLOS ONE publish every field.
 */
export function scholarOffField(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/scholar/i.test(action.name) || filmSearchedAsTopic(action)) return undefined;
  const query = argStrings(action.args).filter((a) => isWords(a) && !isPerson(a)).join(' ');
  if (!query) return undefined;
  const v = responseValue(response);
  if (!isPlainObject(v)) return undefined;
  const field = scholarField(query);
  const lines = textsUnder(v, /^pub(?:lication)?_info$/);
  const snippets = textsUnder(v, /^snipp?ets?$/i);
  if (!lines.length && !snippets.length) return undefined;
  for (const line of lines) {
    const venue = (line.split(' - ')[1] ?? '').replace(/,\s*\d{4}\s*$/, '').trim();
    const owner = venue ? venueOffField(venue, query) : undefined;
    if (owner) return `a paper on "${query}" (${field.name}) listed in ${venue}, a journal of ${owner}`;
  }
  for (const snippet of snippets) {
    if (isPhenomenon(query) && /\bcan reduce\b|\bwe propose a framework for\b/.test(snippet)) return `a snippet treats "${query}", a state of the world, as a method: "${snippet.slice(0, 90)}"`;
    for (const { re, words } of FIELD_PHRASES) {
      const said = re.exec(snippet)?.[1]?.trim();
      if (!said || words(field).includes(said)) continue;
      if ([...SCHOLAR_FIELDS, GENERAL_FIELD].some((f) => words(f).includes(said))) return `a snippet on "${query}" (${field.name}) in another field's words: "${snippet.slice(0, 90)}"`;
    }
  }
  return null;
}

export const simulatedScholarOffField: CaseMeasure = {
  kind: 'case',
  id: 'simulated_scholar_off_field',
  group: 'text',
  title: 'a simulated Scholar search answered in another field\'s terms: a paper on quantum mechanics listed in Energy Policy or the Journal of Cleaner Production, "the role of quantum mechanics in urban planning", "sales strategies can reduce emissions", or a state of the world as a method ("climate change can reduce costs")',
  population: 'cases showing a simulated Scholar search for a topic with publication lines or snippets',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => scholarOffField(step.action, step.response!.content)),
};

// -------------------------------------------------------------------------------------------
// Names, frames and language of simulated text
// -------------------------------------------------------------------------------------------

/** Fields whose value is written text a reader takes in: titles, snippets, summaries, descriptions, results. */
const PROSE_FIELD = /^(title|titles|name|snipp?ets?|summary|abstract|description|overview|content|text|body|plot|results?|organic)$/i;

/** The written text of an answer: strings under prose fields, and the answer itself when it is plain text. */
function proseOf(value: unknown, field = 'content', out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (PROSE_FIELD.test(field)) out.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => proseOf(v, field, out));
  else if (isPlainObject(value)) Object.entries(value).forEach(([k, v]) => proseOf(v, k, out));
  return out;
}

/**
 * A name written in lower case in simulated prose: "Rethinking amazon rainforest biodiversity",
 * "tesla's quarterly results". A place the place table knows, a country, region, people or
 * language, or a company the facts table knows, written without its capitals, where the writer did
 * not just copy the call's own argument (properNouns.ts).
 */
export function nameLowercased(action: { args: unknown }, response: string): string | null | undefined {
  const texts = proseOf(responseValue(response)).filter((t) => /\p{L}{3}/u.test(t));
  if (!texts.length) return undefined;
  const given = new Set(argStrings(action.args).map((a) => a.trim()));
  // A film's title the call asks about ("The Godfather Part II"), written in the prose without its capitals ("The godfather part II").
  const films = [...given].map((a) => filmByTitle(a) ?? seriesByTitle(a)).map((f) => f?.title).filter((t): t is string => !!t && /\s/.test(t) && t !== t.toLowerCase());
  for (const text of texts) {
    if (given.has(text.trim())) continue;
    const [hit] = lowercasedNames(text);
    if (hit) return `"${hit[0]}" for ${hit[1]} in "${text.slice(0, 80)}"`;
    for (const film of films) {
      const at = text.toLowerCase().indexOf(film.toLowerCase());
      if (at >= 0 && text.slice(at, at + film.length) !== film) return `"${text.slice(at, at + film.length)}" for the film "${film}" in "${text.slice(0, 80)}"`;
    }
  }
  return null;
}

export const simulatedNameLowercased: CaseMeasure = {
  kind: 'case',
  id: 'simulated_name_lowercased',
  group: 'text',
  title: 'a simulated answer writes a name in lower case: a known place or company inside a generated title or text ("Hotels of paris: a review", "tesla\'s quarterly results")',
  population: 'cases showing a simulated answer with written text (titles, snippets, summaries, descriptions)',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => nameLowercased(step.action, step.response!.content)),
};

const HAN = /\p{Script=Han}/u;
/** A call asked in Chinese: a string argument in Han characters with no Latin word. */
function asksInChinese(args: unknown): string | undefined {
  return argStrings(args).find((a) => HAN.test(a) && !/[A-Za-z]{2,}/.test(a));
}

/**
 * A call asked in Chinese (a web search for 红猪, a Scholar search for 你好，李焕英, Douban's details of
 * 大明风华) answered in English prose: "红猪 - Wikipedia. An overview of 红猪: definitions, history…".
 * A Chinese search finds Chinese pages; Douban writes Chinese. A text is English when, without the
 * words of the query, it holds three English words and no Han character. Douban's details of a film
 * the facts table knows count too: "长安三万里 (Chang'an) is an animation film from 2023, directed by …".
 */
export function answeredInEnglish(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const asked = asksInChinese(action.args);
  if (!asked) return undefined;
  const texts = proseOf(responseValue(response));
  if (!texts.length) return undefined;
  for (const text of texts) {
    const rest = argStrings(action.args).reduce((t, a) => t.split(a).join(' '), text);
    if (!HAN.test(rest) && (rest.match(/[A-Za-z]{2,}/g) ?? []).length >= 3) return `asked "${asked.slice(0, 30)}", answered "${text.slice(0, 80)}"`;
  }
  return null;
}

export const simulatedAnsweredInEnglish: CaseMeasure = {
  kind: 'case',
  id: 'simulated_answered_in_english',
  group: 'text',
  title: 'a call asked in Chinese answered in English prose: a web search for 红猪 finding "红猪 - Wikipedia. An overview of 红猪…", Scholar titles "Rethinking 你好，李焕英", Douban describing 大明风华 in English',
  population: 'cases showing a simulated answer with written text to a call asked in Chinese',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => answeredInEnglish(step.action, step.response!.content)),
};

/** Common Chinese surnames in pinyin, as Scholar writes authors' names. */
const PINYIN_SURNAME = /\b(Zhang|Wang|Li|Liu|Chen|Yang|Huang|Zhao|Zhou|Wu|Xu|Sun|Ma|Hu|Zhu|Guo|He|Lin|Gao|Luo|Zheng|Liang|Xie|Song|Tang|Han|Feng|Deng|Cao|Peng|Zeng|Xiao|Tian|Dong|Pan|Yuan|Cai|Jiang|Yu|Du|Ye|Cheng|Wei|Su|Lu|Ding|Ren|Shen|Yao|Jin|Fan|Fang|Shi|Qian|Kong|Bai|Cui|Wong|Chan|Leung|Cheung|Lau|Ng)\b/;

/**
 * Scholar's publication lines for a search about a Chinese subject ("Chinese cinema", 长安三万里)
 * that name no author with a Chinese surname: "GR Tanaka, P Müller - Energy Policy". Most of that
 * literature is written by Chinese scholars; three papers without one read as made up elsewhere.
 */
export function authorsForeignToSubject(action: { name: string; args: unknown }, response: string): string | null | undefined {
  if (!/scholar|arxiv/i.test(action.name)) return undefined;
  const subject = argStrings(action.args).find((a) => isChineseSubject(a));
  if (!subject) return undefined;
  const v = responseValue(response);
  if (!isPlainObject(v)) return undefined;
  // arXiv's answer is one text of labelled blocks: its "Authors:" lines.
  const blocks = Object.values(v).flatMap((x) => (typeof x === 'string' ? (labelledBlocks(x) ?? []) : [])).map((b) => b.Authors);
  const lines = [v.pub_info, v.authors, ...blocks].flatMap((x) => (Array.isArray(x) ? x : x === undefined ? [] : [x])).filter((x): x is string => typeof x === 'string');
  const authors = lines.map((l) => l.split(' - ')[0]);
  if (!authors.length) return undefined;
  return authors.some((a) => PINYIN_SURNAME.test(a)) ? null : `searched "${subject}", every author is foreign to it: ${authors.slice(0, 2).join('; ')}`;
}

export const simulatedAuthorsForeignToSubject: CaseMeasure = {
  kind: 'case',
  id: 'simulated_authors_foreign_to_subject',
  group: 'text',
  title: 'simulated Scholar or arXiv authors for a Chinese subject ("Chinese cinema", 长安三万里) with no Chinese surname among them ("GR Tanaka, P Müller - Energy Policy")',
  population: 'cases showing a simulated Scholar or arXiv answer with authors to a search about a Chinese subject',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => authorsForeignToSubject(step.action, step.response!.content)),
};

const NUMBER_WORDS = /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)\b/g;

/**
 * A paper title's frame: the title with the words of the call's query taken out ("Rethinking deep
 * learning" for "deep learning" is "rethinking …"), lower case, counts as N.
 */
export function titleFrame(title: string, query: string): string {
  const asked = new Set((query.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []));
  const words = title.toLowerCase().match(/[\p{L}\p{N}']+|[:?]/gu) ?? [];
  const out: string[] = [];
  for (const w of words) {
    const x = asked.has(w) || HAN.test(w) ? '…' : w.replace(NUMBER_WORDS, 'N');
    if (x === '…' && out[out.length - 1] === '…') continue;
    out.push(x);
  }
  return out.join(' ').replace(/ :/g, ':');
}

/** The simulated paper titles a case shows (arXiv and Scholar answers), each with the query that asked. */
function paperTitlesShown(tc: TestCase, ctx: QualityContext): { title: string; query: string }[] {
  const out: { title: string; query: string }[] = [];
  for (const step of shownSimulatedSteps(tc, ctx) ?? []) {
    if (!/arxiv|scholar/i.test(step.action.name)) continue;
    const query = argStrings(step.action.args).join(' ');
    const visit = (v: unknown, field: string) => {
      if (typeof v === 'string' && /^title$|^titles$/i.test(field)) out.push({ title: v, query });
      else if (Array.isArray(v)) v.forEach((x) => visit(x, field));
      else if (isPlainObject(v)) Object.entries(v).forEach(([k, x]) => visit(x, k));
    };
    visit(responseValue(step.response!.content), '');
  }
  return out;
}

/**
 * How much of the simulated literature one frame makes: the share of all simulated arXiv and Scholar
 * titles the cases show that take the most frequent frame ("Rethinking …", "… : a review"). Ten
 * frames drawn at random give each a tenth; a reader of a few cases sees the template.
 */
export const simulatedPaperFrameTop: SetMeasure = {
  kind: 'set',
  id: 'simulated_paper_frame_top_share',
  group: 'text',
  title: 'simulated paper titles: share of the arXiv and Scholar titles the cases show that take the most frequent frame ("Rethinking …", "…: a review")',
  population: 'distinct simulated arXiv and Scholar titles the shipped cases show',
  better: 'lower',
  // ~120 distinct titles on the default build: fewer than 100 is a --limit sample.
  minGateN: 100,
  score(cases, ctx) {
    const counts = new Map<string, { n: number; id: string; title: string }>();
    let n = 0;
    // Over distinct titles: the resolver's cache answers one search ("artificial intelligence") alike in
    // every trajectory that makes it, and that one answer shown in 109 cases is one API's answer, not a
    // frame the simulator keeps drawing (as simulated_abstract_stock_sentence counts distinct summaries).
    const seen = new Set<string>();
    for (const tc of cases) {
      for (const { title, query } of paperTitlesShown(tc, ctx)) {
        if (seen.has(title)) continue;
        seen.add(title);
        n++;
        const f = titleFrame(title, query);
        const e = counts.get(f) ?? { n: 0, id: tc.id, title };
        e.n++;
        counts.set(f, e);
      }
    }
    if (n === 0) return undefined;
    const top = [...counts.entries()].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
    return { value: top[0][1].n / n, n, detail: `${counts.size} frames over ${n} titles`, examples: top.map(([f, e]) => ({ id: e.id, detail: `${e.n}×: ${f} ("${e.title.slice(0, 60)}")` })) };
  },
};

/**
 * Scholar's snippets that name a year after their own paper's: "has attracted growing attention
 * since 2015" in a paper listed as "Renewable and Sustainable Energy Reviews, 2011"; "228 studies …
 * published between 2008 and 2023" in a "PLOS ONE, 2022" paper. Snippets and publication lines are
 * parallel lists, one paper to a place.
 */
export function snippetAfterPublication(action: { name: string }, response: string): string | null | undefined {
  if (!/scholar/i.test(action.name)) return undefined;
  const v = responseValue(response);
  if (!isPlainObject(v)) return undefined;
  const snips = Object.entries(v).find(([k]) => /^snipp?ets?$/i.test(k))?.[1];
  const lines = Object.entries(v).find(([k]) => /^pub(?:lication)?_?info$/i.test(k))?.[1];
  if (!Array.isArray(snips) || !Array.isArray(lines)) return undefined;
  let seen = false;
  for (let i = 0; i < Math.min(snips.length, lines.length); i++) {
    const s = snips[i];
    const line = lines[i];
    if (typeof s !== 'string' || typeof line !== 'string') continue;
    const year = publicationYear(line);
    if (year === undefined) continue;
    seen = true;
    const later = (s.match(/\b(?:19|20)\d\d\b/g) ?? []).map(Number).find((y) => y > year);
    if (later !== undefined) return `snippet "${s.slice(0, 70)}" names ${later}, its paper is of ${year} ("${line.slice(-40)}")`;
  }
  return seen ? null : undefined;
}

export const simulatedSnippetAfterPublication: CaseMeasure = {
  kind: 'case',
  id: 'simulated_snippet_after_publication',
  group: 'text',
  title: 'a simulated Scholar snippet names a year after its own paper\'s ("has attracted growing attention since 2015" in a paper of 2011, "published between 2008 and 2023" in a paper of 2022)',
  population: 'cases showing a simulated Scholar answer with snippets beside publication lines that give a year',
  check: (tc, ctx) => simulatedDefectAmong(tc, ctx, (step) => snippetAfterPublication(step.action, step.response!.content)),
};

/** Records of an answer that have a name (or title) and an address: listings, places. */
function namedAddresses(value: unknown, out: { name: string; address: string }[] = []): { name: string; address: string }[] {
  if (Array.isArray(value)) value.forEach((v) => namedAddresses(v, out));
  else if (isPlainObject(value)) {
    const name = typeof value.name === 'string' ? value.name : typeof value.title === 'string' ? value.title : undefined;
    if (name && typeof value.address === 'string') out.push({ name, address: value.address });
    Object.values(value).forEach((v) => namedAddresses(v, out));
  }
  return out;
}

/**
 * The listings of an answer whose name and address are in different places, each marked whether the
 * task's recordings or plan state that pair themselves ("Hostel in Chiyoda City" recorded at "Taito
 * City"; the plan's later call geocoding property 2, "Home in Huntington Beach", at "Culver City, CA"):
 * the simulator keeps those. Undefined when the answer is no listing answer or names no records.
 */
function listingMismatches(action: { name: string }, response: string, recorded: string): { why: string; theirs: boolean }[] | undefined {
  if (!/airbnb|propert|rental|stay|hotel|lodging/i.test(action.name)) return undefined;
  const records = namedAddresses(responseValue(response));
  if (!records.length) return undefined;
  return records.flatMap((r) => {
    const why = listingPlaceMismatch(r.name, r.address);
    const base = r.name.split(' · ')[0];
    // Theirs only where one recorded answer or one call states the pair: a recorded name ("Hostel in Chiyoda City", property 2's
    // details) and a planned address ("Taito City", searched around after property 3's) are two listings' facts, not one's.
    return why ? [{ why, theirs: recorded.split(PART).some((part) => part.includes(base) && part.includes(r.address)) }] : [];
  });
}

/**
 * A listing whose name puts it in one district and whose simulated address in another: "Hotel in
 * Minato City" at "4-23-16 Nishi-Shinjuku, Shinjuku, Tokyo", "Rental unit in Queens" at "81 Mulberry
 * Street, New York City", "Cozy condominium in Eiffel Tower, Paris" at "137 Rue de Rivoli"
 * (resolution/districts.ts knows the districts and their streets); T-Eval's own pairs left out.
 */
export function listingOutsideNamedPlace(action: { name: string }, response: string, recorded = ''): string | null | undefined {
  const found = listingMismatches(action, response, recorded);
  return found && (found.find((m) => !m.theirs)?.why ?? null);
}

/** The first listing whose mismatched name and address the task's recordings or plan state themselves. */
export function recordedListingMismatch(action: { name: string }, response: string, recorded: string): string | null | undefined {
  const found = listingMismatches(action, response, recorded);
  const theirs = found?.find((m) => m.theirs);
  return found && (theirs ? `${theirs.why} (T-Eval's own pair)` : null);
}

/** The listing measures' check: `judge` over the case's simulated answers, given what the task's recordings and plan state. */
function listingCheck(judge: (action: { name: string }, response: string, recorded: string) => string | null | undefined): CaseMeasure['check'] {
  return (tc, ctx) => {
    let recorded: string | undefined;
    return simulatedDefectAmong(tc, ctx, (step) => {
      recorded ??= recordedAndPlanned(tc, ctx);
      return judge(step.action, step.response!.content, recorded);
    });
  };
}

export const simulatedListingPlaceMismatch: CaseMeasure = {
  kind: 'case',
  id: 'simulated_listing_place_mismatch',
  group: 'text',
  title: 'a simulated listing\'s address lies outside the district its name gives ("Hotel in Minato City" at "4-23-16 Nishi-Shinjuku, Shinjuku, Tokyo", "Rental unit in Queens" at "81 Mulberry Street, New York City"); a name and an address the task\'s recordings or its plan\'s calls both state are theirs, not the simulator\'s',
  population: 'cases showing a simulated listing or stay answer with named records and addresses',
  check: listingCheck(listingOutsideNamedPlace),
};

/**
 * The name/address pairs simulated_listing_place_mismatch leaves to T-Eval: one recorded answer or one
 * call of the plan stating a listing's name and an address in another place. ("Hostel in Chiyoda City"
 * recorded for property 2 and "Taito City" searched around for property 3 are two listings' facts: the
 * simulator's to place, teval_query_1_0.) No
 * simulator can change them, so they are not gated; they are shown so the report still says how
 * many cases carry them.
 */
export const simulatedListingPlaceRecorded: CaseMeasure = {
  kind: 'case',
  id: 'simulated_listing_place_recorded',
  group: 'text',
  title: 'a listing shown with a name and an address in different places, both as the task\'s recordings or its plan\'s calls state them ("Hostel in Chiyoda City" recorded at Taito City): upstream\'s data, reported, not gated',
  population: 'cases showing a simulated listing or stay answer with named records and addresses',
  check: listingCheck(recordedListingMismatch),
};

/**
 * A simulated listing's details whose title puts it where its own coordinates are not: "Condo in San
 * Bruno · ★4.00 · …" at 37.7974, -122.4079, in San Francisco's Chinatown 19 km north (teval_query_114_2);
 * or whose title names a landmark as its town ("Condo in Eiffel Tower · ★4.44 · …", teval_query_155_0):
 * Airbnb titles name the town or the ward ("Condo in Paris", "Loft in Shinjuku"). A district the district
 * table knows is judged within 5 km of its point, a town within its reach (10 km where none is known).
 */
/** Words of a landmark's name no town's has: "Eiffel Tower", "Times Square", "Central Park". */
const LANDMARK_WORD = /\b(?:tower|museum|statue|bridge|building|square|palace|cathedral|park|walk of fame)\b/i;

export function listingTitleOffPlace(action: { name: string }, response: string): string | null | undefined {
  if (!/airbnb|propert|rental|stay|listing/i.test(action.name)) return undefined;
  const v = responseValue(response);
  if (!isPlainObject(v) || typeof v.title !== 'string' || typeof v.latitude !== 'number' || typeof v.longitude !== 'number') return undefined;
  const town = detailsTitleParts(v.title)?.town;
  if (!town) return undefined;
  const at = { lat: v.latitude, lon: v.longitude };
  const d = districtNamed(`in ${town}`);
  const p = d ? undefined : placesNamedIn(town)[0];
  if (!d && !p) return undefined;
  if (LANDMARK_WORD.test(town)) return `"${v.title}": ${town} is a landmark, not the town a listing's title names`;
  const [where, km] = d ? [d, 5] : [p!, townReachKm(p!) ?? 10];
  const off = distanceKm(at, where);
  return off > km ? `"${v.title}" at ${at.lat}, ${at.lon}: ${off.toFixed(1)} km from ${town}` : null;
}

export const simulatedListingTitleOffPlace: CaseMeasure = {
  kind: 'case',
  id: 'simulated_listing_title_off_place',
  group: 'text',
  title: 'a simulated listing\'s details title names a town or ward its own coordinates are far from ("Condo in San Bruno" at 37.7974, -122.4079 in San Francisco\'s Chinatown), or a landmark as its town ("Condo in Eiffel Tower")',
  population: 'cases showing a simulated listing details answer with a details-shaped title naming a known town, ward or landmark, and coordinates',
  check: (tc, ctx) => {
    // Coordinates the task's recordings or plan state are upstream's: a title naming the town the search listed the
    // listing in beside them is T-Eval's own slip (teval_query_114_2: recorded in San Francisco, searched near San Bruno).
    const stated = recordedAndPlanned(tc, ctx);
    return simulatedDefectAmong(tc, ctx, (step) => {
      const v = responseValue(step.response!.content);
      if (isPlainObject(v) && [v.latitude, v.longitude].every((x) => typeof x === 'number' && stated.includes(String(x)))) return undefined;
      return listingTitleOffPlace(step.action, step.response!.content);
    });
  },
};

/** What the task's recorded answers and every call of its plan (ground truth included) state, apart from simulated answers. */
function recordedAndPlanned(tc: TestCase, ctx: QualityContext): string {
  const parts = [toJson(tc.groundTruth ?? '')];
  const t = ctx.trajectory(tc.trajectoryId);
  if (t) {
    for (const { step } of toolSteps(t)) {
      parts.push(toJson(step.action.args));
      if (step.response && step.response.tier !== 'simulated') parts.push(step.response.content);
    }
  }
  return parts.join(PART);
}

/** Between the parts recordedAndPlanned joins: each a recorded answer or a call's arguments. */
const PART = '\u0000';
