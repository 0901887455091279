/**
 * T-Eval's web search (Google Serper) answers with Serper's own JSON: {'content': {'searchParameters':
 * {'q': …, 'type': 'search', 'engine': 'google'}, 'organic': [{'title', 'link', 'snippet', …,
 * 'position': 1}, …], 'peopleAlsoAsk': …, 'relatedSearches': …}}. The simulator drew its results as
 * lines ("Kuta Beach - Tripadvisor. See traveller reviews, …"), a shape the API never answers in (62
 * cases on f36). A simulated answer of an API whose recordings write a field so is written the same
 * way, read from the recordings, nothing named per API: the parameters echo the call as the
 * recordings echo theirs (a recorded argument's value under its key, a value every recording shares
 * as it is), and each drawn result line becomes a result record with the fields every recorded
 * result holds: its title, a link on the result's site, its snippet, its position. The sections a
 * search may or may not show (people also ask, related searches) are left out: they would need
 * questions answered and searches made up that nothing in the task gives, and Serper leaves them out
 * when Google shows none. A value a later step copies, carried into the list as it is, stays whole in
 * a result's title (a name) or snippet (a sentence), so the plan still finds it.
 */
import { parseToolResponse } from '../prompts/parseAction.js';
import { recordedAnswer } from './recordedAnswer.js';
import { isPlainObject } from '../errors/values.js';
import { itemPageLink } from './webItems.js';
import { docListCap } from './askedCount.js';
import type { ToolDoc, ToolResponse } from '../schemas.js';
import { inRecordedForm } from './answerForm.js';
import { pyJson } from './simulatorRules.js';

/** How a field of the recordings is a search: where its echo of the call and its result list sit, and how each is filled. */
export interface SearchShape {
  /** The answer's field holding the search ("content"). */
  field: string;
  /** The key of the call's echo ("searchParameters") and, per key in it, the argument it echoes or the value every recording gives. */
  params?: { key: string; fill: [string, { arg: string } | { value: unknown }][] };
  /** The key of the result list ("organic") and, in order, each result key with what fills it. */
  results: { key: string; fill: [string, 'title' | 'link' | 'snippet' | 'position'][] };
}

const KIND: [RegExp, 'title' | 'link' | 'snippet'][] = [
  [/^(?:title|name|headline)$/i, 'title'],
  [/^(?:link|url|href)$/i, 'link'],
  [/^(?:snippet|description|summary|text)$/i, 'snippet'],
];

/** The search shape every recording of the API writes one field in; undefined when none does (or any recording writes it otherwise). */
export function recordedSearchShape(examples: readonly { args?: unknown; response: string }[]): SearchShape | undefined {
  const answers = examples
    .map((e) => ({ args: isPlainObject(e.args) ? e.args : {}, value: recordedAnswer(e.response) }))
    .filter((e): e is { args: Record<string, unknown>; value: Record<string, unknown> } => isPlainObject(e.value) && !('error' in e.value));
  if (!answers.length) return undefined;
  for (const field of Object.keys(answers[0].value)) {
    const bodies = answers.map((a) => a.value[field]);
    if (!bodies.every(isPlainObject)) continue;
    const objs = bodies as Record<string, unknown>[];
    // The result list: a key every recording holds as a non-empty list of records numbered from 1.
    const listKey = Object.keys(objs[0]).find((k) => objs.every((o) => Array.isArray(o[k]) && (o[k] as unknown[]).length > 0 && (o[k] as unknown[]).every(isPlainObject)) && objs.every((o) => (o[k] as Record<string, unknown>[]).some((r) => typeof r.link === 'string' || typeof r.url === 'string')));
    if (!listKey) continue;
    const records = objs.flatMap((o) => o[listKey] as Record<string, unknown>[]);
    const always = Object.keys(records[0]).filter((k) => records.every((r) => k in r));
    const fill: [string, 'title' | 'link' | 'snippet' | 'position'][] = [];
    for (const k of always) {
      const numbered = objs.every((o) => (o[listKey] as Record<string, unknown>[]).every((r, i) => r[k] === i + 1));
      const kind = numbered ? 'position' : KIND.find(([re]) => re.test(k) && records.every((r) => typeof r[k] === 'string'))?.[1];
      if (!kind) return undefined;
      fill.push([k, kind]);
    }
    if (!['title', 'link'].every((kind) => fill.some(([, f]) => f === kind))) continue;
    // The call's echo: a record holding a recorded argument's value.
    let params: SearchShape['params'];
    const paramsKey = Object.keys(objs[0]).find((k) => k !== listKey && objs.every((o, i) => isPlainObject(o[k]) && Object.values(o[k] as Record<string, unknown>).some((v) => typeof v === 'string' && Object.values(answers[i].args).includes(v))));
    if (paramsKey) {
      const echoes = objs.map((o) => o[paramsKey] as Record<string, unknown>);
      const keys = Object.keys(echoes[0]).filter((k) => echoes.every((e) => k in e));
      const pfill: [string, { arg: string } | { value: unknown }][] = [];
      for (const k of keys) {
        const arg = Object.keys(answers[0].args).find((a) => echoes.every((e, i) => e[k] === answers[i].args[a]));
        if (arg) pfill.push([k, { arg }]);
        else if (echoes.every((e) => JSON.stringify(e[k]) === JSON.stringify(echoes[0][k]))) pfill.push([k, { value: echoes[0][k] }]);
        else return undefined;
      }
      params = { key: paramsKey, fill: pfill };
    }
    return { field, ...(params ? { params } : {}), results: { key: listKey, fill } };
  }
  return undefined;
}

/** The fewest results any recording of the search lists (Serper's 9 or 10), or undefined when the recordings write no search. */
export function recordedResultCount(examples: readonly { args?: unknown; response: string }[], shape: SearchShape | undefined): number | undefined {
  if (!shape) return undefined;
  const counts = examples.flatMap((e) => {
    const v = recordedAnswer(e.response);
    const body = isPlainObject(v) ? v[shape.field] : undefined;
    const list = isPlainObject(body) ? body[shape.results.key] : undefined;
    return Array.isArray(list) ? [list.length] : [];
  });
  return counts.length ? Math.min(...counts) : undefined;
}

/** A page's words as a URL slug: "Top Tourist Attractions in Paris" → "top-tourist-attractions-in-paris". */
function slug(text: string, sep = '-'): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9\p{Script=Han}]+/gu, sep)
    .replace(new RegExp(`^\\${sep}+|\\${sep}+$`, 'g'), '')
    .slice(0, 70)
    .replace(new RegExp(`\\${sep}+$`), '');
}
/** Words of a Chinese or Latin text as a URL writes them: percent-encoded where not ASCII. */
const encoded = (text: string) => encodeURIComponent(text.trim()).replace(/%20/g, '+');
/** A stable number for a page, from its title (a question's id, a post's): the same page, the same link. */
function digits(text: string, n: number): string {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  let out = String(1 + (h % 9));
  while (out.length < n) {
    h = Math.imul(h ^ out.length, 16777619) >>> 0;
    out += String(h % 10);
  }
  return out;
}
const base36 = (text: string, n: number) => BigInt(digits(text, 18)).toString(36).padStart(n, 'a').slice(0, n);
/** A Wikipedia page name: words the query writes in lower case stay so ("Quantum_computing"), names keep their capitals ("Kuta_Beach"). */
const wiki = (s: string, q = '') => {
  const lower = new Set(q.split(/[^\p{L}\d'-]+/u).filter((w) => w && w === w.toLowerCase()));
  return s.trim().split(/\s+/).map((w, i) => (i > 0 && lower.has(w.toLowerCase()) ? w.toLowerCase() : w)).join('_').replace(/^./, (c) => c.toUpperCase());
};

/**
 * The sites the simulator's result lines name (simulatedText.ts, the *_RESULTS forms), each by how
 * its title names it and how its pages' links look, the subject (`s`: the title without the site)
 * in the site's own link form. A search-page link where the real page's id would have to be made up.
 */
const SITES: { title: RegExp; link: (s: string, t: string, q: string) => string }[] = [
  { title: /All You Need to Know Before You Go/, link: (s, t) => `https://www.tripadvisor.com/Attraction_Review-g${digits(t, 6)}-d${digits(`${t}d`, 7)}-Reviews-${wiki(s.replace(/:.*$/, ''))}.html` },
  { title: / - Tripadvisor$/, link: (s, t) => `https://www.tripadvisor.com/Attractions-g${digits(t, 6)}-Activities-${wiki(s)}.html` },
  { title: / \| Lonely Planet$/, link: (s) => `https://www.lonelyplanet.com/search?q=${encoded(s)}` },
  { title: / - Reddit$/, link: (s, t) => `https://www.reddit.com/r/${/travel|visit|beach|city|attraction|landmark/i.test(t) ? 'travel' : /learn|tutorial|beginn|course/i.test(t) ? 'learnprogramming' : /workout|exercise|fitness|diet|nutrition|weight/i.test(t) ? 'Fitness' : /movie|film|trailer/i.test(t) ? 'movies' : 'explainlikeimfive'}/comments/${base36(t, 6)}/${slug(s, '_')}/` },
  { title: / - Time Out$/, link: (s) => `https://www.timeout.com/${slug(s.replace(/:.*$/, ''))}` },
  { title: / \| Rough Guides$/, link: (s) => `https://www.roughguides.com/${slug(s.replace(/ - Travel Guide$/, ''))}/` },
  { title: / \| Culture Trip$/, link: (s) => `https://theculturetrip.com/${slug(s)}` },
  { title: / - Coursera$/, link: (s) => `https://www.coursera.org/courses?query=${encoded(s)}` },
  { title: / - freeCodeCamp$/, link: (s) => `https://www.freecodecamp.org/news/${slug(s)}/` },
  { title: / \| Khan Academy$/, link: (s) => `https://www.khanacademy.org/search?page_search_query=${encoded(s.replace(/ Explained$/, ''))}` },
  { title: / - YouTube$/, link: (s) => `https://www.youtube.com/results?search_query=${encoded(s)}` },
  { title: / - Medium$/, link: (s, t) => `https://medium.com/@learner${digits(t, 3)}/${slug(s)}-${base36(t, 12)}` },
  { title: /\(film\) - Wikipedia$/, link: (s) => `https://en.wikipedia.org/wiki/${wiki(s)}` },
  { title: / - Wikipedia$/, link: (s, _t, q) => `https://en.wikipedia.org/wiki/${wiki(s, q)}` },
  { title: / \| IBM$/, link: (s) => `https://www.ibm.com/topics/${slug(s.replace(/^What Is |\?$/g, ''))}` },
  { title: / \| Reuters$/, link: (s) => `https://www.reuters.com/site-search/?query=${encoded(s.replace(/ - Latest News and Analysis$/, ''))}` },
  { title: / - Investopedia$/, link: (s) => `https://www.investopedia.com/terms/${slug(s).charAt(0) || 'a'}/${slug(s.replace(/:.*$/, ''), '')}.asp` },
  { title: / \| Britannica$/, link: (s) => `https://www.britannica.com/topic/${slug(s)}` },
  { title: / - Scientific American$/, link: (s) => `https://www.scientificamerican.com/search/?q=${encoded(s)}` },
  { title: / - The New York Times$/, link: (s) => `https://www.nytimes.com/search?query=${encoded(s.replace(/^What you should know about /, ''))}` },
  { title: / - MIT Technology Review$/, link: (s) => `https://www.technologyreview.com/topic/${slug(s)}/` },
  { title: / - IMDb$/, link: (s) => `https://www.imdb.com/find/?q=${encoded(s)}` },
  { title: / \| Rotten Tomatoes$/, link: (s) => `https://www.rottentomatoes.com/m/${slug(s, '_')}` },
  { title: / - Variety$/, link: (s) => `https://variety.com/t/${slug(s.replace(/ news$/, ''))}/` },
  { title: / - The Hollywood Reporter$/, link: (s) => `https://www.hollywoodreporter.com/t/${slug(s)}/` },
  { title: / - Deadline$/, link: (s) => `https://deadline.com/tag/${slug(s.replace(/ news$/, ''))}/` },
  { title: / - The Guardian$/, link: (s) => `https://www.theguardian.com/film/${slug(s)}` },
  { title: / \| BBC News$/, link: (s) => `https://www.bbc.co.uk/search?q=${encoded(s)}` },
  { title: / - The Verge$/, link: (s) => `https://www.theverge.com/search?q=${encoded(s)}` },
  { title: / \| AP News$/, link: (s) => `https://apnews.com/hub/${slug(s.replace(/ News$/, ''))}` },
  { title: / - Nature News$/, link: (s) => `https://www.nature.com/search?q=${encoded(s)}` },
  { title: / - Allrecipes$/, link: (s) => `https://www.allrecipes.com/search?q=${encoded(s)}` },
  { title: / \| BBC Good Food$/, link: (s) => `https://www.bbcgoodfood.com/search?q=${encoded(s)}` },
  { title: / - Serious Eats$/, link: (s) => `https://www.seriouseats.com/search?q=${encoded(s)}` },
  { title: / \| Food Network$/, link: (s) => `https://www.foodnetwork.com/search/${slug(s)}-` },
  { title: / - NYT Cooking$/, link: (s) => `https://cooking.nytimes.com/search?q=${encoded(s)}` },
  { title: / - Healthline$/, link: (s) => `https://www.healthline.com/search?q1=${encoded(s)}` },
  { title: / - Mayo Clinic$/, link: (s) => `https://www.mayoclinic.org/search/search-results?q=${encoded(s)}` },
  { title: / - Verywell Fit$/, link: (s) => `https://www.verywellfit.com/search?q=${encoded(s)}` },
  { title: / - Cleveland Clinic$/, link: (s) => `https://my.clevelandclinic.org/search?q=${encoded(s)}` },
  { title: / - Papers With Code$/, link: (s) => `https://paperswithcode.com/search?q_meta=&q=${encoded(s)}` },
  { title: / \| Semantic Scholar$/, link: (s) => `https://www.semanticscholar.org/search?q=${encoded(s)}` },
  { title: / - arXiv$/, link: (s) => `https://arxiv.org/search/?query=${encoded(s)}&searchtype=all` },
  { title: / Traffic - Google Maps$/, link: (s) => `https://www.google.com/maps/dir/${encoded(s.replace(/ Traffic$/, '').split(' to ')[0] ?? s)}/${encoded(s.replace(/ Traffic$/, '').split(' to ')[1] ?? '')}/data=!5m1!1e1` },
  { title: / - Google Maps$/, link: (s) => `https://www.google.com/maps/search/${encoded(s)}` },
  { title: / - Waze$/, link: (s) => `https://www.waze.com/live-map/directions?q=${encoded(s)}` },
  { title: / - INRIX$/, link: (s) => `https://inrix.com/search/?q=${encoded(s)}` },
  { title: / - Zillow$/, link: (s) => `https://www.zillow.com/rental-manager/market-trends/${slug(s.replace(/ (?:Rent )?Prices$/, ''))}/` },
  { title: / - Zumper$/, link: (s) => `https://www.zumper.com/rent-research/${slug(s.replace(/ (?:Rent )?Prices$/, ''))}` },
  { title: / - RentCafe$/, link: (s) => `https://www.rentcafe.com/average-rent-market-trends/us/${slug(s.replace(/ (?:Rent )?Prices$/, ''))}/` },
  { title: / - Yelp$/, link: (s) => `https://www.yelp.com/search?find_desc=${encoded(s.replace(/ Near Me$/, ''))}` },
  { title: / \(豆瓣\)$/, link: (s) => `https://www.douban.com/search?q=${encoded(s)}` },
  { title: /_影评 - 豆瓣电影$/, link: (s) => `https://search.douban.com/movie/subject_search?search_text=${encoded(s.replace(/_影评$/, ''))}` },
  { title: / - 百度百科$/, link: (s) => `https://baike.baidu.com/item/${encodeURIComponent(s.trim().replace(/\s+/g, ''))}` },
  { title: / - 知乎$/, link: (_s, t) => `https://www.zhihu.com/question/${digits(t, 9)}` },
  { title: / - 时光网$/, link: (s) => `https://search.mtime.com/search?q=${encoded(s.replace(/ - 电影$/, ''))}` },
  { title: / - 马蜂窝$/, link: (s) => `https://www.mafengwo.cn/search/q.php?q=${encoded(s.replace(/旅游攻略$/, ''))}` },
  { title: / - 携程旅行$/, link: (s) => `https://you.ctrip.com/searchsite/?query=${encoded(s)}` },
  { title: / - 大众点评$/, link: (s) => `https://www.dianping.com/search/keyword/1/0_${encodeURIComponent(s.replace(/附近美食推荐$/, ''))}` },
  { title: / - 维基百科，自由的百科全书$/, link: (s) => `https://zh.wikipedia.org/wiki/${encodeURIComponent(s.trim().replace(/\s+/g, '_')).replace(/%5F/g, '_')}` },
  { title: / - 新浪新闻$/, link: (s) => `https://search.sina.com.cn/news?q=${encoded(s.replace(/最新消息$/, ''))}` },
  { title: / - 搜狐$/, link: (_s, t) => `https://www.sohu.com/a/${digits(t, 9)}_${digits(`${t}s`, 6)}` },
];

/** The site a result's title names, the title without it (the page's own words), and the page's link. */
function pageOf(title: string, query = ''): string | undefined {
  // A real page the item table holds (webItems.ts) keeps its own link.
  const known = itemPageLink(title);
  if (known) return known;
  const site = SITES.find((x) => x.title.test(title));
  if (!site) return undefined;
  const own = title.replace(/\s*(?:[-|]\s*[^-|]+|\([^()]+\))$/, '').trim() || title;
  return site.link(own, title, query);
}

/** A drawn result line split into its title and snippet ("Kuta Beach - Tripadvisor. See traveller reviews, …"), with its link; undefined for anything else. */
export function resultOfLine(line: string, query = ''): { title: string; link: string; snippet: string } | undefined {
  for (let at = line.indexOf('. '); at > 0; at = line.indexOf('. ', at + 2)) {
    const title = line.slice(0, at).trim();
    const link = pageOf(title, query);
    if (link) return { title, link, snippet: line.slice(at + 2).trim() };
  }
  return undefined;
}

/**
 * `answer` with its lines of results under the shape's field written as the recordings write a
 * search: the call echoed, each line a result record numbered from 1. A value carried into the list
 * (not a drawn line) becomes a result of its own, whole in its title when it is a name, else in its
 * snippet, on the page the first drawn result is on. Anything else is left as it is.
 */
export function asRecordedSearch(answer: Record<string, unknown>, shape: SearchShape | undefined, args: Record<string, unknown>): Record<string, unknown> {
  if (!shape) return answer;
  const lines = answer[shape.field];
  if (!Array.isArray(lines) || !lines.length || !lines.every((l): l is string => typeof l === 'string')) return answer;
  const query = Object.values(args).find((v): v is string => typeof v === 'string' && v.trim() !== '')?.trim() ?? '';
  const drawn = lines.map((line) => resultOfLine(line, query));
  const first = drawn.find(Boolean);
  if (!first) return answer;
  const used = new Set(drawn.flatMap((r) => (r ? [r.title] : [])));
  const results = lines.map((line, i) => {
    const r = drawn[i];
    if (r) return r;
    // A carried value: a name is a page's title (on the first result's site), a sentence what a reference page on the query says.
    const name = line.length <= 90 && !/[.!?。]\s*$/.test(line.trim()) && !/\.\s/.test(line);
    if (name) return { title: line, link: `${new URL(first.link).origin}/${slug(line) || encodeURIComponent(line.trim())}`, snippet: `${line} · ${first.snippet}` };
    const title = [`${query} - Wikipedia`, `${query} | Britannica`, `${query} - Reddit`].find((t) => !used.has(t)) ?? `${query} - Wikipedia`;
    used.add(title);
    return { title, link: pageOf(title, query) ?? first.link, snippet: line };
  });
  const records = results.map((r, i) => Object.fromEntries(shape.results.fill.map(([k, kind]) => [k, kind === 'position' ? i + 1 : r[kind]])));
  const params = shape.params ? { [shape.params.key]: Object.fromEntries(shape.params.fill.flatMap(([k, f]) => ('arg' in f ? (args[f.arg] === undefined ? [] : [[k, args[f.arg]]]) : [[k, f.value]]))) } : {};
  return { ...answer, [shape.field]: { ...params, [shape.results.key]: records } };
}

/**
 * A recorded answer holding more results than its doc allows, cut to the doc's count: T-Eval shows
 * GoogleSearch.serper_search as answering "at most 3 items of google search results", and its
 * recordings list Serper's 9 or 10 results beside questions people also ask and related searches
 * (teval_query_369_0 showed 10 results under that doc). The first N records of the result list are
 * kept as recorded, the answer's other lists of records left out, and the note says what was cut
 * (the case's provenance carries it). Undefined when the answer holds no more than its doc allows.
 */
export function cutToDocCap(value: unknown, doc: ToolDoc): { value: Record<string, unknown>; note: string } | undefined {
  if (!isPlainObject(value) || 'error' in value) return undefined;
  const out: Record<string, unknown> = { ...value };
  const notes: string[] = [];
  for (const field of doc.return_data) {
    const cap = docListCap(field.description ?? '');
    const v = value[field.name];
    if (cap === undefined || cap <= 0) continue;
    if (Array.isArray(v) && v.length > cap) {
      out[field.name] = v.slice(0, cap);
      notes.push(`${field.name} cut to the doc's ${cap} of the ${v.length} recorded`);
      continue;
    }
    if (!isPlainObject(v)) continue;
    const lists = Object.entries(v).filter(([, x]) => Array.isArray(x) && x.length > 0 && x.every(isPlainObject));
    const main = lists.find(([, x]) => (x as Record<string, unknown>[]).some((r) => typeof r.link === 'string' || typeof r.url === 'string'));
    if (!main || (main[1] as unknown[]).length <= cap) continue;
    const others = lists.filter(([k]) => k !== main[0]).map(([k]) => k);
    out[field.name] = Object.fromEntries(Object.entries(v).filter(([k]) => !others.includes(k)).map(([k, x]) => [k, k === main[0] ? (x as unknown[]).slice(0, cap) : x]));
    notes.push(`${field.name}.${main[0]} cut to the doc's ${cap} results of the ${(main[1] as unknown[]).length} recorded${others.length ? ` (${others.join(', ')} left out)` : ''}`);
  }
  return notes.length ? { value: out, note: notes.join('; ') } : undefined;
}

/** A recorded answer (the source's or the cache's) cut to its doc's count with a note saying so, or the answer as it is. */
export function cutResponse(response: ToolResponse, doc: ToolDoc | undefined): ToolResponse {
  if (!doc || response.error || response.tier === 'simulated' || response.note) return response;
  const cut = cutToDocCap(parseToolResponse(response.content), doc);
  if (!cut) return response;
  return { ...response, content: inRecordedForm(pyJson(cut.value), [response.content]), note: `the recorded answer (${response.origin ?? response.tier}): ${cut.note}` };
}
