/**
 * Free text of simulated answers, written the way the real APIs write it (T-Eval's recorded
 * responses are the model): Google Scholar snippets are clauses cut from abstracts and its
 * pub_info reads "A Author, B Author - Journal, 2019 - publisher.com"; a route is turn-by-turn
 * steps ending at the destination; a citation is a formatted reference. Each text is about what
 * the call asked (its query, its origin and destination), takes one of several forms, and is drawn
 * from the call's seeded Rng, so the same call always reads the same.
 */
import { placeNamed, placesNamedIn, type Place } from './places.js';
import { GENERIC_TOWN, ferryOf, hasRoundabouts, routeEnd, streetKey, streetsOf, type StreetLocale } from './streets.js';
import type { Rng } from '../rng.js';
import { withArticle } from '../quality/grammar.js';
import { ROAD_FACTOR, TRIP_END, TRIP_START, exactSpot, sameEnd, type Trip } from './trips.js';
import { distanceKm } from './places.js';
import { crossingsOf, drawnName, pointToward, kmToRoad, kmToStreet, linesMeet, nearestStreet, ROAD_REACH_KM, roadAlongKm, roadAtGrade, roadDrawn, roadEntry, streetChain, streetLegs, streetLine, wrongWay, type StreetLeg } from './streetGeo.js';
import { publicationParts } from './knownFacts.js';
import { nlp } from '../nlp.js';
import { properCase } from './properNouns.js';
import { agree, cap, topicAsNounPhrase } from './topicPhrase.js';
import { FILM_STUDY_FRAMES, PLACE_SUBJECT_FRAMES, PLACE_TITLE_FRAMES, TITLE_FRAMES, abstractBody, readTitle, vocabFor } from './paperAbstract.js';
import { escapeRegExp } from '../errors/vocabulary.js';
import { riverBetween, WATER_CROSSING } from './rivers.js';
import { nearestGate } from './realSights.js';
import { interstateLegs, interstateRoads, townDriveEdges, townFreewaysBetween } from './interstates.js';
import { realVenue } from './realVenues.js';
import { filmByTitle, seriesByTitle, type SeriesFact } from './worldFacts.js';
import { itemPages } from './webItems.js';
import { FILM_VENUES, isPhenomenon, scholarField, type ScholarField } from './scholarFields.js';
import { journalOf, volumesOf, yearsOf } from './journalVolumes.js';

export interface TextCtx {
  rng: Rng;
  args: Record<string, unknown>;
  /** What the call is about in words ("solar energy"), or '' when its arguments are ids and numbers. */
  subject: string;
  /** What the answer is about: API name and the enclosing field's description. */
  hint: string;
  /** The title of the record the call looks up, when an earlier answer gave it (knownFacts.ts): a citation cites it. */
  title?: string;
  /** The genre an earlier list filed the film under (knownFacts.ts knownGenre): its description agrees. */
  genre?: string;
  /** The short facts the list that named the record gave with it (a Douban film's region and score): all an unknown film's details may say. */
  listed?: Record<string, string | number | boolean>;
  /** The cited record's publication line, when an earlier answer gave it (knownFacts.ts): the citation names its authors, venue and year. */
  publication?: string;
  /** The trip a route call asks about (trips.ts): the highway leg is most of its length, its streets those of the towns at either end. */
  trip?: Trip;
  /** The known place the call is about (places.ts): a route's streets are that town's. */
  near?: Place;
  /** Forms this answer already used: a list of snippets or abstracts does not take one template twice. */
  used?: Set<string>;
}

/**
 * One of `pool` no earlier draw of this answer took (any, once all are taken): `used` remembers each
 * draw under `keyOf` (a venue's name, a template's index), so one list never holds the same twice.
 */
export function pickFresh<T>(rng: Rng, pool: readonly T[], used: Set<string> | undefined, keyOf: (item: T, i: number) => string): T {
  const free = pool.map((_, i) => i).filter((i) => !used?.has(keyOf(pool[i], i)));
  const i = rng.pick(free.length ? free : pool.map((_, j) => j));
  used?.add(keyOf(pool[i], i));
  return pool[i];
}

/** One of `forms` this answer has not used yet, remembered by its index under `kind`. */
function freshForm<T>(c: TextCtx, kind: string, forms: readonly T[]): T {
  return pickFresh(c.rng, forms, c.used, (_, i) => `${kind}:${i}`);
}

const FIRST = ['Alice', 'Bob', 'Carmen', 'David', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Keiko', 'Liam', 'Maya', 'Noah', 'Olga', 'Priya', 'Rafael', 'Sofia', 'Tomás', 'Wei'];
const LAST = ['Anderson', 'Brown', 'Chen', 'Dubois', 'Evans', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Müller', 'Novak', 'Okafor', 'Patel', 'Rossi', 'Schmidt', 'Tanaka', 'Zhang'];
/** Fields a query falls back on when the call names no topic (an author id, a paper id). */
export const FIELDS = ['machine learning', 'climate policy', 'renewable energy systems', 'urban mobility', 'public health', 'computer vision', 'materials science', 'behavioral economics'];
const PUBLISHERS = ['Springer Nature', 'MIT Press', 'Cambridge University Press', 'Routledge', 'Oxford University Press', 'Wiley'];

/** A field whose value is a formatted reference (a citation, a reference format), never a bare number; "cited by" and "citation number" are counts. */
export function isFormattedTextField(humanName: string): boolean {
  return /\b(citation|reference|format)\b/.test(humanName) && !/\b(cited|number|count|num)\b/.test(humanName);
}

export { cap };

/** Does a string read as words someone asked about (not an id, a path, coordinates or a number)? */
export function isWords(s: string): boolean {
  const t = s.trim();
  if (!/[A-Za-z\u00C0-\u024F\u4E00-\u9FFF]/.test(t) || /^[\d\s.,:+-]+$/.test(t)) return false;
  if (/[\\/]|\.[a-z0-9]{2,4}$|^https?:|@/i.test(t)) return false;
  // An opaque id: one token mixing cases or digits ("EQ8shYj8Ai8J", "TXdHj3MAAAAJ").
  if (!/\s/.test(t) && t.length >= 6 && /\d/.test(t) && /[A-Za-z]/.test(t)) return false;
  if (!/\s/.test(t) && t.length >= 8 && /[a-z]/.test(t) && /[A-Z].*[A-Z]/.test(t.slice(1))) return false;
  return true;
}

/**
 * What papers and passages are about: the call's subject without the words that ask for papers
 * ("recent scholarly articles about quantum computing" is about quantum computing; a title "The
 * limits of recent scholarly articles about quantum computing" reads as made up).
 */

// A topic is asked about for every text of every answer about it: parsed once.
const personTopics = new Map<string, boolean>();
/** Does a topic name a person (whose papers, not about whom)? */
export function isPerson(text: string): boolean {
  const t = text.trim();
  if (!/^\p{Lu}/u.test(t) || t.split(/\s+/).length > 4) return false;
  let known = personTopics.get(t);
  if (known === undefined) personTopics.set(t, (known = nlp(t).people().out('text') === t));
  return known;
}

function topicOf(c: TextCtx): string {
  // A person's name is whom the papers are by, not what they are about ("Advances in John Smith");
  // one answer's papers, titles and snippets alike, are then on one field.
  if (!c.subject || isPerson(c.subject)) {
    const chosen = [...(c.used ?? [])].find((u) => u.startsWith('field:'));
    if (chosen) return chosen.slice('field:'.length);
    const field = c.rng.pick(FIELDS);
    c.used?.add(`field:${field}`);
    return field;
  }
  const topic = c.subject
    .trim()
    .replace(/^(?:(?:the\s+)?(?:latest|recent|new|newest|top|some|any|most\s+cited|popular|relevant|\d+|three|five|ten)\s+)*(?:scholarly\s+|academic\s+|research\s+|scientific\s+)?(?:articles?|papers?|publications?|studies|research|literature|works?)\s+(?:about|on|related\s+to|regarding|concerning|in|of)\s+/i, '')
    .replace(/^(?:research|studies|papers?|articles?)\s+(?:about|on)\s+/i, '')
    // "recent advancements in AI", "latest instruments and techniques in big data analytics", "quantum physics details": the field is what follows or precedes.
    .replace(/^(?:(?:the\s+)?(?:latest|recent|new|current|emerging)\s+)?(?:advancements?|advances|developments?|progress|trends|breakthroughs|instruments\s+and\s+techniques|techniques|innovations?)\s+(?:in|of|on)\s+/i, '')
    .replace(/\s+(?:details|information|info|papers|articles|research)$/i, '');
  return topic || c.subject.trim();
}

/** "Grace Chen" → "G Chen" (Scholar's author lists). */
export function initials(rng: Rng): string {
  return `${rng.pick(FIRST)[0]}${rng.chance(0.4) ? rng.pick(FIRST)[0] : ''} ${rng.pick(LAST)}`;
}

// -------------------------------------------------------------------------------------------
// Papers
// -------------------------------------------------------------------------------------------

/** Frames of a Chinese paper title (知网's style) for a topic asked in Chinese: 《你好，李焕英》的叙事策略研究. */
const ZH_TITLE_FORMS: ((t: string) => string)[] = [
  (t) => `${t}研究综述`,
  (t) => `${t}的发展现状与展望`,
  (t) => `关于${t}的若干思考`,
  (t) => `${t}：问题与对策`,
  (t) => `浅析${t}`,
  (t) => `${t}相关研究进展`,
  (t) => `${t}的理论与实践`,
  (t) => `论${t}`,
  (t) => `${t}的叙事策略研究`,
  (t) => `${t}的传播与接受研究`,
];
const ZH_FILM_TITLE_FORMS: ((t: string) => string)[] = [
  (t) => `《${t}》的叙事策略研究`,
  (t) => `论电影《${t}》中的情感表达`,
  (t) => `《${t}》的票房成功及其启示`,
  (t) => `从《${t}》看国产电影的类型创新`,
  (t) => `《${t}》的人物形象分析`,
  (t) => `浅析《${t}》的影像风格`,
  (t) => `《${t}》的传播与接受研究`,
  (t) => `《${t}》中的时代记忆与家庭叙事`,
];

/** A topic asked in Chinese: Han characters and no Latin word. */
export function isChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text) && !/[A-Za-z]{2,}/.test(text);
}

/** n distinct paper titles on the call's topic. */
/**
 * A topic as it reads mid-sentence: "Artificial Intelligence" → "artificial intelligence", but a
 * place keeps its capitals ("New York City") and an acronym stays one ("NLP").
 */
export function topicInProse(topic: string): string {
  const keep = new Set(placesNamedIn(topic).flatMap((p) => p.name.split(/\s+/)));
  return properCase(topic.split(/(\s+)/).map((w) => (keep.has(w) || /^\p{Lu}{2,}s?$/u.test(w) ? w : w.toLowerCase())).join(''));
}

/** Nouns that name a field of study: two side by side ("history culture") are joined by "and". */
const FIELD_NOUNS = /^(history|culture|art|arts|architecture|food|music|politics|economy|economics|tourism|education|literature|religion|society|language|heritage|geography|sport|sports)$/i;

/**
 * The topic a paper title can hold, from a query typed as a question, an instruction or a title of
 * its own: "How to find the best papers on deep learning for my thesis" → "deep learning", "The
 * Impact of Social Media on Society" → "social media and society". Undefined when the query is
 * already a topic.
 */
export function paperTopic(query: string): string | undefined {
  let t = query.trim().replace(/[?？.!]+$/, '');
  const before = t;
  // "The Impact of A on B", "Effects of A on B", "The role of A in B": a study of A and B.
  const rel = /^(?:the\s+)?(?:impacts?|effects?|influence|role)(?:\s+and\s+(?:impacts?|effects?|influence|role))?\s+of\s+(.+?)\s+(?:on|in|upon)\s+(.+)$/i.exec(t);
  if (rel) t = `${rel[1]} and ${rel[2]}`;
  // A question or an instruction before the subject: "how to find the best papers on X", "what is X", "find me articles about X".
  t = t
    .replace(/^(?:how\s+(?:to|do|can|does|did)\b|what\s+(?:is|are)\b|why\b|which\b|where\b|find\b|show\b|get\b|list\b|give\b|search\b|look\b|recommend\b|tell\b)(?:.*?\b(?:on|about|regarding|concerning|into|in)\s+(?=\S)|\s+(?:the\s+)?)/i, '')
    .replace(/\s+for\s+(?:my|a|an|the|our|your)\s+[\w-]+(?:\s+[\w-]+)?$/i, '')
    .replace(/\s+(?:please|now|today)$/i, '')
    .trim();
  return t && t !== before ? t : undefined;
}

export function paperTitles(c: TextCtx, n: number): string[] {
  const asked = topicOf(c);
  const topic = paperTopic(asked) ?? asked;
  if (isChinese(topic)) {
    const forms = filmByTitle(topic) || /，|·/.test(topic) ? ZH_FILM_TITLE_FORMS : ZH_TITLE_FORMS;
    return c.rng.sample(forms, Math.min(n, forms.length)).map((f) => f(topic.trim()));
  }
  // A film is studied as a film: its title as written, in film-studies frames.
  const film = filmByTitle(topic) ?? seriesByTitle(topic);
  if (film) {
    const title = film.title || topic.trim();
    return c.rng.sample(FILM_STUDY_FRAMES, Math.min(n, FILM_STUDY_FRAMES.length)).map((f) => f.title(title));
  }
  const t = topicAsNounPhrase(topicInProse(topic));
  const place = placeNamed(t);
  if (place && place.name.toLowerCase() !== t.replace(/^the\s+/i, '').toLowerCase()) {
    // A subject in a place ("tourist attractions New York City", "Berlin history culture"): the subject, studied there.
    const rest = t.replace(new RegExp(`\\b(?:in\\s+|of\\s+)?(?:the\\s+)?${escapeRegExp(place.name)}\\b`, 'i'), ' ').replace(/\s+/g, ' ').trim();
    const words = rest.split(' ');
    const subject = words.length === 2 && words.every((w) => FIELD_NOUNS.test(w)) ? `${words[0]} and ${words[1]}` : rest;
    if (subject && /\p{L}{3,}/u.test(subject)) return c.rng.sample(PLACE_SUBJECT_FRAMES, Math.min(n, PLACE_SUBJECT_FRAMES.length)).map((f) => f.title(subject, place.name));
  }
  const frames = place && place.name.toLowerCase() === t.replace(/^the\s+/i, '').toLowerCase() ? PLACE_TITLE_FRAMES : TITLE_FRAMES;
  return c.rng.sample(frames, Math.min(n, frames.length)).map((f) => f.title(t));
}


/**
 * Scholar snippets in the words of the topic's field (scholarFields.ts): a form whose words the field
 * lacks is not drawn, so quantum mechanics never "can reduce emissions" nor has a role "in urban planning",
 * and a state of the world (climate change) is not a framework nor "can reduce costs".
 */
type SnippetForm = (t: string, r: Rng, f: ScholarField) => string;
const SNIPPET_FORMS: { needs: (f: ScholarField, t: string) => boolean; form: SnippetForm }[] = [
  { needs: (f, t) => f.inputs.length > 0 && f.methods.length > 0 && !!f.trials?.length && !isPhenomenon(t), form: (t, r, f) => `… we propose a framework for ${t} that combines ${r.pick(f.inputs)} with ${r.pick(f.methods)}. ${cap(r.pick(f.trials!).replace('#', String(r.int(3, 12))))} show …` },
  { needs: () => true, form: (t, r) => `${cap(t)} ${agree(t, 'has', 'have')} attracted growing attention ${r.pick(['in recent years', 'since 2015', 'across disciplines', 'in industry and academia', 'over the last decade', 'well beyond its first community'])}. This paper ${r.pick(['reviews the main approaches, their strengths and limitations', 'maps the main lines of work and where they disagree', 'compares the leading methods, their strengths and limitations', 'surveys the main results and the questions they leave open', "sorts the literature by method and weighs each one's strengths and limitations"])}, and …` },
  // The setting said four ways: two answers of one task about a subject would otherwise share a sentence.
  { needs: (f) => f.roles.length > 0, form: (t, r, f) => `… ${r.pick([(s: string) => `the role of ${t} in ${s}`, (s: string) => `how ${t} ${agree(t, 'is', 'are')} used in ${s}`, (s: string) => `what ${t} ${agree(t, 'brings', 'bring')} to ${s}`, (s: string) => `the uses of ${t} in ${s}`])(r.pick(f.roles))}. ${r.pick(['We find that', 'We show that', 'Our results suggest that', 'We argue that'])} …` },
  { needs: () => true, form: (t, r) => `… a systematic review of ${r.int(40, 400)} studies on ${t} published between ${r.int(1995, 2010)} and ${r.int(2018, 2023)} …` },
  { needs: () => true, form: (t, r) => `In this ${r.pick(['chapter', 'tutorial', 'lecture note', 'primer', 'short course', 'overview'])} we ${r.pick(['introduce the basic concepts of', 'set out the core ideas of', 'give a self-contained account of'])} ${t}, discuss ${r.pick(['the open problems', 'common pitfalls', 'the main results', 'recent progress', 'the key experiments'])}, and outline directions for …` },
  { needs: (f, t) => f.gains.length > 0 && !isPhenomenon(t), form: (t, r, f) => `… results indicate that ${t} can reduce ${r.pick(f.gains)} by up to ${r.int(12, 45)}% when …` },
];

/**
 * Snippets of film-studies papers on a film searched as a research topic (Scholar's "The Godfather"):
 * what such papers say about a film, its title as written, never "a framework for the godfather that
 * combines expert interviews with a life-cycle analysis" or "the role of the shawshank redemption in
 * clinical practice". No year: the paper's own year is on its publication line.
 */
const FILM_SNIPPET_FORMS: ((t: string, r: Rng) => string)[] = [
  (t, r) => `… this essay reads ${t} through its ${r.pick(['use of genre conventions', 'treatment of time', 'sound design', 'editing and framing', 'casting and performances'])}, and argues that …`,
  (t, r) => `… drawing on ${r.pick(['contemporary reviews', 'the trade press', 'interviews with the crew', 'audience letters and fan sites'])}, we trace how ${t} was received and how that reception changed …`,
  (t) => `… a close reading of ${t} shows how its opening and closing sequences mirror each other …`,
  (t, r) => `… ${t} has been read in ${r.pick(['many ways', 'strikingly different ways', 'ways its makers did not foresee'])}; this article asks what the usual readings leave out …`,
  (t, r) => `… we situate ${t} in the ${r.pick(['studio system', 'independent production', 'genre cinema', 'popular cinema'])} of its time, and in the careers of those who made it …`,
  (t) => `… the article compares the screenplay of ${t} with the film as released …`,
];

/** n distinct snippets, as Scholar shows them: clauses of the abstract, cut with ellipses. */
const ZH_SNIPPET_FORMS: ((t: string, r: Rng) => string)[] = [
  (t, r) => `… 本文以${t}为研究对象，从${r.pick(['叙事结构', '受众心理', '文化传播', '产业发展'])}的角度进行了分析，认为 …`,
  (t, r) => `… 近年来，${t}受到${r.pick(['学界', '业界和学界', '社会各界'])}越来越多的关注。本文梳理了相关研究，并指出 …`,
  (t) => `… 通过对${t}的文本细读，本文探讨了其成功的原因及对同类作品的启示 …`,
  (t, r) => `… 研究表明，${t}在${r.pick(['情感表达', '题材选择', '市场营销', '人物塑造'])}方面具有鲜明特点 …`,
  (t) => `… 结合相关案例，本文对${t}的现状、问题与发展方向进行了讨论 …`,
];

export function snippets(c: TextCtx, n: number): string[] {
  const topic = topicOf(c);
  if (isChinese(topic)) return c.rng.sample(ZH_SNIPPET_FORMS, Math.min(n, ZH_SNIPPET_FORMS.length)).map((f) => f(/，|·/.test(topic) || filmByTitle(topic) ? `《${topic.trim()}》` : topic.trim(), c.rng));
  // A film is studied as a film: film-studies snippets, its title as written.
  const film = filmAsked(topic);
  if (film) return c.rng.sample(FILM_SNIPPET_FORMS, n).map((f) => f(film, c.rng));
  const t = topicAsNounPhrase(topicInProse(topic));
  const field = scholarField(topic);
  const forms = SNIPPET_FORMS.filter((s) => s.needs(field, t));
  // A field with fewer forms than papers asked for reuses one with other words: the list stays as long as its titles.
  const picked = c.rng.sample(forms, n);
  while (picked.length < n) picked.push(c.rng.pick(forms));
  return picked.map((s) => s.form(t, c.rng, field));
}

/** The title, as written, of a film or series a topic names ("The godfather part II" → "The Godfather Part II"), else undefined. */
function filmAsked(topic: string): string | undefined {
  const asked = paperTopic(topic) ?? topic;
  const film = filmByTitle(asked) ?? seriesByTitle(asked) ?? filmByTitle(topic) ?? seriesByTitle(topic);
  return film ? film.title || asked.trim() : undefined;
}

/** The last year a publication line gives ("…, Energy Policy, 2011 - Elsevier" → 2011), else undefined. */
export function publicationYear(line: string): number | undefined {
  const years = line.match(/\b(?:19|20)\d\d\b/g);
  return years ? Number(years[years.length - 1]) : undefined;
}

/**
 * A snippet whose years pass its paper's year (`year`), rewritten within it: "attracted growing
 * attention since 2015" in a paper of 2011 says "in recent years"; "published between 2008 and 2023"
 * in a paper of 2022 ends in 2022 (and starts years before). A paper cannot cite what came after it.
 */
export function snippetWithinYear(snippet: string, year: number): string {
  return snippet
    .replace(/\bbetween ((?:19|20)\d\d) and ((?:19|20)\d\d)\b/g, (all, a: string, b: string) => {
      if (Number(b) <= year) return all;
      const end = year;
      const start = Math.min(Number(a), end - 8);
      return `between ${start} and ${end}`;
    })
    .replace(/\bsince ((?:19|20)\d\d)\b/g, (all, y: string) => (Number(y) <= year ? all : 'in recent years'))
    .replace(/\b(?:19|20)\d\d\b/g, (y) => (Number(y) <= year ? y : String(year)));
}

/**
 * Scholar's answers list snippets beside publication lines, one paper to a place: a snippet drawn
 * apart from its line names no year after the paper's own. Snippets a later step copies stay.
 */
export function snippetsWithinPublication(answer: Record<string, unknown>, keep: (value: unknown) => boolean): Record<string, unknown> {
  const snippetKey = Object.keys(answer).find((k) => /^snipp?ets?$/i.test(k));
  const lineKey = Object.keys(answer).find((k) => /^pub(?:lication)?_?info$/i.test(k));
  const snips = snippetKey ? answer[snippetKey] : undefined;
  const lines = lineKey ? answer[lineKey] : undefined;
  if (!Array.isArray(snips) || !Array.isArray(lines)) return answer;
  snips.forEach((s, i) => {
    const line = lines[i];
    if (typeof s !== 'string' || typeof line !== 'string' || keep(s)) return;
    const year = publicationYear(line);
    if (year !== undefined) snips[i] = snippetWithinYear(s, year);
  });
  return answer;
}

/**
 * One abstract, in whole sentences (arXiv's summary), about `title` when the record has one (its
 * first sentence says what the title says), else about the call's topic. The rest says what such
 * papers do in general terms, never a made-up count of sites, years or organisations that the case
 * could contradict; each sentence is drawn once per answer, so three papers of one search read apart.
 */
export function abstract(c: TextCtx, title?: string): string {
  const r = c.rng;
  const asked = topicAsNounPhrase(topicInProse(topicOf(c)));
  const read = title ? readTitle(title, r, topicInProse) : { first: '', subject: asked, field: undefined };
  const subject = read.subject;
  const it = subject.length > 60 ? r.pick(['the approach', 'this setting', 'the problem']) : subject;
  // A state of the world (climate change, quantum mechanics) has no framework, method or dataset of its own.
  const opening = read.first || freshForm(c, 'does', [
    `We study ${it}.`,
    `This paper looks at ${it} and at the methods used for it.`,
    `We revisit how ${it} is usually evaluated and propose a simpler protocol.`,
    `We discuss the main open questions in ${it}.`,
    `We analyse published work on ${it} and what it agrees on.`,
    ...(isPhenomenon(it) ? [] : [`We present a framework for ${it}.`, `We introduce a new dataset for ${it}.`, `We propose a method for ${it} that needs ${r.pick(['no labelled data', 'much less compute', 'only public data'])}.`]),
  ]);
  const related = asked && !subject.toLowerCase().includes(asked.toLowerCase()) && !/^(we|this|the)\b/i.test(asked) ? asked : '';
  // A subject too long to repeat is called by the topic asked, when that is short enough.
  const about = it === subject ? it : asked && asked.length <= 60 ? asked : it;
  const body = abstractBody(about, vocabFor(subject, asked, read.field), r, (kind, forms) => freshForm(c, kind, forms));
  const tie = related && r.chance(0.4) ? ` We discuss what this means for ${related}.` : '';
  return `${opening} ${body}${tie}`;
}



/**
 * Records of a list that have a title and a summary (arXiv's papers): each summary is about its own
 * record's title, not about the query alone (a paper titled "An Introduction to MM Algorithms…"
 * summarised as "a field study of machine learning algorithms across 21 organisations"). A summary
 * some later step copies (`keep`) stays as it is.
 */
export function summariesFollowTitles(answer: Record<string, unknown>, c: TextCtx, keep: (value: unknown) => boolean): Record<string, unknown> {
  const fix = (rec: Record<string, unknown>) => {
    const title = rec.title;
    if (typeof title !== 'string' || !title.trim()) return;
    for (const field of ['summary', 'abstract']) {
      if (typeof rec[field] === 'string' && !keep(rec[field])) rec[field] = abstract(c, title);
    }
  };
  for (const value of Object.values(answer)) {
    if (Array.isArray(value)) value.forEach((v) => v && typeof v === 'object' && !Array.isArray(v) && fix(v as Record<string, unknown>));
  }
  return answer;
}

/** Scholar's publication line: authors - venue, year - host. */
/** Pinyin surnames and given-name initials, as Scholar lists the authors of papers on Chinese subjects ("X Zhang, Y Li"). */
const PINYIN_SURNAMES = ['Zhang', 'Wang', 'Li', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Zhou', 'Wu', 'Xu', 'Sun', 'Ma', 'Hu', 'Zhu', 'Guo', 'Lin', 'Gao'];
const PINYIN_INITIALS = ['X', 'Y', 'J', 'H', 'L', 'Z', 'W', 'Q', 'M', 'S', 'C', 'F'];

/** A subject about China or asked in Chinese ("Chinese cinema", "长安三万里", "Tang dynasty poetry"): its papers are mostly by Chinese authors. */
export function isChineseSubject(subject: string): boolean {
  return /\p{Script=Han}/u.test(subject) || /\b(chin(a|ese)|beijing|shanghai|hong kong|taiwan(ese)?|mandarin|cantonese|tang dynasty|ming dynasty|qing dynasty|han dynasty|confuci\w*|tibet\w*|yangtze)\b/i.test(subject);
}

export function pubInfo(c: TextCtx): string {
  const r = c.rng;
  const chinese = isChineseSubject(c.subject);
  const author = () => (chinese ? `${r.pick(PINYIN_INITIALS)}${r.chance(0.3) ? r.pick(PINYIN_INITIALS) : ''} ${r.pick(PINYIN_SURNAMES)}` : initials(r));
  const authors = Array.from({ length: r.int(1, 3) }, author).join(', ') + (r.chance(0.3) ? ', …' : '');
  const topic = topicOf(c);
  const [venue, host] = r.pick(filmAsked(c.subject ? topic : '') ? FILM_VENUES : scholarField(topic).venues);
  return `${authors} - ${venue}, ${publishedIn(venue, r.int(2005, 2023))} - ${host}`;
}

/**
 * A drawn year moved into the years the venue published (journalVolumes.ts), with no draw of its own so
 * every later draw stays where it was: "Nature Energy, 2010" (it began in 2016) is 2016-2023's year in
 * the same place of the span; a venue the table does not know keeps the year.
 */
function publishedIn(venue: string, drawn: number, from = 2005, to = 2023): number {
  const j = journalOf(venue);
  const span = j && yearsOf(j, from, to);
  if (!j || !span || (drawn >= span[0] && drawn <= span[1])) return drawn;
  return span[0] + ((drawn - from) % (span[1] - span[0] + 1));
}

/**
 * "589.7842 (2021): 234-251": the volume and issue a journal really had in that year, and pages;
 * one draw for the volume and one for the issue, as the drawn "31.4" took. A journal the table does not
 * know gets the old drawn numbers.
 */
function volumeIssuePages(venue: string, year: number, r: Rng, withIssue = true): string {
  const j = journalOf(venue);
  let volume: number;
  let issue: number;
  if (!j) {
    volume = r.int(3, 120);
    issue = r.int(1, 12);
  } else {
    const [first, last] = volumesOf(j, year);
    volume = r.int(first, last);
    if (typeof j.issues === 'number') {
      issue = r.int(1, j.issues);
    } else {
      const [base, perYear] = j.issues.running;
      const perVolume = Math.max(1, Math.floor(perYear / (last - first + 1)));
      const start = base + perYear * (year - 2021) + perVolume * (volume - first);
      issue = r.int(start, start + perVolume - 1);
    }
  }
  // A journal of one issue a volume (Elsevier's, Scientific Reports) is cited by volume alone.
  const vi = withIssue && !(j && j.issues === 1) ? `${volume}.${issue}` : `${volume}`;
  if (!withIssue) return `${vi} (${year})`;
  // A journal that numbers its articles is cited by the number (Scientific Reports "11 (2021): 12345", PLOS ONE "e0248731"),
  // a Nature letter by its few pages, never "123-145" or "234-271" (simulated_journal_volume_impossible).
  const start = r.int(1, 900);
  const length = r.int(8, 40);
  if (j?.articles) return `${vi} (${year}): ${j.articles.form === 'e0' ? `e0${String(100_000 + ((start * 7919 + length * 104_729) % Math.max(1, j.articles.most - 100_000)))}` : 1 + ((start * 7919 + length * 104_729) % j.articles.most)}`;
  const pages = j?.maxPages ? 3 + (length % (j.maxPages - 3)) : length;
  return `${vi} (${year}): ${start}-${start + pages}`;
}

/** "G Chen" → ["Chen", "G."], "Grace Chen" → ["Chen", "Grace"]: an author as MLA lists them. */
function mlaName(author: string): [string, string] {
  const words = author.trim().split(/\s+/);
  const last = words.pop() ?? author;
  const given = words.map((w) => (/^\p{Lu}+$/u.test(w) ? [...w].map((ch) => `${ch}.`).join(' ') : w)).join(' ');
  return [last, given];
}

/**
 * The authors as Scholar's MLA names them: "Ramesh, A. N., et al.", "Anderson, N., and O. A. Müller.",
 * "Zhou, Zhi-Hua." — an initial keeps its full stop before "et al." and ", and" (the drawn
 * "Dubois, M. J, et al." dropped it), and the list ends in one full stop.
 */
function mlaAuthors(authors: readonly string[]): string {
  const [last, given] = mlaName(authors[0]);
  const first = given ? `${last}, ${given}` : last;
  const end = (s: string) => (s.endsWith('.') ? s : `${s}.`);
  if (authors.length > 2) return `${first}, et al.`;
  if (authors.length === 2) {
    const [last2, given2] = mlaName(authors[1]);
    return end(`${first}, and ${given2 ? `${given2} ` : ''}${last2}`);
  }
  return end(first);
}

/**
 * The title as the reference gives it: as the paper has it (Scholar's MLA keeps the record's own
 * words and case: "Mapping the landscape of artificial intelligence applications against COVID-19."),
 * never re-cased ("Lessons From two Decades"); quoted, its closing full stop inside the quotes unless it
 * ends in its own mark ("What have we learned?", never "learned?.").
 */
function mlaTitle(title: string, quoted: boolean): string {
  const t = title.trim();
  const closed = /[?!.]$/.test(t) ? t : `${t}.`;
  return quoted ? `"${closed}"` : closed;
}

/** A reference to the paper a publication line describes: its authors, venue and year, as that line gives them. */
function citationOf(title: string, line: string, r: Rng): string | undefined {
  const parts = publicationParts(line);
  if (!parts?.year) return undefined;
  const who = mlaAuthors(parts.authors);
  const venue = parts.venue ?? '';
  if (/^arxiv/i.test(venue)) return `${who} ${mlaTitle(title, true)} arXiv preprint (${parts.year}).`;
  if (!venue || PUBLISHERS.includes(venue) || venue === 'Springer') return `${who} ${mlaTitle(title, false)} ${venue || r.pick(PUBLISHERS)}, ${parts.year}.`;
  return `${who} ${mlaTitle(title, true)} ${venue} ${volumeIssuePages(venue, Number(parts.year), r)}.`;
}

/** A formatted reference (MLA, as Scholar's "Cite" gives it), about the call's topic. */
export function citation(c: TextCtx): string {
  const r = c.rng;
  const title = c.title?.replace(/[.\s]+$/, '') ?? paperTitles(c, 1)[0];
  const known = c.publication ? citationOf(title, c.publication, r) : undefined;
  if (known) return known;
  const first = `${r.pick(LAST)}, ${r.pick(FIRST)}`;
  const drawnYear = r.int(1998, 2023);
  const topic = topicOf(c);
  const [venue] = r.pick(filmAsked(c.subject ? topic : '') ? FILM_VENUES : scholarField(topic).venues.filter(([v]) => v !== 'Springer' && v !== 'arXiv preprint'));
  const year = publishedIn(venue, drawnYear, 1998, 2023);
  switch (r.int(0, 2)) {
    case 0:
      return `${first}, et al. ${mlaTitle(title, true)} ${venue} ${volumeIssuePages(venue, year, r)}.`;
    case 1:
      return `${first}, and ${r.pick(FIRST)} ${r.pick(LAST)}. ${mlaTitle(title, true)} ${venue} ${volumeIssuePages(venue, year, r, false)}.`;
    default:
      return `${first}. ${mlaTitle(title, false)} ${r.pick(PUBLISHERS)}, ${year}.`;
  }
}

// -------------------------------------------------------------------------------------------
// Routes
// -------------------------------------------------------------------------------------------

const HEADINGS = ['north', 'south', 'east', 'west', 'northwest', 'southeast'];

function endpoint(args: Record<string, unknown>, re: RegExp): string | undefined {
  const hit = Object.entries(args).find(([k, v]) => re.test(k) && (typeof v === 'string' || typeof v === 'number'));
  return hit ? String(hit[1]).trim() : undefined;
}

/** A road that runs inside one town: a ring road, an elevated road, a riverside drive, a corridor. */
export const IN_TOWN_ROAD = /\bring\b|elevated|\bdrive\b|p[ée]riph[ée]rique|corridor|raccordo|ronda|\bM-30\b|\bA10 ring|\bRing \d/i;

/**
 * The road between two towns: the G2 Jinghu Expressway between Beijing and Shanghai (it runs from one
 * to the other); otherwise no named road the table cannot vouch for, just the expressway or the highway.
 */
function intercityRoad(a: string, b: string, roads: string[]): string {
  const ends = new Set([a, b]);
  if (ends.has('Beijing') && ends.has('Shanghai')) return 'the G2 Jinghu Expressway';
  return roads.some((x) => /Expressway/.test(x)) ? 'the expressway' : 'the highway';
}

/**
 * Turn-by-turn steps from the call's start to its end, the last one arriving there. Every street a
 * step names is at one end of the trip: the address's own street ("Infinite Loop" leaving "1 Infinite
 * Loop, Cupertino, CA"), else its town's (a district's: Brooklyn's for "24 Reed St, Brooklyn"); an end
 * in a town the table does not know, or on an island (Liberty Island), names no street of another
 * town — never the task's own town's ("Constitution Avenue NW" leaving Cupertino, "Mulberry Street"
 * leaving Liberty Island).
 */
export function routeSteps(c: TextCtx): string[] {
  const r = c.rng;
  const from = endpoint(c.args, TRIP_START);
  const to = endpoint(c.args, TRIP_END);
  // A real venue the end names is at its own address (realVenues.ts): Hotel Mela Times Square on West 44th Street, where
  // the drive arrives, never Eighth Avenue (teval_query_266_0). An abbreviated street ("W 44th St") is the map's ("West 44th Street").
  const venueAt = (t: string | undefined) => (t ? realVenue(t)?.address : undefined);
  const drawnOwn = (e: ReturnType<typeof routeEnd>) => (e.own && /^[NSEW]\.?\s/.test(e.own) ? { ...e, own: drawnName(e.own) } : e);
  const [fromText, toText] = [venueAt(from) ?? from, venueAt(to) ?? to];
  const S = drawnOwn(routeEnd(fromText, c.trip?.from));
  const E = drawnOwn(routeEnd(toText, c.trip?.to));
  // An end nothing locates ("AMC Empire 25 cinema", "123 Main Street") is in the town the other end
  // is in on a local trip, else in the town the call is about.
  const endPlace = c.trip?.to ?? (to ? placeNamed(to) : undefined);
  const startPlace = c.trip?.from ?? (from ? placeNamed(from) : undefined) ?? (c.trip?.local ? endPlace : undefined);
  const fallback = (place: Place | { lat: number; lon: number } | undefined, text: string | undefined) => streetsOf(place ?? c.near, text);
  const startTown = S.located ? S.locale : fallback(startPlace, from);
  const endTown = E.located ? E.locale : !endPlace ? startTown : fallback(endPlace, to);
  const startStreets = S.located ? S.streets : startTown!.streets;
  const endStreets = E.located ? E.streets : endTown === startTown ? startStreets : endTown!.streets;
  const tripKm = c.trip?.km;
  // An island no street reaches (Liberty Island): the drive ends at its ferry's terminal (Battery Park)
  // and the ferry crosses, its own kilometres part of the trip's; a drive from one starts where its ferry lands.
  const ferryIn = E.offshore && !S.offshore ? ferryOf(E.offshore, c.trip?.from ?? (from ? placeNamed(from) : undefined), from) : undefined;
  const ferryOut = S.offshore && !E.offshore ? ferryOf(S.offshore, c.trip?.to ?? (to ? placeNamed(to) : undefined), to) : undefined;
  const island = ferryIn ? E.offshore! : ferryOut ? S.offshore! : undefined;
  const ferry = ferryIn ?? ferryOut;
  const islandAt = ferryIn ? c.trip?.to : c.trip?.from;
  const ferryKm = ferry && islandAt ? Math.round(distanceKm(ferry, islandAt) * 10) / 10 : undefined;
  const km = tripKm !== undefined && ferryKm !== undefined ? Math.max(0.5, Math.round((tripKm - ferryKm) * 10) / 10) : tripKm;
  // A route from a place to itself has nothing to drive: one step says so.
  if (km === 0 && from !== undefined && to !== undefined && sameEnd(from, to)) return [`${cap(to)} is both the start and the destination: 0 km, no driving needed`];
  const oneTown = startTown !== undefined && startTown === endTown && startStreets === endStreets;
  // A short trip whose start has no streets of its own (an island, an unknown town's address) runs on the end's.
  // Two ends each located in towns of their own (Cupertino and Washington) are no local trip, however little is known of the way between.
  const local = oneTown || (km !== undefined ? km < 30 : c.trip?.local === true && !(S.located && E.located));
  const a = [...(S.own ? [S.own] : []), ...r.shuffle(startStreets.filter((x) => !S.own || streetKey(x) !== streetKey(S.own)))];
  const b = r.shuffle(endStreets.filter((x) => !a.slice(0, 5).includes(x)));
  // Steps 0–4 leave the start town, step 5 (after any highway) is in the end town.
  const streets: (string | undefined)[] = oneTown ? a : local ? [...a, ...b].slice(0, 6) : [...a.slice(0, 5), ...Array(Math.max(0, 5 - a.length)).fill(undefined), b[0]];
  // A drive out of a town the table does not know takes the roads of the one it reaches. A drive
  // between two towns is on the road between them, never a town's ring road or riverside drive.
  const known = [startTown, endTown].filter((t): t is StreetLocale => !!t && t !== GENERIC_TOWN);
  const intercity = !oneTown && (km !== undefined ? km >= 30 : !local);
  const roads = (known[0] ?? GENERIC_TOWN).roads;
  const roadPicked = intercity ? intercityRoad(startTown?.town ?? '', endTown?.town ?? '', known.flatMap((t) => t.roads)) : r.pick(roads.filter((x) => km === undefined || km < 60 || !IN_TOWN_ROAD.test(x)).concat(km !== undefined && km >= 60 ? ['the highway'] : []));
  // A town the street map draws (streetGeo.ts): streets that meet one after another, each turn as its corner turns.
  const fromAt = ferryOut ?? exactSpot(fromText) ?? c.trip?.from ?? startPlace;
  const toAt = ferryIn ?? exactSpot(toText) ?? c.trip?.to ?? endPlace;
  // A park that spreads over many blocks is reached at its gate nearest the other end, never its middle: from the
  // Ritz-Carlton on Central Park South, Artists' Gate across the street, not West 86th Street 2.3 km up (teval_query_270_1).
  const fromSpot = (from && toAt ? nearestGate(from, toAt) : undefined) ?? fromAt;
  const toSpot = (to && fromAt ? nearestGate(to, fromAt) : undefined) ?? toAt;
  let highway = intercity || (km !== undefined && km >= 5);
  // A highway across town only where its line runs between the ends, a few minutes' drive from each
  // (the FDR Drive from Central Park to Battery Park, never I-95 across 178th Street); the kilometres
  // in town at either end are at least the way to it. A town whose highways the map draws and none
  // runs there: streets all the way on a short drive, a road it cannot vouch for ("the highway") on a long one.
  let edges: [number, number] | undefined;
  let entry: { lat: number; lon: number } | undefined;
  let road = roadPicked;
  // Two districts of a town so wide its drives take freeways (Griffith Park to the Santa Monica Pier): the freeways a map names.
  const townFreeways = highway && !intercity && km !== undefined && townFreewaysBetween(fromSpot, toSpot);
  // Its kilometres in town where the table gives them (Stanford's quad is 4.5 km of streets from US-101).
  if (townFreeways) edges = townDriveEdges(fromSpot, toSpot);
  if (highway && !intercity && !townFreeways && km !== undefined && fromSpot && toSpot) {
    const drawnRoads = roads.filter((x) => roadDrawn(x, fromSpot));
    if (drawnRoads.length) {
      const edge = (d: number) => Math.round(Math.max(Math.min(4, km * 0.1), d * ROAD_FACTOR) * 10) / 10;
      // The road's own stretch between the two ramps is about the kilometres said on it (not a loop out and back to one ramp).
      const fits = drawnRoads
        .map((x) => ({ x, a: edge(kmToRoad(fromSpot, x)!), b: edge(kmToRoad(toSpot, x, fromSpot)!), ka: kmToRoad(fromSpot, x)!, kb: kmToRoad(toSpot, x, fromSpot)!, along: roadAlongKm(x, fromSpot, toSpot)! }))
        .filter((f) => f.ka <= ROAD_REACH_KM && f.kb <= ROAD_REACH_KM && km - f.a - f.b >= Math.max(2, km * 0.4) && f.along >= 0.6 * (km - f.a - f.b) && f.along <= 1.6 * (km - f.a - f.b));
      if (fits.length) {
        const f = r.pick(fits);
        road = f.x;
        edges = [f.a, f.b];
        entry = roadEntry(fromSpot, f.x);
      } else if (km < 15) highway = false;
      else road = 'the highway';
    }
  }
  // The last steps: on an island the drive stops at the ferry, which crosses (its kilometres said when the drive's are).
  const arrival = (): string[] => [
    ...(ferryIn && island ? [`Arrive at ${ferryIn.name}`, `Take the ferry to ${island}${ferryKm !== undefined && highway && km !== undefined ? ` (${ferryKm} km)` : ''}`] : []),
    to && isWords(to) ? r.pick([`Arrive at ${to}`, `Arrive at ${to} on the ${r.pick(['left', 'right'])}`]) : `Arrive at your destination on the ${r.pick(['left', 'right'])}`,
  ];
  const rampTo = (x: string) => (fromSpot && roadAtGrade(x, fromSpot) ? `turn onto ${x}` : `take the ramp on the right for ${x}`);
  // A road with lights has no exit to take: it is left.
  const leaveRoad = (x: string, last: number) => (fromSpot && roadAtGrade(x, fromSpot) ? `Leave ${x} and drive the last ${last} km in town` : r.pick([`Take the exit and drive the last ${last} km`, `Leave ${x} and drive the last ${last} km in town`]));
  // Between two towns the table knows the way between (interstates.ts), each road named as a map names it:
  // "Continue on I-95 S for 2045.4 km", never "Continue on the highway" for a drive across the country.
  const interstateEnds: [{ lat: number; lon: number } | undefined, { lat: number; lon: number } | undefined] = [fromSpot ?? c.trip?.from, toSpot ?? c.trip?.to];
  const highwayRun = (e1: number, e2: number): string[] => {
    const onRoad = Math.round((km! - e1 - e2) * 10) / 10;
    const legs = intercity || townFreeways ? interstateLegs(...interstateEnds, onRoad, townFreeways) : undefined;
    if (!legs) return [`After ${e1} km in town, ${rampTo(road)}`, `Continue on ${road} for ${onRoad} km`, leaveRoad(road, e2)];
    return [
      `After ${e1} km in town, take the ramp on the right for ${legs[0].road}`,
      `Continue on ${legs[0].road} for ${legs[0].km} km`,
      ...legs.slice(1).flatMap((l) => [`Take the ramp on the ${r.pick(['left', 'right'])} for ${l.road}`, `Continue on ${l.road} for ${l.km} km`]),
      `Take the exit and drive the last ${e2} km`,
    ];
  };
  const namedRoads = intercity ? interstateRoads(...interstateEnds) : undefined;
  const roadWithoutKm = (): string[] => (namedRoads ? namedRoads.flatMap((x, i) => [`Take the ramp on the ${i ? r.pick(['left', 'right']) : 'right'} for ${x}`, `Continue on ${x}`]) : [`Take the ramp on the right for ${road}`, `Continue on ${road}`]);
  // A drive to a highway no ramp of the map places is bound the way the destination lies (a few km along the great circle).
  const toward = highway && !entry && fromSpot && toSpot ? pointToward(fromSpot, toSpot, 5) : undefined;
  const drawn = S.offshore ? undefined : drawnDrive(r, { own: S.own, streets: a, ends: oneTown || !highway ? [...endStreets, ...(E.own ? [E.own] : [])] : [], endOwn: highway ? undefined : E.own, from: fromSpot, to: highway ? entry : toSpot, toward, extra: entry ? 0 : highway ? r.int(0, 2) : r.int(1, 2) });
  if (drawn) {
    const steps = drawnSteps(r, drawn.legs, from, hasRoundabouts(startTown), startTown !== undefined && startTown !== GENERIC_TOWN && !hasRoundabouts(startTown), drawn.startFar);
    if (!highway && drawn.short && toSpot) steps.push(`Continue ${compassTo(drawn.lastAt ?? fromSpot, toSpot)} for several blocks`);
    if (highway && km === undefined) steps.push(...roadWithoutKm());
    if (highway && km !== undefined) {
      const edge = Math.round(Math.min(4, km * 0.1) * 10) / 10;
      const [e1, e2] = edges ?? [edge, edge];
      steps.push(...highwayRun(e1, e2));
    }
    // After the road, the street by the end the drive arrives on, when the map puts one within a kilometre of it.
    const last = highway && !E.own && toSpot ? nearestStreet([...endStreets, ...crossingsOf(endStreets)], toSpot) : undefined;
    if (last && last.km <= 1) steps.push(`Turn ${r.pick(['left', 'right'])} onto ${last.street}`);
    if (E.own && !steps.some((x) => streetKey(x).includes(streetKey(E.own!)))) steps.push(`Turn ${r.pick(['left', 'right'])} onto ${E.own}`);
    steps.push(...arrival());
    return steps;
  }
  // Streets the map does not draw: the first heads the way the destination lies where both ends are placed (never "head
  // northwest" from Cupertino to Washington: teval_query_269_0), else any way.
  const heading = () => (fromSpot && toSpot && distanceKm(fromSpot, toSpot) > 0.05 ? compassBearing(fromSpot, toSpot) : r.pick(HEADINGS));
  const firstForms = [
    streets[0] && streets[1] && a.length >= 2 ? `Head ${heading()} on ${streets[0]} toward ${streets[1]}` : undefined,
    `Depart${from && isWords(from) ? ` ${from}` : ''} and head ${heading()}`,
    streets[0] ? `Start on ${streets[0]} heading ${heading()}` : undefined,
  ];
  // Two turns on the way out of town are one each way, so the drive still heads the destination's way (two rights turn it back).
  const alternated = (xs: string[]): string[] => {
    let prev: string | undefined;
    return xs.map((x) => x.replace(/\b([Tt]urn) (left|right)\b/, (m, t: string, side: string) => {
      const turn = prev === side ? (side === 'left' ? 'right' : 'left') : side;
      prev = turn;
      return `${t} ${turn}`;
    }));
  };
  // From an island the first leg is its ferry; no street is named before it lands.
  const steps = [S.offshore ? (ferryOut ? `Take the ferry from ${S.offshore} to ${ferryOut.name}${ferryKm !== undefined && highway && km !== undefined ? ` (${ferryKm} km)` : ''}` : `Take the ferry from ${S.offshore} to the mainland`) : r.pick(firstForms.filter((x): x is string => !!x))];
  const street = (i: number, form: (s: string) => string) => (streets[i] ? form(streets[i]!) : undefined);
  const streetSteps = [
    street(2, (s) => `Turn right onto ${s}`),
    street(3, (s) => `Turn left onto ${s}`),
    // A roundabout only where the town has them (London, Paris), never on a grid (Manhattan, Seattle).
    street(4, (s) => (hasRoundabouts(startTown) ? `At the roundabout, take the ${r.pick(['first', 'second', 'third'])} exit onto ${s}` : `At the light, turn ${r.pick(['left', 'right'])} onto ${s}`)),
    street(5, (s) => `Bear right onto ${s}`),
    street(5, (s) => `Turn left to stay on ${s}`),
  ].filter((x): x is string => !!x);
  if (km === undefined && intercity) {
    // Between two towns, however far: the start's streets, the road between, the end's street.
    // Off an island the ferry is the way out: no street of the far end before the road (no "Flatbush Avenue" off Liberty Island's ferry).
    const early = S.offshore ? [] : streetSteps.filter((x) => !streets[5] || !x.endsWith(streets[5]!));
    if (early.length) steps.push(...alternated(r.sample(early, Math.min(early.length, r.int(0, 2)))));
    steps.push(...roadWithoutKm());
    const late = streetSteps.filter((x) => streets[5] && x.endsWith(streets[5]!));
    if (late.length) steps.push(r.pick(late));
  } else if (km === undefined) {
    // Nothing says how long the drive is: no leg is given a length the trip may not have.
    const middle = [...streetSteps, `Take the ramp on the right for ${road}`, `Keep left to stay on ${road}`, `Continue on ${road}`];
    steps.push(...r.sample(middle, Math.min(middle.length, r.int(2, 6))));
  } else if (km < 5 || !highway) {
    // A short drive in town (or one no drawn highway runs along): streets only, no highway.
    if (streetSteps.length) steps.push(...r.sample(streetSteps, Math.min(streetSteps.length, r.int(1, 3))));
  } else {
    // A longer one is mostly its highway leg, taken between the streets at either end.
    // Its legs add up to the trip: a few kilometres of streets at each end, the rest on the road between.
    const [start, end] = edges ?? [Math.round(Math.min(4, km * 0.1) * 10) / 10, Math.round(Math.min(4, km * 0.1) * 10) / 10];
    const early = S.offshore ? [] : streetSteps.filter((x) => !streets[5] || !x.endsWith(streets[5]!)).slice(0, 3);
    if (early.length) steps.push(...alternated(r.sample(early, Math.min(early.length, r.int(1, 2)))));
    steps.push(...highwayRun(start, end));
  }
  // The end address's own street is where the drive arrives.
  if (E.own && !steps.some((x) => streetKey(x).includes(streetKey(E.own!)))) steps.push(`Turn ${r.pick(['left', 'right'])} onto ${E.own}`);
  steps.push(...arrival());
  return steps;
}

/** How far the first drawn street may run from a start and still be the start's own town's (a park's or a pier's edge). */
const FAR_FIRST_KM = 8;

/** A drive through a drawn town: its streets in order, each turn, and whether it stops short of the end (no chain of streets reaches it). */
interface DrawnDrive {
  legs: StreetLeg[];
  /** The first street runs more than a kilometre from the start (a park, a pier): the drive departs before it names one. */
  startFar?: boolean;
  short: boolean;
  lastAt?: { lat: number; lon: number };
}

/**
 * The streets of a drive through a town the street map draws: from the start's own street (else the
 * one running nearest the start) through streets that meet, one after another, to a street within a
 * kilometre of `to` (the fewest turns), or, with no `to` (a drive to the highway), `extra` more
 * streets that meet. Undefined when the start's streets are not drawn.
 */
function drawnDrive(r: Rng, o: { own?: string; streets: readonly string[]; ends: readonly string[]; endOwn?: string; from?: { lat: number; lon: number }; to?: { lat: number; lon: number }; toward?: { lat: number; lon: number }; extra: number }): DrawnDrive | undefined {
  const startPool = [...o.streets, ...crossingsOf(o.streets)];
  const first = o.own && streetLine(o.own, o.from) ? o.own : o.from ? nearestStreet(startPool, o.from)?.street : o.streets.find((x) => streetLine(x));
  if (!first || !streetLine(first, o.from)) return undefined;
  const pick = <T,>(xs: readonly T[]): T => r.pick(xs);
  const startFar = !!o.from && (kmToStreet(o.from, first) ?? 0) > 1;
  // The nearest drawn street is in another town (El Camino Real drawn by San Bruno, 30 km from Cupertino): the map does not draw the start's streets.
  if (o.from && (kmToStreet(o.from, first) ?? 0) > FAR_FIRST_KM) return undefined;
  if (o.to) {
    const pool = [...new Set([...startPool, ...o.ends, ...crossingsOf(o.ends)])];
    // Never the wrong way down a one-way avenue (south on Madison), while a chain at most one turn longer reaches the end.
    // The end's own street is turned onto last (routeSteps), so the chain ends on it or on a street that meets it: never
    // Columbus Avenue, then "Turn right onto Amsterdam Avenue", which runs beside it (simulated_route_streets_apart).
    const ownLine = o.endOwn ? streetLine(o.endOwn, o.to) : undefined;
    const reachesOwn = (c: string[]) => { const last = streetLine(c[c.length - 1], o.from); return !ownLine || c[c.length - 1] === o.endOwn || (!!last && linesMeet(last, ownLine)); };
    // Ends on different banks of a river (the Eiffel Tower and the Louvre, either side of the Seine): the chain crosses it
    // by a bridge, never keeps to the Quai d'Orsay and the Boulevard Saint-Germain on the left bank (teval_query_185_2).
    const crossesRiver = (c: string[]) => !o.from || !riverBetween(o.from, o.to!) || c.some((x) => WATER_CROSSING.test(x));
    const keepsTraffic = (c: string[]) => !wrongWay(streetLegs(c, o.from, o.to) ?? []);
    const chainFrom = (start: string) => streetChain(pool, start, { to: o.to, near: o.from, pick, must: (c) => reachesOwn(c) && crossesRiver(c), ok: keepsTraffic });
    let chain = chainFrom(first);
    // A start no address names may set off on another street passing it (250 m) where the nearest is one-way against the drive:
    // from Times Square north to Central Park on 44th Street and Eighth Avenue, not up Seventh Avenue, which runs south.
    if (chain && !keepsTraffic(chain) && !o.own && o.from) {
      const from = o.from;
      const others = startPool.filter((x) => x !== first && (kmToStreet(from, x) ?? Infinity) <= 0.25).sort((x, y) => kmToStreet(from, x)! - kmToStreet(from, y)!);
      for (const other of others) {
        const c = chainFrom(other);
        if (c && keepsTraffic(c)) {
          chain = c;
          break;
        }
      }
    }
    const legs = chain ? streetLegs(chain, o.from, o.to) : undefined;
    if (chain && legs) return { legs, short: false, startFar };
  }
  // A drive to the highway bound for a far destination (o.toward) keeps heading its way: the first street within a right angle
  // and half a compass step of it (a one-way street may leave no other), every later one within a right angle; never "turn left
  // onto West 23rd Street" east, then north up Madison Avenue, on the way from Fifth Avenue to Cupertino (teval_query_269_0).
  const towardDeg = o.toward && o.from ? bearingDeg(o.from, o.toward) : undefined;
  const headsOn = (c: string[], firstDeg = 112.5) => {
    if (towardDeg === undefined) return true;
    const legs = streetLegs(c, o.from, undefined, o.toward);
    return !!legs && legs.every((l, i) => offDeg(l.heading, towardDeg) <= (i === 0 ? firstDeg : 90));
  };
  const keeps = (c: string[]) => !wrongWay(streetLegs(c, o.from, undefined, o.toward) ?? []);
  const chainOn = (start: string) => {
    const c = streetChain(startPool, start, { near: o.from ?? o.to, extra: o.extra, pick, ok: (x) => keeps(x) && headsOn(x) }) ?? [start];
    return !headsOn(c) && headsOn([start]) && keeps([start]) ? [start] : c;
  };
  let chain = chainOn(first);
  // A start at the end of its nearest street that points away (City Hall at the foot of Mulberry Street, bound for Miami) sets off
  // on another street passing within 1 km, where one heads the way; a start an address names keeps its own street.
  if (!headsOn(chain) && !o.own && o.from) {
    const from = o.from;
    const others = startPool.filter((x) => x !== first && (kmToStreet(from, x) ?? Infinity) <= 1).sort((x, y) => kmToStreet(from, x)! - kmToStreet(from, y)!);
    // A street set off on within a right angle of the way first (west on Canal Street toward Miami), its chain or the street
    // alone; only then one within the wider first-leg bound (east on Canal, then south on Mulberry Street).
    const strict = others.map((x) => [chainOn(x), [x]].find((c) => headsOn(c, 90) && keeps(c))).find((c) => c);
    for (const other of strict ? [] : others) {
      const c = chainOn(other);
      if (headsOn(c) && keeps(c)) {
        chain = c;
        break;
      }
    }
    if (strict) chain = strict;
  }
  const legs = streetLegs(chain, o.from, undefined, o.toward);
  if (!legs) return undefined;
  const last = chain[chain.length - 1];
  const short = !!o.to && (kmToStreet(o.to, last) ?? 0) > 1;
  const line = streetLine(last, o.from ?? o.to)!;
  return { legs, short, startFar, lastAt: { lat: (line[0] + line[2]) / 2, lon: (line[1] + line[3]) / 2 } };
}

const COMPASS_DEG: Record<string, number> = { north: 0, northeast: 45, east: 90, southeast: 135, south: 180, southwest: 225, west: 270, northwest: 315 };

/** The great-circle bearing from one point to another, in degrees from north. */
function bearingDeg(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = Math.PI / 180;
  const y = Math.sin((b.lon - a.lon) * r) * Math.cos(b.lat * r);
  const x = Math.cos(a.lat * r) * Math.sin(b.lat * r) - Math.sin(a.lat * r) * Math.cos(b.lat * r) * Math.cos((b.lon - a.lon) * r);
  return (((Math.atan2(y, x) / r) % 360) + 360) % 360;
}

/** How far a compass word is from a bearing, in degrees (0 to 180). */
function offDeg(heading: string, bearing: number): number {
  const h = COMPASS_DEG[heading] ?? bearing;
  return Math.abs(((((h - bearing) % 360) + 540) % 360) - 180);
}

/** The compass word nearest the great-circle bearing from one point to another (Manhattan to Cupertino: west). */
function compassBearing(p: { lat: number; lon: number }, q: { lat: number; lon: number }): string {
  const b = bearingDeg(p, q);
  return Object.entries(COMPASS_DEG).reduce((best, [w, d]) => (offDeg(w, b) < offDeg(best, b) ? w : best), 'north');
}

/** The compass word from one point to another. */
function compassTo(p: { lat: number; lon: number } | undefined, q: { lat: number; lon: number }): string {
  if (!p) return 'on';
  const ang = Math.atan2(q.lat - p.lat, (q.lon - p.lon) * Math.cos((p.lat * Math.PI) / 180));
  return ['east', 'northeast', 'north', 'northwest', 'west', 'southwest', 'south', 'southeast'][((Math.round(ang / (Math.PI / 4)) % 8) + 8) % 8];
}

/** The steps of a drawn drive: the first street and its heading, then each turn as its corner turns. */
function drawnSteps(r: Rng, legs: StreetLeg[], from: string | undefined, roundabouts: boolean, grid: boolean, startFar = false): string[] {
  const [first, ...rest] = legs;
  const steps = startFar ? [`Depart${from && isWords(from) ? ` ${from}` : ''} and head ${first.heading}`, `Continue onto ${first.street}`] : [
    r.pick([
      ...(rest.length ? [`Head ${first.heading} on ${first.street} toward ${rest[0].street}`] : []),
      `Start on ${first.street} heading ${first.heading}`,
      ...(from && isWords(from) && !rest.length ? [`Depart ${from} and head ${first.heading} on ${first.street}`] : []),
    ]),
  ];
  for (const leg of rest) {
    const turn = leg.turn ?? 'right';
    if (turn === 'continue') steps.push(`Continue onto ${leg.street}`);
    else if (turn.startsWith('bear')) steps.push(`${cap(turn)} onto ${leg.street}`);
    else if (roundabouts && r.chance(0.3)) steps.push(`At the roundabout, take the ${turn === 'right' ? 'first' : 'third'} exit onto ${leg.street}`);
    else steps.push(grid && r.chance(0.4) ? `At the light, turn ${turn} onto ${leg.street}` : `Turn ${turn} onto ${leg.street}`);
  }
  return steps;
}

// -------------------------------------------------------------------------------------------
// Passages: overviews, reviews, descriptions, file text
// -------------------------------------------------------------------------------------------

// Passages are put together from parts, so the reviews and plots one case shows never repeat each
// other (a pool of six whole reviews gave three flats the same one): thousands of combinations.
const HEROES = ['a retired detective', 'an estranged sister', 'a young engineer', 'a struggling chef', 'a teenage chess prodigy', 'a small-town reporter', 'an aging jazz pianist', 'a rookie paramedic', 'a disgraced surgeon', 'a widowed farmer'];
const SETUPS = [
  'is pulled back for one last case when a string of disappearances begins',
  'inherits a failing vineyard with one harvest left to save it',
  'discovers that the signals on a remote research station come from inside the base',
  'is stranded with a ferry full of strangers after a storm',
  'gets an unlikely second chance when a food critic walks in late one night',
  'crosses the country to face the rival who once ruined the family business',
  'finds a stack of unsent letters in a house bought at auction',
  'agrees to guide a stranger across the mountains before the first snow',
  'takes a night shift that nobody else in the city will work',
  'returns home after twenty years to settle a debt',
];
const TURNS = [
  'and old secrets surface one night at a time.',
  'and learns that the past is closer than it looks.',
  'only to find that everyone there is hiding something.',
  'and has until the end of the week to decide whom to trust.',
  'and the plan falls apart in the first hour.',
  'while a rival closes in.',
  'and the town will not be the same afterwards.',
  'and an unlikely friendship starts.',
];
function plot(r: Rng): string {
  return `${cap(r.pick(HEROES))} ${r.pick(SETUPS)}, ${r.pick(TURNS)}`;
}

const STAY_OPENINGS = ['Great stay.', 'Lovely place.', 'Exactly as described.', 'Good value for the price.', 'We had a wonderful week here.', 'Solid choice for a short trip.', 'A bit smaller than the photos suggest.', 'Spotless.', 'Better than we expected.', 'A comfortable base for the city.'];
const STAY_DETAILS = [
  (host: string) => `${host} was quick to answer every question`,
  (host: string) => `${host} left us great restaurant tips`,
  (host: string) => `check-in with ${host} was easy`,
  (host: string) => `${host} met us at the door and showed us around`,
  () => 'the bed was comfortable and the kitchen well equipped',
  () => 'the metro is a five-minute walk away',
  () => 'the bedroom faces the street and it got noisy at night',
  () => 'the neighbourhood felt safe after dark',
  () => 'the shower pressure could be better',
  () => 'the view from the balcony was the highlight',
  () => 'the wifi was fast enough to work from',
  () => 'there are plenty of cafés on the same block',
];
const STAY_CLOSINGS = ['Would stay again.', 'Recommended.', 'We will be back.', 'Would book again for a longer stay.', 'Thanks for having us!', 'Good base for exploring.', 'Five stars from us.', 'No complaints at all.'];

const FILM_OPENINGS = ['Beautifully shot.', 'A slow start, then gripping.', 'One of the best films of the year.', 'Visually stunning but emotionally distant.', 'Smart and funny.', 'Too long by twenty minutes.', 'Better than the trailer suggests.', 'A crowd-pleaser.', 'Uneven but memorable.', 'Not for everyone.'];
const FILM_DETAILS = [
  'the final act more than makes up for the first hour',
  'the performances carry it',
  'the script is thinner than it thinks it is',
  'the soundtrack alone is worth the ticket',
  'the cast clearly had fun making it',
  'the last half hour had me on the edge of my seat',
  'the dialogue is sharper than usual for the genre',
  'the pacing drags in the middle',
  'the ending will divide audiences',
  'the cinematography deserves a big screen',
];
const FILM_CLOSINGS = ['Worth seeing.', 'Recommended.', 'I would watch it again.', 'Worth a second look.', 'Go in knowing nothing.', 'A solid evening out.', 'Eight out of ten.', 'Still worth a look.'];

/** A complaint in a review; a review holding one does not end "No complaints at all." */
export const REVIEW_COMPLAINT = /could be better|noisy|smaller than|too long|thinner than|drags|will divide|emotionally distant|not for everyone|slow start|uneven/i;
/** A verdict only an unreserved review gives. */
export const UNRESERVED_PRAISE = /no complaints|five stars|eight out of ten|one of the best/i;

/**
 * A review in three parts: an opening, two details joined as people join them ("and", or "but"
 * before a complaint after praise), a verdict that fits what came before (no "No complaints at
 * all." after the shower pressure could be better).
 */
function review(r: Rng, openings: string[], details: ((host: string) => string)[], closings: string[]): string {
  const host = r.pick(FIRST);
  const opening = r.pick(openings);
  let [a, b] = r.sample(details, 2).map((d) => d(host));
  if (REVIEW_COMPLAINT.test(a) && !REVIEW_COMPLAINT.test(b)) [a, b] = [b, a];
  const join = !REVIEW_COMPLAINT.test(a) && REVIEW_COMPLAINT.test(b) ? 'but' : 'and';
  const reserved = [opening, a, b].some((t) => REVIEW_COMPLAINT.test(t));
  const fitting = reserved ? closings.filter((c) => !UNRESERVED_PRAISE.test(c)) : closings;
  return `${opening} ${cap(a)}, ${join} ${b}. ${r.pick(fitting)}`;
}

/**
 * A news item's summary: the event, then a sentence telling more than its headline (newsHeadline
 * takes the event's first clause), as the recorded summaries do ("Advertising revenue is critical
 * for both companies … What will the results show?"); one sentence alone read as its headline with a
 * full stop (teval_query_404_2: simulated_text_restates_title). The second sentence adds context,
 * never a number or a fact another answer could contradict.
 */
const NEWS = [
  (t: string, r: Rng) => `Shares of ${t} ${r.pick(['rose', 'fell', 'edged up', 'slipped'])} ${r.int(1, 9)}.${r.int(0, 9)}% after the company ${r.pick(['reported quarterly results', 'updated its full-year guidance', 'announced a share buyback'])}. ${r.pick(['Trading was heavier than usual through the session.', 'The move came on a quiet day for the wider market.', 'Several analysts said they would revisit their estimates.'])}`,
  // A target raised for a reason that argues for a cut ("raised … citing margin pressure") reads as a slip: the pressure easing is the reason.
  (t: string, r: Rng) => `Analysts at ${r.pick(['Morgan Stanley', 'Goldman Sachs', 'Barclays', 'UBS'])} ${r.pick(['raised', 'cut'])} their price target on ${t}, citing ${r.pick(['demand trends', 'margin pressure', 'new product cycles'])}. ${r.pick(['The bank kept its rating on the stock unchanged.', 'The note said the coming quarters would show whether the call was right.', 'Other brokers have yet to follow.'])}`.replace(/\braised (their price target on .+?), citing margin pressure\./, 'raised $1, citing easing margin pressure.'),
  (t: string, r: Rng) => `${t} is among the most-traded names this week as investors weigh ${r.pick(['interest-rate expectations', 'supply-chain news', 'the latest earnings season'])}. ${r.pick(['Fund managers are split on what the swings mean for the months ahead.', 'Retail investors have been net buyers on most days.', 'The stock has moved more than the broader index on most sessions.'])}`,
  (t: string, r: Rng) => `${t} named a new ${r.pick(['chief financial officer', 'head of operations', 'board chair'])}, effective ${r.pick(['next month', 'at the start of the quarter', 'immediately'])}. ${r.pick(['The appointment follows a search that began earlier this year.', 'The outgoing executive will stay on as an adviser during the handover.', 'The company said the change was unrelated to its results.'])}`,
  (t: string, r: Rng) => `Options activity in ${t} picked up ahead of ${r.pick(['its earnings call', 'an investor day', 'the index rebalancing'])}. ${r.pick(['Traders are positioning for a larger move than usual.', 'Call contracts outnumbered puts by a wide margin.', 'Implied volatility rose to its highest level in several weeks.'])}`,
  // A joint venture is formed with a partner, not bought "for an undisclosed sum".
  (t: string, r: Rng) => `${t} agreed to ${r.pick(['acquire a smaller rival', 'sell a non-core unit', 'form a joint venture'])} for an undisclosed sum. ${r.pick(['The deal still needs regulatory approval.', 'Neither side named the advisers involved.', 'The company said the move fits its long-term plan and will not change its outlook for the year.'])}`.replace(/form a joint venture for an undisclosed sum\./, 'form a joint venture with an industry partner.'),
  (t: string, r: Rng) => `A regulator opened a review of ${t}'s ${r.pick(['pricing practices', 'latest merger', 'data handling'])}; the company said it would cooperate. ${r.pick(['No timetable for the review was given.', 'The review is at an early stage and may not lead to any action.'])}`,
  (t: string, r: Rng) => `${t} will report results on ${r.pick(['Tuesday', 'Wednesday', 'Thursday'])}; analysts expect revenue ${r.pick(['to grow', 'to be flat', 'to dip'])} from a year earlier. ${r.pick(['Investors will also listen for comments on costs and hiring.', 'Guidance for the next quarter is likely to move the shares more than the results themselves.'])}`,
];

function argText(c: TextCtx, re: RegExp): string | undefined {
  const v = endpoint(c.args, re);
  return v && isWords(v) ? v : undefined;
}

/**
 * Headlines as a news desk writes them over each report NEWS draws: the present tense, no articles,
 * the company first ("Tesla names new head of operations" over "Tesla named a new head of operations,
 * effective next month."), never the summary's own opening words, as no recorded Polygon headline is
 * ("Is Tesla starting to look like just any old carmaker?" over "Also: Medicare timing, …").
 */
const HEADLINES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Shares of (.+?) (rose|fell|edged up|slipped) ([\d.]+%) after the company (reported quarterly results|updated its full-year guidance|announced a share buyback)/, (m) => `${m[1]} stock ${({ rose: 'rises', fell: 'falls', 'edged up': 'edges up', slipped: 'slips' } as Record<string, string>)[m[2]]} ${m[3]} on ${({ 'reported quarterly results': 'quarterly results', 'updated its full-year guidance': 'new full-year guidance', 'announced a share buyback': 'share buyback' } as Record<string, string>)[m[4]]}`],
  [/^Analysts at (.+?) (raised|cut) their price target on (.+?), citing (.+?)\./, (m) => `${m[1]} ${m[2] === 'raised' ? 'lifts' : 'cuts'} ${m[3]} price target on ${m[4]}`],
  [/^(.+?) is among the most-traded names this week as investors weigh (.+?)\./, (m) => `${m[1]} draws heavy trading as investors weigh ${m[2]}`],
  [/^(.+?) named a new (.+?), effective (.+?)\./, (m) => `${m[1]} names new ${m[2]}`],
  [/^Options activity in (.+?) picked up ahead of (its earnings call|an investor day|the index rebalancing)/, (m) => `Traders pile into ${m[1]} options before ${m[2].replace(/^an? /, '')}`],
  [/^(.+?) agreed to (acquire|sell|form) (a |an )?(.+?) (?:for an undisclosed sum|with an industry partner)/, (m) => `${m[1]} to ${m[2]} ${m[4]}`],
  [/^A regulator opened a review of (.+?)'s (.+?);/, (m) => `Regulator reviews ${m[1]}'s ${m[2]}`],
  [/^(.+?) will report results on (\w+); analysts expect revenue (to grow|to be flat|to dip)/, (m) => `${m[1]} earnings preview: revenue seen ${m[3] === 'to grow' ? 'higher' : m[3] === 'to be flat' ? 'flat' : 'lower'} ahead of ${m[2]} report`],
];

/** A news item's headline from its summary: the desk's headline over a report NEWS draws, else the report's first clause. */
export function newsHeadline(summary: string): string {
  const t = summary.trim();
  for (const [re, head] of HEADLINES) {
    const m = re.exec(t);
    if (m) return cap(head(m));
  }
  const clause = t.replace(/[.;]\s.*$|[.]$/s, '').split(/,\s|;\s|\s+after\s+|\s+citing\s+/)[0];
  return cap(clause.trim());
}

/** Records of a news list with a title and a summary: each title is its summary's headline, unless a later step copies the title (`keep`). */
export function headlinesFollowSummaries(answer: Record<string, unknown>, keep: (value: unknown) => boolean): Record<string, unknown> {
  for (const value of Object.values(answer)) {
    if (!Array.isArray(value)) continue;
    for (const rec of value) {
      if (!rec || typeof rec !== 'object' || Array.isArray(rec)) continue;
      const r = rec as Record<string, unknown>;
      if (typeof r.title === 'string' && typeof r.summary === 'string' && !keep(r.title)) r.title = newsHeadline(r.summary);
    }
  }
  return answer;
}

// -------------------------------------------------------------------------------------------
// Films found by topic, venues found by kind
// -------------------------------------------------------------------------------------------

/**
 * A film search's query that names a topic ("fitness", "quantum computing") rather than a title
 * ("Inception", "The Matrix"): titles are written with capitals, a topic typed in lower case.
 */
export function isTopicQuery(query: string): boolean {
  const q = query.trim();
  return /\p{L}{3,}/u.test(q) && !/\p{Lu}/u.test(q) && isWords(q);
}

/** A stable number for a text, so a film found for a topic keeps its title in every call about it. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

const TOPIC_FILM_TITLES: ((h: string) => string)[] = [
  (h) => `Chasing ${h}`,
  (h) => `The ${h} Club`,
  (h) => `${h} Nation`,
  (h) => `All About ${h}`,
  (h) => `${h}: The Movie`,
  (h) => `Born for ${h}`,
  (h) => `The ${h} Diaries`,
  (h) => `A Year of ${h}`,
];

/** A film a search for a topic finds: its title holds the topic's words, as a title search matches them ("fitness" → "The Fitness Club"). */
export function filmTitleAbout(topic: string): string {
  const h = headline(topic.trim());
  return TOPIC_FILM_TITLES[hashOf(topic.trim().toLowerCase()) % TOPIC_FILM_TITLES.length](h);
}

/** The genres of a film found for a topic: a documentary or a drama about it. */
export function topicFilmGenres(topic: string): string[] {
  return [['Documentary'], ['Drama'], ['Documentary', 'Drama'], ['Comedy', 'Drama']][hashOf(topic.trim().toLowerCase()) % 4];
}

/** What a film found for a topic is about: the topic, told as a plot or a documentary's premise. */
export function topicPlot(topic: string, r: Rng): string {
  const t = topicAsNounPhrase(topicInProse(topic.trim()));
  return r.pick([
    () => `A documentary about ${t}, following ${r.pick(['four strangers', 'a group of friends', 'three generations of one family', 'a coach and her team'])} over a year and asking what it changes in their lives.`,
    () => `${cap(r.pick(HEROES))} is drawn into the world of ${t} after ${r.pick(['a health scare', 'losing a job', 'a chance meeting', 'a move to a new town'])}, ${r.pick(TURNS)}`,
    () => `Part documentary, part personal essay: a filmmaker spends a year with people who have made ${t} their life.`,
    () => `${cap(r.pick(HEROES))} bets everything on ${t} to win back a place in the family, ${r.pick(TURNS)}`,
  ])();
}

const VENUE_NOUNS = ['Willow', 'Juniper', 'Copper', 'Lantern', 'Fig', 'Olive', 'Saffron', 'Cedar', 'Magnolia', 'Anchor', 'Orchard', 'Ember', 'Sparrow', 'Birch', 'Pearl', 'Thistle', 'Clover', 'Marigold', 'Granite', 'Hazel', 'Indigo', 'Meadow', 'Pepper', 'Quince', 'Rosemary', 'Sage', 'Tamarind', 'Walnut', 'Heron', 'Fox'];
/** What a museum named for its founder shows: "Whitfield Museum of Local History". */
const MUSEUM_SUBJECTS = ['Natural History', 'Local History', 'Photography', 'Design', 'Science', 'Folk Art', 'Maritime History'];
const VENUE_ADJECTIVES = ['Little', 'Golden', 'Crooked', 'Hidden', 'Lucky', 'Salty', 'Humble', 'Rustic', 'Silver', 'Red'];
const SURNAMES = ['Murphy', 'Rossi', 'Nakamura', 'Duval', 'Kowalski', 'Okafor', 'Lindqvist', 'Moreno', 'Brennan', 'Hartley', 'Castillo', 'Weber', 'Sullivan', 'Bianchi', 'Ortega', 'Delgado', 'Abernathy', 'Whitfield', 'Osei', 'Varga'];
/** Saints hospitals and schools are named for ("St. Luke's Hospital"). */
const SAINTS = ["Mary's", "Luke's", "Joseph's", "Vincent's", "Anne's", "Francis", "Jude", "Catherine's"];
const BEACH_WORDS = ['White Sand', 'Sunset', 'Coral', 'Palm', 'Driftwood', 'Long'];
const JP = ['Kaito', 'Hana', 'Sakura', 'Tsubaki', 'Kinme', 'Umi', 'Yuzu', 'Kiku', 'Matsu', 'Nori'];
const IT = ['Bella', 'Lucia', 'Nonna Rosa', 'da Marco', 'il Forno', 'Sorrento', 'Gianni', 'Verde', 'del Ponte', 'Siena'];
const FR = ['Marcel', 'Lapin', 'Lumière', 'Margot', 'Papillon', 'Colette', 'Rivage', 'Jardin', 'Odette', 'Basile'];
const ES = ['Sol', 'Fuego', 'Mercado', 'Tres Hermanos', 'Rincón', 'Jacal', 'Maíz', 'Luna', 'Paloma', 'Cielo'];
const CN = ['Golden Dragon', 'Jade', 'Lotus', 'Red Lantern', 'Bamboo', 'Peony', 'Silk Road', 'Eight Treasures', 'Lucky Star', 'Phoenix'];
const IN = ['Taj', 'Saffron', 'Masala', 'Bombay', 'Chutney', 'Jaipur', 'Tandoor', 'Maharaja', 'Cardamom', 'Tamarind'];

type NameForm = (p: (pool: readonly string[]) => string) => string;
/** Names of the open country, no city place's: a trail, a creek, a reserve, a lookout, a ridge, a campground. */
const OPEN_COUNTRY = /\b(?:Trail|Creek|Nature Reserve|Lookout|Ridge|Campground|Campsite|Cove)\b/;
/** Name forms by the kind of place searched for: a sushi bar, a hotel, a park are named as each is. */
const VENUE_FORMS: [RegExp, NameForm[]][] = [
  [/sushi|japanese|ramen|izakaya/, [(p) => `Sushi ${p(JP)}`, (p) => `${p(JP)} Sushi Bar`, (p) => `Izakaya ${p(JP)}`, (p) => `${p(JP)} Ramen`, (p) => `${p(JP)} Japanese Kitchen`]],
  [/italian|pizza|pasta|trattoria/, [(p) => `Trattoria ${p(IT)}`, (p) => `Osteria ${p(IT)}`, (p) => `Pizzeria ${p(IT)}`, (p) => `${p(IT)} Cucina`, (p) => `Enoteca ${p(IT)}`]],
  [/french|bistro|brasserie/, [(p) => `Chez ${p(FR)}`, (p) => `Bistro ${p(FR)}`, (p) => `Le Petit ${p(FR)}`, (p) => `Brasserie ${p(FR)}`, (p) => `Café ${p(FR)}`]],
  [/mexican|taco|latin|spanish|tapas/, [(p) => `Taquería ${p(ES)}`, (p) => `El ${p(ES)}`, (p) => `La ${p(ES)} Cantina`, (p) => `Casa ${p(ES)}`, (p) => `${p(ES)} Tapas Bar`]],
  [/chinese|dim sum|dumpling|noodle|szechuan|cantonese/, [(p) => `${p(CN)} Restaurant`, (p) => `${p(CN)} Noodle House`, (p) => `${p(CN)} Dim Sum`, (p) => `${p(CN)} Kitchen`, (p) => `${p(CN)} Garden`]],
  [/indian|curry|tandoori/, [(p) => `${p(IN)} Palace`, (p) => `${p(IN)} Kitchen`, (p) => `Tandoori ${p(IN)}`, (p) => `${p(IN)} House`, (p) => `The ${p(IN)} Room`]],
  [/caf[eé]|coffee|tea|bakery|bakeries|patisserie/, [(p) => `${p(VENUE_NOUNS)} Coffee`, (p) => `${p(VENUE_NOUNS)} Coffee Roasters`, (p) => `Café ${p(FR)}`, (p) => `${p(SURNAMES)}'s Bakery`, (p) => `The ${p(VENUE_ADJECTIVES)} ${p(VENUE_NOUNS)} Café`, (p) => `${p(VENUE_NOUNS)} & ${p(VENUE_NOUNS)} Espresso`]],
  [/\b(bar|bars|pub|pubs|brewery|breweries|nightlife|cocktail)/, [(p) => `The ${p(VENUE_NOUNS)} & ${p(VENUE_NOUNS)}`, (p) => `${p(SURNAMES)}'s Tavern`, (p) => `The ${p(VENUE_ADJECTIVES)} ${p(VENUE_NOUNS)}`, (p) => `${p(VENUE_NOUNS)} Brewing Co.`, (p) => `Bar ${p(IT)}`]],
  [/hotel|hostel|motel|inn|lodging|accommodation|stay/, [(p) => `Hotel ${p(FR)}`, (p) => `The ${p(SURNAMES)} Hotel`, (p) => `${p(VENUE_NOUNS)} Inn`, (p) => `${p(VENUE_NOUNS)} Suites`, (p) => `Grand Hotel ${p(IT)}`, (p) => `The ${p(VENUE_NOUNS)} Lodge`]],
  // A museum is named for a founder or its street word, never by its subject alone: "Museum of Natural History",
  // "Museum of Modern Art" or "Museum of the City" at a drawn address is a real institution in the wrong place.
  [/museum|galler/, [(p) => `${p(SURNAMES)} Museum of Art`, (p) => `${p(SURNAMES)} Museum of ${p(MUSEUM_SUBJECTS)}`, (p) => `${p(SURNAMES)} Gallery`, (p) => `The ${p(SURNAMES)} Collection`, (p) => `${p(VENUE_NOUNS)} House Museum`]],
  // Rooms for hire are named as such places are ("The Copper Room", "Hartley Hall"), not "Varga Event Space".
  [/\bevents?\b|venue|wedding|banquet|conference|meeting|party|parties/, [(p) => `The ${p(VENUE_NOUNS)} Room`, (p) => `${p(SURNAMES)} Hall`, (p) => `The ${p(VENUE_NOUNS)} Loft`, (p) => `${p(VENUE_NOUNS)} House`, (p) => `The ${p(VENUE_NOUNS)} Ballroom`, (p) => `${p(VENUE_NOUNS)} & ${p(VENUE_NOUNS)} Events`]],
  [/research|institute|laborator|\blabs?\b|universit|college/, [(p) => `${p(SURNAMES)} Institute`, (p) => `${p(VENUE_NOUNS)} Research Centre`, (p) => `${p(SURNAMES)} Laboratory`, (p) => `The ${p(SURNAMES)} Centre`, (p) => `${p(VENUE_NOUNS)} Labs`]],
  // A city's parks are squares, plazas, greens and playgrounds too: with the open country's forms left out in a city, three of five "Park"s read as a template.
  [/\bparks?\b|garden|nature|hiking|trail/, [(p) => `${p(SURNAMES)} Park`, (p) => `${p(VENUE_NOUNS)} Gardens`, (p) => `${p(SURNAMES)} Memorial Park`, (p) => `${p(VENUE_NOUNS)} Nature Reserve`, (p) => `${p(VENUE_NOUNS)} Creek Trail`, (p) => `${p(SURNAMES)} Square`, (p) => `${p(VENUE_NOUNS)} Common`, (p) => `${p(SURNAMES)} Gardens`, (p) => `${p(VENUE_NOUNS)} Green`]],
  [/camp|rv\b|caravan/, [(p) => `${p(VENUE_NOUNS)} Creek Campground`, (p) => `${p(SURNAMES)} Lake RV Park`, (p) => `${p(VENUE_NOUNS)} Ridge Campsite`, (p) => `Camp ${p(VENUE_NOUNS)}`, (p) => `${p(SURNAMES)}'s Farm Campsite`]],
  [/gym|fitness|yoga|sport/, [(p) => `${p(VENUE_NOUNS)} Fitness`, (p) => `${p(SURNAMES)}'s Gym`, (p) => `${p(VENUE_NOUNS)} Athletic Club`, (p) => `${p(VENUE_NOUNS)} Yoga Studio`, (p) => `CrossFit ${p(VENUE_NOUNS)}`]],
  // A supermarket's sign says it sells food ("Olive Goods" listed as a supermarket said nothing of it: simulated_place_unfit_kind).
  [/supermarket|grocer/, [(p) => `${p(VENUE_NOUNS)} Market`, (p) => `${p(VENUE_NOUNS)} Foods`, (p) => `${p(SURNAMES)}'s Grocery`, (p) => `${p(VENUE_NOUNS)} Fresh Market`, (p) => `${p(SURNAMES)} Family Grocer`]],
  [/shop|store|market|mall|boutique|shopping/, [(p) => `${p(VENUE_NOUNS)} Market`, (p) => `${p(SURNAMES)} & Sons`, (p) => `The ${p(VENUE_NOUNS)} Shop`, (p) => `${p(VENUE_NOUNS)} Goods`, (p) => `${p(SURNAMES)}'s General Store`]],
  [/attraction|sight|landmark|things to do|tourist|tour|point/, [(p) => `${p(SURNAMES)} Museum of Art`, (p) => `${p(VENUE_NOUNS)} Gardens`, (p) => `Old ${p(VENUE_NOUNS)} Market Hall`, (p) => `${p(SURNAMES)} Memorial Park`, (p) => `${p(VENUE_NOUNS)} Hill Lookout`, (p) => `${p(SURNAMES)} Museum of ${p(MUSEUM_SUBJECTS)}`, (p) => `${p(SURNAMES)} Theatre`, (p) => `${p(VENUE_NOUNS)} Botanical Garden`]],
  // Places whose signs say their kind: a hospital near a house is "Cedar Medical Center", never "Weber & Kowalski" or "Salty Meadow".
  [/hospital|clinic|medical|urgent care/, [(p) => `${p(SURNAMES)} Memorial Hospital`, (p) => `${p(VENUE_NOUNS)} Medical Center`, (p) => `St. ${p(SAINTS)} Hospital`, (p) => `${p(VENUE_NOUNS)} Health Clinic`, (p) => `${p(VENUE_NOUNS)} Valley Hospital`]],
  [/\bschools?\b|academ|elementary|kindergarten/, [(p) => `${p(SURNAMES)} Elementary School`, (p) => `${p(VENUE_NOUNS)} Middle School`, (p) => `${p(VENUE_NOUNS)} High School`, (p) => `${p(SURNAMES)} Academy`, (p) => `St. ${p(SAINTS)} School`]],
  [/\bbeach/, [(p) => `${p(VENUE_NOUNS)} Beach`, (p) => `${p(VENUE_NOUNS)} Cove`, (p) => `${p(BEACH_WORDS)} Beach`, (p) => `${p(VENUE_NOUNS)} Bay Beach`]],
  [/pharmac|drugstore|chemist/, [(p) => `${p(SURNAMES)} Pharmacy`, (p) => `${p(VENUE_NOUNS)} Pharmacy`, (p) => `${p(VENUE_NOUNS)} Drugs`, (p) => `${p(SURNAMES)}'s Apothecary`]],
  [/librar/, [(p) => `${p(SURNAMES)} Library`, (p) => `${p(VENUE_NOUNS)} Branch Library`, (p) => `${p(SURNAMES)} Memorial Library`]],
  [/\bbanks?\b|\batms?\b/, [(p) => `${p(VENUE_NOUNS)} Savings Bank`, (p) => `First ${p(VENUE_NOUNS)} Bank`, (p) => `${p(VENUE_NOUNS)} Credit Union`, (p) => `${p(SURNAMES)} Community Bank`]],
  [/cinema|movie theat|multiplex/, [(p) => `${p(SURNAMES)} Cinema`, (p) => `${p(VENUE_NOUNS)} Cinemas`, (p) => `${p(VENUE_NOUNS)} Theater`, (p) => `The ${p(VENUE_NOUNS)} Picture House`]],
  [/cater/, [(p) => `${p(SURNAMES)} Catering`, (p) => `${p(VENUE_NOUNS)} Events & Catering`, (p) => `${p(VENUE_NOUNS)} Kitchen Catering`, (p) => `${p(VENUE_ADJECTIVES)} ${p(VENUE_NOUNS)} Caterers`]],
  [/restaurant|food|eat|dining|dinner|lunch|brunch|grill|steak|seafood|vegan|vegetarian/, [(p) => `${p(SURNAMES)}'s`, (p) => `The ${p(VENUE_NOUNS)} & ${p(VENUE_NOUNS)}`, (p) => `${p(VENUE_NOUNS)} Kitchen`, (p) => `${p(VENUE_NOUNS)} Tavern`, (p) => `The ${p(VENUE_ADJECTIVES)} ${p(VENUE_NOUNS)}`, (p) => `Bistro ${p(FR)}`, (p) => `${p(VENUE_NOUNS)} House`, (p) => `${p(SURNAMES)} Grill`]],
];

/** Chinese names by kind, for places in a town whose addresses are written in Chinese (AMap's answers there). */
const ZH_PREFIX = ['老', '小', '福', '金', '鸿', '聚', '新', '和', '悦', '望'];
const ZH_SECOND = ['顺', '兴', '味', '香', '源', '满', '丰', '隆', '庭', '江'];
const ZH_KINDS: [RegExp, string[]][] = [
  [/hotel|hostel|inn|stay|lodging/, ['酒店', '宾馆', '大酒店', '客栈']],
  [/caf[eé]|coffee|tea/, ['咖啡', '茶馆', '咖啡馆']],
  [/park|garden/, ['公园', '园']],
  [/museum|galler/, ['博物馆', '美术馆', '艺术馆']],
  [/attraction|sight|landmark|tourist/, ['景区', '公园', '古镇', '纪念馆']],
  [/shop|store|market|mall/, ['商场', '超市', '市场']],
  [/restaurant|food|eat|dining/, ['饭店', '酒家', '面馆', '菜馆', '小馆']],
];

/** A made-up place in a Chinese-speaking town, named in Chinese as the map names it ("福顺饭店", "悦江酒店"). */
export function chineseVenueName(kind: string, r: Rng, used: Set<string>): string {
  const ends = ZH_KINDS.find(([re]) => re.test(kind.toLowerCase()))?.[1] ?? ['餐厅', '中心', '店'];
  for (let tries = 0; tries < 12; tries++) {
    const name = `${r.pick(ZH_PREFIX)}${r.pick(ZH_SECOND)}${r.pick(ends)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  return `${r.pick(ZH_PREFIX)}${r.pick(ZH_SECOND)}${r.pick(ends)}${r.int(2, 9)}号店`;
}

/**
 * The brands whose stations stand where a search for fuel or charging looks, by region: a station's sign is its
 * brand's, and a map names it so ("Shell", "Exxon", "Gulf Gas Station", as T-Eval's runs found them), never a brand
 * and a drawn word ("Mobil Cedar", "BP Magnolia Fuel Stop") nor a made-up "Pearl Gas & Go" (teval_query_277_0, 322_0:
 * simulated_station_name_made_up). A place nothing locates is an English-speaking town's (the generic streets), the US's.
 */
function stationBrands(kind: string, at?: { lat: number; lon: number }): readonly string[] | undefined {
  const charging = /charg|\bev\b|electric/.test(kind);
  if (!charging && !/\bgas\b|fuel|petrol|filling/.test(kind)) return undefined;
  const region = !at || (at.lon < -50 && at.lat > 15) ? (at && at.lon < -104 ? 'us west' : 'us') : at.lon > -25 && at.lon < 45 && at.lat > 34 ? 'europe' : at.lon > 128 && at.lat > 30 && at.lat < 46 ? 'japan' : at.lon > 73 && at.lon < 135 && at.lat > 18 ? 'china' : at.lon > 95 && at.lon < 141 && at.lat < 6 && at.lat > -11 ? 'indonesia' : at.lat < -10 && at.lon > 112 ? 'australia' : 'other';
  if (charging) return region === 'europe' ? ['Ionity', 'Tesla Supercharger', 'Fastned', 'Allego', 'Shell Recharge'] : region.startsWith('us') ? ['Tesla Supercharger', 'ChargePoint', 'EVgo', 'Electrify America', 'Blink'] : ['Tesla Supercharger', 'Shell Recharge', 'ChargePoint'];
  switch (region) {
    case 'us west': return ['Chevron', 'Shell', 'Arco', '76', 'Valero', 'Mobil', 'Texaco', 'Exxon', 'Circle K', 'Costco Gasoline'];
    case 'us': return ['Shell', 'Exxon', 'Mobil', 'BP', 'Sunoco', 'Citgo', 'Gulf', 'Speedway', 'Valero', 'Marathon', 'Getty', 'Chevron'];
    case 'europe': return ['Shell', 'BP', 'TotalEnergies', 'Esso', 'Texaco', 'Eni', 'Repsol', 'Aral', 'Q8', 'Jet'];
    case 'japan': return ['ENEOS', 'Idemitsu', 'Cosmo Oil', 'Kygnus', 'Apollostation'];
    case 'china': return ['Sinopec', 'PetroChina', 'Shell', 'BP', 'CNPC'];
    case 'indonesia': return ['Pertamina', 'Shell', 'BP', 'Vivo'];
    case 'australia': return ['Ampol', 'BP', 'Shell', '7-Eleven', 'United', 'Caltex'];
    default: return ['Shell', 'BP', 'TotalEnergies', 'Esso', 'Caltex', 'Petronas'];
  }
}

/**
 * A made-up place a search for `kind` finds, named as such places are ("Trattoria Lucia" for Italian
 * restaurants, "Juniper Suites" for hotels, "Okafor Memorial Park" for parks), from name forms and
 * word pools of the kind: thousands of names, none given twice in one answer (`used`). A kind none
 * of the forms fit is named for its owner or street word ("Hartley Car Wash").
 */
export function venueName(kind: string, r: Rng, used: Set<string>, inCity = false, at?: { lat: number; lon: number }): string {
  const k = kind.toLowerCase();
  const brands = stationBrands(k, at);
  if (brands) {
    // Each station of a list a brand of its own while the region's last; past them a brand again, as a map lists two Shells.
    const name = pickFresh(r, brands, used, (b) => b);
    used.add(name);
    return name;
  }
  // A kind none of the forms fit is named for its owner or a word of its own; the kind itself ends a
  // name only when it is one noun a business would put on its sign ("Hartley Cinema"), never a phrase
  // or an activity ("Varga Event Space", "Rossi Quantum Computing").
  const ownNoun = /^\p{L}+$/u.test(kind.trim()) && !/ing$/i.test(kind.trim());
  // A one-noun kind is on every sign of its places ("Hartley Cinema", "Juniper Cinema"): "Salty Meadow" says nothing of what it is.
  const forms = VENUE_FORMS.find(([re]) => re.test(k))?.[1] ?? (ownNoun ? [
    (p: (pool: readonly string[]) => string) => `${p(SURNAMES)} ${headline(kind)}`,
    (p: (pool: readonly string[]) => string) => `${p(VENUE_NOUNS)} ${headline(kind)}`,
    (p: (pool: readonly string[]) => string) => `The ${p(VENUE_ADJECTIVES)} ${p(VENUE_NOUNS)} ${headline(kind)}`,
  ] : [
    (p: (pool: readonly string[]) => string) => `${p(VENUE_ADJECTIVES)} ${p(VENUE_NOUNS)}`,
    (p: (pool: readonly string[]) => string) => `${p(SURNAMES)} & ${p(SURNAMES)}`,
    (p: (pool: readonly string[]) => string) => `The ${p(VENUE_NOUNS)} ${p(['Studio', 'Centre', 'Works', 'Place'])}`,
  ]);
  // In a city a park is a park, a garden or a square: "Heron Creek Trail" at "1 Columbus Avenue" and "Cedar Hill
  // Lookout" on Madison Avenue are the open country's (teval_query_310_2, 305_0). A kind with no city form keeps its own.
  const cityForms = inCity ? forms.filter((f) => !OPEN_COUNTRY.test(f((pool) => pool[0]))) : forms;
  const fit = cityForms.length ? cityForms : forms;
  for (let tries = 0; tries < 12; tries++) {
    const form = pickFresh(r, fit, used, (_, i) => `venue-form:${i}`);
    const name = form((pool) => r.pick(pool));
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  const name = `${r.pick(SURNAMES)} & ${r.pick(SURNAMES)} ${r.int(2, 9)}`;
  used.add(name);
  return name;
}

// -------------------------------------------------------------------------------------------
// Web search results
// -------------------------------------------------------------------------------------------

/** "Kuta Beach information" → "Kuta Beach": the words a search asks for, without the asking. */
export function searchSubject(query: string): string {
  return query
    .trim()
    // A question's subject: "What are the ethical implications of AI in healthcare?" is about the ethical implications of AI in healthcare.
    .replace(/[?？]+$/, '')
    .replace(/^(?:what|which)\s+(?:is|are|was|were)\s+(?:the\s+)?(?=\S+\s+\S)|^(?:tell\s+me\s+about|who\s+(?:is|was))\s+/i, '')
    .replace(/^(?:(?:search|look|looking)\s+(?:for|up)\s+|find\s+|information\s+(?:about|on)\s+|info\s+(?:about|on)\s+|details\s+(?:about|on)\s+)/i, '')
    .replace(/\s+(?:information|info|details|overview|news|updates)$/i, '')
    // "latest articles on mathematics education" asks for mathematics education.
    .replace(/^(?:(?:the\s+)?(?:latest|recent|new|newest)\s+)?(?:articles|papers|news|stories|updates|posts)\s+(?:on|about|regarding)\s+(?=\S)/i, '')
    .trim() || query.trim();
}

/** The film a web search asks about ("'The Lost City' movie news", "Inception reviews"), as the facts table names it. */
export function filmSearched(query: string): string | undefined {
  const q = query.trim().replace(/^["'“‘]|["'”’]$/g, '');
  const bare = q.replace(/\s+(?:(?:movie|film)\s+)?(?:news|reviews?|(?:official\s+)?trailers?|cast|box office|release date|plot|showtimes|information|info|details)(?:\s+and\s+(?:news|details|information|reviews?))?$|\s+(?:movie|film)$/i, '').replace(/^["'“‘](.+)["'”’]$/, '$1').trim();
  return (filmByTitle(bare) ?? seriesByTitle(bare))?.title ?? (filmByTitle(q) ?? seriesByTitle(q))?.title;
}

/** A film a web search names as one though the facts table does not know it ("Expend4bles movie details", "Shang-Chi and the Legend of the Ten Rings official trailer"): its title as written. */
export function unknownFilmSearched(query: string): string | undefined {
  const m = /^["'“‘]?(.+?)["'”’]?\s+(?:(?:movie|film)(?:\s+(?:news|reviews?|trailers?|cast|details|information|info|plot))?(?:\s+and\s+(?:news|details|information|reviews?))?|official\s+trailer|trailer)$/i.exec(query.trim());
  const title = m?.[1]?.replace(/^["'“‘](.+)["'”’]$/, '$1').trim();
  return title && /^[\p{Lu}\d]/u.test(title) ? title : undefined;
}

/** A page title's capitals: "top tourist attractions in Paris" → "Top Tourist Attractions in Paris" (small words stay small, names and acronyms as written). */
export function headline(text: string): string {
  const small = /^(a|an|the|and|or|but|of|in|on|at|to|for|by|with|from|vs|via|as)$/i;
  return text
    .split(/\s+/)
    .map((w, i) => (i > 0 && small.test(w) ? w.toLowerCase() : /^\p{Ll}/u.test(w) ? w.replace(/^./, (ch) => ch.toUpperCase()) : w))
    .join(' ');
}

type ResultForm = (s: string, h: string, r: Rng) => string;

/** Results for a place or a trip (a beach, attractions in Paris): travel sites, a guide, a forum. */
const TRAVEL_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Tripadvisor. See traveller reviews, photos and tips for ${s}, and find what is nearby.`,
  (s, h, r) => `${h}: All You Need to Know Before You Go (${r.int(2022, 2023)}). Opening times, how to get there and what to bring for ${s}, from people who have been.`,
  (s, h) => `${h} | Lonely Planet. Plan your visit to ${s} with our guide: when to go, where to stay and what not to miss.`,
  (s, h) => `Visiting ${s}? Here is what to know - Reddit. Locals and travellers share what they wish they had known before going to ${s}.`,
  (s, h, r) => `${h}: ${r.pick(['10', '12', '15', '20'])} Picks from Our Editors - Time Out. What we would see first of ${s}, updated for the season.`,
  (s, h) => `${h} - Travel Guide | Rough Guides. Background, history and getting to ${s}, with links to maps and further reading.`,
  (s, h) => `A local's guide to ${s} | Culture Trip. Where to eat near ${s}, when to avoid the crowds, and a few places most visitors miss.`,
];
/** Results for learning something (tutorials, how to, a course). */
const LEARN_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Coursera. Learn ${s} at your own pace with courses from universities and companies; many can be audited for free.`,
  (s, h) => `${h}: A Beginner's Guide - freeCodeCamp. A step-by-step walkthrough of ${s} with examples you can run yourself.`,
  (s, h) => `Getting started with ${s} - Reddit. Which resources on ${s} people found most useful when they were beginning, and which to skip.`,
  (s, h) => `${h} Explained | Khan Academy. Short videos and practice exercises that build up ${s} from the basics.`,
  (s, h) => `${h} - YouTube. Video lessons covering ${s}, from first steps to worked projects.`,
  (s, h) => `How to learn ${s} in ${['a month', 'six weeks', 'three months'][s.length % 3]} - Medium. One learner's plan, with the books and exercises that worked.`,
];
/** Results for anything else: reference pages, explainers, news. */
const GENERAL_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Wikipedia. An overview of ${s}: definitions, history and current developments, with references.`,
  (s, h) => `What Is ${h}? | IBM. An explainer on ${s}: how it works, where it is used and what to consider.`,
  (s, h) => `${h} - Latest News and Analysis | Reuters. Recent reporting on ${s} from our correspondents.`,
  (s, h) => `${h}: Definition, Examples and Uses - Investopedia. What ${s} means in practice, explained with examples.`,
  (s, h) => `${h} | Britannica. A concise article on ${s}, written and checked by subject editors.`,
  (s, h) => `${h} - Scientific American. Researchers explain what is known about ${s} and what is still debated.`,
  (s, h) => `What you should know about ${s} - The New York Times. A reader's guide to the questions people ask most often about ${s}.`,
  (s, h) => `${h} - MIT Technology Review. Where work on ${s} stands now and who is doing it.`,
  (s, h) => `${h}: Questions and Answers - Reddit. People ask about ${s}, and others who know it share links and experience.`,
];

/** Results for a film (its news, reviews, cast): film sites, never a travel guide or a finance glossary. */
const FILM_RESULTS: ResultForm[] = [
  (t) => `${t} - IMDb. Cast and crew, user reviews, trivia and release dates for ${t}.`,
  (t) => `${t} | Rotten Tomatoes. Critics' and audience scores for ${t}, with reviews and where to watch it.`,
  (t) => `${t} (film) - Wikipedia. The production, release and reception of ${t}, with references.`,
  (t) => `${t} news - Variety. Box office, casting and release reporting on ${t}.`,
  (t) => `${t} review - The Guardian. Our critic's verdict on ${t}, and what works and what does not.`,
  (t) => `${t}: what critics are saying - Reddit. Viewers trade opinions and links to reviews of ${t}.`,
];
/** Results for a film's news ("'The Lost City' movie news"): film sites that report, never an encyclopedia's article. */
const FILM_NEWS_RESULTS: ResultForm[] = [
  FILM_RESULTS[3],
  (t) => `${t} - The Hollywood Reporter. Reporting on ${t}: casting, release plans, box office and reviews.`,
  (t) => `${t} news - Deadline. Casting, release dates and box office reporting on ${t}.`,
  FILM_RESULTS[0],
  FILM_RESULTS[4],
];
/** Results for news on a subject: news sites. */
const NEWS_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Latest News and Analysis | Reuters. Recent reporting on ${s} from our correspondents.`,
  (s, h) => `${h} | BBC News. The latest stories, analysis and explainers on ${s}.`,
  (s, h) => `${h} - The Verge. Coverage of ${s}: announcements, reviews and what they mean.`,
  (s, h) => `${h} News | AP News. Breaking stories and updates on ${s}.`,
  (s, h) => `${h} - Nature News. What researchers have reported lately on ${s}.`,
];

/** Results for recipes and cooking: recipe sites, never a glossary or a news desk. */
const RECIPE_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Allrecipes. Find ${s} with ratings, reviews and step-by-step photos from home cooks.`,
  (s, h) => `${h} | BBC Good Food. Easy ${s}, tested by our cookery team.`,
  (s, h) => `${h} - Serious Eats. Our favourite ${s}, with the techniques behind them.`,
  (s, h) => `${h} | Food Network. ${cap(s)} from our chefs, with videos and reviews.`,
  (s, h) => `${h} - NYT Cooking. ${cap(s)} our editors return to, from quick weeknight dishes to weekend projects.`,
];
/** Results for exercise, diet and health: health and fitness sites. */
const HEALTH_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Healthline. An evidence-based guide to ${s}, reviewed by experts.`,
  (s, h) => `${h} - Mayo Clinic. What to know about ${s}, from Mayo Clinic staff.`,
  (s, h) => `${h} - Verywell Fit. ${cap(s)} explained, with tips for getting started safely.`,
  (s, h) => `${h}: Questions and Answers - Reddit. People ask about ${s}, and others who know it share links and experience.`,
  (s, h) => `${h} - Cleveland Clinic. Our specialists explain ${s} and what to ask your doctor.`,
];
/** Results for papers on a subject the item table does not know (webItems.ts): where papers are listed, never an encyclopedia's article about "research papers on X". */
const PAPER_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Papers With Code. The latest papers on ${s}, with code and results on the benchmarks they report.`,
  (s, h) => `${h} | Semantic Scholar. Papers on ${s}, sorted by date or by how often they are cited.`,
  (s, h) => `${h} - arXiv. Recent submissions on ${s}, with their abstracts and PDFs.`,
];
/** Results for traffic on a road or a route: road agencies and live maps, never an encyclopedia. */
const TRAFFIC_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Google Maps. Live traffic, incidents and the fastest route for ${s}.`,
  (s, h) => `${h} - Waze. Drivers report jams, crashes and closures on ${s} as they happen.`,
  (s, h) => `${h} - INRIX. Real-time speeds and delays for ${s}, updated every few minutes.`,
];
/** Results for prices, rents and costs: listing and price sites, never an encyclopedia. */
const PRICE_RESULTS: ResultForm[] = [
  (s, h) => `${h} - Zillow. Current listings and the typical rent and price for ${s}, by neighbourhood.`,
  (s, h) => `${h} - Zumper. Median rents for ${s} this month, with how they changed over the year.`,
  (s, h) => `${h} - RentCafe. Average rents and apartment sizes for ${s}, from current listings.`,
];
/** Results for a bare kind of place with no place named ("restaurant"): what the word is and where to find one, never a travel guide to "restaurant". */
const PLACE_KIND_RESULTS: ResultForm[] = [
  (s) => `${cap(s.replace(/ies$/, 'y').replace(/(?<!s)s$/, ''))} - Wikipedia. An overview of ${s}: their history, their kinds and how they are run, with references.`,
  (s, h) => `${h} Near Me - Yelp. Find ${s} near you, with reviews, photos and opening hours.`,
  (s, h) => `${h} - Google Maps. ${cap(s)} around you on the map, with ratings and directions.`,
];
/** Words of a search for what is happening now ("current political situation", "latest marketing trends"): news answers it, not an encyclopedia. */
const LIVE_WORDS = /\b(?:current|latest|recent|today'?s|upcoming|news|breaking)\b/i;
const PAPER_WORDS = /\b(?:papers|publications|preprints)\b/i;
const TRAFFIC_WORDS = /\btraffic\b/i;
const PRICE_WORDS = /\b(?:prices?|rents?|rental|costs?)\b/i;
const PLACE_KINDS = /^(?:restaurants?|cafes?|caf\u00e9s?|hotels?|bars?|museums?|parks?|shops?|stores?|gas stations?|hospitals?|pharmac(?:y|ies))$/i;
const RECIPE_WORDS = /\b(?:recipes?|cooking|dishes|meals?|baking|cuisine)\b/i;
const HEALTH_WORDS = /\b(?:workouts?|exercises?|fitness|diet|diets|nutrition|weight loss|training routines?|yoga|health)\b/i;
/** Words of a search that is about a place but not a visit to it (its prices, its traffic, its politics): no travel guide answers it. */
const NOT_TRAVEL_WORDS = /\b(?:prices?|rent|rental|rents|traffic|costs?|salar(?:y|ies)|housing|politic(?:s|al)|market|economy|crime|population|conditions)\b/i;
/** The glossary forms ("What Is X? | IBM", "X: Definition, Examples and Uses - Investopedia"): only for a term, not a plural or a phrase with a preposition. */
const TERM_FORMS = new Set([1, 3]);
const isTerm = (subject: string) => subject.trim().split(/\s+/).length <= 3 && !/\b(?:of|in|on|for|from|to|about|with|and)\b/i.test(subject) && !/[^s]s$/i.test(subject.trim());

const TRAVEL_WORDS = /\b(beach|beaches|attractions?|things to do|visit|travel|trip|itinerary|hotels?|restaurants?|museums?|parks?|sights?|tour|tourist|island|city|landmarks?|weather)\b/i;
const LEARN_WORDS = /\b(tutorials?|how to|learn|beginners?|beginner-friendly|course|courses|guide|introduction|basics)\b/i;

/**
 * One web search result as a line: the page's title, its site, and the snippet the search shows,
 * about what the query asks (its subject, not "Kuta Beach information"). Which sites answer follows
 * what is asked: a place or a trip finds travel pages, "tutorials on X" learning pages, anything else
 * reference and news pages. One answer never takes the same form twice.
 */
/** Results for a search asked in Chinese: Chinese sites, Chinese snippets; a film finds its Douban page, a place travel sites. */
const ZH_FILM_RESULTS: ResultForm[] = [
  (s) => `${s} (豆瓣). ${s}的剧情简介、演职员、短评与影评，来自豆瓣电影的用户。`,
  (s) => `${s} - 百度百科. ${s}的基本信息、剧情简介、演职员表与幕后花絮。`,
  (s) => `如何评价电影《${s}》？ - 知乎. 看过《${s}》的网友分享了各自的观感，有人称赞，也有人提出了不同看法。`,
  (s) => `${s} - 电影 - 时光网. ${s}的上映信息、预告片与剧照。`,
  (s) => `${s}_影评 - 豆瓣电影. 网友撰写的${s}长篇影评，按有用程度排序。`,
];
const ZH_TRAVEL_RESULTS: ResultForm[] = [
  (s) => `${s}旅游攻略 - 马蜂窝. 去${s}玩，交通、住宿和必去景点，来自旅行者的真实游记。`,
  (s) => `${s} - 携程旅行. ${s}的门票、开放时间、交通指南和游客点评。`,
  (s) => `${s} - 百度百科. ${s}的地理位置、历史沿革与主要景点介绍。`,
  (s) => `${s}有哪些值得去的地方？ - 知乎. 本地人和去过的网友推荐了各自心中的好去处。`,
  (s) => `${s}附近美食推荐 - 大众点评. 网友评分最高的餐厅与小吃，附人均价格。`,
];
const ZH_GENERAL_RESULTS: ResultForm[] = [
  (s) => `${s} - 百度百科. ${s}的定义、历史与相关知识，附参考资料。`,
  (s) => `关于${s}，有哪些值得了解的知识？ - 知乎. 网友从不同角度谈${s}，并给出了参考链接。`,
  (s) => `${s} - 维基百科，自由的百科全书. ${s}的概述、历史与相关条目。`,
  (s) => `${s}最新消息 - 新浪新闻. 关于${s}的最新报道与评论。`,
  (s) => `${s}是什么？一文读懂 - 搜狐. 用通俗的语言介绍${s}的来龙去脉。`,
];

export function searchResult(c: TextCtx): string {
  const query = c.subject || topicOf(c);
  // A search for named things, or for what a thing is, that the table knows finds real pages saying it (webItems.ts),
  // in the table's order, as Google ranks them; once they are all listed, the pages below are the usual ones.
  const page = itemPages(query)?.find((p) => !c.used?.has(`item:${p.title}`));
  if (page) {
    c.used?.add(`item:${page.title}`);
    c.used?.add(`item-site:${siteOf(page.title)}`);
    return `${page.title}. ${page.snippet}`;
  }
  if (isChinese(query)) {
    const q = query.trim().replace(/(?:\s*电影)?\s*(?:预告片|简介|介绍|信息)$|\s*电影$/, '') || query.trim();
    const pool = filmByTitle(q) || seriesByTitle(q) || /电影|预告片/.test(query) ? ZH_FILM_RESULTS : placesNamedIn(q).length || /景点|旅游|攻略|酒店|美食/.test(q) ? ZH_TRAVEL_RESULTS : ZH_GENERAL_RESULTS;
    return freshResult(c, pool, q, q);
  }
  const film = filmSearched(query) ?? unknownFilmSearched(query);
  if (film) return freshResult(c, LIVE_WORDS.test(query) ? FILM_NEWS_RESULTS : FILM_RESULTS, film, film);
  const subject = searchSubject(query).replace(/^(?:(?:top|best|most popular|popular|famous|latest|recent|current|new)\s+)+/i, '');
  const s = topicAsNounPhrase(topicInProse(subject));
  const h = headline(subject);
  const general = isTerm(subject) ? GENERAL_RESULTS : GENERAL_RESULTS.filter((_, i) => !TERM_FORMS.has(i));
  // A road's traffic is told for its route ("Seattle to Portland"), a place's prices for the place.
  const route = /\bfrom\s+(.+?)\s+to\s+(.+?)$/i.exec(query.trim());
  if (TRAFFIC_WORDS.test(query) && route) return freshResult(c, TRAFFIC_RESULTS, `the drive from ${route[1]} to ${route[2]}`, `${headline(route[1])} to ${headline(route[2])} Traffic`);
  const priced = placesNamedIn(query)[0]?.name;
  if (PRICE_WORDS.test(query) && !RECIPE_WORDS.test(query) && priced) return freshResult(c, PRICE_RESULTS, priced, `${priced} ${/\brent/i.test(query) ? 'Rent' : ''} Prices`.replace(/\s+/g, ' '));
  const paperTopic = /\b(?:papers|publications|preprints)\s+(?:on|about|in|for)\s+['"“‘]?(.+?)['"”’]?$/i.exec(query.trim())?.[1];
  if (PAPER_WORDS.test(query) && paperTopic) return freshResult(c, PAPER_RESULTS, paperTopic, headline(paperTopic));
  if (PLACE_KINDS.test(query.trim())) return freshResult(c, PLACE_KIND_RESULTS, s, headline(s));
  const pool = LIVE_WORDS.test(query) && !LEARN_WORDS.test(query) && !RECIPE_WORDS.test(query) && !HEALTH_WORDS.test(query) && !TRAVEL_WORDS.test(query) ? NEWS_RESULTS : PLACE_KINDS.test(query.trim()) ? PLACE_KIND_RESULTS : PAPER_WORDS.test(query) ? PAPER_RESULTS : TRAFFIC_WORDS.test(query) ? TRAFFIC_RESULTS : PRICE_WORDS.test(query) ? PRICE_RESULTS : LEARN_WORDS.test(query) ? LEARN_RESULTS : /\b(?:news|articles|stories|updates)\b/i.test(query) && subject.trim().toLowerCase() !== query.trim().toLowerCase() ? NEWS_RESULTS : RECIPE_WORDS.test(query) ? RECIPE_RESULTS : HEALTH_WORDS.test(query) ? HEALTH_RESULTS : (TRAVEL_WORDS.test(query) || placesNamedIn(query).length) && !NOT_TRAVEL_WORDS.test(query) ? TRAVEL_RESULTS : general;
  const learning = s.replace(/^(?:(?:beginner-friendly|beginner|free|online|good|best)\s+)*(?:tutorials?|courses?|guides?|resources?)\s+(?:on|for|about|in)\s+/i, '');
  return freshResult(c, pool, pool === LEARN_RESULTS ? learning : s, pool === LEARN_RESULTS ? headline(learning) : h);
}

/** One of `pool`'s results this answer has not used, never a page the item table already listed in it ("Restaurant - Wikipedia" twice). */
function freshResult(c: TextCtx, pool: readonly ResultForm[], s: string, h: string): string {
  for (let tries = 0; ; tries++) {
    const line = freshForm(c, 'result', pool)(s, h, c.rng);
    const title = line.slice(0, line.indexOf('. '));
    // Nor a second page of a site a table page is on ("Inception (film) - Wikipedia" beside "Inception - Wikipedia").
    if (tries >= pool.length || (!c.used?.has(`item:${title}`) && !c.used?.has(`item-site:${siteOf(title)}`))) return line;
  }
}
/** The site a result's title ends with (" - Wikipedia", " | IMDb", " (豆瓣)"), or the title itself. */
const siteOf = (title: string) => /(?:\s[-|]\s[^-|]+|\s?\([^()]+\))$/.exec(title)?.[0].trim() ?? title;

const ZH_GENRES: [RegExp, string][] = [[/drama/i, '剧情'], [/thrill/i, '惊悚'], [/comed/i, '喜剧'], [/science|sci-?fi/i, '科幻'], [/adventure/i, '冒险'], [/crime/i, '犯罪'], [/anima/i, '动画'], [/roman/i, '爱情'], [/action/i, '动作'], [/documentar/i, '纪录片'], [/histor/i, '历史'], [/fantas/i, '奇幻'], [/horror/i, '恐怖'], [/family/i, '家庭'], [/\bwar\b/i, '战争'], [/myster/i, '悬疑']];

/**
 * Douban's details of a film the facts table does not know, in Douban's words: only what the list
 * that named it gave (its region, genre, director, cast and score, as recorded), and Douban's own
 * "暂无剧情简介" for the synopsis it has not got. A real title's credits are never made up.
 */
function doubanFilm(film: string, genre: string | undefined, listed: TextCtx['listed']): string {
  const text = (k: string) => (typeof listed?.[k] === 'string' && (listed[k] as string).trim() ? (listed[k] as string).trim() : undefined);
  const zhGenre = genre && (HAN_RE.test(genre) ? genre : ZH_GENRES.find(([re]) => re.test(genre))?.[1]);
  const region = text('region');
  const director = text('director');
  const actors = text('actors');
  const score = typeof listed?.score === 'number' ? listed.score : undefined;
  const what = region || zhGenre ? `是一部${region ? `${region}的` : ''}${zhGenre ?? ''}电影` : '';
  const by = director ? `，由${director.split(/\s*\/\s*/).join('、')}导演` : '';
  const cast = actors ? `，${actors.split(/\s*\/\s*/).join('、')}等人主演` : '';
  const rated = score !== undefined ? `，豆瓣评分${score}` : '';
  return `${film}${what}${by}${cast}${rated}.\n剧情简介：暂无剧情简介。`;
}
const HAN_RE = /\p{Script=Han}/u;

/** Douban's details of a series the facts table knows: what it is (a series, not a film) and only what is sure. */
function doubanSeries(s: SeriesFact): string {
  return `${s.zh}是一部${s.regionZh}的${s.genresZh.join('、')}电视剧，${s.year}年播出，由${s.directorZh}导演，${s.castZh.join('、')}等人主演.\n剧情简介：${s.premiseZh}`;
}

/** A passage for a text field: its form follows what the answer is about (a film, a property, a company, a file, a paper). */
export function passage(field: string, c: TextCtx): string {
  const r = c.rng;
  const about = `${field} ${c.hint}`.toLowerCase();
  const t = topicOf(c);
  if (/review|comment/.test(about) && /propert|airbnb|room|hotel/.test(about)) return review(r, STAY_OPENINGS, STAY_DETAILS, STAY_CLOSINGS);
  if (/review|comment/.test(about)) return review(r, FILM_OPENINGS, FILM_DETAILS.map((d) => () => d), FILM_CLOSINGS);
  if (/film|movie/.test(about)) {
    const film = argText(c, /film|movie|title|name/i);
    // A film a search for a topic found ("fitness") is about that topic.
    if (!film && c.subject && isTopicQuery(c.subject)) return topicPlot(c.subject, r);
    if (!film) return plot(r);
    const series = seriesByTitle(film);
    if (series) return doubanSeries(series);
    if (/douban/i.test(c.hint) && isChinese(film)) return doubanFilm(film, c.genre, c.listed);
    // A film the facts table does not know: what the list that named it said, and no credits or plot made up for a real title.
    return c.genre ? `${film} is ${withArticle(c.genre)} film. No synopsis has been added for it yet.` : `${film}: no synopsis has been added for this film yet.`;
  }
  if (/news|ticker|stock/.test(about) && /summary|content|body/.test(field.toLowerCase())) return cap(freshForm(c, 'news', NEWS)(argText(c, /ticker|search|symbol/i) ?? 'the company', r));
  if (/company|ticker|stock|asset/.test(about)) {
    const who = argText(c, /ticker|search|symbol|name/i) ?? 'The company';
    return `${who} ${r.pick(['designs and sells', 'develops and markets', 'manufactures and distributes'])} ${r.pick(['consumer electronics and software', 'industrial equipment', 'medical devices', 'cloud services for businesses', 'packaged foods'])}, with ${r.pick(['operations', 'customers', 'offices'])} in more than ${r.int(10, 150)} countries.`;
  }
  if (/search result|serper|web search/.test(about)) return searchResult(c);
  if (/arxiv|paper|article|scholar|summary|abstract/.test(about)) return abstract(c);
  if (/file|text/.test(about)) {
    const path = endpoint(c.args, /path|file/i);
    const name = path ? path.split(/[\\/]/).pop()!.replace(/\.[a-z0-9]+$/i, '').replace(/[_-]+/g, ' ') : t;
    return r.pick([
      `${cap(name)}\n\nPrepared by ${r.pick(FIRST)} ${r.pick(LAST)}.\n\n1. Background\n2. Current status\n3. Next steps`,
      `Notes: ${name}\n- ${r.int(2, 9)} items reviewed\n- open questions sent to the team\n- follow-up scheduled for next week`,
      // Text that points below has something below it: the decisions it says it collects.
      `${cap(name)}\nLast updated by ${r.pick(FIRST)} ${r.pick(LAST)}.\nThis file collects the decisions agreed so far:\n- scope agreed with the team\n- ${r.pick(['budget to be confirmed', 'owners named for each task', 'timeline under review'])}\n- next review in ${r.pick(['one week', 'two weeks', 'a month'])}`,
    ]);
  }
  if (/mail|body|message/.test(about)) {
    return r.pick([
      `Hi, just a quick note about ${t}. Could you take a look when you have a moment? Thanks, ${r.pick(FIRST)}`,
      `Hello, a short update on ${t}: the draft is ready for review. Let me know if you have any questions.`,
      `Reminder: the meeting about ${t} is moved to ${r.pick(['Tuesday', 'Thursday', 'Friday'])} at ${r.int(9, 16)}:00.`,
    ]);
  }
  return r.pick([
    `${cap(t)}: ${abstract({ ...c, subject: t })}`,
    `Results for "${t}": ${r.int(2, 40)} matching entries, the most relevant first.`,
    abstract({ ...c, subject: t }),
  ]);
}

// -------------------------------------------------------------------------------------------
// Reviews: a rating and a text that agree, each review in its own words
// -------------------------------------------------------------------------------------------

/** What a list of reviews reviews: a stay (Airbnb's 1–5 whole stars) or a film (TMDB users' marks out of 10). */
export type ReviewKind = 'stay' | 'film';

/**
 * A review's rating as the recorded answers give it: Airbnb guests give whole stars from 1 to 5,
 * most of them 5 ('rating': 5, 3 for "a very tiny room"); TMDB users give whole marks out of 10 (9.0, 10.0).
 */
export function reviewRating(kind: ReviewKind, r: Rng): number {
  const x = r.float();
  if (kind === 'stay') return x < 0.62 ? 5 : x < 0.86 ? 4 : x < 0.95 ? 3 : x < 0.98 ? 2 : 1;
  return x < 0.2 ? 10 : x < 0.42 ? 9 : x < 0.6 ? 8 : x < 0.74 ? 7 : x < 0.84 ? 6 : x < 0.91 ? 5 : x < 0.96 ? 4 : r.int(1, 3);
}

type Mood = 'good' | 'mixed' | 'bad';
/** What a review can name: the stay's one host, its town and a street of it; the film's title. */
export interface ReviewAbout {
  host: string;
  town?: string;
  street?: string;
  title?: string;
  /** How many the stay sleeps: no review has room for a larger party, nor a second bed in a place for one or two. */
  capacity?: number;
  /** What the stay is, in a guest's word ("room", "house"): a private room is no "cosy flat". */
  noun?: string;
}
type Say = (r: Rng, a: ReviewAbout) => string;
/** One thing a review talks about, in a few people's words for it going well and badly. */
interface Aspect { good: Say[]; bad: Say[] }

const mins = (r: Rng) => r.pick(['two', 'three', 'four', 'five', 'ten', 'a few', 'six', 'eight']);
const town = (a: ReviewAbout, r: Rng) => a.town ?? r.pick(['the old town', 'the centre', 'downtown']);
// Where no street of the map is known to be the stay's, a guest's own words for one: not the British "high street" in San Francisco.
const street = (a: ReviewAbout, r: Rng) => a.street ?? r.pick(['the main street', 'our street']);
/** Parties a guest may say the place had room for: none larger than it sleeps. */
const PARTY_WORDS: [string, number][] = [['the four of us', 4], ['two families', 4], ['a couple with a baby', 3], ['our luggage', 1], ['three friends', 3], ['the kids to play', 3], ['the two of us', 2], ['our bags and bikes', 1]];
function partiesFor(a: ReviewAbout): string[] {
  return PARTY_WORDS.filter(([, n]) => n <= (a.capacity ?? 99)).map(([w]) => w);
}
/** A place that sleeps more than two, which a second bed or bedroom may be in. */
const roomy = (a: ReviewAbout) => (a.capacity ?? 99) > 2 && a.noun !== 'room';
const STAY_ASPECTS: Record<string, Aspect> = {
  host: {
    good: [
      (r, a) => `${a.host} answered every message ${r.pick(['within minutes', 'straight away', 'even late at night', 'in a few minutes'])}`,
      (r, a) => `${a.host} left ${r.pick(['a list of places to eat', 'a hand-drawn map of the area', 'coffee and fresh bread', 'a bottle of wine', 'tips for ' + town(a, r), 'pastries from ' + street(a, r)])} for us`,
      (r, a) => `${a.host} was ${r.pick(['a lovely host', 'so welcoming', 'kind and helpful', 'easy to reach'])}`,
      (r, a) => `${a.host} let us ${r.pick(['drop our bags early', 'check out late on the last day', 'store our luggage after check-out', 'check in an hour early'])}`,
      (r, a) => `${a.host} ${r.pick(['met us at the door', 'showed us round', 'gave us the tour'])} ${r.pick(['despite our late flight', 'and explained everything', 'with a big smile'])}`,
    ],
    bad: [
      (r, a) => `${a.host} took ${r.pick(['a day', 'two days', 'ages'])} to reply`,
      (r) => `nobody was there at check-in and we waited ${r.pick(['forty minutes', 'over an hour', 'half an hour', 'twenty minutes'])}`,
      (r, a) => `${a.host} ${r.pick(['never answered our question about parking', 'charged us extra for late check-in', 'was hard to reach'])}`,
    ],
  },
  location: {
    good: [
      // A bus stop, not a "train station on Divisadero Street": no street of the map is known to have a station.
      (r, a) => (a.street ? `the bus stop on ${a.street} is ${mins(r)} minutes on foot` : `the ${r.pick(['nearest bus stop', 'bus stop', 'station'])} is ${mins(r)} minutes on foot`),
      (r, a) => `${r.pick(['perfect', 'great', 'ideal', 'handy'])} location for ${r.pick(['exploring', 'seeing', 'walking around'])} ${town(a, r)}`,
      (r, a) => `we walked ${r.pick(['everywhere', 'to most sights', 'into town every day', 'to dinner every night'])} from ${street(a, r)}`,
      (r) => `${r.pick(['a bakery', 'a supermarket', 'a little park', 'a good coffee place', 'a pharmacy', 'a laundrette', 'a wine bar'])} ${r.pick(['right around the corner', 'on the next block', 'across the road', 'two doors down', 'at the end of the street'])}`,
    ],
    bad: [
      (r, a) => `it is a ${r.pick(['long', 'fair', 'tiring'])} way from ${r.pick(['anything', 'the centre of ' + town(a, r), 'the sights', 'the station'])}`,
      (r) => `getting there took ${r.pick(['two buses', 'a long taxi ride', 'a steep climb', 'two changes of train'])}`,
    ],
  },
  clean: {
    good: [() => 'spotless', (r) => `${r.pick(['everything', 'the whole place', 'the flat', 'every room'])} was ${r.pick(['very', 'really', 'perfectly', 'impeccably'])} clean`, (r) => `clean ${r.pick(['towels and sheets', 'and tidy', 'from the floors to the fridge', 'and fresh-smelling'])}`],
    bad: [(r) => `the ${r.pick(['bathroom', 'kitchen', 'oven', 'fridge'])} was not properly cleaned`, (r) => `we found ${r.pick(['dust under the beds', 'crumbs in the kitchen drawers', 'hair in the shower', 'stains on the sofa'])}`],
  },
  bed: {
    good: [(r) => `the bed was ${r.pick(['very', 'really', 'so'])} comfortable`, (r) => `slept ${r.pick(['like a log', 'really well', 'better than at home', 'soundly every night'])}`],
    bad: [(r) => `the mattress is ${r.pick(['worn out', 'too soft', 'lumpy'])}`, (r, a) => `the ${r.pick(roomy(a) ? ['sofa bed', 'second bed', 'pillows', 'bunk beds'] : ['pillows', 'curtains', 'duvet'])} could do with replacing`],
  },
  kitchen: {
    good: [(r) => `the kitchen has ${r.pick(['everything you need to cook', 'a proper oven and good knives', 'a coffee machine and plenty of pans', 'a dishwasher and a big fridge', 'spices, oil and a kettle'])}`, (r, a) => `we cooked ${r.pick(['most evenings', 'twice', 'every breakfast'])} with food from ${r.pick(['the market', 'the shop', 'a deli'])} on ${street(a, r)}`],
    bad: [(r) => `the kitchen had ${r.pick(['one working burner', 'hardly any pans', 'no kettle', 'blunt knives and no oven'])}`],
  },
  view: {
    good: [(r, a) => `the view ${r.pick(['over', 'across', 'of'])} ${town(a, r)} from the ${r.pick(['balcony', 'terrace', 'living room', 'bedroom window', 'roof'])} ${r.pick(['is stunning', 'was the highlight', 'is worth the stairs', 'is lovely at sunset'])}`],
    bad: [(r) => `the windows look ${r.pick(['onto a wall', 'straight into the neighbours', 'onto a car park'])}`],
  },
  quiet: {
    good: [(r) => `${r.pick(['very', 'really', 'lovely and'])} quiet at night`, (r) => `quiet ${r.pick(['street', 'building', 'courtyard side', 'neighbours'])}`],
    bad: [(r, a) => `the ${r.pick(['bedroom faces', 'flat is right on', 'windows open onto'])} ${street(a, r)}, which is ${r.pick(['loud until late', 'busy all night', 'noisy from six'])}`, (r) => `the ${r.pick(['bar downstairs is loud until late', 'walls are thin', 'lift is noisy'])}`],
  },
  wifi: {
    good: [(r) => `the wifi was ${r.pick(['fast enough for video calls', 'quick and reliable', 'good enough to work from'])}`, () => 'good wifi'],
    bad: [(r) => `the wifi ${r.pick(['kept dropping', 'was too slow to work', 'only reached the living room', 'needed a restart every day'])}`],
  },
  checkin: {
    good: [(r) => `self check-in with the ${r.pick(['lockbox', 'keypad', 'smart lock', 'key safe', 'door code', 'key box'])} was ${r.pick(['easy', 'simple', 'painless', 'a breeze', 'quick', 'no trouble at all'])}`, (r) => `check-in was ${r.pick(['smooth', 'quick', 'easy', 'straightforward', 'flexible', 'a breeze'])}`],
    bad: [(r) => `the check-in instructions were ${r.pick(['confusing', 'out of date', 'missing a step'])}`, (r) => `the key code did not work ${r.pick(['the first night', 'on arrival', 'twice'])}`],
  },
  bathroom: {
    // "Strong" is said of a shower or its water pressure, never of a room ("Strong bathroom."): the same two draws, the room said as its shower.
    good: [(r) => `${r.pick(['great', 'lovely', 'strong'])} ${r.pick(['shower', 'water pressure', 'bathroom'])}`.replace(/^strong bathroom$/, 'strong shower')],
    bad: [(r) => `the shower ${r.pick(['runs cold after ten minutes', 'barely trickles', 'leaks onto the floor', 'has no door'])}`],
  },
  space: {
    good: [(r, a) => `plenty of room for ${r.pick(partiesFor(a))}`, (r) => `${r.pick(['bigger', 'roomier', 'brighter'])} than it looks in the ${r.pick(['photos', 'pictures', 'listing'])}`],
    bad: [(r) => `${r.pick(['much', 'a lot', 'quite a bit'])} smaller than the ${r.pick(['photos suggest', 'listing says', 'pictures make it look'])}`, (r, a) => `the ${r.pick(roomy(a) ? ['second bedroom', 'living room', 'kitchen'] : a.noun === 'room' ? ['bathroom', 'wardrobe'] : ['living room', 'kitchen', 'bathroom'])} is ${r.pick(['really', 'very', 'rather'])} cramped`],
  },
  value: {
    good: [(r, a) => `good value for ${r.pick([town(a, r), 'the area', 'the size'])}`, () => 'worth every penny'],
    bad: [(r) => `overpriced ${r.pick(['for what you get', 'once the cleaning fee is added', 'for the size'])}`],
  },
};
const STAY_OPEN: Record<Mood, string[]> = {
  good: ['Great stay.', 'Loved it.', 'Exactly as described.', 'Highly recommend.', 'Perfect for a weekend.', 'Wonderful place.', 'Our second stay here.', 'Such a cosy flat.', 'Lovely stay.', 'A gem.'],
  mixed: ['Mixed feelings.', 'It was fine overall.', 'OK for a night or two.', 'Some good and some bad.', 'Decent.'],
  bad: ['Disappointing.', 'Not as advertised.', 'Would not stay again.', 'Avoid.', 'Not what we hoped for.'],
};
const STAY_CLOSE: Record<Mood, string[]> = {
  good: ['Would stay again!', 'Thank you!', 'We will be back.', 'Recommended.', 'Five stars.', 'Would book again.'],
  mixed: ['Fine for the price.', 'Might return if fixed.', 'Just about OK.', 'Three stars.'],
  bad: ['We left a day early.', 'Look elsewhere.', 'Not worth the money.', 'Asked for a partial refund.'],
};

const film = (a: ReviewAbout, r: Rng) => a.title ?? r.pick(['this film', 'the film', 'this one']);
const FILM_ASPECTS: Record<string, Aspect> = {
  acting: {
    good: [(r) => `the ${r.pick(['lead', 'whole cast', 'supporting cast', 'two leads', 'ensemble', 'young lead'])} ${r.pick(['is superb', 'never puts a foot wrong', 'carries every scene', 'is a joy to watch', 'is pitch perfect'])}`, (r) => `the performances are ${r.pick(['wonderful', 'terrific', 'first rate'])}`],
    bad: [(r) => `the ${r.pick(['lead', 'cast', 'villain', 'hero'])} ${r.pick(['is wooden', 'seems bored', 'overacts badly', 'is miscast'])}`],
  },
  script: {
    good: [(r) => `${r.pick(['sharp', 'witty', 'clever'])}, ${r.pick(['funny', 'quotable', 'natural'])} dialogue`, (r) => `the writing is ${r.pick(['smart', 'tight', 'careful'])} and never ${r.pick(['talks down to you', 'wastes a line', 'spells things out'])}`],
    bad: [(r) => `the script is ${r.pick(['full of holes', 'thin', 'lazy'])}`, (r) => `the dialogue ${r.pick(['is clumsy', 'spells everything out', 'falls flat', 'sounds like nobody talks'])}`],
  },
  pacing: {
    good: [(r) => `it ${r.pick(['never drags', 'moves fast', 'never lets up'])}`, (r) => `${r.pick(['two', 'almost three', 'two and a half'])} hours ${r.pick(['flew by', 'went by in a flash', 'felt like one'])}`],
    bad: [(r) => `the ${r.pick(['middle hour', 'second act', 'first half'])} drags`, (r) => `it could lose ${r.pick(['twenty', 'thirty', 'forty'])} minutes`],
  },
  music: {
    good: [(r) => `the ${r.pick(['score', 'soundtrack', 'music'])} ${r.pick(['is gorgeous', 'stays with you', 'does a lot of the work', 'is on my playlist now'])}`],
    bad: [(r) => `the ${r.pick(['score', 'music', 'soundtrack'])} is ${r.pick(['too loud', 'intrusive', 'syrupy'])} and ${r.pick(['tells you what to feel', 'drowns the dialogue', 'never lets a scene breathe'])}`],
  },
  look: {
    good: [(r) => `${r.pick(['beautifully', 'gorgeously', 'strikingly'])} shot`, (r) => `every frame ${r.pick(['could hang on a wall', 'is composed with care', 'looks like a painting'])}`],
    bad: [(r) => `it looks ${r.pick(['cheap', 'flat', 'muddy'])}`, (r) => `the ${r.pick(['effects', 'sets', 'digital effects'])} have not aged well`],
  },
  ending: {
    good: [(r) => `the ending ${r.pick(['hit me hard', 'is perfect', 'stayed with me for days'])}`, (r) => `the final ${r.pick(['scene', 'twenty minutes', 'act', 'shot'])} ${r.pick(['is perfect', 'had me holding my breath', 'ties it all together', 'is unforgettable'])}`],
    bad: [(r) => `the ending ${r.pick(['falls apart', 'is rushed', 'feels tacked on'])}`, (r) => `the twist is obvious from ${r.pick(['the start', 'the first scene', 'the trailer'])}`],
  },
  story: {
    good: [(r, a) => `${film(a, r)} ${r.pick(['grips you', 'hooks you', 'has you'])} from the ${r.pick(['first scene', 'opening shot', 'first minute'])}`, (r) => `the ${r.pick(['plot', 'story', 'premise'])} ${r.pick(['keeps you guessing', 'is simple and moving', 'goes somewhere unexpected', 'rewards attention'])}`],
    bad: [(r) => `the story ${r.pick(['goes nowhere', 'is muddled', 'runs out of steam'])}`, (r) => `too many ${r.pick(['subplots', 'characters', 'flashbacks'])}`],
  },
  characters: {
    good: [(r) => `characters you ${r.pick(['care about', 'believe in', 'root for'])}`, (r) => `even the ${r.pick(['small parts', 'minor characters', 'extras'])} feel like real people`],
    bad: [(r, a) => `I did not care about anyone in ${film(a, r)}`, (r) => `the characters are ${r.pick(['cardboard', 'clichés', 'paper thin'])}`],
  },
  rewatch: {
    good: [(r, a) => `${r.pick(['I have seen', 'I rewatched', 'we watched'])} ${film(a, r)} ${r.pick(['three times', 'again last week', 'twice this year'])}`],
    bad: [(r, a) => `${film(a, r)} ${r.pick(['is not worth a second look', 'was hard to finish'])}`],
  },
};
const FILM_OPEN: Record<Mood, string[]> = {
  good: ['A masterpiece.', 'Loved it.', 'Still holds up.', 'An absolute classic.', 'Wow.', 'Brilliant.', 'Worth every minute.', 'Watched it twice.'],
  mixed: ['Not bad, not great.', 'Watchable.', 'Good in parts.', 'Somewhat overrated.', 'A mixed bag.'],
  bad: ['A let-down.', 'Overrated.', 'Not for me.', 'I wanted to like it.', 'Hard to sit through.'],
};
const FILM_CLOSE: Record<Mood, string[]> = {
  good: ['Must see.', 'Highly recommended.', 'Will watch again.', '10/10.', 'One for the collection.'],
  mixed: ['Worth a look on TV.', 'Fine for a rainy afternoon.', 'Glad I saw it once.', '6/10.'],
  bad: ['Skip it.', 'Two wasted hours.', 'Cannot recommend.', '3/10.'],
};

/** The clauses of a review of seven words or more, in lower case: what a reader recognises when it comes back. */
export function reviewClauses(text: string): string[] {
  return text.split(/[.!?:;]|, and |, but /).map((c) => c.trim().toLowerCase().replace(/\s+/g, ' ')).filter((c) => c.split(' ').length >= 7);
}

function moodOf(kind: ReviewKind, rating: number): Mood {
  const top = kind === 'stay' ? 5 : 10;
  const share = rating / top;
  return share >= 0.8 ? 'good' : share > 0.5 ? 'mixed' : 'bad';
}

/**
 * A review's text that says what its rating says: five stars praise, one or two stars complain, a
 * middling rating weighs a good point against a bad one. Its points are things people talk about
 * (the host, the bed, the pacing), each in one of several phrasings with its own particulars, and no
 * point is made twice in one answer (`used`), so three reviews never read alike.
 */
export function reviewText(kind: ReviewKind, rating: number, r: Rng, used: Set<string>, about: ReviewAbout = { host: r.pick(FIRST) }): string {
  const aspects = kind === 'stay' ? STAY_ASPECTS : FILM_ASPECTS;
  const mood = moodOf(kind, rating);
  const names = Object.keys(aspects);
  const take = (): string => pickFresh(r, names, used, (n) => `review-aspect:${n}`);
  let streetSaid = false;
  // A guest names the street once: not "the market on Divisadero Street. The train station on Divisadero Street …".
  const say = (aspect: string, good: boolean): string => {
    let text = '';
    for (let tries = 0; tries < 6; tries++) {
      text = r.pick(good ? aspects[aspect].good : aspects[aspect].bad)(r, about);
      if (!(streetSaid && about.street && text.includes(about.street))) break;
    }
    if (about.street && text.includes(about.street)) streetSaid = true;
    return text;
  };
  const points: string[] = [];
  if (mood === 'mixed') {
    points.push(`${cap(say(take(), true))}, but ${say(take(), false)}.`);
  } else {
    const good = mood === 'good';
    const n = r.int(1, kind === 'stay' ? 3 : 2);
    for (let i = 0; i < n; i++) points.push(`${cap(say(take(), good))}.`);
    // Four stars or 7–9 out of 10: praise with one small reservation.
    if (good && rating < (kind === 'stay' ? 5 : 9) && r.chance(0.7)) points.push(`Only ${kind === 'stay' ? 'downside' : 'quibble'}: ${say(take(), false)}.`);
  }
  const opens = kind === 'stay' ? STAY_OPEN[mood] : FILM_OPEN[mood];
  const closes = kind === 'stay' ? STAY_CLOSE[mood] : FILM_CLOSE[mood];
  // Verdicts that count stars give this review's own count.
  const fits = closes.filter((x) => !/^(five|three) stars|\d+\/10/i.test(x) || x.toLowerCase() === `${['', 'one', 'two', 'three', 'four', 'five'][rating]} stars.` || x === `${rating}/10.`);
  const parts = [...(r.chance(0.6) ? [pickFresh(r, opens, used, (x) => `review-open:${x}`)] : []), ...points, ...(r.chance(0.5) && fits.length ? [pickFresh(r, fits, used, (x) => `review-close:${x}`)] : [])];
  const said = parts.join(' ');
  // A private room is a room and a house a house, not "such a cosy flat".
  return kind === 'stay' && about.noun && about.noun !== 'flat' ? said.replace(/\bflat\b/g, about.noun) : said;
}

/** A host's first name for a stay's reviews: one host per property, named the same in every review. */
export function hostName(r: Rng): string {
  return r.pick(FIRST);
}
