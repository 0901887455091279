/**
 * Simulated answers that invent what the world could check, or frame a subject as no paper would:
 *
 * - simulated_unknown_title_invented: the details of a real-looking film the facts table does not
 *   know (Douban's print_detail("雪豹和她的朋友们")) give people or a year that neither the request, the
 *   task's recorded calls and answers, nor the facts table says ("由李欣然导演，林欣然、杨志强等人主演").
 * - simulated_title_template_misfit: simulated Scholar / arXiv titles that wrap the raw query when
 *   it is a question, an instruction or a long phrase ("A survey of how to find the best papers on
 *   deep learning for my thesis", "On the foundations of the impact of social media on society",
 *   "Lessons from two decades of tourist attractions New York City"), or put a film in a research
 *   frame ("Policy lessons from interstellar", "The godfather: challenges and opportunities").
 */
import { labelledBlocks } from '../../resolution/recordedBlocks.js';
import type { TestCase } from '../../schemas.js';
import type { CaseMeasure, QualityContext } from '../types.js';
import { firstDefect, shownSimulatedRequests, simulatedDefectAmong } from '../evidence.js';
import { parseToolResponse } from '../../prompts/parseAction.js';
import { isPlainObject } from '../../errors/values.js';
import { webSearchOf } from '../../answerFacts.js';
import { toolSteps } from '../../steps.js';
import { DOUBAN, FILMS, SERIES, filmByTitle, seriesByTitle, doubanFact } from '../../resolution/worldFacts.js';
import { placeNamed, placesNamedIn } from '../../resolution/places.js';
import { isItemPage } from '../../resolution/webItems.js';
import { isRecordedArxivTitle } from '../../resolution/arxivPapers.js';
import { filmSearched } from '../../resolution/simulatedText.js';
import { findsNothing, isSearchedId, searchedText } from '../../resolution/idSearch.js';

const HAN = /\p{Script=Han}/u;

/** The people and years a film's details text names: Douban's "由X、Y导演", "A、B等人主演", English "directed by", "starring", years. */
export function namedPeopleAndYears(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/由([^，。,.]+?)导演/gu)) out.push(...m[1].split(/[、/]/));
  for (const m of text.matchAll(/[，,]([^，。,.]+?)等人?主演/gu)) out.push(...m[1].split(/[、/]/));
  for (const m of text.matchAll(/\b(?:directed by|starring|written by)\s+((?:\p{Lu}[\p{L}'.-]+\s?){1,3}(?:(?:,\s*|\s+and\s+)(?:\p{Lu}[\p{L}'.-]+\s?){1,3})*)/gu)) out.push(...m[1].split(/,\s*|\s+and\s+/));
  for (const m of text.matchAll(/(?<!\d)(19\d\d|20\d\d)(?!\d)/g)) out.push(m[1]);
  return out.map((s) => s.replace(/（[^）]*）|\([^)]*\)/g, '').trim()).filter(Boolean);
}

/** Every text the facts table holds about films and series (credits and years included). */
let factsText: string | undefined;
function knownFactsText(): string {
  factsText ??= JSON.stringify([FILMS, DOUBAN, SERIES]);
  return factsText;
}

/** A film-details call about a title: its film_name / title argument. */
function filmAsked(action: { name: string; args: unknown }): string | undefined {
  if (!/film|movie|douban|tmdb/i.test(action.name) || !isPlainObject(action.args)) return undefined;
  const v = action.args.film_name ?? action.args.movie_name ?? action.args.title;
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/**
 * The people or years a simulated film description names for a title the facts table does not know
 * that nothing else of the task says: undefined when the step is no such details answer.
 */
export function inventedCredits(action: { name: string; args: unknown }, response: string, elsewhere: string): string | null | undefined {
  const film = filmAsked(action);
  if (!film || filmByTitle(film) || seriesByTitle(film) || doubanFact(film)) return undefined;
  const value = parseToolResponse(response);
  const texts = isPlainObject(value) ? Object.values(value).filter((v): v is string => typeof v === 'string' && v.includes(film)) : [];
  if (!texts.length) return undefined;
  const facts = knownFactsText();
  const invented = texts.flatMap(namedPeopleAndYears).filter((p) => !elsewhere.includes(p) && !facts.includes(p));
  return invented.length ? `"${film}", which the facts table does not know, is given ${invented.slice(0, 4).join(', ')}, which nothing else says` : null;
}

/** What the task says apart from simulated answers: its user turns, every call of its plan, and the answers recorded for it. */
function taskText(tc: TestCase, ctx: QualityContext): string {
  const t = ctx.trajectory(tc.trajectoryId);
  const parts = tc.messages.filter((m) => m.role === 'user').map((m) => m.content);
  if (t) {
    for (const { step } of toolSteps(t)) {
      parts.push(JSON.stringify(step.action.args));
      if (step.response && step.response.tier !== 'simulated') parts.push(step.response.content);
    }
  }
  return parts.join('\n');
}

export const simulatedUnknownTitleInvented: CaseMeasure = {
  kind: 'case',
  id: 'simulated_unknown_title_invented',
  group: 'text',
  title: 'a simulated answer gives a real-looking film the facts table does not know people or a year that neither the request, the task\'s recorded calls and answers nor the facts say (Douban\'s 雪豹和她的朋友们 "由李欣然导演，林欣然、杨志强等人主演")',
  population: 'cases showing a simulated details answer about a film title the facts table does not know',
  check(tc, ctx) {
    let elsewhere: string | undefined;
    return simulatedDefectAmong(tc, ctx, (step) => {
      if (!filmAsked(step.action)) return undefined;
      elsewhere ??= taskText(tc, ctx);
      return inventedCredits(step.action, step.response!.content, elsewhere);
    });
  },
};

/** The paper titles a Scholar or arXiv answer lists. */
function paperTitlesOf(value: unknown): string[] {
  if (!isPlainObject(value)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (/^titles?$/i.test(k)) out.push(...(Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string'));
    else if (Array.isArray(v)) {
      for (const r of v) if (isPlainObject(r) && typeof r.title === 'string') out.push(r.title);
    } else if (typeof v === 'string') {
      // arXiv's one text of labelled blocks ("Title: …"), simulated ones too since api-simulator-84.
      for (const b of labelledBlocks(v) ?? []) if (b.Title) out.push(b.Title);
    }
  }
  return out;
}

/** Frames that make a subject a research topic ("Advances in …", "…: trends, perspectives, and prospects"). */
const RESEARCH_FRAME = /^(?:rethinking|advances in|recent advances in|a survey of|the limits of|toward a theory of|measuring the impact of|open problems in|on the foundations of|an empirical study of|lessons from two decades of|new directions in|a critical look at|understanding .+: a data-driven|interdisciplinary perspectives on|reproducibility in|public understanding of|common misconceptions about|a short history of|benchmarks for|policy lessons from)\b|:\s*(?:a review|trends, perspectives, and prospects|challenges and opportunities|a primer|state of the art and open questions|methods, data and evidence|what they measure and what they miss|a case for simpler methods)$| (?:and its applications|revisited|in practice: evidence from .+ case studies|at scale: .+)$|^.+ research$/i;

/** A query typed as a question or an instruction, or too long to be a topic. */
function rawQuery(q: string): string | undefined {
  const words = q.trim().split(/\s+/);
  if (/^(?:how|what|why|which|where|who|find|show|get|list|give|search|look|recommend|tell)\b/i.test(q.trim()) || /\?$/.test(q.trim())) return 'a question or an instruction';
  if (/^(?:the\s+)?(?:impacts?|effects?|influence|role)(?:\s+and\s+(?:impacts?|effects?|influence|role))?\s+of\s+/i.test(q.trim())) return 'a title of its own';
  if (words.length > 6) return 'a long phrase';
  const place = placeNamed(q);
  if (place && place.name.toLowerCase() !== q.trim().replace(/^the\s+/i, '').toLowerCase() && !/\b(?:in|of|at|around|near)\b/i.test(q)) return `words run together with the place ${place.name}`;
  return undefined;
}

/** A title that misfits its query, or undefined when it fits. */
export function titleMisfit(query: string, title: string): string | undefined {
  const q = query.trim();
  const t = title.toLowerCase();
  const why = rawQuery(q);
  if (why && t.includes(q.toLowerCase().replace(/[?？.!]+$/, ''))) return `"${title}" wraps the query, ${why}`;
  if ((filmByTitle(q) || seriesByTitle(q)) && !HAN.test(q) && RESEARCH_FRAME.test(title)) return `"${title}" puts the film ${q} in a research frame`;
  return undefined;
}

/** Sites that are no place for a film: a travel guide, a finance glossary, a course or a tech explainer. */
const NON_FILM_SITE = /\b(?:Lonely Planet|Tripadvisor|Rough Guides|Culture Trip|Time Out|Investopedia|IBM|Coursera|freeCodeCamp|Khan Academy)\b|All You Need to Know Before You Go/;

/**
 * A web search result that misfits its query: a film's news or title framed as a trip or a term
 * ("'The Lost City' Movie News | Lonely Planet. Plan your visit to …", "Inception: Definition,
 * Examples and Uses - Investopedia"), a request for articles or news wrapped whole as if it were
 * the subject ("How articles on mathematics education is changing"), or a plural subject given "is".
 */
export function webResultMisfit(query: string, result: string): string | undefined {
  const q = query.trim();
  const film = filmSearched(q);
  if (film && NON_FILM_SITE.test(result)) return `"${result.slice(0, 90)}" treats the film ${film} as ${/Investopedia|IBM/.test(result) ? 'a term to define' : /Coursera|freeCodeCamp|Khan/.test(result) ? 'a course' : 'a place to visit'}`;
  const asked = /^(?:(?:the\s+)?(?:latest|recent|new|newest)\s+)?(?:articles|papers|news|stories|updates|posts)\s+(?:on|about|regarding)\s+\S|\s(?:movie|film)\s+news$/i.test(q);
  if (asked && result.toLowerCase().includes(q.toLowerCase().replace(/^(?:the\s+)?(?:latest|recent|new|newest)\s+/i, ''))) return `"${result.slice(0, 90)}" wraps the request "${q}" as its subject`;
  const verb = /\bHow ((?:\p{Ll}+ )*?\p{Ll}+?s) (?:on|of|in|about) [^.]*? is changing/u.exec(result) ?? /\bHow (\p{Ll}+[^s\s]s) is changing/u.exec(result);
  if (verb && !/ss$|news$|ics$/.test(verb[1])) return `"${result.slice(0, 90)}" says "${verb[1]} … is"`;
  return undefined;
}

/** The result lines a web search answer shows: Serper's organic results' titles and snippets (answerFacts.ts webSearchOf), or bare result lines. */
export function webResults(value: unknown): string[] {
  const search = webSearchOf(value);
  if (search) return search.results.map((r) => [r.title, r.snippet].filter(Boolean).join('. '));
  if (!isPlainObject(value)) return [];
  const out: string[] = [];
  for (const v of Object.values(value)) {
    if (!Array.isArray(v)) continue;
    for (const r of v) if (typeof r === 'string') out.push(r);
  }
  return out;
}

export const simulatedTitleTemplateMisfit: CaseMeasure = {
  kind: 'case',
  id: 'simulated_title_template_misfit',
  group: 'text',
  title: 'simulated paper titles or web results that wrap the raw query when it is a question, an instruction, a title of its own or a run of words with a place ("Lessons from two decades of tourist attractions New York City", "On the foundations of the impact of social media on society"), or put a film in a research frame ("Policy lessons from interstellar"), a travel or glossary frame ("\'The Lost City\' Movie News | Lonely Planet. Plan your visit…", "Inception: Definition, Examples and Uses - Investopedia")',
  population: 'cases showing a simulated Google Scholar or arXiv answer with paper titles, or a simulated web search answer with results, for a query',
  check(tc, ctx) {
    return simulatedDefectAmong(tc, ctx, (step) => {
      if (!isPlainObject(step.action.args)) return undefined;
      if (/google|serper|bing|web_?search/i.test(step.action.name) && !/scholar/i.test(step.action.name)) {
        const q = Object.entries(step.action.args).find(([k, v]) => /query|keyword|^q$|search/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
        const results = q ? webResults(parseToolResponse(step.response!.content)) : [];
        if (!q || !results.length) return undefined;
        for (const r of results) {
          const why = webResultMisfit(q, r);
          if (why) return why;
        }
        return null;
      }
      if (!/scholar|arxiv/i.test(step.action.name)) return undefined;
      const query = Object.entries(step.action.args).find(([k, v]) => /query|keyword|^q$|search/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
      if (!query) return undefined;
      const titles = paperTitlesOf(parseToolResponse(step.response!.content));
      if (!titles.length) return undefined;
      for (const title of titles) {
        const why = titleMisfit(query, title);
        if (why) return why;
      }
      return null;
    });
  },
};

/** Kinds of named things a search may ask for: each found thing has a name of its own (an attraction, a paper, a tool), unlike a page about the kind. */
const NAMED_KINDS = /\b(attractions|landmarks|sights|things to do|places to visit|restaurants|cafes|hotels|beaches|museums|papers|publications|products|people|experts|researchers|movies|films|books|tools|instruments|techniques|technologies|frameworks|methods|algorithms|breakthroughs|advancements|applications|destinations)\b/i;
const SITE_WORDS = /^(?:Wikipedia|Tripadvisor|Reddit|Britannica|IBM|Reuters|Investopedia|Scientific|American|York|Times|MIT|Technology|Review|Lonely|Planet|Time|Out|Rough|Guides|Culture|Trip|Coursera|YouTube|Medium|BBC|News|AP|Nature|Verge|Google|Maps|Yelp|Zillow|Zumper|RentCafe|Waze|INRIX|arXiv|Papers|With|Code|Semantic|Scholar|I|January|February|March|April|May|June|July|August|September|October|November|December)$/;

/**
 * Whether a web result names a thing of its own: a name in its snippet (a capitalised word that
 * starts no sentence and is not the query's or a site's: "Eiffel Tower", "by A Vaswani"), a list
 * ("… · Louvre Museum · …", "include quantum chemistry, quantum optics, …"), or a reference page
 * on one thing the query does not name ("Apache Spark - Wikipedia", "Regression analysis - Wikipedia").
 */
export function resultNamesAThing(query: string, title: string, snippet: string): boolean {
  const asked = new Set(query.toLowerCase().split(/[^\p{L}\d]+/u).filter(Boolean));
  if (/ · \S[^·]*· /.test(snippet)) return true;
  if (/\b(?:include|includes|including|such as)\b[^.]*,/.test(snippet)) return true;
  const page = / - Wikipedia$/.exec(title) ? title.replace(/ - Wikipedia$/, '') : undefined;
  if (page && page.split(/\s+/).some((w) => !asked.has(w.toLowerCase().replace(/[^\p{L}\d]/gu, '')) && !/^(?:of|in|on|and|the|a|an|for)$/i.test(w))) return true;
  const words = snippet.split(/(?<=[.!?:;·—]\s|^)/).flatMap((sentence) => sentence.trim().split(/\s+/).slice(1));
  return words.some((w) => /^\p{Lu}/u.test(w) && !asked.has(w.toLowerCase().replace(/[^\p{L}\d]/gu, '')) && !SITE_WORDS.test(w.replace(/[^\p{L}]/gu, '')));
}

/**
 * A simulated web search for named things (attractions, papers, tools) whose results name none:
 * "top tourist attractions in Paris" answered by "Tourist Attractions in Paris: 20 Picks from Our
 * Editors - Time Out. What we would see first of tourist attractions in Paris, updated for the
 * season." leaves a request for "three top-ranked attractions" nothing to give (teval_query_188_1).
 */
export function searchNamesNone(query: string, request: string, results: { title: string; snippet: string }[]): string | null | undefined {
  const kind = NAMED_KINDS.exec(query)?.[1];
  if (!kind || !results.length) return undefined;
  // The request asks for that kind too (the singular or the plural).
  const stem = kind.toLowerCase().replace(/(?:ies|s)$/, '');
  if (!request.toLowerCase().includes(stem)) return undefined;
  if (results.some((r) => resultNamesAThing(query, r.title, r.snippet))) return null;
  return `a search for "${query}" (${kind} asked for) lists ${results.length} result(s), none naming one: ${results.slice(0, 2).map((r) => JSON.stringify(r.title)).join(', ')}`;
}

export const simulatedSearchNamesNone: CaseMeasure = {
  kind: 'case',
  id: 'simulated_search_names_none',
  group: 'text',
  title: 'a simulated web search for named things (attractions, papers, tools, breakthroughs) whose results name none: "top tourist attractions in Paris" answered by "Tourist Attractions in Paris: 20 Picks from Our Editors - Time Out. What we would see first of tourist attractions in Paris…", so a request for "three top-ranked attractions" has none to give',
  population: 'cases showing a simulated web search whose query asks for named things of a kind the request asks for too',
  check(tc, ctx) {
    const shown = shownSimulatedRequests(tc, ctx);
    if (!shown) return undefined;
    return firstDefect(shown, ({ step, request }) => {
      if (!/google|serper|bing|web_?search/i.test(step.action.name) || /scholar|nearby|map/i.test(step.action.name) || !isPlainObject(step.action.args)) return undefined;
      const q = Object.entries(step.action.args).find(([k, v]) => /query|keyword|^q$|search/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
      const search = webSearchOf(parseToolResponse(step.response!.content));
      if (!q || !search) return undefined;
      const why = searchNamesNone(q, request, search.results);
      return why ? `${step.action.name}: ${why}` : why;
    });
  },
};

/** Words of a query that ask rather than say what about ("information", "latest", "news"). */
const ASKING_WORDS = /^(?:information|info|details|detail|overview|news|latest|recent|current|top|best|about|what|are|the|and|for|with|from|into|that|this|some)$/i;

/**
 * A web result that says nothing but that its page is about the query: no name, no number, no
 * list, and its snippet only the query's words set in a frame ("Opening times, how to get there
 * and what to bring for Kuta Beach, from people who have been.", "Recent reporting on quantum
 * computing from our correspondents.").
 */
export function resultSaysNothing(query: string, title: string, snippet: string): boolean {
  // A name, a number or a definition ("A restaurant is a business that …") says something.
  if (resultNamesAThing(query, title, snippet) || /\d/.test(snippet) || /\b(?:is|are|was|were) (?:a|an|the)\b/i.test(snippet)) return false;
  const words = query.toLowerCase().split(/[^\p{L}\d]+/u).filter((w) => w.length >= 3 && !ASKING_WORDS.test(w));
  const said = snippet.toLowerCase();
  return words.length > 0 ? words.every((w) => said.includes(w.replace(/s$/, ''))) : /\p{Script=Han}/u.test(query) && said.includes(query.trim().toLowerCase());
}

/** The first defect `judge` finds among the simulated web searches a case shows (not Scholar's, not a map's), given each one's query and results. */
function webSearchAmong(tc: TestCase, ctx: QualityContext, judge: (query: string, search: NonNullable<ReturnType<typeof webSearchOf>>) => string | null | undefined): string | null | undefined {
  return simulatedDefectAmong(tc, ctx, (step) => {
    if (!/google|serper|bing|web_?search/i.test(step.action.name) || /scholar|nearby|map/i.test(step.action.name) || !isPlainObject(step.action.args)) return undefined;
    const q = Object.entries(step.action.args).find(([k, v]) => /query|keyword|^q$|search/i.test(k) && typeof v === 'string')?.[1] as string | undefined;
    const search = webSearchOf(parseToolResponse(step.response!.content));
    return q && search ? judge(q, search) : undefined;
  });
}

export const simulatedSearchSaysNothing: CaseMeasure = {
  kind: 'case',
  id: 'simulated_search_says_nothing',
  group: 'text',
  title: 'a simulated web search whose every result says nothing but that its page is about the query ("Kuta Beach information" answered by "Opening times, how to get there and what to bring for Kuta Beach, from people who have been.", "quantum computing news" by "Recent reporting on quantum computing from our correspondents."), so a request for information or news gets page titles only',
  population: 'cases showing a simulated web search answer with results',
  check(tc, ctx) {
    return webSearchAmong(tc, ctx, (q, search) => {
      if (!search.results.every((r) => resultSaysNothing(q, r.title, r.snippet))) return null;
      return `every result of "${q}" says only that it is about it: ${JSON.stringify(search.results[0].snippet)}`;
    });
  },
};

/** Reference and explainer sites: what a search for a thing's meaning finds, not one for papers, traffic, prices or what is happening now. */
const REFERENCE_SITE = / - Wikipedia$| \| Britannica$| \| IBM$| - Investopedia$| - Scientific American$| \| Khan Academy$/;
const TRAVEL_SITE = / - Tripadvisor$|All You Need to Know Before You Go|\| Lonely Planet$| - Time Out$|\| Rough Guides$|\| Culture Trip$/;

/**
 * A web result of a kind such a search never finds: an encyclopedia's article on "Research Papers
 * on Deep Learning" or on a road's current traffic or a city's rents; a travel guide to a bare kind
 * of place ("Restaurant - Travel Guide | Rough Guides") no place is named for.
 */
export function webResultKindMisfit(query: string, title: string): string | undefined {
  const q = query.trim();
  if (REFERENCE_SITE.test(title) && !isItemPage(title)) {
    const live = /\b(?:papers|publications|traffic|prices?|rents?|rental|costs?|news|current|latest|recent|today'?s|upcoming)\b/i.exec(q);
    if (live) return `"${title}" is a reference page, for a search asking for ${live[0].toLowerCase()}`;
  }
  if (TRAVEL_SITE.test(title) && !placesNamedIn(q).length && !/\b(?:beach|island|city|park|museum|landmark|attraction|travel|trip|tour|visit)/i.test(q)) return `"${title}" is a travel guide, for a search naming no place ("${q}")`;
  return undefined;
}

export const simulatedSearchKindMisfit: CaseMeasure = {
  kind: 'case',
  id: 'simulated_search_kind_misfit',
  group: 'text',
  title: 'a simulated web result of a kind such a search never finds: "Research Papers on Deep Learning | Britannica" for papers, an encyclopedia for a road\'s current traffic or a city\'s rents, "Restaurant - Travel Guide | Rough Guides" for the bare word "restaurant"',
  population: 'cases showing a simulated web search answer with results',
  check(tc, ctx) {
    return webSearchAmong(tc, ctx, (q, search) => {
      for (const r of search.results) {
        const why = webResultKindMisfit(q, r.title);
        if (why) return why;
      }
      return null;
    });
  },
};

/**
 * A simulated web result that is a page of a real site the page table (webItems.ts) does not hold:
 * "Artificial Intelligence Ethics | Britannica" at britannica.com/topic/artificial-intelligence-ethics,
 * a Reddit thread or a Tripadvisor review page whose id was drawn. Every site the general forms
 * write is real, so each such result is a made-up page of a real publisher.
 */
export const simulatedSearchMadeUpPage: CaseMeasure = {
  kind: 'case',
  id: 'simulated_search_made_up_page',
  group: 'text',
  title: 'a simulated web result is a page of a real site the page table does not hold ("Artificial Intelligence Ethics | Britannica" beside the two real pages for "artificial intelligence ethics"; a Reddit thread or Tripadvisor review page with a drawn id)',
  population: 'cases showing a simulated web search answer with results',
  check(tc, ctx) {
    return webSearchAmong(tc, ctx, (q, search) => {
      const made = search.results.find((r) => !isItemPage(r.title));
      return made ? `"${q}" lists "${made.title}", a page the table does not hold` : null;
    });
  },
};

/**
 * A simulated arXiv answer listing a paper no T-Eval recording lists (arxivPapers.ts holds every
 * recorded one): "number theory" → "Key debates in number theory" by "Keiko Jensen", a paper no one
 * can find. The machine is offline, so a paper arXiv really lists is one T-Eval recorded.
 */
export function arxivPaperUnrecorded(action: { name: string }, response: string): string | null | undefined {
  if (!/arxiv/i.test(action.name)) return undefined;
  const value = parseToolResponse(response);
  const content = isPlainObject(value) ? Object.values(value).find((v): v is string => typeof v === 'string') : typeof value === 'string' ? value : undefined;
  const titles = content ? (labelledBlocks(content) ?? []).map((b) => b.Title).filter((t): t is string => typeof t === 'string') : [];
  const made = titles.find((t) => !isRecordedArxivTitle(t));
  return made ? `lists "${made}", a paper no recording holds` : null;
}

export const simulatedArxivPaperUnrecorded: CaseMeasure = {
  kind: 'case',
  id: 'simulated_arxiv_paper_unrecorded',
  group: 'text',
  title: 'a simulated arXiv answer lists a paper no T-Eval recording lists, so no one can find it ("number theory" → "Key debates in number theory" by Keiko Jensen)',
  population: 'cases showing a simulated arXiv answer',
  check(tc, ctx) {
    return simulatedDefectAmong(tc, ctx, (step) => arxivPaperUnrecorded(step.action, step.response!.content));
  },
};

/**
 * What a search answer lists that its query did not ask for: a search for an opaque id
 * ("aRCT0jKYjgIJ") or a ticker search for a film ("Expend4bles") finds nothing, or the one record
 * the id names. Null when the answer lists nothing, or names the id it was asked for.
 */
export function searchForIdInvents(action: { name: string; args: unknown }, response: string): string | null | undefined {
  const why = findsNothing(action.name, action.args);
  if (!why) return undefined;
  const searched = searchedText(action.name, action.args)!.value;
  if (response.includes(searched) && isSearchedId(searched)) return null;
  const value = parseToolResponse(response);
  if (!isPlainObject(value)) return null;
  const listed = Object.entries(value).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim() !== '' && !/^(?:ok|success)$/i.test(v) : typeof v === 'number' && v !== 0));
  if (!listed.length || 'error' in value) return null;
  return `${why}, yet the answer gives ${listed.slice(0, 2).map(([k, v]) => `${k} ${JSON.stringify(v).slice(0, 60)}`).join(', ')}`;
}

export const simulatedSearchForIdInvents: CaseMeasure = {
  kind: 'case',
  id: 'simulated_search_for_id_invents',
  group: 'text',
  title: 'a simulated search for an opaque id or a ticker search for a film answers with records it could not have found (search_google_scholar("aRCT0jKYjgIJ") → "Climate policy in practice: evidence from five case studies"; search_stock_ticker("Expend4bles") → ZTC "The Quiet Harbor")',
  population: 'cases showing a simulated search whose query is an opaque id, or a ticker search for a film title',
  check(tc, ctx) {
    return simulatedDefectAmong(tc, ctx, (step) => searchForIdInvents(step.action, step.response!.content));
  },
};

/** A status-only answer's status text ("added page"), or undefined. */
function statusOnly(content: string): string | undefined {
  const v = parseToolResponse(content);
  return isPlainObject(v) && Object.keys(v).length === 1 && typeof v.status === 'string' ? v.status : undefined;
}

export const simulatedStatusUnlikeRecorded: CaseMeasure = {
  kind: 'case',
  id: 'simulated_status_unlike_recorded',
  group: 'text',
  title: 'a simulated status-only success of an API words it otherwise than the same API\'s recorded answer in the same task ({"status": "Add text page completed successfully."} beside the recorded {\'status\': \'added page\'})',
  population: 'cases showing a simulated status-only answer of an API the task also has a recorded status-only answer of',
  check(tc, ctx) {
    const t = ctx.trajectory(tc.trajectoryId);
    if (!t) return undefined;
    const recorded = new Map<string, string>();
    for (const { step } of toolSteps(t)) {
      const s = step.response && step.response.tier !== 'simulated' ? statusOnly(step.response.content) : undefined;
      if (s !== undefined) recorded.set(step.action.name, s);
    }
    if (!recorded.size) return undefined;
    return simulatedDefectAmong(tc, ctx, (step) => {
      const want = recorded.get(step.action.name);
      const got = statusOnly(step.response!.content);
      if (want === undefined || got === undefined) return undefined;
      return got === want ? null : `status "${got}" where the recorded answer says "${want}"`;
    });
  },
};
